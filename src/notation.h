/* notation.h - square and move text in USI and XBoard notation, XBoard FEN.
 * Every parser returns an error message naming the problem; nothing here prints. */
#ifndef SHISHI_NOTATION_H
#define SHISHI_NOTATION_H

#include "position.h"

typedef enum { NOTATION_USI, NOTATION_XBOARD } Notation;

/* USI squares: file number from Black's right, rank letter from the top ("7g", "12l"). */
int usi_square_parse(const Variant *v, const char *s); /* whole string; -1 if bad */
int usi_square_read(const Variant *v, const char **p); /* advances *p; -1 if bad */
void usi_square_format(const Variant *v, int sq, char *buf, size_t len);
/* XBoard squares: file letter from Black's left, rank number from Black's side ("e5", "l12"). */
int xb_square_read(const Variant *v, const char **p);
void xb_square_format(const Variant *v, int sq, char *buf, size_t len);

/* Move text. USI: 7g7f 8h2b+ P*5e, micro 2e4c+ / 2a1b- / +P*3c, chu lion 7g7f7e.
 * XBoard: e4e5 e9e10+ P@e5, multi-leg f5f6,f6f7, pass @@@@. */
void move_format(const Position *pos, Move m, Notation n, char *buf, size_t len);
/* Parse and check against the legal moves. Returns 0; or -1 with a message: "malformed"
 * (syntax) or "illegal" (well formed but not legal here), and *illegal set accordingly. */
int move_parse(Position *pos, const char *text, Notation n, Move *out, char *err, size_t errlen);

/* XBoard FEN: <board>[holdings] <w|b> [-] [halfmove] [fullmove]; w = first mover (Black). */
int fen_parse(Position *pos, const Variant *v, const Rules *rules, const char *fen, char *err, size_t errlen);
void fen_format(const Position *pos, char *buf, size_t len);

/* A position as text: "startpos", "sfen <SFEN>", "fen <FEN>" or a bare SFEN/FEN (the game's
 * default notation), optionally followed by "moves m1 m2 ..." in the matching notation.
 * On any error *pos is left unchanged. */
int position_parse_spec(Position *pos, const Variant *v, const Rules *rules, const char *spec, char *err,
                        size_t errlen);

#endif
