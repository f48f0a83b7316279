/* bench.h - the node-count signature (shared/STYLE.md section 8): fixed positions of every
 * game searched to a fixed depth with one thread and a fresh hash table, through the same
 * EngineContext calls the protocols make. Deterministic: no clock is read for decisions. */
#ifndef SHISHI_BENCH_H
#define SHISHI_BENCH_H

#include "engine.h"

enum { BENCH_DEFAULT_DEPTH = 9 };

/* Called after each position with its game, position spec and node count. */
typedef void (*BenchProgressFn)(void *user, int index, int count, const Variant *v, const char *spec, uint64_t nodes);

/* Search every bench position to depth; returns the total node count, or 0 with a
 * message in err if a position could not be set (a broken descriptor). */
uint64_t bench_run(int depth, BenchProgressFn progress, void *user, char *err, size_t errlen);

#endif
