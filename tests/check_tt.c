/* check_tt.c - the transposition table: exact round trips, replacement, O(1) clear, hashfull,
 * resize, racing stores and probes that must never return a mixed entry, and the thread that
 * backs a large table's pages (src/bigmem.h) without touching what is written meanwhile.
 * Uses only tt.h; clusters are reached through the documented multiply-high index. */
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../engine/engine.h"
#include "../engine/tt.h"
#include "../src/bigmem.h"
#include "testutil.h"

/* Key number n (0 .. 2^32-1) of cluster c. WHY: tt.c indexes by the high 64 bits of
 * key * cluster_count, so cluster c holds the keys from ceil(c * 2^64 / count) on, at least
 * 2^32 of them for any table up to 2^32 clusters; n then varies only the key check. */
static Key key_in_cluster(const TT *tt, size_t c, uint32_t n) {
    unsigned __int128 first = (((unsigned __int128)c << 64) + tt->cluster_count - 1) / tt->cluster_count;
    return (Key)first + n;
}

static void table_1mb(TT *tt) {
    *tt = (TT){0};
    ck_assert_int_eq(tt_resize(tt, 1), 0);
}

/* Store with a distinctive move; only depth, bound and age matter for replacement. */
static void put(TT *tt, Key key, int depth, int bound) {
    tt_store(tt, key, (Move)(key & 0xffffff) + 1, depth * 10, -depth, depth, bound, false);
}

static bool has(const TT *tt, Key key) {
    TTHit hit;
    return tt_probe(tt, key, &hit);
}

START_TEST(test_round_trip) {
    TT tt;
    table_1mb(&tt);
    const TTHit rows[] = {
        {.move = 0x0fffffff, .score = 31999, .eval = 1234, .depth = 248, .bound = BOUND_EXACT, .pv = true},
        {.move = MF_DROP | 0x0a2b, .score = -31999, .eval = VALUE_NONE_TT, .depth = -7, .bound = BOUND_UPPER},
        {.move = MOVE_NONE, .score = 0, .eval = -32000, .depth = 0, .bound = BOUND_LOWER, .pv = true},
        {.move = MF_PASS | 0x4040, .score = VALUE_INFINITE, .eval = 0, .depth = -1, .bound = BOUND_UPPER},
        {.move = MF_DOUBLE | 0x302010, .score = -VALUE_INFINITE, .eval = 1, .depth = 1, .bound = BOUND_EXACT},
        {.move = 1, .score = -1, .eval = -1, .depth = 63, .bound = BOUND_LOWER},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const TTHit *r = &rows[i];
        Key key = key_in_cluster(&tt, 100 * i + 7, 0x9e3779b9u * (uint32_t)(i + 1));
        tt_prefetch(&tt, key);
        tt_store(&tt, key, r->move, r->score, r->eval, r->depth, r->bound, r->pv);
        TTHit got;
        ck_assert(tt_probe(&tt, key, &got));
        ck_assert_uint_eq(got.move, r->move);
        ck_assert_int_eq(got.score, r->score);
        ck_assert_int_eq(got.eval, r->eval);
        ck_assert_int_eq(got.depth, r->depth);
        ck_assert_int_eq(got.bound, r->bound);
        ck_assert_int_eq(got.pv, r->pv);
    }
    tt_free(&tt);
}
END_TEST

START_TEST(test_miss) {
    TT tt;
    table_1mb(&tt);
    Key key = key_in_cluster(&tt, 5, 42);
    ck_assert(!has(&tt, key));
    put(&tt, key, 3, BOUND_EXACT);
    ck_assert(has(&tt, key));
    ck_assert(!has(&tt, key_in_cluster(&tt, 5, 43)));  /* same cluster, another check */
    ck_assert(!has(&tt, key_in_cluster(&tt, 6, 42)));  /* same check, another cluster */
    ck_assert(!has(&tt, key ^ 0x8000000000000000ull)); /* far away */
    tt_free(&tt);
}
END_TEST

