/* check_gameend.c - pos_game_result (mate, stalemate, sennichite, perpetual check, nana's
 * options) on positions built by replaying moves, and the entering-king declaration
 * (src/declare.c) under each EnteringKingRule setting. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#include "../src/declare.h"

/* Play a space-separated list of USI moves; each must be legal. */
static void play(Position *pos, const char *moves) { test_play(pos, NOTATION_USI, moves); }

static void assert_result(Position *pos, GameResult want, const char *reason) {
    char got[64];
    GameResult r = pos_game_result(pos, got, sizeof got);
    ck_assert_msg(r == want, "result %d (%s), expected %d (%s)", r, got, want, reason);
    ck_assert_str_eq(got, reason);
}

START_TEST(shogi_checkmate) {
    Position *pos = test_position("shogi", "sfen 8k/8G/8P/9/9/9/9/9/K8 w - 1");
    ck_assert(pos_in_check(pos));
    assert_result(pos, RESULT_LOSS, "checkmate");
    free(pos);
    /* the same mate reached by a move; one move earlier the game goes on */
    pos = test_position("shogi", "sfen 8k/9/8P/9/9/9/9/9/K8 b G 1");
    assert_result(pos, RESULT_NONE, "");
    play(pos, "G*1b");
    assert_result(pos, RESULT_LOSS, "checkmate");
    free(pos);
}
END_TEST

START_TEST(shogi_stalemate) {
    Position *pos = test_position("shogi", "sfen 8k/9/6N+P1/9/9/9/9/9/K8 w - 1");
    ck_assert(!pos_in_check(pos));
    ck_assert_uint_eq(movegen_count(pos), 0);
    assert_result(pos, RESULT_LOSS, "no legal move");
    free(pos);
}
END_TEST

/* Kings walk out and back: the start position occurs for the 4th time after 12 plies. */
START_TEST(shogi_sennichite) {
    Position *pos = test_position("shogi", "startpos");
    for (int cycle = 0; cycle < 3; cycle++) {
        assert_result(pos, RESULT_NONE, "");
        play(pos, "5i4h 5a4b 4h5i");
        assert_result(pos, RESULT_NONE, "");
        play(pos, "4b5a");
        ck_assert_int_eq(pos_repetitions(pos), cycle + 1);
    }
    assert_result(pos, RESULT_DRAW, "repetition");
    free(pos);
}
END_TEST

/* A 10-ply cycle made of drops and king captures: hands change and change back. The 4th
 * occurrence is a draw (neither side checked with every move). Needs position keys that do
 * not depend on the path (hands keyed by XOR, like the board). */
START_TEST(shogi_sennichite_through_drops) {
    Position *pos = test_position("shogi", "sfen 8k/9/9/9/9/9/9/9/K8 b Gg 1");
    const char *cycle = "G*2b 1a2b 9i9h 2b1a 9h9i G*8h 9i8h 1a1b 8h9i 1b1a";
    Key start = pos_key(pos);
    for (int i = 0; i < 3; i++) {
        assert_result(pos, RESULT_NONE, "");
        play(pos, cycle);
        ck_assert_uint_eq(pos_key(pos), start);
        ck_assert_int_eq(pos_repetitions(pos), i + 1);
    }
    assert_result(pos, RESULT_DRAW, "repetition");
    free(pos);
}
END_TEST

/* The key of a position reached through captures and drops equals the key of the same
 * position set up directly (repetition detection compares such keys). */
START_TEST(keys_path_independent) {
    static const char *const rows[][2] = {
        {"sfen 8k/9/9/9/9/9/9/9/K8 b Gg 1 moves G*2b 1a2b", "sfen 9/7k1/9/9/9/9/9/9/K8 b 2g 3"},
        {"startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e B*6e 4e3d 6e7f",
         "sfen lnsgkg1nl/1r5s1/pppppp1pp/6B2/9/2b6/PP1PPPPPP/7R1/LNSGKGSNL b Pp 9"},
    };
    for (int i = 0; i < 2; i++) {
        Position *a = test_position("shogi", rows[i][0]), *b = test_position("shogi", rows[i][1]);
        char sa[256], sb[256];
        pos_to_sfen(a, sa, sizeof sa);
        pos_to_sfen(b, sb, sizeof sb);
        ck_assert_str_eq(sa, rows[i][1] + 5);
        ck_assert_str_eq(sb, rows[i][1] + 5);
        ck_assert_uint_eq(pos_key(a), pos_key(b));
        free(a);
        free(b);
    }
}
END_TEST

