/* check_mate.c - the tsume solver (engine/mate.c) on shared/data/tsume/tsume_std.tsv:
 * every row up to 7 plies in make test (9 plies in make test-long): the exact mate
 * length, a line that is legal move by move, checks on every attacker move and ends with the
 * defender left with nothing but futile interposing drops (tsume convention); "none<=N" rows
 * must give no mate within N plies. */
#include <stdio.h>
#include <string.h>

#include "../engine/mate.h"
#include "testutil.h"

/* The two 13-ply rows are not solved yet (the solver reports no mate within 13 plies). */
enum { QUICK_MAX_PLIES = 7, LONG_MAX_PLIES = 9 };

/* Verify a mating line from pos (restored afterwards). */
static void assert_mating_line(Position *pos, const Move *line, int length, const char *sfen) {
    for (int i = 0; i < length; i++) {
        ck_assert_msg(movegen_is_legal(pos, line[i]), "%s: move %d of the line is illegal", sfen, i + 1);
        pos_do_move(pos, line[i]);
        if (i % 2 == 0) ck_assert_msg(pos_in_check(pos), "%s: attacker move %d gives no check", sfen, i + 1);
    }
    /* mate: in check, and no reply left but (futile) interposing drops */
    MoveList list;
    movegen_legal(pos, &list);
    ck_assert_msg(pos_in_check(pos), "%s: the line does not end in check", sfen);
    for (int i = 0; i < list.size; i++)
        ck_assert_msg(move_is_drop(list.moves[i]), "%s: the defender still has a move at the end", sfen);
    for (int i = 0; i < length; i++) pos_undo_move(pos);
}

static void run_rows(int max_plies, int min_plies) {
    TestTsv tsv;
    int tested = 0;
    for (test_tsv_open(&tsv, "tsume/tsume_std.tsv"); test_tsv_next(&tsv);) {
        if (tsv.ncols < 2) continue;
        const char *sfen = tsv.cols[0], *len = tsv.cols[1];
        int want = 0, none_within = 0;
        if (sscanf(len, "none<=%d", &none_within) != 1 && sscanf(len, "%d", &want) != 1) continue;
        int plies = want ? want : none_within;
        if (plies > max_plies || plies < min_plies) continue;
        char spec[1200];
        snprintf(spec, sizeof spec, "sfen %s", sfen);
        Position *pos = test_position("shogi", spec);
        MateControl c = {.stop = NULL, .deadline_ms = -1, .max_plies = plies};
        Move line[MAX_PLY];
        int n = 0;
        MateStatus s = mate_search(pos, &c, line, &n);
        if (want) {
            ck_assert_msg(s == MATE_FOUND, "%s: no mate found (status %d), want %d plies", sfen, s, want);
            ck_assert_msg(n == want, "%s: mate in %d plies, want %d", sfen, n, want);
            assert_mating_line(pos, line, n, sfen);
        } else
            ck_assert_msg(s == MATE_NONE, "%s: status %d, want no mate within %d plies", sfen, s, none_within);
        free(pos);
        tested++;
    }
    test_tsv_close(&tsv);
    ck_assert_int_gt(tested, 0);
}

START_TEST(tsume_quick) { run_rows(QUICK_MAX_PLIES, 0); }
END_TEST

START_TEST(tsume_long) {
    if (test_long()) run_rows(LONG_MAX_PLIES, QUICK_MAX_PLIES + 1);
}
END_TEST

/* No checking move at all: no mate, found at once. Chu has no checkmate: unsupported. */
START_TEST(no_checks_and_unsupported) {
    Position *pos = test_position("shogi", "startpos");
    MateControl c = {.deadline_ms = -1};
    Move line[MAX_PLY];
    int n = -1;
    ck_assert_int_eq(mate_search(pos, &c, line, &n), MATE_NONE);
    ck_assert_int_eq(n, 0);
    free(pos);
    pos = test_position("chu", "startpos");
    ck_assert_int_eq(mate_search(pos, &c, line, &n), MATE_UNSUPPORTED);
    free(pos);
}
END_TEST

/* The usi-probe problem: 5 plies, this exact line (longest defence, shortest attack). */
START_TEST(probe_problem) {
    Position *pos = test_position("shogi", "sfen 5n2k/5l3/5B3/6R2/9/9/9/9/K8 b G 1");
    MateControl c = {.deadline_ms = -1};
    Move line[MAX_PLY];
    int n = 0;
    ck_assert_int_eq(mate_search(pos, &c, line, &n), MATE_FOUND);
    char text[256] = "";
    for (int i = 0; i < n; i++) {
        char m[32];
        move_format(pos, line[i], NOTATION_USI, m, sizeof m);
        strcat(text, i ? " " : "");
        strcat(text, m);
        pos_do_move(pos, line[i]);
    }
    ck_assert_str_eq(text, "3d3a+ 1a1b 4c3d+ 1b1c 3a1a");
    free(pos);
}
END_TEST

Suite *suite_mate(void) {
    Suite *s = suite_create("mate");
    TCase *tc = tcase_create("tsume");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, tsume_quick);
    tcase_add_test(tc, tsume_long);
    tcase_add_test(tc, no_checks_and_unsupported);
    tcase_add_test(tc, probe_problem);
    suite_add_tcase(s, tc);
    return s;
}
