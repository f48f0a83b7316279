/* tt.c - transposition table: 64-byte clusters of four 16-byte entries, without locks.
 * Owns the entry packing, the replacement rule, the age and the epoch; tt.h says why the
 * entries are two relaxed-atomic words and how torn entries are caught. */
#include "tt.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine.h"

/* One entry: two words, each always read and written whole.
 *   data  bits  0-31  move
 *         bits 32-47  score (int16)
 *         bits 48-63  eval (int16, VALUE_NONE_TT when none)
 *   meta  bits  0-31  key check XOR data_hash(data)
 *         bits 32-39  depth + DEPTH_OFFSET (depths -7 .. 248)
 *         bits 40-41  bound (0: never written)
 *         bit  42     pv
 *         bits 43-47  age of the search that wrote it
 *         bits 48-63  epoch of the table that wrote it (another epoch counts as empty) */
typedef struct {
    uint64_t data, meta;
} TTEntry;

enum { CLUSTER_SIZE = 4, DEPTH_OFFSET = 7, DEPTH_MAX_STORED = 255 - DEPTH_OFFSET, AGE_MASK = 31 };
enum { HASHFULL_CLUSTERS = 1000, CACHE_LINE = 64 };

struct TTCluster {
    _Alignas(CACHE_LINE) TTEntry entry[CLUSTER_SIZE];
};
_Static_assert(sizeof(TTCluster) == CACHE_LINE, "a cluster is one cache line");

/* Where a key lives and how it is recognised. */

/* WHY multiply-high: it maps keys evenly onto any cluster count, so a Hash of 100 MB uses
 * 100 MB rather than the 64 MB power of two below it. The index comes from the key's high
 * bits, so the check takes the low 32: the two stay independent and all 32 check bits tell
 * apart keys that share a cluster. */
static inline TTCluster *cluster_of(const TT *tt, Key key) {
    return &tt->clusters[(size_t)(((unsigned __int128)key * tt->cluster_count) >> 64)];
}
static inline uint32_t key_check(Key key) { return (uint32_t)key; }

/* WHY mix rather than just fold the word's halves: with a fold, a tear whose move and score
 * differ in the same bit positions would cancel out and pass the check. The xorshift and the
 * odd multiplier are both one-to-one, so any change of the data word can change the hash. */
static inline uint32_t data_hash(uint64_t data) {
    data ^= data >> 32;
    data *= 0x9E3779B97F4A7C15ull;
    return (uint32_t)(data >> 32);
}

/* Packing. */

static inline int clamp(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }
static inline uint64_t pack16(int x) { return (uint16_t)(int16_t)clamp(x, INT16_MIN, INT16_MAX); }

static inline int meta_depth(uint64_t meta) { return (int)((meta >> 32) & 0xff) - DEPTH_OFFSET; }
static inline int meta_bound(uint64_t meta) { return (int)((meta >> 40) & 3); }
static inline bool meta_pv(uint64_t meta) { return (meta >> 42) & 1; }
static inline int meta_age(uint64_t meta) { return (int)((meta >> 43) & AGE_MASK); }
static inline uint16_t meta_epoch(uint64_t meta) { return (uint16_t)(meta >> 48); }

static inline void entry_load(const TTEntry *e, uint64_t *data, uint64_t *meta) {
    *meta = __atomic_load_n(&e->meta, __ATOMIC_RELAXED);
    *data = __atomic_load_n(&e->data, __ATOMIC_RELAXED);
}

/* depth must already be clamped to -DEPTH_OFFSET .. DEPTH_MAX_STORED. */
static void entry_write(const TT *tt, TTEntry *e, uint32_t check, Move move, int score, int eval, int depth, int bound,
                        bool pv) {
    uint64_t data = (uint64_t)move | pack16(score) << 32 | pack16(eval) << 48;
    uint64_t meta = (uint64_t)(check ^ data_hash(data)) | (uint64_t)(depth + DEPTH_OFFSET) << 32 |
                    (uint64_t)(bound & 3) << 40 | (uint64_t)pv << 42 | (uint64_t)tt->age << 43 |
                    (uint64_t)tt->epoch << 48;
    __atomic_store_n(&e->data, data, __ATOMIC_RELAXED);
    __atomic_store_n(&e->meta, meta, __ATOMIC_RELAXED);
}

/* Written in this epoch (anything else is a free slot). */
static inline bool is_live(const TT *tt, uint64_t meta) { return meta_bound(meta) && meta_epoch(meta) == tt->epoch; }
/* Does the entry hold check, with both words from the same store? */
static inline bool holds(uint64_t data, uint64_t meta, uint32_t check) {
    return ((uint32_t)meta ^ data_hash(data)) == check;
}
/* Searches since the entry was written, modulo the 5-bit age. */
static inline int relative_age(const TT *tt, uint64_t meta) { return (tt->age - meta_age(meta)) & AGE_MASK; }

/* The table's life. */

