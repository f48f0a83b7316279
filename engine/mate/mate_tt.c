/* mate_tt.c - the solver's table of proof and disproof numbers (mate_int.h). Clusters of
 * CLUSTER entries indexed by the board key; several entries of one board may hold different
 * attacker hands. WHY hands beside the key: a position proven with fewer pieces in hand is
 * proven with more, and one disproven with more is disproven with fewer, so one proof
 * answers many positions that differ only in the hand. */
#include "mate_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mtt_init(MateTable *t, size_t kb) {
    size_t bytes = kb << 10, n = 1;
    while (n * 2 * sizeof(MateCluster) <= bytes) n *= 2;
    t->c = bigmem_alloc(&t->mem, n * sizeof(MateCluster));
    if (!t->c) return -1;
    bigmem_fill_async(&t->mem);
    t->clusters = n;
    for (int i = 0; i < MTT_STRIPES; i++) atomic_init(&t->used[i].n, 0);
    atomic_init(&t->gen, 0);
    atomic_init(&t->ticks, 0);
    atomic_init(&t->sweeping, false);
    t->locks = NULL;
    return 0;
}

static _Thread_local unsigned stripe;

void mtt_thread_stripe(unsigned index) { stripe = index % MTT_STRIPES; }

/* Entries in use: the sum of the threads' counts (each may wrap below zero). */
static size_t used_count(const MateTable *t) {
    size_t n = 0;
    for (int i = 0; i < MTT_STRIPES; i++) n += atomic_load_explicit(&t->used[i].n, memory_order_relaxed);
    return n;
}

static void count_used(MateTable *t, int delta) {
    atomic_fetch_add_explicit(&t->used[stripe].n, (size_t)delta, memory_order_relaxed);
}

int mtt_share(MateTable *t) {
    if (t->locks) return 0;
    t->locks = calloc(t->clusters, sizeof *t->locks);
    return t->locks ? 0 : -1;
}

void mtt_free(MateTable *t) {
    bigmem_free(&t->mem);
    free(t->locks);
    t->locks = NULL;
    t->c = NULL;
}

void mtt_take(MateTable *t, MateTable *from) {
    mtt_free(t);
    *t = *from; /* no thread uses either table now */
    *from = (MateTable){0};
}

static size_t cluster_index(const MateTable *t, uint64_t key) { return (size_t)(key & (t->clusters - 1)); }

static MateCluster *cluster(const MateTable *t, uint64_t key) { return &t->c[cluster_index(t, key)]; }

/* WHY a spin lock per cluster, not atomics per field: a key and its 48-byte entry are written
 * together (values, hand, length), and a reader must not see half of a proof. Held for a few
 * dozen instructions, so contention between two threads is rare. */
static void lock(const MateTable *t, uint64_t key) {
    if (!t->locks) return;
    atomic_uchar *l = &t->locks[cluster_index(t, key)];
    while (atomic_exchange_explicit(l, 1, memory_order_acquire))
        while (atomic_load_explicit(l, memory_order_relaxed)) __builtin_ia32_pause();
}

static void unlock(const MateTable *t, uint64_t key) {
    if (t->locks) atomic_store_explicit(&t->locks[cluster_index(t, key)], 0, memory_order_release);
}

uint64_t mtt_path_seg(const MatePath *path, int from) {
    uint64_t x = path->self;
    for (int i = from; i < path->depth; i++) x ^= path->keys[i];
    return x;
}

/* An anchored repetition disproof holds on this path: its shallowest repeated depth is on it,
 * and the positions from there down are the ones it was found with. */
static bool anchor_holds(const MateEntry *e, const MatePath *path) {
    int from = (int)e->maxmask;
    return path && from <= path->depth && mtt_path_seg(path, from) == e->parent;
}

/* Bit i: the cluster's i-th key is key. WHY a mask: the compare of all eight keys is a few
 * vector instructions, and most clusters hold the key once or not at all. */
static inline unsigned key_hits(const MateCluster *c, uint64_t key) {
    unsigned hits = 0;
    for (int i = 0; i < CLUSTER; i++) hits |= (unsigned)(c->key[i] == key) << i;
    return hits;
}

