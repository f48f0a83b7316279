/* perft.h - move-path enumeration for testing the move generator.
 * Counts leaves with bulk counting at the last ply. Never prints: callers format results. */
#ifndef SHISHI_PERFT_H
#define SHISHI_PERFT_H

#include "../src/movegen.h"

/* Leaf nodes at the given depth (depth 0 = 1). */
uint64_t perft(Position *pos, int depth);

/* Called once per root move with that move's subtree count. */
typedef void (*PerftDivideFn)(const Position *pos, Move m, uint64_t nodes, void *user);
/* perft with a per-root-move breakdown; returns the total. */
uint64_t perft_divide(Position *pos, int depth, PerftDivideFn fn, void *user);

#endif
