/* check_wa.c - wa shogi with and without drops (shared/rules/wa.md): worked examples, special
 * rules, perft rows from shared/data/perft/wa*.tsv, XBoard FEN and move text, and the move
 * generator bugs that first showed on 11x11 with jumps and range-limited sliders. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#include "../engine/perft.h"

/* ---- move generator fixes ---------------------------------------------------------------- */

/* A jump cannot be blocked: against the fox's (2,2) jump check only king moves help. */
START_TEST(test_jump_check_not_blockable) {
    Position *pos = test_position("wa-nodrop", "fen 5k5/11/11/11/11/11/11/11/2x8/11/3WK6 w 0 1");
    ck_assert_moves(pos, NOTATION_XBOARD, "e1e2 e1f1 e1f2");
    free(pos);
    pos = test_position("wa", "fen 5k5/11/11/11/11/11/11/11/2x8/11/4K6[S] w 0 1");
    ck_assert_moves(pos, NOTATION_XBOARD, "e1d1 e1e2 e1f1 e1f2");
    free(pos);
}
END_TEST

/* A pinned fox may jump along the pin line, but not over its pinner (Sjaak II: 7 moves). */
START_TEST(test_pinned_jumper_stays_between) {
    Position *pos = test_position("wa-nodrop", "fen 5k5/11/11/11/11/11/11/3+s7/3X7/11/3K7 w 0 1");
    ck_assert_moves(pos, NOTATION_XBOARD, "d1c1 d1c2 d1d2 d1e1 d1e2 d3d2 d3d4");
    free(pos);
}
END_TEST

Suite *suite_wa(void) {
    Suite *s = suite_create("wa");
    TCase *tc = tcase_create("movegen");
    tcase_add_test(tc, test_jump_check_not_blockable);
    tcase_add_test(tc, test_pinned_jumper_stays_between);
    suite_add_tcase(s, tc);
    return s;
}
