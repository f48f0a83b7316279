/* solve/solve.h - strongly solved small games: the retrograde solver, the table file and the
 * probe the engine asks (docs/nana.md). Nothing here knows a game by name: the index
 * (src/solve/index.h) is derived from the descriptor, and a game is solvable when that index
 * is small enough (in practice: nana). Never prints; progress goes through a callback.
 *
 * Values, one byte per position, from the side to move's view:
 *   0            draw (never resolved: with repetition = draw, cycles are draws)
 *   d + 1        the game ends after d more plies with best play; d odd = the side to move
 *                wins (mates or stalemates in d plies), d even = it loses (d = 0: no legal move)
 *   SOLVE_ILLEGAL  no legal position (the side not to move stands in check) */
#ifndef SHISHI_SOLVE_H
#define SHISHI_SOLVE_H

#include "../../src/solve/index.h"

enum { SOLVE_ILLEGAL = 255, SOLVE_DIST_MAX = 253 };

typedef struct {
    SolveIndex ix;
    uint8_t *value; /* [ix.size] */
    uint64_t checksum;
} SolvedTable;

typedef struct {
    uint64_t legal, wins, losses, draws;
    uint64_t reachable, reach_wins, reach_losses, reach_draws;
    int longest;            /* plies of the longest forced win (odd) */
    uint64_t longest_index; /* a position with that value (a reachable one if any) */
    bool longest_reachable;
    int levels;
} SolveStats;

typedef struct {
    void *user;
    void (*progress)(void *user, const char *phase, uint64_t done, uint64_t total);
} SolveProgress;

/* Solve game v with `threads` threads. Returns 0, or -1 with a message (game unsuitable, out of
 * memory, a distance beyond one byte). stats may be NULL. */
int solve_game(const Variant *v, int threads, const SolveProgress *progress, SolvedTable *out, SolveStats *stats,
               char *err, size_t errlen);
void solved_free(SolvedTable *t);
/* Check every position against its children (forward generator); returns the mismatches. */
uint64_t solve_verify(SolvedTable *t, int threads, const SolveProgress *progress);

/* 64-bit FNV-1a over the values. */
uint64_t solve_checksum(const uint8_t *values, uint64_t n);

/* Is value b a win / loss for the side to move, and in how many plies. */
static inline bool solve_is_win(uint8_t b) { return b && b != SOLVE_ILLEGAL && (b - 1) % 2 == 1; }
static inline bool solve_is_loss(uint8_t b) { return b && b != SOLVE_ILLEGAL && (b - 1) % 2 == 0; }
static inline int solve_distance(uint8_t b) { return b - 1; }
/* Value of a position from the values of its children (the side to move picks the best):
 * a quick win, else a draw, else the slowest loss. children may be empty (loss in 0). */
uint8_t solve_combine(const uint8_t *children, int n);
/* Order of values for the side to move: higher is better for it. */
int solve_rank(uint8_t b);

/* Table file: write / read (checksum and size verified). Return 0, or -1 with a message. */
int solve_table_write(const SolvedTable *t, const char *path, char *err, size_t errlen);
int solve_table_read(SolvedTable *t, const Variant *v, const char *path, char *err, size_t errlen);
/* File name of a game's table ("<game>.tbl"). */
void solve_table_name(const Variant *v, char *buf, size_t len);

/* Value of the engine position (UINT8 SOLVE_ILLEGAL if the table does not cover it). */
uint8_t solved_probe(const SolvedTable *t, const Position *pos);

/* ---- the engine's use of a table (probe.c) ---- */

#include "../engine.h"

/* A legal move and its value for the side that plays it. */
typedef struct {
    Move move;
    uint8_t value;
} SolvedMove;

/* Every legal move of pos with its value, best first (quickest win, then draws, then the
 * slowest loss; ties in generator order). Returns the count. pos is restored. */
int solved_root_moves(const SolvedTable *t, Position *pos, SolvedMove *out);
/* The line that follows the table from pos after `first` (MOVE_NONE: from pos): value-keeping
 * moves until the game ends, at most max plies. Returns its length. pos is restored. */
int solved_line(const SolvedTable *t, Position *pos, Move first, Move *line, int max);
/* Engine score of value b for the side to move at ply: mate scores, 0 for a draw. */
Value solved_score(uint8_t b, int ply);

/* Find "<game>.tbl": in each directory of $SHISHI_TABLES (':'-separated) if it is set, else in
 * the executable's directory, ../share/shishi from it (an installed binary, `make install`),
 * the build folder it was compiled in (SHISHI_BUILD_DIR), books/ beside the executable.
 * Returns 0 and the path,
 * or -1 with the places looked at in `path`. */
int solve_table_find(const Variant *v, char *path, size_t len);

#endif