START_TEST(test_free_slot_before_eviction) {
    TT tt;
    table_1mb(&tt);
    size_t c = tt.cluster_count - 1; /* the last cluster, to exercise the far end of the index */
    put(&tt, key_in_cluster(&tt, c, 0), 30, BOUND_LOWER);
    for (uint32_t n = 1; n < 4; n++) put(&tt, key_in_cluster(&tt, c, n), 1, BOUND_UPPER);
    for (uint32_t n = 0; n < 4; n++) ck_assert(has(&tt, key_in_cluster(&tt, c, n)));
    TTHit hit;
    ck_assert(tt_probe(&tt, key_in_cluster(&tt, c, 0), &hit));
    ck_assert_int_eq(hit.depth, 30);
    tt_free(&tt);
}
END_TEST

START_TEST(test_replace_shallowest) {
    TT tt;
    table_1mb(&tt);
    const int depth[4] = {5, 2, 9, 7};
    for (uint32_t n = 0; n < 4; n++) put(&tt, key_in_cluster(&tt, 9, n), depth[n], BOUND_EXACT);
    put(&tt, key_in_cluster(&tt, 9, 4), 3, BOUND_EXACT); /* evicts the depth 2 entry */
    ck_assert(!has(&tt, key_in_cluster(&tt, 9, 1)));
    for (uint32_t n = 0; n <= 4; n++)
        if (n != 1) ck_assert(has(&tt, key_in_cluster(&tt, 9, n)));
    put(&tt, key_in_cluster(&tt, 9, 5), 8, BOUND_EXACT); /* the newest entry, but now the shallowest */
    ck_assert(!has(&tt, key_in_cluster(&tt, 9, 4)));
    ck_assert(has(&tt, key_in_cluster(&tt, 9, 5)));
    tt_free(&tt);
}
END_TEST

START_TEST(test_replace_oldest) {
    TT tt;
    table_1mb(&tt);
    for (uint32_t n = 0; n < 4; n++) put(&tt, key_in_cluster(&tt, 3, n), 5 + (int)n, BOUND_EXACT);
    tt_new_search(&tt);                                   /* the old entries are now worth depth - 8: -3, -2, -1, 0 */
    put(&tt, key_in_cluster(&tt, 3, 10), 1, BOUND_UPPER); /* evicts old depth 5 */
    ck_assert(!has(&tt, key_in_cluster(&tt, 3, 0)));
    put(&tt, key_in_cluster(&tt, 3, 11), 1, BOUND_UPPER); /* evicts old depth 6, not the new depth 1 */
    ck_assert(!has(&tt, key_in_cluster(&tt, 3, 1)));
    ck_assert(has(&tt, key_in_cluster(&tt, 3, 10)));
    ck_assert(has(&tt, key_in_cluster(&tt, 3, 11)));
    ck_assert(has(&tt, key_in_cluster(&tt, 3, 2)));
    ck_assert(has(&tt, key_in_cluster(&tt, 3, 3)));
    tt_free(&tt);
}
END_TEST

