/* notation.h - move notations behind one interface, found in a small registry by name.
 * A notation writes squares and moves and decodes move text into its parts (MoveParts); the
 * shared matcher then finds the legal move with those parts, so no rule is duplicated in a
 * notation. Squares, SFEN and FEN are textpos.h's (included here for older callers).
 * Nothing here prints. docs/architecture.md, "Notations", says how a notation is added. */
#ifndef SHISHI_NOTATION_H
#define SHISHI_NOTATION_H

#include "textpos.h"

/* A notation is named by its index in the registry; the first two are built in. */
typedef int Notation;
enum { NOTATION_USI, NOTATION_XBOARD };

typedef enum { MOVE_PARTS_BOARD, MOVE_PARTS_DROP, MOVE_PARTS_PASS } MovePartsKind;

/* A move text decoded into its parts, before it is matched against the legal moves. */
typedef struct {
    MovePartsKind kind;
    PieceType piece; /* DROP: the dropped type (0: the symbol names no piece of this game);
                        BOARD: the moving type if the text names it, else 0 */
    int from;        /* BOARD: the start square, -1 if the text leaves it out */
    int via;         /* BOARD: the intermediate square of a two-leg text, -1 if none */
    int to;          /* BOARD, DROP: the destination */
    char mark;       /* as written after the squares: 0, '+' or '-' ("=" is stored as 0) */
} MoveParts;

typedef struct NotationDef {
    const char *name; /* registry key, lower case: "usi", "xboard" */
    void (*square_format)(const Variant *v, int sq, char *buf, size_t len);
    int (*square_read)(const Variant *v, const char **p); /* advances *p; -1 if bad */
    /* Write m (legal in pos, or MOVE_NONE). */
    void (*move_format)(const Position *pos, Move m, char *buf, size_t len);
    /* Decode text (non-empty, shorter than 64) into parts; -1 if it is malformed. */
    int (*move_decode)(const Position *pos, const char *text, MoveParts *out);
    /* The mark this notation writes after the board move m: "", "+" or "-". A written mark
     * that is not a promotion choice (micro's forced flip) may be left out on input. */
    const char *(*move_mark)(const Position *pos, Move m);
} NotationDef;

extern const NotationDef notation_usi, notation_xboard;

/* The registry: the notation with index n (NULL if none), the index of a name (case-
 * insensitive; -1 if unknown), and how many there are. */
const NotationDef *notation_get(Notation n);
Notation notation_find(const char *name);
int notation_count(void);

/* A drop written "<piece><sep><square>" (USI P*5e, XBoard P@e5; the piece "P", "p" or "+P"),
 * sep at s[sep_at], the square read with square_read and ending the text: fills mp (piece 0
 * if the game has no such piece); -1 if it is malformed. For notation
 * implementations. */
int notation_decode_drop(const Variant *v, const char *s, size_t sep_at,
                         int (*square_read)(const Variant *v, const char **p), MoveParts *mp);

/* Move text. USI: 7g7f 8h2b+ P*5e, micro 2e4c+ / 2a1b- / +P*3c, chu lion 7g7f7e.
 * XBoard: e4e5 e9e10+ P@e5, multi-leg f5f6,f6f7, pass @@@@. */
void move_format(const Position *pos, Move m, Notation n, char *buf, size_t len);

typedef enum { MOVE_PARSE_OK = 0, MOVE_PARSE_MALFORMED = -1, MOVE_PARSE_ILLEGAL = -2 } MoveParseResult;
/* Decode text in notation n and find the legal move it names. On failure the message starts
 * "malformed move" (syntax) or "illegal move" (well formed but not legal here). */
MoveParseResult move_parse_result(Position *pos, const char *text, Notation n, Move *out, char *err, size_t errlen);
/* The same, returning 0 or -1 for either failure. */
int move_parse(Position *pos, const char *text, Notation n, Move *out, char *err, size_t errlen);

/* A position as text: "startpos", "sfen <SFEN>", "fen <FEN>" or a bare SFEN/FEN (the game's
 * default notation), optionally followed by "moves m1 m2 ..." in the matching notation.
 * On any error *pos is left unchanged; pos NULL only checks the text. (posspec.c) */
int position_parse_spec(Position *pos, const Variant *v, const Rules *rules, const char *spec, char *err,
                        size_t errlen);

#endif
