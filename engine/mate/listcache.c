/* listcache.c - the solver's cache of move lists (mate_int.h, MateLists): the checks of a
 * position with the attacker to move and the replies of one with the defender to move, by the
 * position's full key.
 * WHY: a node's moves are generated at every visit (it is expanded again each time its parent
 * selects it), and a node's checks were already generated once before its first visit: the
 * mate-in-one probe of a new defender reply generates every check of the position after it.
 * A kept list is the one the generator gives, move for move and in its order, so the search is
 * the same, node for node (tests/check_mate.c list_cache; a build with -DMATE_LIST_CHECK
 * compares every list the cache gives with a fresh one).
 * WHY small (1 MB): it has to stay in the core's second-level cache to pay; 4 MB and 32 MB
 * caches gave more lists but cost more in cache misses than they saved (docs/mate.md,
 * session 41). */
#include "mate_int.h"

#include <stdlib.h>
#include <string.h>

enum { LISTS_SLOTS = 1 << 13 };

struct MateListSlot {
    uint64_t key; /* the position's full key with the list's kind in its low bits; 0 = empty */
    uint32_t n;
    Move moves[MATE_LIST_MOVES];
};

/* WHY the kind in the key: the checks and the replies of one position are different lists. */
static uint64_t slot_key(uint64_t key, int kind) { return (key & ~(uint64_t)3) | (uint64_t)kind; }

static struct MateListSlot *slot_of(const MateLists *l, uint64_t key) {
    return &l->slot[(key >> 2) & (LISTS_SLOTS - 1)];
}

void mate_lists_init(MateLists *l, const Position *pos) {
    /* WHY none where a repetition makes a move illegal (chu's "Allow repeats" off): there a
     * position's moves depend on the moves before it, not on the position alone */
    bool by_position = !pos->v->repeats_rule || pos->rules.allow_repeats;
    l->slot = by_position ? calloc(LISTS_SLOTS, sizeof *l->slot) : NULL;
    l->off = !l->slot;
}

void mate_lists_free(MateLists *l) {
    free(l->slot);
    *l = (MateLists){0};
}

bool mate_lists_get(MateLists *l, const Position *pos, int kind, MoveList *list) {
    uint64_t k = slot_key(pos_key(pos), kind);
    const struct MateListSlot *s = slot_of(l, k);
    if (s->key != k) return false;
    list->size = (int)s->n;
    memcpy(list->moves, s->moves, s->n * sizeof(Move));
    l->hits++;
    return true;
}

void mate_lists_put(MateLists *l, const Position *pos, int kind, const MoveList *list) {
    if (list->size > MATE_LIST_MOVES) return;
    uint64_t k = slot_key(pos_key(pos), kind);
    struct MateListSlot *s = slot_of(l, k);
    s->key = k;
    s->n = (uint32_t)list->size;
    memcpy(s->moves, list->moves, (size_t)list->size * sizeof(Move));
}