START_TEST(test_same_key_update) {
    TT tt;
    table_1mb(&tt);
    Key key = key_in_cluster(&tt, 77, 1);
    TTHit hit;
    tt_store(&tt, key, 111, 50, 40, 5, BOUND_LOWER, false);
    tt_store(&tt, key, MOVE_NONE, 60, 45, 6, BOUND_EXACT, true); /* keeps move 111 */
    ck_assert(tt_probe(&tt, key, &hit));
    ck_assert_uint_eq(hit.move, 111);
    ck_assert_int_eq(hit.score, 60);
    ck_assert_int_eq(hit.eval, 45);
    ck_assert_int_eq(hit.depth, 6);
    ck_assert_int_eq(hit.bound, BOUND_EXACT);
    ck_assert(hit.pv);
    tt_store(&tt, key, 222, -5, 0, 2, BOUND_UPPER, false); /* 2 + 4 <= 6, same age: ignored */
    ck_assert(tt_probe(&tt, key, &hit));
    ck_assert_uint_eq(hit.move, 111);
    ck_assert_int_eq(hit.depth, 6);
    tt_store(&tt, key, 333, -6, 0, 3, BOUND_UPPER, false); /* 3 + 4 > 6 */
    ck_assert(tt_probe(&tt, key, &hit));
    ck_assert_uint_eq(hit.move, 333);
    ck_assert_int_eq(hit.depth, 3);
    ck_assert_int_eq(hit.bound, BOUND_UPPER);
    tt_store(&tt, key, 444, 7, 0, 20, BOUND_LOWER, false);
    tt_store(&tt, key, MOVE_NONE, 8, 0, 0, BOUND_EXACT, false); /* exact always writes */
    ck_assert(tt_probe(&tt, key, &hit));
    ck_assert_uint_eq(hit.move, 444);
    ck_assert_int_eq(hit.depth, 0);
    tt_store(&tt, key, 555, 9, 0, 20, BOUND_LOWER, false);
    tt_new_search(&tt);
    tt_store(&tt, key, 666, 10, 0, -1, BOUND_UPPER, false); /* a new search's entry replaces */
    ck_assert(tt_probe(&tt, key, &hit));
    ck_assert_uint_eq(hit.move, 666);
    ck_assert_int_eq(hit.depth, -1);
    /* all those updates took one slot: three more keys fit beside it */
    for (uint32_t n = 2; n < 5; n++) put(&tt, key_in_cluster(&tt, 77, n), 1, BOUND_UPPER);
    for (uint32_t n = 1; n < 5; n++) ck_assert(has(&tt, key_in_cluster(&tt, 77, n)));
    tt_free(&tt);
}
END_TEST

START_TEST(test_clear) {
    TT tt;
    table_1mb(&tt);
    for (uint32_t i = 0; i < 5000; i++) put(&tt, key_in_cluster(&tt, i % 1200, i), 4, BOUND_EXACT);
    ck_assert_int_gt(tt_hashfull(&tt), 0);
    tt_clear(&tt);
    for (uint32_t i = 0; i < 5000; i++) ck_assert(!has(&tt, key_in_cluster(&tt, i % 1200, i)));
    ck_assert_int_eq(tt_hashfull(&tt), 0);
    Key key = key_in_cluster(&tt, 1, 1);
    put(&tt, key, 2, BOUND_LOWER);
    ck_assert(has(&tt, key));
    /* 65535 clears bring the epoch back to the same number: the wipe on the way must have
     * removed the entry, or it would come back to life */
    for (int i = 0; i < 65535; i++) tt_clear(&tt);
    ck_assert(!has(&tt, key));
    put(&tt, key, 2, BOUND_LOWER);
    ck_assert(has(&tt, key));
    tt_free(&tt);
}
END_TEST

START_TEST(test_hashfull) {
    TT tt;
    table_1mb(&tt);
    ck_assert_int_eq(tt_hashfull(&tt), 0);
    for (size_t c = 0; c < 1000; c++)
        for (uint32_t n = 0; n < 2; n++) put(&tt, key_in_cluster(&tt, c, n), 3, BOUND_EXACT);
    ck_assert_int_eq(tt_hashfull(&tt), 500);
    for (size_t c = 1000; c < 2000; c++) put(&tt, key_in_cluster(&tt, c, 0), 3, BOUND_EXACT); /* not sampled */
    ck_assert_int_eq(tt_hashfull(&tt), 500);
    for (size_t c = 0; c < 1000; c++)
        for (uint32_t n = 2; n < 4; n++) put(&tt, key_in_cluster(&tt, c, n), 3, BOUND_EXACT);
    ck_assert_int_eq(tt_hashfull(&tt), 1000);
    tt_new_search(&tt);
    ck_assert_int_eq(tt_hashfull(&tt), 0);
    for (size_t c = 0; c < 1000; c++) put(&tt, key_in_cluster(&tt, c, 9), 3, BOUND_EXACT);
    ck_assert_int_eq(tt_hashfull(&tt), 250); /* one of four per cluster is of this search */
    tt_clear(&tt);
    ck_assert_int_eq(tt_hashfull(&tt), 0);
    tt_free(&tt);
}
END_TEST

