/* record.h - game records: one in-memory type and readers/writers for KIF, KI2, CSA, USI move
 * lists and PGN (docs/records.md). Strings in, strings out: no file I/O here. Every reader
 * replays the moves with the legal-move generator; the first bad line stops it with a message
 * naming the line, and nothing after it is kept. Nothing here prints. */
#ifndef SHISHI_RECORD_H
#define SHISHI_RECORD_H

#include <stddef.h>

#include "../position.h"

typedef enum { REC_KIF, REC_KI2, REC_CSA, REC_USI, REC_PGN, REC_FORMAT_NB, REC_UNKNOWN = -1 } RecordFormat;

/* Who won. */
typedef enum { REC_RESULT_NONE, REC_RESULT_BLACK, REC_RESULT_WHITE, REC_RESULT_DRAW } RecordResult;

/* Why the game ended (after the last move, seen by the side to move then). */
typedef enum {
    REC_END_NONE,          /* no terminal line */
    REC_END_RESIGN,        /* 投了, %TORYO: the side to move resigned */
    REC_END_MATE,          /* 詰み, %TSUMI: the side to move is mated */
    REC_END_REPETITION,    /* 千日手, %SENNICHITE */
    REC_END_IMPASSE,       /* 持将棋, %JISHOGI: drawn by impasse */
    REC_END_ENTERING_KING, /* 入玉勝ち, %KACHI: the side to move declared and won */
    REC_END_INTERRUPT,     /* 中断, %CHUDAN */
    REC_END_ILLEGAL_WIN,   /* 反則勝ち, %+/-ILLEGAL_ACTION by the other side: the side to move wins */
    REC_END_ILLEGAL_LOSS,  /* 反則負け, %ILLEGAL_MOVE: the side to move loses */
    REC_END_TIMEOUT,       /* 切れ負け, %TIME_UP: the side to move lost on time */
    REC_END_DRAW,          /* %HIKIWAKE, PGN 1/2-1/2 without a named reason */
    REC_END_OTHER          /* a result with no reason we know (PGN 1-0 ...) */
} RecordEnd;

typedef struct RecordLine RecordLine;

/* One move of a line. */
typedef struct {
    Move move;        /* legal in the position before it */
    int time_ms;      /* time used, -1 if not recorded */
    char *comment;    /* after the move, lines joined by '\n'; NULL if none */
    RecordLine *alts; /* variations: lines whose first move replaces this one */
    int alt_count;
    int nag; /* PGN Numeric Annotation Glyph ($2 mistake, $4 blunder, $6 dubious ...), 0 = none;
              * read and written by PGN only (KIF/KI2/CSA carry the judgement in the comment) */
} RecordMove;

struct RecordLine {
    RecordMove *moves;
    int count, cap;
};

/* Headers keep their order. Keys a format knows are stored under these canonical names so that
 * they survive a change of format: Black, White, Event, Site, Start, End, TimeControl, Opening.
 * Anything else keeps the key the file gave it. */
typedef struct {
    char *key, *value;
} RecordHeader;

typedef struct {
    const Variant *variant;
    Rules rules;
    char start[1024]; /* start position as SFEN */
    RecordHeader *headers;
    int header_count;
    char *comment; /* before the first move; NULL if none */
    RecordLine main;
    RecordResult result;
    RecordEnd end;
} Record;

/* Where and why reading or writing failed. */
typedef struct {
    int line;       /* 1-based line of the input (0: not tied to a line) */
    int ply;        /* 1-based move number of the failing move (0: not a move) */
    char text[200]; /* the text of that line, UTF-8 */
    char msg[256];
} RecordError;

/* Reading options. variant NULL: from the record (KIF 手合割, PGN Variant, ...) else shogi. */
typedef struct {
    const Variant *variant;
} RecordReadOptions;

/* Writing options. */
typedef struct {
    int sjis; /* KIF/KI2/CSA: the caller will encode as Shift_JIS (no "encoding=UTF-8" line) */
} RecordWriteOptions;

void record_init(Record *rec, const Variant *v);
void record_free(Record *rec);
/* Add a header (copied); returns 0 or -1 when out of memory. */
int record_header_add(Record *rec, const char *key, const char *value);
/* The first header named key, NULL if none. */
const char *record_header_get(const Record *rec, const char *key);
/* Append a move to a line (the move is not checked here); returns its slot or NULL. */
RecordMove *record_line_push(RecordLine *line, Move m);

/* Format of a file name (by extension: .kif .kifu .ki2 .ki2u .csa .usi .sfen .txt .pgn). */
RecordFormat record_format_from_name(const char *name);
/* Format guessed from the text (any encoding); REC_UNKNOWN if it looks like none. */
RecordFormat record_format_sniff(const char *text, size_t len);
const char *record_format_name(RecordFormat f); /* "kif", "ki2", "csa", "usi", "pgn" */
RecordFormat record_format_parse(const char *name);

/* Read every game of text (CSA files may hold several, separated by '/'; USI files one per
 * line). *games is malloc'd (free each with record_free, then the array). Text may be UTF-8
 * or Shift_JIS (KIF/KI2/CSA; detected). Returns 0, or -1 with err filled; the games read
 * before the error are discarded. A text of blank lines (KIF/KI2: and '#' comments) holds no
 * game: 0 with *count 0, in every format. */
int record_read_all(const char *text, size_t len, RecordFormat f, const RecordReadOptions *opt, Record **games,
                    int *count, RecordError *err);
/* The first game only. */
int record_read(const char *text, size_t len, RecordFormat f, const RecordReadOptions *opt, Record *out,
                RecordError *err);
/* Write one game as UTF-8 text (malloc'd, NUL-terminated); NULL with err filled when the
 * format cannot hold the game (e.g. CSA for chu). */
char *record_write(const Record *rec, RecordFormat f, const RecordWriteOptions *opt, RecordError *err);

/* Set pos to the start of rec, then play its first `plies` main-line moves (all of them when
 * plies < 0 or beyond the end). Returns 0, or -1 with a message if the start is bad. */
int record_position(const Record *rec, int plies, Position *pos, char *err, size_t errlen);

/* Text encodings (glibc iconv). Both return a malloc'd NUL-terminated string or NULL. */
char *record_sjis_to_utf8(const char *text, size_t len);
char *record_utf8_to_sjis(const char *text, size_t *outlen);
/* Is text valid UTF-8? */
int record_is_utf8(const char *text, size_t len);

/* Move text of one format as a (format, parse) pair with one signature, for a notation
 * registry. last_to: destination of the previous move (KIF 同), -1 if none. format returns
 * 0, or -1 if the move cannot be written; parse decodes the text and matches it against the
 * legal moves, returning 0 or -1 with a message ("malformed ...", "illegal ...", "unknown piece"). */
typedef int (*RecordMoveFormatFn)(Position *pos, Move m, int last_to, char *buf, size_t len);
typedef int (*RecordMoveParseFn)(Position *pos, const char *text, int last_to, Move *out, char *err, size_t errlen);
typedef struct {
    const char *name; /* "kif", "ki2", "csa" */
    RecordMoveFormatFn format;
    RecordMoveParseFn parse;
} RecordNotation;
/* The move notation of a record format, NULL if it has none of its own (USI, PGN use notation.h). */
const RecordNotation *record_notation(RecordFormat f);

#endif
