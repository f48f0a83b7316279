/* tt.c - transposition table: one always-replace-if-deeper-or-older slot per index. */
#include "tt.h"

#include <stdlib.h>
#include <string.h>

int tt_resize(TT *tt, size_t mb) {
    size_t bytes = (mb ? mb : 1) * 1024 * 1024, count = 1;
    while (count * 2 * sizeof(TTEntry) <= bytes) count *= 2;
    TTEntry *t = calloc(count, sizeof(TTEntry));
    if (!t) return -1;
    free(tt->table);
    tt->table = t;
    tt->count = count;
    tt->age = 0;
    tt->epoch = 1; /* calloc'd entries have epoch 0: empty */
    return 0;
}

void tt_free(TT *tt) {
    free(tt->table);
    tt->table = NULL;
    tt->count = 0;
}

void tt_clear(TT *tt) {
    tt->age = 0;
    if (++tt->epoch == 0) {
        if (tt->table) memset(tt->table, 0, tt->count * sizeof(TTEntry));
        tt->epoch = 1;
    }
}

void tt_new_search(TT *tt) { tt->age = (uint8_t)((tt->age + 1) & 63); }

static inline TTEntry *slot(const TT *tt, Key key) { return &tt->table[key & (tt->count - 1)]; }

const TTEntry *tt_probe(const TT *tt, Key key) {
    const TTEntry *e = slot(tt, key);
    return e->epoch == tt->epoch && e->key32 == (uint32_t)(key >> 32) && e->bound_age ? e : NULL;
}

void tt_store(TT *tt, Key key, Move move, int score, int depth, int bound) {
    TTEntry *e = slot(tt, key);
    uint32_t k = (uint32_t)(key >> 32);
    if (e->epoch != tt->epoch) { /* an entry of a cleared generation is an empty slot */
        memset(e, 0, sizeof *e);
        e->epoch = tt->epoch;
    }
    int old_age = e->bound_age >> 2;
    if (!e->bound_age || e->key32 == k || depth >= e->depth - 2 || old_age != tt->age) {
        if (move || e->key32 != k) e->move = move;
        e->key32 = k;
        e->score = (int16_t)score;
        e->depth = (uint8_t)(depth < 0 ? 0 : depth > 255 ? 255 : depth);
        e->bound_age = (uint8_t)(bound | (tt->age << 2));
    }
}

int tt_hashfull(const TT *tt) {
    int used = 0;
    size_t n = tt->count < 1000 ? tt->count : 1000;
    for (size_t i = 0; i < n; i++)
        used += tt->table[i].epoch == tt->epoch && tt->table[i].bound_age && (tt->table[i].bound_age >> 2) == tt->age;
    return n ? (int)(used * 1000 / n) : 0;
}