START_TEST(test_resize) {
    TT tt = {0};
    const size_t mb[] = {1, 16, 0};
    for (size_t i = 0; i < sizeof mb / sizeof mb[0]; i++) {
        ck_assert_int_eq(tt_resize(&tt, mb[i]), 0);
        size_t bytes = (mb[i] ? mb[i] : 1) << 20;
        ck_assert_uint_eq(tt.cluster_count, bytes / 64);
        ck_assert_uint_eq((uintptr_t)tt.clusters % 64, 0);
        ck_assert_int_eq(tt_hashfull(&tt), 0);
        Key first = key_in_cluster(&tt, 0, 1), last = key_in_cluster(&tt, tt.cluster_count - 1, 2);
        ck_assert(!has(&tt, first)); /* a fresh table */
        put(&tt, first, 5, BOUND_EXACT);
        put(&tt, last, 6, BOUND_LOWER);
        ck_assert(has(&tt, first));
        ck_assert(has(&tt, last));
        ck_assert(!has(&tt, UINT64_MAX));
    }
    /* a size that cannot be had fails and keeps the table */
    ck_assert_int_eq(tt_resize(&tt, SIZE_MAX / 1024), -1);
    ck_assert_uint_eq(tt.cluster_count, (1u << 20) / 64);
    ck_assert(has(&tt, key_in_cluster(&tt, 0, 1)));
    tt_free(&tt);
    ck_assert(!has(&tt, 1)); /* a freed table is empty and ignores stores */
    put(&tt, 1, 5, BOUND_EXACT);
    tt_prefetch(&tt, 1);
    ck_assert_int_eq(tt_hashfull(&tt), 0);
    ck_assert_int_eq(tt_resize(&tt, 1), 0);
    put(&tt, 1, 5, BOUND_EXACT);
    ck_assert(has(&tt, 1));
    tt_free(&tt);
}
END_TEST

/* tt_touch (USI isready) makes every page of a fresh table resident and keeps what it holds. */
START_TEST(test_touch) {
    TT tt = {0};
    ck_assert_int_eq(tt_resize(&tt, 16), 0);
    Key k = key_in_cluster(&tt, tt.cluster_count / 2, 3);
    put(&tt, k, 5, BOUND_EXACT);
    ck_assert(!tt.touched);
    tt_touch(&tt);
    ck_assert(tt.touched);
    ck_assert(has(&tt, k));
    long page = sysconf(_SC_PAGESIZE);
    size_t bytes = tt.cluster_count * 64;
    uintptr_t start = (uintptr_t)tt.clusters & ~(uintptr_t)(page - 1);
    size_t len = (uintptr_t)tt.clusters + bytes - start, pages = (len + (size_t)page - 1) / (size_t)page;
    unsigned char *vec = malloc(pages);
    ck_assert_int_eq(mincore((void *)start, len, vec), 0);
    size_t resident = 0;
    for (size_t i = 0; i < pages; i++) resident += vec[i] & 1;
    ck_assert_uint_eq(resident, pages);
    free(vec);
    ck_assert_int_eq(tt_resize(&tt, 1), 0); /* a new table is untouched again */
    ck_assert(!tt.touched);
    tt_free(&tt);
}
END_TEST

/* Racing threads on 4 clusters. Every field of an entry is a function of its key and depth, so
 * a probe that returned words from two different stores would show up as a mismatch. */
enum { RACE_CLUSTERS = 4, RACE_KEYS = 16, RACE_OPS = 200000 };
typedef struct {
    TT *tt;
    uint64_t seed;
    long hits, bad; /* bad: mixed entries returned, or hashfull out of range */
} Racer;

static uint64_t next_random(uint64_t *s) {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}
static Move race_move(Key key, int depth) {
    return (Move)(key & 0xffff) * 64 + (Move)(depth + 8);
} /* never MOVE_NONE */
static int race_score(Key key, int depth) { return (int)(key % 1000) * 30 - 15000 + depth; }

