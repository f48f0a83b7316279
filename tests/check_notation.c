/* check_notation.c - SFEN round trips over the shared data files, and rejection of every kind
 * of malformed SFEN or move with a message that names the problem (nothing may crash). */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

static int non_canonical; /* rows whose hand order differs from ours */

/* parse -> pos_to_sfen must give back the same string. */
static void assert_round_trip(const char *variant, const char *sfen) {
    const Variant *v = variant_find(variant);
    Position *pos = malloc(sizeof *pos);
    char err[256], out[512];
    ck_assert_msg(pos_set_sfen(pos, v, NULL, sfen, err, sizeof err) == 0, "%s: %s", sfen, err);
    pos_to_sfen(pos, out, sizeof out);
    if (strcmp(out, sfen)) {
        /* a hand written in another order ("SBG3ps") comes back canonical: same position */
        Position *again = malloc(sizeof *again);
        char out2[512];
        ck_assert_msg(pos_set_sfen(again, v, NULL, out, err, sizeof err) == 0, "%s: %s", out, err);
        pos_to_sfen(again, out2, sizeof out2);
        ck_assert_str_eq(out2, out);
        ck_assert_uint_eq(pos_key(again), pos_key(pos));
        ck_assert(!strncmp(out, sfen, (size_t)(strchr(sfen, ' ') - sfen) + 3));
        non_canonical++;
        free(again);
    }
    free(pos);
}

/* Every SFEN column of a shared perft table (rows other than "startpos"). Returns the count. */
static int round_trip_file(const char *file, int sfen_col, int variant_col, const char *variant) {
    TestTsv t;
    int n = 0;
    for (test_tsv_open(&t, file); test_tsv_next(&t);) {
        if (t.ncols <= sfen_col || !strcmp(t.cols[sfen_col], "startpos")) continue;
        assert_round_trip(variant_col >= 0 ? t.cols[variant_col] : variant, t.cols[sfen_col]);
        n++;
    }
    test_tsv_close(&t);
    return n;
}

START_TEST(round_trip_data_files) {
    ck_assert_int_eq(round_trip_file("perft/perft_std.tsv", 1, 0, NULL), 272);
    ck_assert_int_eq(round_trip_file("perft/shogi.tsv", 0, -1, "shogi"), 3);
    ck_assert_int_eq(round_trip_file("perft/micro.tsv", 0, -1, "micro"), 3);
    ck_assert_int_eq(round_trip_file("perft/nana.tsv", 0, -1, "nana"), 3);
    ck_assert_int_eq(non_canonical, 47); /* e.g. scalashogi's "SBG3ps"; the other 228 are exact */
}
END_TEST

