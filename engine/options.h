/* options.h - the one table of engine options that every front end reads: USI announces and
 * sets them (`option name ...`, `setoption`), XBoard offers them (`feature option=...`, the
 * `memory` and `cores` commands) and the command line takes their defaults. engine.c applies
 * them to an EngineContext (engine_set_option). Rule options are not here: they come from each
 * game's descriptor (RuleOption). */
#ifndef SHISHI_ENGINE_OPTIONS_H
#define SHISHI_ENGINE_OPTIONS_H

#include <stddef.h>

typedef enum {
    EOPT_HASH,        /* MB of the transposition table (also the mate solver's table for `go mate`) */
    EOPT_PONDER,      /* USI: a pondering GUI */
    EOPT_MULTIPV,     /* lines to report */
    EOPT_VARIANT,     /* the game (a name) */
    EOPT_THREADS,     /* search threads */
    EOPT_SOLVED,      /* use a solved game's table (docs/nana.md); bench turns it off */
    EOPT_MATE_EXACT,  /* `go mate`: rule out every shorter mate however long it takes (docs/mate.md) */
    EOPT_NODES_LIMIT, /* every game search stops after this many nodes; 0 = no limit */
    /* The opening book (books/README.md): stored here, used by books/slot.c, never by search */
    EOPT_BOOK_FILE,        /* path of the current game's book; "" or "<empty>": none */
    EOPT_BOOK_MOVES,       /* the book answers while fewer plies than this were played */
    EOPT_BOOK_VARIETY,     /* best / count / value (BookVarietyChoice) */
    EOPT_BOOK_EVAL_DIFF,   /* `value`: moves within this many centipawns of the best */
    EOPT_BOOK_DEPTH_LIMIT, /* moves analysed shallower than this are ignored; 0 = none */
    EOPT_BOOK_SEED,        /* seed of the book's random choice; 0 = from the clock */
    EOPT_COUNT
} EngineOptionId;

/* SPIN: an integer in [min, max]; CHECK: 0/1; GAME: a game name; COMBO: the index of one of
 * `choices`; STRING: free text (a path). */
typedef enum { EOPT_SPIN, EOPT_CHECK, EOPT_GAME, EOPT_COMBO, EOPT_STRING } EngineOptionType;

/* The choices of the BookVariety combo, in index order. */
typedef enum { BOOK_VARIETY_BEST, BOOK_VARIETY_COUNT, BOOK_VARIETY_VALUE, BOOK_VARIETY_NB } BookVarietyChoice;

/* Longest STRING option value (with its NUL). */
enum { ENGINE_OPTION_TEXT_MAX = 1024 };

/* How XBoard sets an option: not at all, by `feature option="NAME -spin ..."` + `option
 * NAME=VALUE`, or by its own command (`memory N`, `cores N`). */
typedef enum { EOPT_XB_NONE, EOPT_XB_FEATURE, EOPT_XB_MEMORY, EOPT_XB_CORES } EngineOptionXboard;

/* The one Hash default (USI, XBoard, command line) and the ranges the table gives. */
enum { ENGINE_HASH_DEFAULT_MB = 64, ENGINE_HASH_MAX_MB = 65536, ENGINE_THREADS_MAX = 64, ENGINE_MULTIPV_MAX = 64 };

typedef struct {
    EngineOptionId id;
    const char *name;     /* the engine's name for engine_set_option; XBoard's feature name */
    const char *usi_name; /* the name USI announces (USI_Hash); NULL: not offered over USI */
    EngineOptionType type;
    int def, min, max; /* spin: the range; check: 0/1; combo: index range; game, string: unused */
    EngineOptionXboard xboard;
    const char *const *choices; /* combo: the choice names, NULL-terminated; else NULL */
} EngineOption;

/* The table, in the order USI announces it; EOPT_COUNT rows, row i has id i. */
extern const EngineOption engine_options[EOPT_COUNT];

/* The row named name (its name or USI name, case-insensitive), or NULL. */
const EngineOption *engine_option_find(const char *name);
/* The row XBoard sets with the command x (EOPT_XB_MEMORY, EOPT_XB_CORES). */
const EngineOption *engine_option_for_xboard(EngineOptionXboard x);
/* Read a spin, check or combo value: 0 with *out set, or -1 with a message naming the option
 * as `called` (the name the user wrote). Check values: true/false (also 1/0); combo values:
 * a choice name (case-insensitive), stored as its index. */
int engine_option_parse(const EngineOption *o, const char *called, const char *text, int *out, char *err,
                        size_t errlen);
/* The text of value x of o as the protocols announce it (a combo's choice name, "true", "12"). */
void engine_option_value_text(const EngineOption *o, int x, char *buf, size_t len);

#endif