static bool lookup(const MateTable *t, uint64_t key, const MateHand *h, int rem, const MatePath *path, MateResult *r) {
    const MateCluster *c = cluster(t, key);
    int slots = t->hand_slots;
    bool found = false;
    uint32_t pn = 1, dn = 1;
    uint64_t mask = 0;
    for (unsigned hits = key_hits(c, key); hits; hits &= hits - 1) {
        int i = __builtin_ctz(hits);
        const MateEntry *e = &c->e[i];
        if (e->pn == 0) { /* mate within e->len with no more than we hold */
            if (e->len <= rem && hand_le(&e->hand, h, slots)) {
                *r = (MateResult){.pn = 0, .dn = PN_INF, .len = e->len, .hand = e->hand};
                return true;
            }
            continue;
        }
        if (e->dn == 0) { /* no mate within e->len with no more than e->hand */
            if (rem <= e->len && hand_le(h, &e->hand, slots) &&
                (!(e->flags & ENT_REP) || hand_eq(h, &e->hand, slots)) &&
                (!(e->flags & ENT_ANCHOR) || anchor_holds(e, path))) {
                *r = (MateResult){.pn = PN_INF,
                                  .dn = 0,
                                  .len = e->len,
                                  .flags = e->flags & ENT_REP,
                                  .hand = e->hand,
                                  .rep_at = (int16_t)(e->flags & ENT_ANCHOR ? (int)e->maxmask : -1)};
                return true;
            }
            continue;
        }
        if (e->len != rem) {
            /* WHY: less depth is no easier to prove and more no easier to disprove, so the
             * estimates of other budgets bound these from below (the unlimited search's work
             * guides the depth-limited ones that shorten the mate). */
            if (e->len > rem && hand_le(h, &e->hand, slots) && e->pn > pn) pn = e->pn;
            if (e->len < rem && hand_le(&e->hand, h, slots) && e->dn > dn) dn = e->dn;
            continue;
        }
        if (hand_eq(&e->hand, h, slots)) {
            if (e->pn > pn) pn = e->pn;
            if (e->dn > dn) dn = e->dn;
            mask = e->maxmask;
            found = true;
        } else if (hand_le(&e->hand, h, slots)) { /* we hold more: at least as hard to disprove */
            if (e->dn > dn) dn = e->dn;
        } else if (hand_le(h, &e->hand, slots)) { /* we hold less: at least as hard to prove */
            if (e->pn > pn) pn = e->pn;
        }
    }
    *r = (MateResult){.pn = pn, .dn = dn, .len = (int16_t)rem, .hand = *h, .mask = mask};
    return found;
}

bool mtt_lookup_path(const MateTable *t, uint64_t key, const MateHand *h, int rem, const MatePath *path,
                     MateResult *r) {
    lock(t, key);
    bool found = lookup(t, key, h, rem, path, r);
    unlock(t, key);
    return found;
}

bool mtt_lookup(const MateTable *t, uint64_t key, const MateHand *h, int rem, MateResult *r) {
    return mtt_lookup_path(t, key, h, rem, NULL, r);
}

/* Entries of the same board that a new proof (disproof) with hand h and length bound r->len
 * makes redundant: proofs need a hand at least as big and as long a mate, disproofs a hand at
 * most as big and at most as long a bound; estimates of such budgets are settled. */
static bool dominated(const MateEntry *e, const MateResult *r, int slots) {
    if (r->pn == 0) return e->dn != 0 && e->len >= r->len && hand_le(&r->hand, &e->hand, slots);
    if (r->dn == 0 && !(r->flags & ENT_REP))
        return e->pn != 0 && e->len <= r->len && hand_le(&e->hand, &r->hand, slots);
    return false;
}

/* Same kind of entry for the same hand (estimates: also the same budget). */
static bool same_slot(const MateEntry *e, const MateHand *hand, const MateResult *r, int slots) {
    bool e_res = e->pn == 0 || e->dn == 0, r_res = r->pn == 0 || r->dn == 0;
    if (e_res != r_res || e->len != r->len || !hand_eq(&e->hand, hand, slots)) return false;
    return !e_res || (e->pn == 0) == (r->pn == 0);
}