int tt_resize(TT *tt, size_t mb) {
    if (!mb) mb = 1;
    if (mb > SIZE_MAX / 2 / (1024 * 1024)) return -1;
    size_t count = mb * 1024 * 1024 / sizeof(TTCluster);
    /* WHY bigmem rather than aligned_alloc: fresh pages the OS has already zeroed, so resizing
     * to gigabytes neither writes nor commits them up front (aligned_alloc would need a memset
     * of the whole table), and huge pages for large tables (src/bigmem.h) */
    BigMem mem;
    void *p = bigmem_alloc(&mem, count * sizeof(TTCluster));
    if (!p) return -1;
    bigmem_free(&tt->mem);
    tt->mem = mem;
    tt->clusters = p;
    tt->cluster_count = count;
    tt->age = 0;
    tt->epoch = 1; /* calloc'd entries have epoch 0 and bound 0: empty */
    tt->touched = false;
    return 0;
}

void tt_touch(TT *tt) {
    if (tt->touched || !tt->clusters) return;
    tt->touched = true;
    size_t bytes = tt->cluster_count * sizeof(TTCluster);
    if (!bigmem_may_commit(bytes)) return;
    long page = sysconf(_SC_PAGESIZE);
    /* a write, not a read: reading a fresh page maps the shared zero page, not our own */
    volatile unsigned char *p = (volatile unsigned char *)tt->clusters;
    for (size_t i = 0; i < bytes; i += (size_t)page) p[i] = p[i];
}

void tt_free(TT *tt) {
    bigmem_free(&tt->mem);
    tt->clusters = NULL;
    tt->cluster_count = 0;
}

void tt_wipe(TT *tt) {
    if (tt->clusters) memset(tt->clusters, 0, tt->cluster_count * sizeof(TTCluster));
    tt->age = 0;
    tt->epoch = 1;
}

size_t tt_bytes(const TT *tt) { return tt->cluster_count * sizeof(TTCluster); }

void tt_clear(TT *tt) {
    tt->age = 0;
    if (++tt->epoch == 0) tt_wipe(tt);
}

void tt_new_search(TT *tt) { tt->age = (uint8_t)((tt->age + 1) & AGE_MASK); }

/* Probe and store. */

bool tt_probe(const TT *tt, Key key, TTHit *hit) {
    if (!tt->clusters) return false;
    const TTEntry *e = cluster_of(tt, key)->entry;
    uint32_t check = key_check(key);
    for (int i = 0; i < CLUSTER_SIZE; i++) {
        uint64_t data, meta;
        entry_load(&e[i], &data, &meta);
        if (!is_live(tt, meta) || !holds(data, meta, check)) continue;
        *hit = (TTHit){
            .move = (Move)data,
            .score = (int16_t)(data >> 32),
            .eval = (int16_t)(data >> 48),
            .depth = meta_depth(meta),
            .bound = meta_bound(meta),
            .pv = meta_pv(meta),
        };
        return true;
    }
    return false;
}

/* Replacement (after Stockfish's rule):
 * 1. The entry already holding key is updated, keeping its move when the new one is
 *    MOVE_NONE. WHY not always: a deeper result of this search is worth more than a
 *    shallower bound, so it yields only to an exact bound, to a depth + 4 above its depth,
 *    or when it was written by an earlier search.
 * 2. Otherwise the first free slot (never written, or of another epoch) is taken.
 * 3. Otherwise the entry with the lowest depth - 8 * relative age yields: shallow and old
 *    entries go first. */
void tt_store(TT *tt, Key key, Move move, int score, int eval, int depth, int bound, bool pv) {
    if (!tt->clusters) return;
    TTEntry *e = cluster_of(tt, key)->entry;
    uint32_t check = key_check(key);
    depth = clamp(depth, -DEPTH_OFFSET, DEPTH_MAX_STORED);
    TTEntry *victim = NULL;
    int victim_value = INT_MAX;
    for (int i = 0; i < CLUSTER_SIZE; i++) {
        uint64_t data, meta;
        entry_load(&e[i], &data, &meta);
        if (!is_live(tt, meta)) {
            if (victim_value != INT_MIN) {
                victim = &e[i];
                victim_value = INT_MIN;
            }
            continue;
        }
        if (holds(data, meta, check)) {
            if (bound == BOUND_EXACT || depth + 4 > meta_depth(meta) || meta_age(meta) != tt->age)
                entry_write(tt, &e[i], check, move ? move : (Move)data, score, eval, depth, bound, pv);
            return;
        }
        int value = meta_depth(meta) - 8 * relative_age(tt, meta);
        if (value < victim_value) {
            victim = &e[i];
            victim_value = value;
        }
    }
    entry_write(tt, victim, check, move, score, eval, depth, bound, pv);
}

void tt_prefetch(const TT *tt, Key key) {
    if (tt->clusters) __builtin_prefetch(cluster_of(tt, key));
}

int tt_hashfull(const TT *tt) {
    size_t n = tt->cluster_count < HASHFULL_CLUSTERS ? tt->cluster_count : HASHFULL_CLUSTERS;
    size_t used = 0;
    for (size_t c = 0; c < n; c++)
        for (int i = 0; i < CLUSTER_SIZE; i++) {
            uint64_t meta = __atomic_load_n(&tt->clusters[c].entry[i].meta, __ATOMIC_RELAXED);
            used += is_live(tt, meta) && meta_age(meta) == tt->age;
        }
    return n ? (int)(used * 1000 / (n * CLUSTER_SIZE)) : 0;
}