static void *race(void *arg) {
    Racer *r = arg;
    for (int i = 0; i < RACE_OPS; i++) {
        uint64_t x = next_random(&r->seed);
        Key key = key_in_cluster(r->tt, x % RACE_CLUSTERS, (uint32_t)(x >> 8) % RACE_KEYS * 0x01000193u);
        int depth = (int)((x >> 20) % 40) - 7;
        if (x & (1u << 30)) {
            tt_store(r->tt, key, race_move(key, depth), race_score(key, depth), -depth, depth, BOUND_EXACT, depth & 1);
            continue;
        }
        TTHit h;
        if (!tt_probe(r->tt, key, &h)) continue;
        r->hits++;
        r->bad += h.move != race_move(key, h.depth) || h.score != race_score(key, h.depth) || h.eval != -h.depth ||
                  h.bound != BOUND_EXACT || h.pv != (h.depth & 1);
        if ((i & 4095) == 0) r->bad += tt_hashfull(r->tt) > 1000;
    }
    return NULL;
}

START_TEST(test_race) {
    TT tt;
    table_1mb(&tt);
    Racer r[2] = {{.tt = &tt, .seed = 0x1234567887654321ull}, {.tt = &tt, .seed = 0x0fedcba987654321ull}};
    pthread_t th[2];
    for (int i = 0; i < 2; i++) ck_assert_int_eq(pthread_create(&th[i], NULL, race, &r[i]), 0);
    for (int i = 0; i < 2; i++) pthread_join(th[i], NULL);
    ck_assert_int_gt(r[0].hits + r[1].hits, 0);
    ck_assert_int_eq(r[0].bad + r[1].bad, 0);
    tt_free(&tt);
}
END_TEST

/* The filler thread backs the block without writing it: what the table's user writes while
 * it runs, and after, stays; the rest reads zero. */
START_TEST(test_fill_keeps_writes) {
    BigMem m;
    size_t bytes = BIGMEM_FILL, stride = 64 << 10;
    unsigned char *p = bigmem_alloc(&m, bytes);
    ck_assert_ptr_nonnull(p);
    bigmem_fill_async(&m);
    for (size_t i = 0; i < bytes; i += stride) p[i] = (unsigned char)(i / stride % 251 + 1);
    usleep(300 * 1000);
    for (size_t i = stride / 2; i < bytes; i += stride) p[i] = (unsigned char)(i / stride % 241 + 2);
    usleep(1500 * 1000); /* the filler has passed every page by now (0.8 s for 256 MB here) */
    size_t bad = 0;
    for (size_t i = 0; i < bytes; i += stride / 4) {
        unsigned char want = i % stride == 0            ? (unsigned char)(i / stride % 251 + 1)
                             : i % stride == stride / 2 ? (unsigned char)(i / stride % 241 + 2)
                                                        : 0;
        bad += p[i] != want;
    }
    ck_assert_uint_eq(bad, 0);
    bigmem_free(&m);
    ck_assert_ptr_null(m.filler);
}
END_TEST

Suite *suite_tt(void) {
    Suite *s = suite_create("tt");
    TCase *tc = tcase_create("entries");
    tcase_add_test(tc, test_round_trip);
    tcase_add_test(tc, test_miss);
    tcase_add_test(tc, test_same_key_update);
    suite_add_tcase(s, tc);
    tc = tcase_create("replacement");
    tcase_add_test(tc, test_free_slot_before_eviction);
    tcase_add_test(tc, test_replace_shallowest);
    tcase_add_test(tc, test_replace_oldest);
    suite_add_tcase(s, tc);
    tc = tcase_create("table");
    tcase_add_test(tc, test_clear);
    tcase_add_test(tc, test_hashfull);
    tcase_add_test(tc, test_resize);
    tcase_add_test(tc, test_touch);
    suite_add_tcase(s, tc);
    tc = tcase_create("threads");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_race);
    tcase_add_test(tc, test_fill_keeps_writes);
    suite_add_tcase(s, tc);
    return s;
}