START_TEST(round_trip_start_positions) {
    assert_round_trip("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    assert_round_trip("micro", "kb+r+l/p3/4/3P/+L+RBK b - 1");
    assert_round_trip("nana", "3/3/3 b KRBkrb 1");
    assert_round_trip("micro", "kb1+l/3r/p3/4/+L+RBK b p 5");
    assert_round_trip("nana", "kcT/1RD/2K w Br 14");
}
END_TEST

/* Non-canonical input is accepted and written canonically (hand order R B G S N L P). */
START_TEST(canonical_output) {
    Position *pos = test_position("shogi", "sfen 8k/9/9/9/9/9/9/9/K8 b P2r1bPgG 7");
    char out[256];
    pos_to_sfen(pos, out, sizeof out);
    ck_assert_str_eq(out, "8k/9/9/9/9/9/9/9/K8 b G2P2rbg 7");
    free(pos);
}
END_TEST

/* ---- bad SFEN ------------------------------------------------------------------------------ */

static void assert_bad_sfen(const char *variant, const char *sfen, const char *phrase) {
    const Variant *v = variant_find(variant);
    Position *pos = malloc(sizeof *pos);
    char err[256] = "";
    int rc = pos_set_sfen(pos, v, NULL, sfen, err, sizeof err);
    ck_assert_msg(rc == -1, "%s: '%s' accepted", variant, sfen);
    ck_assert_msg(strstr(err, phrase) != NULL, "%s: '%s': message '%s' lacks '%s'", variant, sfen, err, phrase);
    free(pos);
}

START_TEST(bad_sfen_shogi) {
    const char *S = "shogi";
    assert_bad_sfen(S, "lnsgkgsnl/1r5b/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                    "row 2 from the top has 8 squares, expected 9");
    assert_bad_sfen(S, "lnsgkgsnl/1r5b11/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                    "row 2 from the top has too many squares");
    assert_bad_sfen(S, "lnsgkgsnl/1r5bp1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                    "row 2 from the top has too many squares");
    assert_bad_sfen(S, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1", "8 ranks, expected 9");
    assert_bad_sfen(S, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL/9 b - 1", "more than 9 ranks");
    assert_bad_sfen(S, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1", "unknown piece 'X'");
    assert_bad_sfen(S, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS+GKGSNL b - 1", "unknown piece '+G'");
    assert_bad_sfen(S, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN+ b - 1", "unexpected character");
    assert_bad_sfen(S, "lnsgkgsnl/1r5b1/ppppppppp/9/0/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "empty run of 0");
    assert_bad_sfen(S, "lnsgkgsnl/1r5b1/ppppppppp/9/99999999999999999999/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                    "row 5 from the top has too many squares");
    assert_bad_sfen(S, "lnsgkgsnl/1r5b1/ppppppppp/9/4294967305/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                    "row 5 from the top has too many squares");
    /* too many of a kind: the set's 2 rooks twice over is 4 (docs/rules.md, Material) */
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K4 b 3R2r 1", "too many pieces of kind R (5, at most 4)");
    assert_bad_sfen(S, "+r3k4/9/9/9/9/9/9/9/+R3K4 b 3R 1", "too many pieces of kind R (5, at most 4)");
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K4 b 37P 1", "too many pieces of kind P");
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K4 b 0P 1", "hand: count 0");
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K4 b 3 1", "count 3 without a piece");
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K4 b 65P 1", "count 65 too large");
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K4 b 64P64P64P64P 1", "hand: count of 'P' too large (more than 64)");
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K4 b K 1", "'K' is not a piece that can be held");
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K4 b +P 1", "hand: unexpected character '+'");
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K4 b X 1", "'X' is not a piece that can be held");
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/3KK4 b - 1", "Black has 2 pieces of kind K (at most 1)");
    assert_bad_sfen(S, "4kk3/9/9/9/9/9/9/9/4K4 b - 1", "White has 2 pieces of kind K");
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K4", "SFEN needs board and side to move (got 1 field)");
    assert_bad_sfen(S, "", "SFEN needs board and side to move (got 0 fields)");
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K4 b", "SFEN has no hand field");
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K4 x - 1", "side to move must be b or w, not 'x'");
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K4 B - 1", "side to move must be b or w");
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K4 b - 0", "move number '0' is not a number from 1 to 100000");
    /* a number too large was called "not a positive number" (docs/reliability.md) */
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K4 b - 2147483647", "'2147483647' is not a number from 1 to 100000");
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K4 b - 1x", "move number '1x'");
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K4 b - -3", "move number '-3'");
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K4 b - 1 extra", "unexpected extra field 'extra'");
    /* rule-based rejections */
    assert_bad_sfen(S, "P3k4/9/9/9/9/9/9/9/4K4 b - 1", "could never move");
    assert_bad_sfen(S, "4k4/9/9/9/9/9/9/9/4K3n b - 1", "could never move");
    assert_bad_sfen(S, "4k4/9/9/4P4/9/4P4/9/9/4K4 b - 1", "two P of one side on a file");
    assert_bad_sfen(S, "4k4/4R4/9/9/9/9/9/9/4K4 b - 1", "the side not to move is in check");
}
END_TEST

START_TEST(bad_sfen_micro_nana) {
    assert_bad_sfen("micro", "kb+r+l/p3/4/3P/+L+RBK b - 1 2", "unexpected extra field");
    assert_bad_sfen("micro", "kb+r+l/p3/4/3P/+L+RBKP b - 1", "row 5 from the top has too many squares");
    assert_bad_sfen("micro", "kb+r+l/p3/4/3P/+L+RBK b +P 1", "hand: unexpected character '+'");
    assert_bad_sfen("micro", "kb+r+l/p3/4/3P/+L+RBK b N 1", "'N' is not a piece that can be held");
    assert_bad_sfen("micro", "kb+r+l/p3/4/3P/+L+RBK b 3P 1", "too many pieces of kind P (5, at most 4)");
    assert_bad_sfen("micro", "kk+r+l/p3/4/3P/+L+RBK b - 1", "White has 2 pieces of kind K");
    /* nana: state letters are not hand letters (nana.md 1.3) */
    static const char *const states[] = {"C", "W", "G", "T", "S", "D"};
    for (int i = 0; i < 6; i++) {
        char sfen[64], phrase[64];
        snprintf(sfen, sizeof sfen, "3/3/3 b K%sk 1", states[i]);
        snprintf(phrase, sizeof phrase, "'%s' is not a piece that can be held", states[i]);
        assert_bad_sfen("nana", sfen, phrase);
        snprintf(sfen, sizeof sfen, "3/3/3 b Kk%c 1", states[i][0] + 32);
        snprintf(phrase, sizeof phrase, "'%c' is not a piece that can be held", states[i][0] + 32);
        assert_bad_sfen("nana", sfen, phrase);
    }
    assert_bad_sfen("nana", "3/3/3 b K+Rk 1", "hand: unexpected character '+'");
    assert_bad_sfen("nana", "+R2/3/K1k b - 1", "unknown piece '+R'");
    assert_bad_sfen("nana", "3/3/3 b KKk 1", "Black has 2 pieces of kind K (at most 1)");
    assert_bad_sfen("nana", "K2/3/K1k b - 1", "Black has 2 pieces of kind K");
    assert_bad_sfen("nana", "3/3/3 b KRBkrb3R 1", "too many pieces of kind R (5, at most 4)");
    assert_bad_sfen("nana", "3/3 b KRBkrb 1", "2 ranks, expected 3");
    assert_bad_sfen("nana", "3/3/3 w KRBkrb x", "move number 'x'");
}
END_TEST

/* ---- bad moves ----------------------------------------------------------------------------- */

static void assert_bad_move(const char *variant, const char *spec, const char *move, const char *phrase) {
    Position *pos = test_position(variant, spec);
    Move m = 0;
    char err[256] = "", before[512], after[512];
    pos_to_sfen(pos, before, sizeof before);
    ck_assert_msg(move_parse(pos, move, NOTATION_USI, &m, err, sizeof err) == -1, "%s: '%s' accepted", spec, move);
    ck_assert_msg(strstr(err, phrase) != NULL, "'%s': message '%s' lacks '%s'", move, err, phrase);
    pos_to_sfen(pos, after, sizeof after);
    ck_assert_str_eq(before, after);
    free(pos);
}

START_TEST(bad_moves) {
    assert_bad_move("shogi", "startpos", "7g7e", "illegal move '7g7e'");
    assert_bad_move("shogi", "startpos", "5a5b", "illegal move");          /* not our piece */
    assert_bad_move("shogi", "startpos", "2h2c", "illegal move");          /* blocked slide */
    assert_bad_move("shogi", "startpos", "7g7f+", "illegal move '7g7f+'"); /* no promotion there */
    assert_bad_move("shogi", "startpos", "P*5e", "illegal move 'P*5e'");   /* empty hand */
    assert_bad_move("shogi", "sfen 8k/9/9/9/9/9/9/9/K8 b P 1", "P*1a", "illegal move");
    assert_bad_move("shogi", "sfen 8k/9/8P/9/9/9/9/9/K8 b P 1", "P*1e", "illegal move");   /* nifu */
    assert_bad_move("shogi", "sfen k8/9/1GN6/9/9/9/9/9/8K b P 1", "P*9b", "illegal move"); /* drop mate */
    assert_bad_move("shogi", "sfen k8/9/1GN6/9/9/9/9/9/8K b P 1", "7c8a", "illegal move"); /* must promote */
    assert_bad_move("shogi", "startpos", "", "malformed move");
    assert_bad_move("shogi", "startpos", "7g", "malformed move '7g'");
    assert_bad_move("shogi", "startpos", "7g7f++", "malformed move");
    assert_bad_move("shogi", "startpos", "0g7f", "malformed move");
    assert_bad_move("shogi", "startpos", "7z7f", "malformed move");
    assert_bad_move("shogi", "startpos", "7g7j", "malformed move");
    assert_bad_move("shogi", "startpos", "P*", "malformed move");
    assert_bad_move("shogi", "startpos", "*5e", "malformed move");
    assert_bad_move("shogi", "startpos", "hello", "malformed move 'hello'");
    assert_bad_move("shogi", "startpos", "7g7f 3c3d", "malformed move");
    char longmove[200];
    memset(longmove, '7', sizeof longmove - 1);
    longmove[sizeof longmove - 1] = 0;
    assert_bad_move("shogi", "startpos", longmove, "malformed move");
    assert_bad_move("micro", "startpos", "1d1c+", "illegal move");
    assert_bad_move("micro", "startpos", "5e4e", "malformed move");
    assert_bad_move("nana", "startpos", "R*1a", "illegal move"); /* king first */
    assert_bad_move("nana", "startpos", "K*2b", "illegal move"); /* centre */
    assert_bad_move("nana", "sfen k2/1C1/2K b Bb 1", "2b2a+", "illegal move");
}
END_TEST

/* A bad move inside a position spec leaves the target untouched and names the move. */
START_TEST(bad_spec) {
    const Variant *v = variant_find("shogi");
    Position *pos = test_position("shogi", "startpos");
    char err[256], before[256], after[256];
    pos_to_sfen(pos, before, sizeof before);
    ck_assert_int_eq(position_parse_spec(pos, v, NULL, "startpos moves 7g7f 3c3d 8h2b 2b3c", err, sizeof err), -1);
    ck_assert_str_eq(err, "illegal move '2b3c'"); /* 2b holds Black's bishop, White to move */
    ck_assert_int_eq(position_parse_spec(pos, v, NULL, "startpos extra", err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "unexpected 'extra' after startpos"));
    ck_assert_int_eq(position_parse_spec(pos, v, NULL, "   ", err, sizeof err), -1);
    ck_assert_str_eq(err, "no position given");
    pos_to_sfen(pos, after, sizeof after);
    ck_assert_str_eq(before, after);
    free(pos);
}
END_TEST

Suite *suite_notation(void) {
    Suite *s = suite_create("notation");
    TCase *tc = tcase_create("sfen");
    tcase_set_timeout(tc, 60); /* child processes / data files; slow under sanitizers */
    tcase_add_test(tc, round_trip_data_files);
    tcase_add_test(tc, round_trip_start_positions);
    tcase_add_test(tc, canonical_output);
    tcase_add_test(tc, bad_sfen_shogi);
    tcase_add_test(tc, bad_sfen_micro_nana);
    suite_add_tcase(s, tc);
    tc = tcase_create("moves");
    tcase_add_test(tc, bad_moves);
    tcase_add_test(tc, bad_spec);
    suite_add_tcase(s, tc);
    return s;
}
