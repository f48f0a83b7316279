/* engine.h - the engine facade the protocols talk to (shared/STYLE.md section 2).
 * EngineContext owns everything mutable: game position, rule switches, options, the
 * transposition table, search threads and the stop flag. Results come back only through
 * the Reporter callbacks; nothing in engine/ prints or knows a protocol. */
#ifndef SHISHI_ENGINE_H
#define SHISHI_ENGINE_H

#include "../src/notation.h"
#include "options.h"

enum {
    VALUE_ZERO = 0,
    VALUE_MATE = 32000,
    VALUE_INFINITE = 32001,
    VALUE_MATE_IN_MAX = VALUE_MATE - 1000, /* |v| >= this: a mate score */
    MAX_PLY = 128
};

/* What `go` asks for. Times in milliseconds; 0 = not given. */
typedef struct {
    int depth;          /* maximum depth, 0 = none */
    uint64_t nodes;     /* node limit, 0 = none */
    int movetime;       /* exact time for this move */
    int time[COLOR_NB]; /* remaining main time per colour (-1 = not given) */
    int inc[COLOR_NB];  /* Fischer increment per colour */
    int byoyomi;        /* per-move byoyomi */
    int moves_to_go;    /* moves to the next time control, 0 = sudden death */
    bool infinite;      /* until stop (no bestmove before it) */
    bool ponder;        /* pondering: no bestmove before ponderhit/stop */
    int mate;           /* > 0: mate search with this time limit (ms); -1 = no limit */
    int mate_plies;     /* mate search: longest mate looked for (plies), 0 = any */
    int mate_probe;     /* infinite analysis: first look this long (ms) for a forced mate; a
                         * found one is reported as an exact mate-score info line and ends
                         * the analysis of this position (XBoard analyze mode) */
    int multipv;        /* lines to report, 0 = option value */
    int exclude_count;  /* remove these root moves (XBoard exclude) */
    Move exclude[256];
} SearchLimits;

/* Bound of a reported score. */
typedef enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 } Bound;

/* One progress report (an `info` line / XBoard thinking line). */
typedef struct {
    int depth, seldepth, multipv;
    Value score; /* from the side to move's view, centipawns or mate score */
    Bound bound; /* EXACT, or LOWER/UPPER for fail-high/low reports */
    uint64_t nodes;
    int64_t time_ms;
    int hashfull; /* permille */
    int pv_length;
    const Move *pv;
    const Position *root; /* for formatting the PV */
    int mate_plies;       /* > 0: a forced mate in this many plies, shown in place of score (the tsume solver's
                           * lines pass the score's range: Microcosmos, 1,525 plies) */
} SearchInfo;

/* How a search ended: the move to play, or a special verdict. */
typedef enum {
    BEST_MOVE = 0,   /* play best (ponder may be MOVE_NONE) */
    BEST_RESIGN,     /* no legal move, or lost */
    BEST_DECLARE_WIN /* entering-king declaration (USI `bestmove win`) */
} BestKind;

typedef struct {
    BestKind kind;
    Move best, ponder;
    Value score;
    const Position *root; /* position the move applies to */
} BestMove;

/* Mate search result (USI `go mate`). */
typedef enum { MATE_FOUND, MATE_NONE, MATE_TIMEOUT, MATE_UNSUPPORTED } MateStatus;

typedef struct {
    void *user;
    void (*on_info)(void *user, const SearchInfo *info);
    void (*on_bestmove)(void *user, const BestMove *best);
    void (*on_mate)(void *user, MateStatus status, const Move *line, int length, const Position *root);
    /* A note for the user (USI `info string`): solved-table messages. May be NULL. */
    void (*on_string)(void *user, const char *text);
    /* `go mate` progress, about once per second (may be NULL) */
    void (*on_mate_progress)(void *user, uint64_t nodes, int64_t time_ms, int hashfull);
} Reporter;

typedef struct EngineContext EngineContext;

/* Create with the default game (the first registered, standard shogi). */
EngineContext *engine_create(void);
void engine_destroy(EngineContext *e);

/* Game and rules. Switching the game resets the position to its start. */
int engine_set_variant(EngineContext *e, const Variant *v, char *err, size_t errlen);
const Variant *engine_variant(const EngineContext *e);
/* Engine options: a row of the engine option table (options.h: "Hash", "Ponder", "MultiPV",
 * "UCI_Variant", "Threads", "SolvedTables", by name or USI name), else a RuleOption of the
 * current game by its name. Returns 0, or -1 with a message; state unchanged on error. */
int engine_set_option(EngineContext *e, const char *name, const char *value, char *err, size_t errlen);
/* The value an engine option row holds now: spin and check values, a combo's choice index.
 * The book rows are only kept here for the layer above (books/slot.c); search ignores them. */
int engine_option_int(const EngineContext *e, EngineOptionId id);
/* How many times a row was set successfully (so that setting a seed again restarts it). */
unsigned engine_option_sets(const EngineContext *e, EngineOptionId id);
/* The text of a STRING row (BookFile; "" when unset or set to "<empty>"). */
const char *engine_option_string(const EngineContext *e, EngineOptionId id);

/* Position: a spec as position_parse_spec takes it. On error the old position is kept. */
int engine_set_position(EngineContext *e, const char *spec, char *err, size_t errlen);
/* Would engine_set_position take spec? Nothing changes, a running search included. */
int engine_check_position(const EngineContext *e, const char *spec, char *err, size_t errlen);
/* Play one move given as text in notation n (XBoard usermove); -1 with a message if bad. */
int engine_play_move(EngineContext *e, const char *text, Notation n, Move *played, char *err, size_t errlen);
/* Play an already legal move (the engine's own). */
void engine_play(EngineContext *e, Move m);
/* Take back plies; returns how many were taken back. */
int engine_undo(EngineContext *e, int plies);
/* The current game position (do not keep across calls that change it). */
const Position *engine_position(const EngineContext *e);
/* Forget learned state (TT, histories) for a new game. */
void engine_new_game(EngineContext *e);
/* Load and make what the current game needs before its first search (its solved table, the
 * search workers of `Threads` with their history tables), reporting as engine_go would; a
 * no-op while a search runs. For USI `isready` and XBoard `ping` / `variant`. WHY: reading
 * nana's 67 MB table at the first `go` took 1.5 s, more than a whole 1 s clock (a soak time
 * forfeit), and chu's first `go` spent 130 ms making its worker. */
void engine_prepare(EngineContext *e, const Reporter *reporter);
/* The game search's table in bytes: 0 after a `go mate` that gave a table of BIGMEM_FILL bytes
 * or more back for the solver's own, until the next engine_prepare or search. */
size_t engine_hash_bytes(const EngineContext *e);

/* Start searching the current position on a background thread; returns at once.
 * The reporter is copied. A search already running is stopped first. */
void engine_go(EngineContext *e, const SearchLimits *limits, const Reporter *reporter);
/* Ask the running search to stop; its best move is then reported. */
void engine_stop(EngineContext *e);
/* The predicted move was played: continue as a normal timed search. */
void engine_ponderhit(EngineContext *e);
/* Wait for the running search (if any) to finish and report. */
void engine_wait(EngineContext *e);
bool engine_searching(const EngineContext *e);
/* Progress of the running search (XBoard `.`): nodes, elapsed ms, depth. */
void engine_progress(const EngineContext *e, uint64_t *nodes, int64_t *time_ms, int *depth);

#endif
