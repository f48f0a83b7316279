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

/* The budget for `left` ms on Black's clock, increment and byoyomi as given: soft and hard
 * limits exactly (-1: that limit is not checked). */
static TimeBudget expect_budget(int64_t left, int64_t inc, int64_t byo, int64_t soft, int64_t hard) {
    SearchLimits l = clock_limits(left, inc, byo);
    TimeBudget b = tm_budget(&l, BLACK);
    if (soft >= 0) ck_assert_int_eq(b.soft_ms, soft);
    if (hard >= 0) ck_assert_int_eq(b.hard_ms, hard);
    return b;
}

START_TEST(fischer_spends_the_main_time) {
    /* 1 s + 0.05 s: 5 increments (250) kept in reserve, target 750/40 + 50 = 68, soft 3/4 of
     * it, hard 3 targets (below 750/4 + inc = 237); the soft limit stays above the increment */
    TimeBudget b = expect_budget(1000, 50, 0, 51, 204);
    ck_assert_int_gt(b.soft_ms, 50);
    expect_budget(10000, 100, 0, 252, 1011); /* chu and wa's 10 s + 0.1 s: 500 in reserve, target 337 */
    expect_budget(600000, 5000, 0, (599000 / 40 + 5000) * 3 / 4, -1); /* the reserve is 1 s at most */
}
END_TEST

/* Under an increment the clock is not spent below 5 increments (1 s at most): below that a
 * move may use 9/10 of the increment, so the clock climbs back and a late reply (a busy
 * machine) does not lose on time (a 100-game match at 10 s + 0.1 s lost a game so). */
START_TEST(fischer_keeps_a_reserve) {
    expect_budget(300, 100, 0, 75, 90);  /* below the reserve: under the increment */
    expect_budget(600, 100, 0, -1, 125); /* 100 above the reserve: a little more than the increment */
    expect_budget(300, 0, 0, 10, 21);    /* sudden death: no reserve, 40 moves to go */
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
    tcase_add_test(tc, fischer_keeps_a_reserve);
    tcase_add_test(tc, low_clock_stays_inside_it);
    tcase_add_test(tc, byoyomi_and_movetime_use_it_all);
    suite_add_tcase(s, tc);
    return s;
}