/* Black's rook checks on every move of the cycle: the checker loses, whoever is to move. */
START_TEST(shogi_perpetual_check) {
    const char *start = "sfen 8k/9/9/9/4R4/9/9/9/K8 b - 1 moves 5e1e";
    const char *cycle = "1a2a 1e2e 2a1a 2e1e";
    Position *pos = test_position("shogi", start);
    for (int i = 0; i < 3; i++) {
        assert_result(pos, RESULT_NONE, "");
        play(pos, cycle);
    }
    /* 4th occurrence with White (the checked side) to move: White wins */
    ck_assert_int_eq(pos->stm, WHITE);
    assert_result(pos, RESULT_WIN, "perpetual check");
    play(pos, "1a2a");
    /* the 4th occurrence of the position after 1a2a, Black (the checker) to move: Black loses */
    assert_result(pos, RESULT_LOSS, "perpetual check");
    free(pos);
}
END_TEST

/* The search scores a position at its 2nd occurrence by the verdict the 4th would get. */
START_TEST(shogi_perpetual_check_foreseen) {
    Position *pos = test_position("shogi", "sfen 8k/9/9/9/4R4/9/9/9/K8 b - 1 moves 5e1e");
    char reason[64];
    ck_assert_int_eq(pos_repetition_result(pos, 2, reason, sizeof reason), RESULT_NONE);
    play(pos, "1a2a 1e2e 2a1a 2e1e");
    ck_assert_int_eq(pos_repetition_result(pos, 4, reason, sizeof reason), RESULT_NONE);
    ck_assert_int_eq(pos_repetition_result(pos, 2, reason, sizeof reason), RESULT_WIN);
    ck_assert_str_eq(reason, "perpetual check");
    play(pos, "1a2a");
    ck_assert_int_eq(pos_repetition_result(pos, 2, NULL, 0), RESULT_LOSS);
    /* a quiet cycle is a plain draw */
    Position *q = test_position("shogi", "sfen 8k/9/9/9/4R4/9/9/9/K8 b - 1 moves 9i9h 1a2a 9h9i 2a1a");
    ck_assert_int_eq(pos_repetition_result(q, 2, reason, sizeof reason), RESULT_DRAW);
    ck_assert_str_eq(reason, "repetition");
    free(q);
    free(pos);
}
END_TEST

START_TEST(nana_stalemate_option) {
    const char *sfen = "sfen 2k/3/KCD w - 1";
    Position *pos = test_position("nana", sfen);
    ck_assert(!pos_in_check(pos));
    assert_result(pos, RESULT_LOSS, "no legal move");
    free(pos);
    pos = test_position_with("nana", sfen, "NanaStalemate", "draw");
    assert_result(pos, RESULT_DRAW, "no legal move");
    free(pos);
    pos = test_position_with("nana", sfen, "NanaStalemate", "loss");
    assert_result(pos, RESULT_LOSS, "no legal move");
    free(pos);
}
END_TEST

/* nana.md 3.8: plain 4-fold repetition is a draw; kings shuffle (kings never roll). */
START_TEST(nana_repetition) {
    for (int opt = 0; opt < 2; opt++) {
        Position *pos =
            test_position_with("nana", "sfen K2/3/2k b - 1", opt ? "NanaPerpetualCheckLoses" : NULL, "true");
        ck_assert_int_eq(pos->rules.perpetual_check_loses, opt);
        for (int i = 0; i < 3; i++) {
            assert_result(pos, RESULT_NONE, "");
            play(pos, "3a3b 1c1b 3b3a 1b1c");
        }
        assert_result(pos, RESULT_DRAW, "repetition"); /* no checks: a draw either way */
        free(pos);
    }
}
END_TEST

