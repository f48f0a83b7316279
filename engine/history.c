/* history.c - allocation and clearing of a thread's move-ordering statistics (history.h). */
#include "history.h"

#include <stdlib.h>
#include <string.h>

#ifdef SHISHI_FUZZ
/* Fuzz builds (Makefile, engine.c): one table of the largest size, kept for the life of the
 * worker, so that switching games does not allocate and fault in fresh pages. It starts zeroed
 * and only the rows the search wrote (cont_dirty) are cleared again, in the geometry they were
 * written with: a capped search writes a few rows of chu's 4096 (33 MB in all). */
static void cont_clear_dirty(History *h) {
    for (int w = 0; w < CONT_SLOTS_MAX / 64; w++)
        for (uint64_t bits = h->cont_dirty[w]; bits; bits &= bits - 1) {
            int row = w * 64 + __builtin_ctzll(bits);
            memset(h->cont + (size_t)row * (size_t)h->slots, 0, sizeof(int16_t) * (size_t)h->slots);
        }
    memset(h->cont_dirty, 0, sizeof h->cont_dirty);
}

int history_init(History *h, const Variant *v) {
    const VariantTables *t = v->tables;
    int slots = t->type_count * t->sq_count;
    if (slots > CONT_SLOTS_MAX) slots = CONT_SLOTS_MAX;
    if (!h->cont) {
        h->cont = calloc((size_t)CONT_SLOTS_MAX * (size_t)CONT_SLOTS_MAX, sizeof(int16_t));
        if (!h->cont) return -1;
        memset(h->cont_dirty, 0, sizeof h->cont_dirty);
    }
    history_clear(h); /* in the old geometry: the dirty rows are rows of the old slots */
    h->slots = slots;
    h->sq_count = t->sq_count;
    return 0;
}
#else
int history_init(History *h, const Variant *v) {
    const VariantTables *t = v->tables;
    int slots = t->type_count * t->sq_count;
    if (slots > CONT_SLOTS_MAX) slots = CONT_SLOTS_MAX;
    if (!h->cont || h->slots != slots) {
        int16_t *c = malloc(sizeof(int16_t) * (size_t)slots * (size_t)slots);
        if (!c) return -1;
        free(h->cont);
        h->cont = c;
    }
    h->slots = slots;
    h->sq_count = t->sq_count;
    history_clear(h);
    return 0;
}
#endif

void history_free(History *h) {
    free(h->cont);
    h->cont = NULL;
    h->slots = 0;
}

void history_clear(History *h) {
    memset(h->butterfly, 0, sizeof h->butterfly);
    memset(h->capture, 0, sizeof h->capture);
    memset(h->counter, 0, sizeof h->counter);
#ifdef SHISHI_FUZZ
    if (h->cont) cont_clear_dirty(h);
#else
    if (h->cont) memset(h->cont, 0, sizeof(int16_t) * (size_t)h->slots * (size_t)h->slots);
#endif
}
