/* check_mate_tt.c - the mate solver's table (engine/mate/mate_tt.c): which entry a full cluster
 * gives up, and one table taking over another's contents. */
#include <check.h>

#include "../engine/mate/mate_int.h"
#include "testutil.h"

/* Keys of one cluster: the cluster index is the key's low bits. */
static uint64_t key_in_cluster(const MateTable *t, int i) { return 5 + (uint64_t)(i + 1) * t->clusters; }

static void store_estimate(MateTable *t, uint64_t key, uint32_t amount) {
    MateHand h = {{0}};
    MateResult r = {.pn = 3, .dn = 4, .len = REM_NONE, .hand = h};
    mtt_store(t, key, &h, &r, amount);
}

static bool has(const MateTable *t, uint64_t key) {
    MateHand h = {{0}};
    MateResult r;
    return mtt_lookup(t, key, &h, REM_NONE, &r);
}

/* An entry of older generations goes before one the search has just written, even when the
 * old one had more work below it. Before session 18 the old entries kept their full worth until
 * a garbage collection, and two new estimates in a full cluster evicted each other (docs/mate.md:
 * the second loop of Microcosmos). */
START_TEST(full_cluster_keeps_the_new_entries) {
    MateTable t = {0};
    ck_assert_int_eq(mtt_init(&t, 64), 0);
    for (int i = 0; i < CLUSTER; i++) store_estimate(&t, key_in_cluster(&t, i), 5);
    for (int i = 0; i < 2 * AGE_TICKS; i++) mtt_collect(&t); /* two generations, no collection */
    uint64_t a = key_in_cluster(&t, CLUSTER), b = key_in_cluster(&t, CLUSTER + 1);
    store_estimate(&t, a, 0);
    store_estimate(&t, b, 0);
    ck_assert_msg(has(&t, a), "the first new estimate was evicted by the second");
    ck_assert(has(&t, b));
    int old = 0;
    for (int i = 0; i < CLUSTER; i++) old += has(&t, key_in_cluster(&t, i));
    ck_assert_int_eq(old, CLUSTER - 2);
    /* within one generation the work below an entry decides: the old ones go, then an estimate */
    for (int i = 0; i < CLUSTER - 1; i++) store_estimate(&t, key_in_cluster(&t, CLUSTER + 2 + i), 7);
    for (int i = 0; i < CLUSTER; i++) ck_assert(!has(&t, key_in_cluster(&t, i)));
    for (int i = 0; i < CLUSTER - 1; i++) ck_assert(has(&t, key_in_cluster(&t, CLUSTER + 2 + i)));
    ck_assert_int_eq(has(&t, a) + has(&t, b), 1);
    mtt_free(&t);
}
END_TEST

/* mtt_take: a helper of the first proof's portfolio resolved the root in its own table, and
 * the solver reads the line from that table (engine/mate/parallel.c). The taker has the
 * giver's entries, size, hand slots and fill; the giver is left empty (freeing it is safe). */
START_TEST(take_moves_a_table) {
    MateTable big = {0}, small = {0};
    ck_assert_int_eq(mtt_init(&big, 256), 0);
    ck_assert_int_eq(mtt_init(&small, 64), 0);
    small.hand_slots = 7;
    uint64_t k = key_in_cluster(&small, 3), kb = key_in_cluster(&big, 1);
    store_estimate(&big, kb, 0);
    for (uint64_t i = 0; i < 40; i++) store_estimate(&small, k + i, 9); /* 40 clusters, one entry each */
    ck_assert(!has(&big, k));
    size_t clusters = small.clusters;
    int full = mtt_hashfull(&small);
    ck_assert_int_gt(full, 0);
    mtt_take(&big, &small);
    for (uint64_t i = 0; i < 40; i++) ck_assert(has(&big, k + i));
    ck_assert(!has(&big, kb)); /* big's own contents are gone */
    ck_assert_uint_eq(big.clusters, clusters);
    ck_assert_int_eq(big.hand_slots, 7);
    ck_assert_int_eq(mtt_hashfull(&big), full);
    ck_assert_ptr_null(small.c);
    mtt_free(&small);
    store_estimate(&big, key_in_cluster(&big, 5), 0); /* still a working table */
    ck_assert(has(&big, key_in_cluster(&big, 5)));
    mtt_free(&big);
}
END_TEST

Suite *suite_mate_tt(void) {
    Suite *s = suite_create("mate_tt");
    TCase *tc = tcase_create("table");
    tcase_add_test(tc, full_cluster_keeps_the_new_entries);
    tcase_add_test(tc, take_moves_a_table);
    suite_add_tcase(s, tc);
    return s;
}
