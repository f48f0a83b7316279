/* tt.h - the transposition table, the only structure search threads share.
 * Owns the clustered table, its replacement rule, the age of the current search and the
 * epoch that makes clearing O(1). Knows nothing of positions or the search beyond keys.
 * WHY no locks: threads probe and store racily (as in Stockfish), but every entry is two
 * 64-bit words read and written with relaxed atomics, so there is no data race (TSan-clean)
 * and a word is never half-written. Two words can still come from two different stores;
 * the key check is stored XORed with a hash of the data word (Hyatt's lockless hashing), so
 * such a torn entry fails the key check and the probe simply misses. The rare tear that
 * survives (about 2^-32) is only a wrong hint: the move is checked against the legal moves
 * before use, and scores only suggest cut-offs. */
#ifndef SHISHI_TT_H
#define SHISHI_TT_H

#include "../src/bigmem.h"
#include "../src/types.h"

/* What a probe returns: a copy, because entries race between threads. */
typedef struct {
    Move move;
    int score; /* as stored (the search adjusts mate scores by ply) */
    int eval;  /* static evaluation stored with it, or VALUE_NONE_TT when none */
    int depth; /* may be negative (quiescence entries use 0 or -1) */
    int bound; /* BOUND_UPPER 1, BOUND_LOWER 2, BOUND_EXACT 3 (engine.h values) */
    bool pv;   /* written from a PV node */
} TTHit;
enum { VALUE_NONE_TT = 32002 };

typedef struct TTCluster TTCluster; /* 64 bytes, one cache line; layout private to tt.c */

typedef struct {
    TTCluster *clusters;  /* 64-byte aligned, inside mem */
    BigMem mem;           /* what was allocated (freed by tt_free) */
    size_t cluster_count; /* any number >= 1: the index is a multiply-high of the key by it */
    uint8_t age;          /* of the current search, 5 bits */
    uint16_t epoch;       /* WHY: tt_clear bumps it instead of wiping hundreds of MB while a
                             GUI's `go` waits behind `usinewgame` */
    bool touched;         /* every page written once since the allocation (tt_touch) */
} TT;

/* (Re)allocate to about mb megabytes; returns 0 or -1 if memory is short (old table kept). */
int tt_resize(TT *tt, size_t mb);
/* Release the table; tt_resize may allocate it again. */
void tt_free(TT *tt);
/* Write every page of a fresh table once, so that the first search does not take the page
 * faults (USI `isready`); does nothing the second time. WHY: the first search of a game
 * faulted in its 64 MB table at random, 2 MB zeroed pages in the middle of its first move. */
void tt_touch(TT *tt);
/* Forget every entry (O(1): a new epoch; a real wipe once every 65535 clears). */
void tt_clear(TT *tt);
/* Every entry wiped, as a fresh table's (tt_clear only makes them stale). */
void tt_wipe(TT *tt);
/* The table's size in bytes (0 when none). */
size_t tt_bytes(const TT *tt);
/* Start a new search: advance the age, so older entries are replaced first. */
void tt_new_search(TT *tt);
/* True and *hit filled if key is stored (in the current epoch, untorn); false otherwise. */
bool tt_probe(const TT *tt, Key key, TTHit *hit);
/* Store under key (bound 1-3); the replacement rule in tt.c decides which entry, if any, yields. */
void tt_store(TT *tt, Key key, Move move, int score, int eval, int depth, int bound, bool pv);
/* Start loading key's cluster into the cache (a hint; does nothing visible). */
void tt_prefetch(const TT *tt, Key key);
/* Permille of entries written in the current search and epoch, sampled over the first 1000
 * clusters. */
int tt_hashfull(const TT *tt);

#endif
