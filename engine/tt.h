/* tt.h - the transposition table, the only structure search threads share.
 * WHY no locks: entries are written and read racily (as in Stockfish). A torn entry can
 * only yield a wrong move or score hint; the move is checked against the legal moves
 * before use, and scores are only hints for cut-offs. */
#ifndef SHISHI_TT_H
#define SHISHI_TT_H

#include "../src/types.h"

typedef struct {
    uint32_t key32; /* upper half of the position key */
    Move move;
    int16_t score;
    int16_t pad;
    uint8_t depth;
    uint8_t bound_age; /* bound in bits 0-1, age in bits 2-7 */
    uint16_t epoch;    /* table generation that wrote it; other generations count as empty */
} TTEntry;

typedef struct {
    TTEntry *table;
    size_t count; /* a power of two */
    uint8_t age;
    uint16_t epoch; /* WHY: tt_clear bumps it instead of wiping hundreds of MB while a
                       GUI's `go` waits behind `usinewgame` */
} TT;

/* (Re)allocate to about mb megabytes; returns 0 or -1 if memory is short (old table kept). */
int tt_resize(TT *tt, size_t mb);
void tt_free(TT *tt);
/* Forget every entry (O(1): a new epoch; a real wipe once every 65535 clears). */
void tt_clear(TT *tt);
void tt_new_search(TT *tt);
/* Entry for key if stored, else NULL. */
const TTEntry *tt_probe(const TT *tt, Key key);
void tt_store(TT *tt, Key key, Move move, int score, int depth, int bound);
/* Permille of sampled entries used in this search. */
int tt_hashfull(const TT *tt);

#endif
