/* history.c - allocation and clearing of a thread's move-ordering statistics (history.h). */
#include "history.h"

#include <stdlib.h>
#include <string.h>

int history_init(History *h, const Variant *v) {
    const VariantTables *t = v->tables;
    int slots = t->type_count * t->sq_count;
    if (slots > CONT_SLOTS_MAX) slots = CONT_SLOTS_MAX;
#ifdef SHISHI_FUZZ
    /* Fuzz builds (Makefile, engine.c): one table of the largest size, kept for the life of
     * the worker, so that switching games does not allocate and fault in fresh pages; only the
     * part the game uses is cleared. */
    if (!h->cont) {
        int16_t *c = malloc(sizeof(int16_t) * (size_t)CONT_SLOTS_MAX * (size_t)CONT_SLOTS_MAX);
        if (!c) return -1;
        h->cont = c;
    }
#else
    if (!h->cont || h->slots != slots) {
        int16_t *c = malloc(sizeof(int16_t) * (size_t)slots * (size_t)slots);
        if (!c) return -1;
        free(h->cont);
        h->cont = c;
    }
#endif
    h->slots = slots;
    h->sq_count = t->sq_count;
    history_clear(h);
    return 0;
}

void history_free(History *h) {
    free(h->cont);
    h->cont = NULL;
    h->slots = 0;
}

void history_clear(History *h) {
    memset(h->butterfly, 0, sizeof h->butterfly);
    memset(h->capture, 0, sizeof h->capture);
    memset(h->counter, 0, sizeof h->counter);
    if (h->cont) memset(h->cont, 0, sizeof(int16_t) * (size_t)h->slots * (size_t)h->slots);
}
