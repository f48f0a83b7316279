/* search.h - iterative deepening alpha-beta over the generic move generator.
 * Threads (Lazy SMP) share only the transposition table; each owns a Position copy,
 * histories and a PV. Search never prints: results go out through a Reporter. */
#ifndef SHISHI_SEARCH_H
#define SHISHI_SEARCH_H

#include <stdatomic.h>

#include "engine.h"
#include "tt.h"

/* What every thread of one search shares (read-mostly; stop and counters are atomic). */
typedef struct {
    TT *tt;
    SearchLimits limits;
    Reporter reporter;
    atomic_bool stop;              /* set by engine_stop, the time check or the main thread */
    atomic_bool pondering;         /* cleared by ponderhit */
    atomic_llong start_ms;         /* search start (reset at ponderhit) */
    atomic_llong soft_ms, hard_ms; /* time budget, -1 = none */
    atomic_ullong nodes;           /* nodes of finished slices, all threads */
    atomic_int depth;              /* last completed depth of the main thread */
    int threads;
    int multipv;
} SearchShared;

/* Run a complete search of root (a private copy is made per thread) and report it.
 * Blocks until done; called on the engine's search thread. */
void search_run(SearchShared *shared, const Position *root);

/* Monotonic milliseconds. */
int64_t now_ms(void);

#endif