/* How much an entry is worth keeping when its cluster is full: the work below it plus one,
 * divided by 4 for every generation since it was stored (so 0 for an entry of no work one
 * generation on); during the
 * walk (keep_proofs) a proof outranks every other entry. WHY the decay: generations advance
 * with the search (mtt_collect), so an entry nobody stored again for a while goes before one
 * the current search wrote. With every older entry kept at its full score, a full cluster
 * gave the current search's own entries up to each other (amount 0 against the old estimates'
 * 0): Microcosmos on one thread, from 75M nodes, re-estimated the same 140 boards every
 * second (docs/mate.md, session 18). */
static uint64_t keep_score(const MateTable *t, const MateEntry *e, uint8_t gen) {
    unsigned age = (uint8_t)(gen - e->gen);
    uint64_t score = ((uint64_t)e->amount + 1) >> (age < 32 ? 2 * age : 63);
    return t->keep_proofs && e->pn == 0 ? score + ((uint64_t)1 << 33) : score;
}

static void store(MateTable *t, uint64_t key, const MateHand *h, const MateResult *r, uint32_t amount) {
    MateCluster *c = cluster(t, key);
    int slots = t->hand_slots, slot = -1, victim = -1, empty = -1;
    uint64_t victim_score = 0;
    uint8_t gen = atomic_load_explicit(&t->gen, memory_order_relaxed);
    const MateHand *hand = (r->pn == 0 || r->dn == 0) ? &r->hand : h;
    /* the victim: the first empty slot, else the first entry of least keep_score (each entry's
     * score found once) */
    for (int i = 0; i < CLUSTER; i++) {
        MateEntry *e = &c->e[i];
        if (c->key[i] == key && (same_slot(e, hand, r, slots) || dominated(e, r, slots))) {
            if (slot < 0) {
                slot = i;
                if (e->amount > amount) amount = e->amount;
            } else {
                c->key[i] = 0;
                count_used(t, -1);
            }
        } else if (!c->key[i]) {
            if (empty < 0) empty = i;
        } else if (empty < 0) {
            uint64_t score = keep_score(t, e, gen);
            if (victim < 0 || score < victim_score) {
                victim = i;
                victim_score = score;
            }
        }
    }
    if (empty >= 0) victim = empty;
    uint64_t parent = r->parent;
    if (slot < 0) {
        slot = victim;
        if (!c->key[slot]) count_used(t, 1);
    } else if (!parent && c->e[slot].pn && c->e[slot].dn)
        parent = c->e[slot].parent;
    c->key[slot] = key;
    c->e[slot] = (MateEntry){.hand = *hand,
                             .pn = r->pn,
                             .dn = r->dn,
                             .amount = amount,
                             .len = r->len,
                             .gen = gen,
                             .flags = r->flags,
                             .parent = parent,
                             .maxmask = r->mask};
}

void mtt_store(MateTable *t, uint64_t key, const MateHand *h, const MateResult *r, uint32_t amount) {
    lock(t, key);
    store(t, key, h, r, amount);
    unlock(t, key);
}

static bool parent_of(const MateTable *t, uint64_t key, const MateHand *h, uint64_t *parent, uint32_t *pn,
                      uint32_t *dn) {
    const MateCluster *c = cluster(t, key);
    const MateEntry *best = NULL;
    for (int i = 0; i < CLUSTER; i++) {
        const MateEntry *e = &c->e[i];
        if (c->key[i] != key || !e->pn || !e->dn || !e->parent) continue;
        if (h && hand_eq(&e->hand, h, t->hand_slots)) {
            best = e;
            break;
        }
        if (!best || e->amount > best->amount) best = e;
    }
    if (!best) return false;
    *parent = best->parent;
    *pn = best->pn;
    *dn = best->dn;
    return true;
}

bool mtt_parent(const MateTable *t, uint64_t key, const MateHand *h, uint64_t *parent, uint32_t *pn, uint32_t *dn) {
    lock(t, key);
    bool found = parent_of(t, key, h, parent, pn, dn);
    unlock(t, key);
    return found;
}

int mtt_hashfull(const MateTable *t) { return (int)(used_count(t) * 1000 / (t->clusters * CLUSTER)); }

/* Sweep entries by rising thresholds of work until a third of the table is free; proofs are
 * spared when spare_proofs. WHY doubling thresholds: the work below an entry is spread over
 * orders of magnitude; sweeping the smallest first keeps the expensive results and the proofs. */
