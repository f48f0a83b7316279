/* search.h - iterative deepening alpha-beta over the staged move picker.
 * Threads (Lazy SMP) share only the transposition table; each owns a SearchWorker (position
 * copy, histories, move buffers, search stack, PV). Workers live in the EngineContext so the
 * histories survive from one `go` to the next within a game. Search never prints: results
 * go out through a Reporter. */
#ifndef SHISHI_SEARCH_H
#define SHISHI_SEARCH_H

#include <stdatomic.h>

#include "engine.h"
#include "solve/solve.h"
#include "tt.h"

/* What every thread of one search shares (read-mostly; stop and counters are atomic). */
typedef struct {
    TT *tt;
    SearchLimits limits;
    Reporter reporter;
    atomic_bool stop;              /* set by engine_stop, the time check or the main thread */
    atomic_bool stop_requested;    /* set by engine_stop only: what infinite and ponder searches wait for */
    atomic_bool pondering;         /* cleared by ponderhit */
    atomic_llong start_ms;         /* search start (reset at ponderhit) */
    atomic_llong soft_ms, hard_ms; /* time budget, -1 = none */
    atomic_ullong nodes;           /* nodes of finished slices, all threads */
    atomic_int depth;              /* last completed depth of the main thread */
    int threads;
    int multipv;
    const SolvedTable *solved; /* the game's solved table, NULL when none or the rules differ */
} SearchShared;

typedef struct SearchWorker SearchWorker;

/* A worker's thread stack: 16 KB a ply of history (64 MB at 4096 plies; the fuzz build's shorter
 * history, Makefile FUZZ_ARCH, gets 16 MB). WHY that much for every worker: worker 0's thread
 * also runs the engine's `go mate`, whose df-pn solver (engine/mate/) recurses once per ply of
 * its path, thousands of plies in long problems; and a worker may be worker 0 of the next
 * engine (the fuzz build's pool). Only the pages a thread touches are resident. */
enum { WORKER_STACK = HISTORY_MAX * (16 << 10) };

/* A worker for game v; NULL when memory is short. */
SearchWorker *search_worker_new(const Variant *v);
/* Waits for the worker's job and ends its thread. */
void search_worker_free(SearchWorker *w);
/* Run job(arg) on the worker's own thread, made at its first job and kept until
 * search_worker_free; the previous job must have been joined. false when no thread can be made. */
bool search_worker_spawn(SearchWorker *w, void (*job)(void *), void *arg);
/* Block until the worker's job has returned. */
void search_worker_join(SearchWorker *w);
/* Forget learned statistics (a new game); re-sizes them when the game changed. 0 or -1. */
int search_worker_new_game(SearchWorker *w, const Variant *v);

/* Run a complete search of root with workers[0 .. shared->threads - 1] (each makes a private
 * copy of root) and report it. Blocks until done; called on the engine's search thread. */
void search_run(SearchShared *shared, const Position *root, SearchWorker *const *workers);

/* Monotonic milliseconds. */
int64_t now_ms(void);

#endif
