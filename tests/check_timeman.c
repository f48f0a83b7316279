/* check_timeman.c - the time budget per clock kind (engine/timeman.c): exact soft and hard
 * limits for the clocks GUIs send, and the property the soak showed missing (at 1 s + 0.05 s
 * the soft limit must exceed the increment, or the main time is never spent). */
#include <check.h>
#include <string.h>

#include "../engine/timeman.h"
#include "testutil.h"

static SearchLimits clock_limits(int64_t left, int64_t inc, int64_t byo) {
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.time[BLACK] = left;
    l.time[WHITE] = left;
    l.inc[BLACK] = l.inc[WHITE] = inc;
    l.byoyomi = byo;
    return l;
}

START_TEST(fischer_spends_the_main_time) {
    SearchLimits l = clock_limits(1000, 50, 0);
    TimeBudget b = tm_budget(&l, BLACK);
    /* target 1000/40 + 50 = 75: soft 3/4 of it, hard 3 targets (below left/4 + inc = 300) */
    ck_assert_int_eq(b.soft_ms, 56);
    ck_assert_int_eq(b.hard_ms, 225);
    ck_assert_int_gt(b.soft_ms, l.inc[BLACK]);
    l = clock_limits(10000, 100, 0); /* chu and wa's 10 s + 0.1 s: target 350 */
    b = tm_budget(&l, WHITE);
    ck_assert_int_eq(b.soft_ms, 262);
    ck_assert_int_eq(b.hard_ms, 1050);
}
END_TEST

START_TEST(low_clock_stays_inside_it) {
    SearchLimits l = clock_limits(120, 50, 0); /* 120 ms left: the margin (50) comes off first */
    TimeBudget b = tm_budget(&l, BLACK);
    ck_assert_int_le(b.hard_ms, 120 - 50);
    ck_assert_int_le(b.soft_ms, b.hard_ms);
    l = clock_limits(0, 0, 0); /* nothing left, no increment: the minimum think time only */
    b = tm_budget(&l, BLACK);
    ck_assert_int_eq(b.hard_ms, 10);
}
END_TEST

START_TEST(byoyomi_and_movetime_use_it_all) {
    SearchLimits l = clock_limits(0, 0, 1000); /* byoyomi alone: think to the margin */
    TimeBudget b = tm_budget(&l, BLACK);
    ck_assert_int_eq(b.soft_ms, 900);
    ck_assert_int_eq(b.hard_ms, 900);
    memset(&l, 0, sizeof l);
    l.time[BLACK] = l.time[WHITE] = -1;
    l.movetime = 500;
    b = tm_budget(&l, BLACK);
    ck_assert_int_eq(b.soft_ms, 450);
    ck_assert_int_eq(b.hard_ms, 450);
    l.movetime = 0; /* no clock at all: no time limit */
    b = tm_budget(&l, BLACK);
    ck_assert_int_eq(b.soft_ms, -1);
    ck_assert_int_eq(b.hard_ms, -1);
}
END_TEST

Suite *suite_timeman(void) {
    Suite *s = suite_create("timeman");
    TCase *tc = tcase_create("budget");
    tcase_add_test(tc, fischer_spends_the_main_time);
    tcase_add_test(tc, low_clock_stays_inside_it);
    tcase_add_test(tc, byoyomi_and_movetime_use_it_all);
    suite_add_tcase(s, tc);
    return s;
}