/* An 8-ply cycle in which every Black move checks (the bishop cube rolls B->T->S->D->B while
 * stepping around the king on 2a): a draw by default, a loss for Black (the checker, to move at
 * the 4th occurrence) with NanaPerpetualCheckLoses. */
START_TEST(nana_perpetual_check) {
    const char *cycle = "2b3c 2a3a 3c2b 3a2a 2b1a 2a3a 1a2b 3a2a";
    for (int opt = 0; opt < 2; opt++) {
        Position *pos =
            test_position_with("nana", "sfen 1k1/1BR/1CK b B 15", opt ? "NanaPerpetualCheckLoses" : NULL, "true");
        for (int i = 0; i < 3; i++) {
            assert_result(pos, RESULT_NONE, "");
            play(pos, cycle);
        }
        if (opt)
            assert_result(pos, RESULT_LOSS, "perpetual check");
        else
            assert_result(pos, RESULT_DRAW, "repetition");
        free(pos);
    }
}
END_TEST

/* nana rule 6 through pos_game_result: the mate of 4.4 is only reachable with an empty hand. */
START_TEST(nana_rule6_mate) {
    Position *pos = test_position("nana", "sfen kwB/3/K2 b b 1");
    play(pos, "1a2b");
    assert_result(pos, RESULT_LOSS, "checkmate");
    free(pos);
    pos = test_position("nana", "sfen kwB/3/K2 b Rb 1");
    ck_assert(!movegen_is_legal(pos, move_make(2, 4))); /* 1a (sq 2) to 2b (sq 4) */
    assert_result(pos, RESULT_NONE, "");
    free(pos);
}
END_TEST

/* ---- entering-king declaration --------------------------------------------------------- */

/* 10 pieces in Black's zone (R, B = 5 each, 8 tokins = 1 each: 18 points), king on 1a. */
#define BLACK_ZONE "+R+B+P+P+P+P+P+PK/+P+P7/9/9/9/9/9/9/4k4"
/* Mirror for White: king on 1i, 10 pieces on ranks h-i. */
#define WHITE_ZONE "4K4/9/9/9/9/9/9/7+p+p/+r+b+p+p+p+p+p+pk"

static void assert_declare(const char *sfen, const char *rule, bool want, int points, int needed) {
    Position *pos = test_position_with("shogi", sfen, rule ? "EnteringKingRule" : NULL, rule);
    DeclarationInfo d;
    bool got = pos_declaration_win(pos, &d);
    ck_assert_msg(got == want, "%s (%s): declaration %d, expected %d (points %d of %d)", sfen, rule ? rule : "default",
                  got, want, d.points, d.points_needed);
    ck_assert_int_eq(d.points, points);
    ck_assert_int_eq(d.points_needed, needed);
    free(pos);
}

START_TEST(declare_csa27) {
    /* qualifies: 18 on the board + R B in hand = 28 for Black */
    assert_declare("sfen " BLACK_ZONE " b RB 1", NULL, true, 28, 28);
    assert_declare("sfen " BLACK_ZONE " b RB 1", "CSARule27", true, 28, 28);
    /* 27 points: not enough for Black (the first mover needs 28) ... */
    assert_declare("sfen " BLACK_ZONE " b R4P 1", NULL, false, 27, 28);
    /* ... but enough for White */
    assert_declare("sfen " WHITE_ZONE " w r4p 1", NULL, true, 27, 27);
    assert_declare("sfen " WHITE_ZONE " w r3p 1", NULL, false, 26, 27);
    /* too few points */
    assert_declare("sfen " BLACK_ZONE " b R 1", NULL, false, 23, 28);
    /* the opponent's hand does not count */
    assert_declare("sfen " BLACK_ZONE " b R2P 1", NULL, false, 25, 28);
}
END_TEST

