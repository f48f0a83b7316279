/* book_pick.c - choosing a move from a book position (the BookVariety, BookEvalDiff and
 * BookDepthLimit options): which moves qualify, then the best one or a random one. The random
 * state is the caller's (one per protocol session), so a seed gives the same choices. */
#include <stdlib.h>

#include "../src/movegen.h"
#include "book.h"

uint64_t book_random(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL); /* splitmix64 */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Does move i qualify: deep enough, legal here (the book was read under default rules)? */
static bool usable(const BookEntry *e, int i, Position *pos, const BookPickParams *p) {
    return e->moves[i].depth >= p->depth_limit && movegen_is_legal(pos, e->moves[i].move);
}

/* Among the qualifying moves (ok[i]), one at random with weight[i]; all 0: equal chances. */
static int pick_weighted(const BookEntry *e, const bool *ok, const uint64_t *weight, uint64_t *rng) {
    uint64_t total = 0;
    int n = 0;
    for (int i = 0; i < e->count; i++)
        if (ok[i]) total += weight[i], n++;
    if (!n) return -1;
    uint64_t r = book_random(rng) % (total ? total : (uint64_t)n);
    for (int i = 0; i < e->count; i++) {
        if (!ok[i]) continue;
        uint64_t w = total ? weight[i] : 1;
        if (r < w) return i;
        r -= w;
    }
    return -1; /* never: the weights add up to the total */
}

/* The weights of a random choice: the counts (COUNT), or by value within the margin
 * (VALUE): eval_diff + 1 for the best value, falling by one per centipawn below it to 1 at
 * the margin, so moves of equal value have equal chances whatever their counts. */
static void weights(const BookEntry *e, const bool *ok, int best, const BookPickParams *p, uint64_t *w) {
    for (int i = 0; i < e->count; i++) {
        if (!ok[i])
            w[i] = 0;
        else if (p->mode == BOOK_PICK_COUNT)
            w[i] = e->moves[i].count;
        else
            w[i] = (uint64_t)(p->eval_diff - (e->moves[best].value - e->moves[i].value)) + 1;
    }
}

int book_pick(const BookEntry *e, Position *pos, const BookPickParams *p, uint64_t *rng) {
    if (!e || e->count == 0) return -1;
    bool *ok = malloc(sizeof *ok * (size_t)e->count);
    uint64_t *w = malloc(sizeof *w * (size_t)e->count);
    if (!ok || !w) {
        free(ok);
        free(w);
        return -1;
    }
    int best = -1;
    for (int i = 0; i < e->count; i++) {
        ok[i] = usable(e, i, pos, p);
        if (!ok[i]) continue;
        const BookMove *m = &e->moves[i], *b = best >= 0 ? &e->moves[best] : NULL;
        if (!b || m->value > b->value || (m->value == b->value && m->count > b->count)) best = i;
    }
    int pick = best;
    if (best >= 0 && p->mode != BOOK_PICK_BEST) {
        if (p->mode == BOOK_PICK_VALUE)
            for (int i = 0; i < e->count; i++)
                if (ok[i] && e->moves[i].value < e->moves[best].value - p->eval_diff) ok[i] = false;
        weights(e, ok, best, p, w);
        pick = pick_weighted(e, ok, w, rng);
    }
    free(ok);
    free(w);
    return pick;
}