static void sweep(MateTable *t, bool spare_proofs) {
    size_t total = t->clusters * CLUSTER;
    for (uint32_t limit = 2; used_count(t) * 3 > total * 2 && limit < PN_INF; limit *= 4)
        for (size_t ci = 0; ci < t->clusters; ci++) {
            lock(t, ci);
            MateCluster *c = &t->c[ci];
            for (int i = 0; i < CLUSTER; i++) {
                const MateEntry *e = &c->e[i];
                bool resolved = e->pn == 0 || e->dn == 0;
                if (c->key[i] && !(spare_proofs && e->pn == 0) && e->amount < (resolved ? limit / 4 : limit)) {
                    c->key[i] = 0;
                    count_used(t, -1);
                }
            }
            unlock(t, ci);
        }
}

void mtt_collect(MateTable *t) {
    size_t total = t->clusters * CLUSTER;
    if ((atomic_fetch_add_explicit(&t->ticks, 1, memory_order_relaxed) & (AGE_TICKS - 1)) == AGE_TICKS - 1)
        atomic_fetch_add(&t->gen, 1);
    if (used_count(t) * 10 < total * 9 || atomic_exchange(&t->sweeping, true)) return;
    atomic_fetch_add(&t->gen, 1);
    sweep(t, t->keep_proofs);
    if (t->keep_proofs) sweep(t, false); /* proofs fill two thirds of the table: take the small ones */
    atomic_store(&t->sweeping, false);
}

void mtt_forget_proof(MateTable *t, uint64_t key, const MateHand *h) {
    lock(t, key);
    MateCluster *c = cluster(t, key);
    for (int i = 0; i < CLUSTER; i++)
        if (c->key[i] == key && c->e[i].pn == 0 && hand_le(&c->e[i].hand, h, t->hand_slots)) {
            c->key[i] = 0;
            count_used(t, -1);
        }
    unlock(t, key);
}

void mtt_clear_rep(MateTable *t) {
    for (size_t ci = 0; ci < t->clusters; ci++)
        for (int i = 0; i < CLUSTER; i++)
            if (t->c[ci].key[i] && (t->c[ci].e[i].flags & ENT_REP)) {
                t->c[ci].key[i] = 0;
                count_used(t, -1);
            }
}

/* The table as a file: a header (magic, clusters, hand slots, entry size, generation) and the
 * clusters as they lie in memory. WHY: a developer's tool (docs/mate.md, "Saving the table"):
 * the walk after a first proof can be run again and again from the very table a search of
 * several minutes left behind. Machine-dependent, not an exchange format. */
typedef struct {
    char magic[8];
    uint64_t clusters, entry_size, root; /* root: the problem's position key */
    int32_t hand_slots, gen;
} TableHeader;

static const char TABLE_MAGIC[8] = "SHMTT02";

int mtt_save(const MateTable *t, const char *path, uint64_t root) {
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    TableHeader h = {.clusters = t->clusters,
                     .entry_size = sizeof(MateCluster),
                     .root = root,
                     .hand_slots = t->hand_slots,
                     .gen = atomic_load(&t->gen)};
    memcpy(h.magic, TABLE_MAGIC, sizeof h.magic);
    size_t n = t->clusters;
    bool ok = fwrite(&h, sizeof h, 1, f) == 1 && fwrite(t->c, sizeof *t->c, n, f) == n;
    return fclose(f) == 0 && ok ? 0 : -1;
}

int mtt_load(MateTable *t, const char *path, uint64_t root) {
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    TableHeader h;
    size_t n = t->clusters;
    bool ok = fread(&h, sizeof h, 1, f) == 1 && !memcmp(h.magic, TABLE_MAGIC, sizeof h.magic) && h.root == root &&
              h.clusters == t->clusters && h.entry_size == sizeof(MateCluster) && h.hand_slots == t->hand_slots &&
              fread(t->c, sizeof *t->c, n, f) == n;
    fclose(f);
    if (!ok) {
        memset(t->c, 0, n * sizeof *t->c);
        return -1;
    }
    size_t used = 0;
    for (size_t ci = 0; ci < n; ci++)
        for (int i = 0; i < CLUSTER; i++) used += t->c[ci].key[i] != 0;
    for (int i = 0; i < MTT_STRIPES; i++) atomic_store(&t->used[i].n, i ? 0 : used);
    atomic_store(&t->gen, (unsigned char)h.gen);
    return 0;
}
