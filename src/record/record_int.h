/* record_int.h - helpers shared by the record readers and writers (not part of the API). */
#ifndef SHISHI_RECORD_INT_H
#define SHISHI_RECORD_INT_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>

#include "../strbuf.h"
#include "record.h"

/* Lines of a text: each call returns the next line (CR/LF stripped, NUL-terminated copy in
 * buf) and its 1-based number; false at the end. */
typedef struct {
    const char *p, *end;
    int lineno;
    char *buf;
    size_t cap;
} LineReader;
void lr_init(LineReader *lr, const char *text, size_t len);
bool lr_next(LineReader *lr);
void lr_free(LineReader *lr);

/* Fill err (line text, message). */
void rec_error(RecordError *err, int line, int ply, const char *text, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* UTF-8 helpers. */
const char *skip_spaces(const char *p); /* ASCII spaces, tabs and U+3000 */
bool str_eat(const char **p, const char *prefix);
/* A number in ASCII or full-width digits; -1 if none. */
int read_digits(const char **p);
/* A kanji number 一..十九 (十 = 10, 十一 = 11 ...); -1 if none. */
int read_kanji_number(const char **p);
void write_fullwidth(Sbuf *b, int n);
void write_kanji_number(Sbuf *b, int n);
int utf8_width(const char *s); /* display columns: 2 for non-ASCII */
/* How many of the len bytes at s to keep so that at most max are kept and no UTF-8 character
 * is cut (s[n] for n < len must be readable). WHY: a reader that cuts a key or value at a
 * buffer's size kept half a character, which the writers wrote back into a text that then read
 * as neither UTF-8 nor Shift_JIS (the readers' text is UTF-8: record.c converts it first). */
int utf8_keep(const char *s, int len, int max);

/* Squares as records write them: file from Black's right (1..files), rank from the top
 * (1..ranks). */
static inline int rec_square(const Variant *v, int file, int rank) {
    if (file < 1 || file > v->files || rank < 1 || rank > v->ranks) return -1;
    return (v->ranks - rank) * v->files + (v->files - file);
}
static inline int rec_file(const Variant *v, int sq) { return v->files - sq % v->files; }
static inline int rec_rank(const Variant *v, int sq) { return v->ranks - sq / v->files; }

/* The type moved by m (the dropped type for drops) and the type after it. */
PieceType rec_moved_type(const Position *pos, Move m);
PieceType rec_type_after(const Position *pos, Move m);
/* Type named by a KIF/KI2 name (aliases such as 王, 竜, 全 included) at *p, longest match;
 * advances *p. 0 if none. */
PieceType kif_read_piece(const Variant *v, const char **p);
/* A piece type's CSA code, or its type by code; 0 / NULL if none. */
PieceType csa_type_of(const Variant *v, const char *code);

/* Headers: canonical keys and each format's names for them. */
typedef struct {
    const char *key, *kif, *csa, *pgn;
} HeaderName;
extern const HeaderName rec_header_names[];
const HeaderName *header_by_kif(const char *k);
const HeaderName *header_by_csa(const char *k);
const HeaderName *header_by_key(const char *k);

/* The longest time a move may take in a record (100 hours): longer ones read as this.
 * WHY: times are ints of milliseconds, and a mutated "(071330:00/...)" overflowed them. */
enum { REC_MOVE_TIME_MAX_MS = 100 * 3600 * 1000 };

/* Dates (date.c): a Start or End header's value as the format writes it. REC_DATE_SLASH (KIF,
 * CSA): "YYYY/MM/DD[ HH:MM:SS]", a zoned time moved to Japan time; a value that is not a whole
 * date is returned as it is. REC_DATE_PGN: "YYYY.MM.DD", "????.??.??" for no date or one that
 * does not read (NULL value allowed). The result is buf or value. */
typedef enum { REC_DATE_SLASH, REC_DATE_PGN } RecDateStyle;
const char *rec_date_write(const char *value, RecDateStyle style, char *buf, size_t len);
/* PGN's marks for an unknown date ("?", "????.??.??") or an empty value. */
bool rec_date_unknown(const char *value);

/* Result and end reason from a terminal word seen with `stm` to move, and back. */
void rec_set_end(Record *rec, RecordEnd end, Color stm);
Color rec_final_stm(const Record *rec); /* side to move after the main line */

/* Format readers and writers (kif.c, ki2 in kif.c, csa.c, usi.c, pgn.c). */
int kif_read(const char *text, size_t len, bool ki2, const RecordReadOptions *opt, Record *out, RecordError *err);
char *kif_write(const Record *rec, bool ki2, const RecordWriteOptions *opt, RecordError *err);
/* Does the KIF/KI2 line `key：value` read back as that header? Not when it begins like another
 * kind of line (a move, a comment, the move list's heading, a board row ...) or the key holds a
 * colon: the reader's own classification of lines decides (kif_read.c). */
bool kif_header_key_ok(const char *key, const char *value);
int csa_read_all(const char *text, size_t len, const RecordReadOptions *opt, Record **games, int *count,
                 RecordError *err);
/* CSA V2.2; UTF-8 text begins with the encoding line `'CSA encoding=UTF-8` (CSA V3.0, as
 * floodgate writes it): without one, CSA readers take Shift_JIS. */
char *csa_write(const Record *rec, const RecordWriteOptions *opt, RecordError *err);
int usi_read_all(const char *text, size_t len, const RecordReadOptions *opt, Record **games, int *count,
                 RecordError *err);
char *usi_write(const Record *rec, RecordError *err);
/* Every game of a PGN file, in order (a game ends at the next game's tag lines). */
int pgn_read_all(const char *text, size_t len, const RecordReadOptions *opt, Record **games, int *count,
                 RecordError *err);
/* The movetext (pgn_movetext.c), with pos at the game's start: the main line onto out (pos
 * left after it), variations as alternatives of the moves they replace. 0, or -1 with err. */
int pgn_moves(Position *pos, Record *out, const char *text, RecordError *err);
char *pgn_write(const Record *rec, RecordError *err);
/* One move in XBoard's PGN notation (pgn_san.c); parse accepts SAN and coordinate forms. */
void pgn_format_move(Position *pos, Move m, char *buf, size_t len);
int pgn_parse_move(Position *pos, const char *text, Move *out, char *err, size_t errlen);

/* Shared move notations. */
extern const RecordNotation rec_notation_kif, rec_notation_ki2, rec_notation_csa;
/* KIF move text with the source square in chu style "（←7七）" (lishogi) */
int kif_parse_move_ex(Position *pos, const char *text, int last_to, bool need_from, Move *out, char *err,
                      size_t errlen);

#endif