START_TEST(declare_conditions) {
    DeclarationInfo d;
    /* king outside the zone (1d), everything else as in the qualifying position */
    Position *pos = test_position("shogi", "sfen +R+B+P+P+P+P+P+P1/+P+P7/9/8K/9/9/9/9/4k4 b RB 1");
    ck_assert(!pos_declaration_win(pos, &d));
    ck_assert(!d.royal_in_zone);
    ck_assert_int_eq(d.points, 28);
    ck_assert_int_eq(d.pieces_in_zone, 10);
    free(pos);
    /* in check from a rook on 1e */
    pos = test_position("shogi", "sfen "
                                 "+R+B+P+P+P+P+P+PK/+P+P7/9/9/8r/9/9/9/4k4 b RB 1");
    ck_assert(!pos_declaration_win(pos, &d));
    ck_assert(d.in_check && d.royal_in_zone);
    ck_assert_int_eq(d.points, 28);
    free(pos);
    /* only 9 pieces in the zone, although 29 points */
    pos = test_position("shogi", "sfen +R+B+P+P+P+P+P+PK/+P8/9/9/9/9/9/9/4k4 b RB2P 1");
    ck_assert(!pos_declaration_win(pos, &d));
    ck_assert_int_eq(d.pieces_in_zone, 9);
    ck_assert_int_eq(d.points, 29);
    free(pos);
    /* pieces outside the zone do not count: a dragon on 9d instead of 9a */
    pos = test_position("shogi", "sfen 1+B+P+P+P+P+P+PK/+P+P7/+P8/+R8/9/9/9/9/4k4 b RB 1");
    ck_assert(!pos_declaration_win(pos, &d));
    ck_assert_int_eq(d.pieces_in_zone, 10);
    ck_assert_int_eq(d.points, 24);
    free(pos);
    /* reached by a move: the king steps into the zone */
    pos = test_position("shogi", "sfen +R+B+P+P+P+P+P+P1/+P+P7/9/8K/9/9/9/9/4k4 b RB 1 moves 1d1c 5i5h");
    ck_assert(pos_declaration_win(pos, &d));
    free(pos);
}
END_TEST

START_TEST(declare_other_rules) {
    /* 24-point rule, Shogidokoro/YaneuraOu convention: 31 points wins, for either side */
    assert_declare("sfen " BLACK_ZONE " b RB 1", "CSARule24", false, 28, 31);
    assert_declare("sfen " BLACK_ZONE " b RB3P 1", "CSARule24", true, 31, 31);
    assert_declare("sfen " WHITE_ZONE " w rb3p 1", "CSARule24", true, 31, 31);
    assert_declare("sfen " WHITE_ZONE " w rb2p 1", "CSARule24", false, 30, 31);
    /* no declaration at all */
    assert_declare("sfen " BLACK_ZONE " b RB3P 1", "NoEnteringKing", false, 31, 0);
    /* games without points or zone never declare */
    Position *pos = test_position("micro", "startpos");
    ck_assert(!pos_declaration_win(pos, NULL));
    free(pos);
    pos = test_position("nana", "sfen kwB/3/K2 b Rb 1");
    ck_assert(!pos_declaration_win(pos, NULL));
    free(pos);
    /* the option rejects unknown values */
    Rules r = variant_find("shogi")->defaults;
    char err[128];
    ck_assert_int_eq(r.impasse, IMPASSE_CSA27);
    ck_assert_int_eq(rules_set_option(variant_find("shogi"), &r, "EnteringKingRule", "CSARule30", err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "unknown value 'CSARule30'"));
}
END_TEST

Suite *suite_gameend(void) {
    Suite *s = suite_create("gameend");
    TCase *tc = tcase_create("result");
    tcase_add_test(tc, shogi_checkmate);
    tcase_add_test(tc, shogi_stalemate);
    tcase_add_test(tc, shogi_sennichite);
    tcase_add_test(tc, shogi_sennichite_through_drops);
    tcase_add_test(tc, keys_path_independent);
    tcase_add_test(tc, shogi_perpetual_check);
    tcase_add_test(tc, shogi_perpetual_check_foreseen);
    tcase_add_test(tc, nana_stalemate_option);
    tcase_add_test(tc, nana_repetition);
    tcase_add_test(tc, nana_perpetual_check);
    tcase_add_test(tc, nana_rule6_mate);
    suite_add_tcase(s, tc);
    tc = tcase_create("declaration");
    tcase_add_test(tc, declare_csa27);
    tcase_add_test(tc, declare_conditions);
    tcase_add_test(tc, declare_other_rules);
    suite_add_tcase(s, tc);
    return s;
}
