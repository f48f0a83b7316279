/* history.h - the move-ordering statistics a search thread learns: butterfly (colour, from or
 * dropped type, to), counter moves, continuation histories (the move one and two plies back
 * paired with this one) and capture history. Kept between `go` commands of one game; cleared
 * by a new game. Owned by one thread each (never shared), so no locking.
 * WHY gravity updates: entry += bonus - entry * |bonus| / MAX keeps every entry inside
 * +-MAX without periodic halving and lets recent results outweigh old ones. */
#ifndef SHISHI_HISTORY_H
#define SHISHI_HISTORY_H

#include "../src/position.h"

enum {
    HIST_MAX = 16384,            /* bound of every statistic */
    HIST_FROM = SQ_MAX + PT_MAX, /* butterfly rows: board squares, then drop types */
    CONT_SLOTS_MAX = 4096,       /* (piece type, square) slots of a continuation table */
    CONT_NONE = -1               /* no continuation context (root, null move) */
};

typedef struct {
    int16_t butterfly[COLOR_NB][HIST_FROM][SQ_MAX];
    int16_t capture[PT_MAX][SQ_MAX][PT_MAX]; /* [moved type][to][captured type] */
    Move counter[COLOR_NB][PT_MAX][SQ_MAX];  /* [mover of the previous move][its type][its to] */
    /* cont[ctx * slots + cur]: ctx = slot of the previous move, cur = slot of this move.
     * WHY slots, not (piece, square) pairs: chu has 46 types on 144 squares, and a full
     * square table would be 370 MB a thread; games larger than CONT_SLOTS_MAX fold pairs
     * together (shogi, micro, nana and wa fit exactly). */
    int16_t *cont;
    int slots;
    int sq_count;
#ifdef SHISHI_FUZZ
    /* Fuzz builds (history.c): the continuation rows written since the last clear, so that a
     * new game clears those rows and not the whole table. Every file that sees a History is
     * built with SHISHI_FUZZ there (Makefile FUZZ_CAPPED), so the layout agrees. */
    uint64_t cont_dirty[CONT_SLOTS_MAX / 64];
#endif
} History;

/* Allocate for game v (re-sized when the game changes); returns 0 or -1 when out of memory. */
int history_init(History *h, const Variant *v);
void history_free(History *h);
/* Forget everything (a new game). */
void history_clear(History *h);

/* The continuation slot of a move by the piece of type pt landing on to. */
static inline int history_slot(const History *h, PieceType pt, int to) {
    int s = pt * h->sq_count + to;
    return s < h->slots ? s : s % h->slots;
}
static inline int history_from(Move m) { return move_is_drop(m) ? SQ_MAX + move_drop_type(m) : move_from(m); }

/* Apply bonus (negative for a malus) to one statistic with gravity. */
static inline void history_update(int16_t *e, int bonus) {
    int b = bonus > HIST_MAX ? HIST_MAX : bonus < -HIST_MAX ? -HIST_MAX : bonus;
    *e = (int16_t)(*e + b - *e * (b < 0 ? -b : b) / HIST_MAX);
}
static inline int16_t *history_cont(const History *h, int ctx, int cur) { return &h->cont[ctx * h->slots + cur]; }
/* The only writer of the continuation table. */
static inline void history_cont_update(History *h, int ctx, int cur, int bonus) {
#ifdef SHISHI_FUZZ
    h->cont_dirty[ctx / 64] |= 1ull << (ctx % 64);
#endif
    history_update(history_cont(h, ctx, cur), bonus);
}

/* Bonus for a cut at depth d (and the malus for the moves tried before it). */
static inline int history_bonus(int depth) {
    int b = 170 * depth - 100;
    return b > 1800 ? 1800 : b < 0 ? 0 : b;
}

#endif
