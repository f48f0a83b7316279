/* textpos.h - positions and squares as text: USI and XBoard squares, SFEN in and out, XBoard
 * FEN in and out, and the whole-descriptor check that needs them (the start position must
 * parse). Above position.h: it builds positions through pos_begin/pos_put_piece/pos_finish.
 * Every parser returns 0, or -1 with a message naming the problem (target untouched). */
#ifndef SHISHI_TEXTPOS_H
#define SHISHI_TEXTPOS_H

#include "position.h"

/* USI squares: file number from Black's right, rank letter from the top ("7g", "12l"). */
int usi_square_parse(const Variant *v, const char *s); /* whole string; -1 if bad */
int usi_square_read(const Variant *v, const char **p); /* advances *p; -1 if bad */
void usi_square_format(const Variant *v, int sq, char *buf, size_t len);
/* XBoard squares: file letter from Black's left, rank number from Black's side ("e5", "l12"). */
int xb_square_read(const Variant *v, const char **p);
void xb_square_format(const Variant *v, int sq, char *buf, size_t len);

/* Set a position from an SFEN (board side hand [movenumber] [extra]) of game v.
 * rules == NULL uses the game's defaults. */
int pos_set_sfen(Position *pos, const Variant *v, const Rules *rules, const char *sfen, char *err, size_t errlen);
/* Set from separated fields (used by the SFEN and XBoard FEN parsers). hand may be "-".
 * lion_sq is the counter-strike square or SQ_NONE. */
int pos_set_fields(Position *pos, const Variant *v, const Rules *rules, const char *board, Color stm, const char *hand,
                   int move_number, int lion_sq, char *err, size_t errlen);
/* Write the SFEN of the position (board side hand movenumber). */
void pos_to_sfen(const Position *pos, char *buf, size_t len);
/* Write just the board field (shared by SFEN and XBoard FEN). */
void pos_board_string(const Position *pos, char *buf, size_t len);
/* Write the hand field in SFEN form ("-" when empty). */
void pos_hand_string(const Position *pos, char *buf, size_t len);

/* XBoard FEN: <board>[holdings] <w|b> [-] [halfmove] [fullmove]; w = first mover (Black). */
int fen_parse(Position *pos, const Variant *v, const Rules *rules, const char *fen, char *err, size_t errlen);
void fen_format(const Position *pos, char *buf, size_t len);

/* The whole check of a descriptor: variant_validate_descriptor, then the start position must
 * parse as a legal SFEN of the game. Returns 0 or -1 with a message. */
int variant_validate(const Variant *v, char *err, size_t errlen);

#endif
