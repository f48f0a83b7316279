/* check_wa.c - wa shogi with and without drops (shared/rules/wa.md): worked examples, special
 * rules, perft rows from shared/data/perft/wa*.tsv, XBoard FEN and move text, and the move
 * generator bugs that first showed on 11x11 with jumps and range-limited sliders. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#include "../engine/perft.h"

#define WA_START_FEN "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH"

/* Legal move count; also checks that the counting path agrees with the move list. */
static uint64_t count_moves(Position *pos) {
    MoveList list;
    movegen_legal(pos, &list);
    uint64_t n = movegen_count(pos);
    ck_assert_uint_eq((uint64_t)list.size, n);
    return n;
}

/* A position of the drop game under rule set `rules` ("modern" or "free"). */
static Position *wa_position(const char *rules, const char *spec) {
    return test_position_with("wa", spec, "Wa drop rules", rules);
}

static bool has_move(Position *pos, const char *text) { return test_has_move(pos, NOTATION_XBOARD, text); }

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

/* ---- wa.md 7: worked examples (exact lists and counts) --------------------------------- */

static const char *const EX1_MOVES =
    "a1a2 a3a4 b1a2 b1c2 b3b4 c1c2 c3c4 d1c2 d1d2 d1e2 d3b5 d3c2 d3c4 d3d2 d3d5 d3e2 d3e4 d3f5 d4d5 "
    "e1d2 e1e2 e3e4 f1e2 f1g2 f2c2 f2d2 f2e2 f2g2 f2h2 f2i2 f3f4 g1g2 g1h2 g3g4 h1g2 h1i2 h3g2 h3g4 "
    "h3h2 h3i2 h3i4 h4h5 i1i2 i3i4 j1i2 j1k2 j2i2 j2k2 j3j4 k1k2 k3k4";

START_TEST(test_example1_start) {
    const char *games[] = {"wa-nodrop", "wa"};
    for (int i = 0; i < 2; i++) {
        Position *pos = test_position(games[i], "startpos");
        ck_assert_moves(pos, NOTATION_XBOARD, EX1_MOVES);
        ck_assert_uint_eq(count_moves(pos), 51);
        free(pos);
        pos = test_position(games[i], "fen " WA_START_FEN " w 0 1");
        ck_assert_moves(pos, NOTATION_XBOARD, EX1_MOVES);
        free(pos);
    }
}
END_TEST

/* wa.md 3: P and O must promote on the last rank; the liberated horse need not. */
START_TEST(test_example2_forced_promotion) {
    Position *pos = test_position("wa-nodrop", "fen 5k5/4P6/11/4P6/11/11/11/11/11/11/O4K4H w 0 1");
    ck_assert_moves(pos, NOTATION_XBOARD,
                    "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1a9 a1a9+ a1a10 a1a10+ a1a11+ e8e9 e8e9+ e10e11+ "
                    "f1e1 f1e2 f1f2 f1g1 f1g2 k1k2 k1k3 k1k4 k1k5 k1k6 k1k7 k1k8 k1k9 k1k9+ k1k10 k1k10+ "
                    "k1k11 k1k11+");
    ck_assert(!has_move(pos, "a1a11"));
    ck_assert(!has_move(pos, "e10e11"));
    ck_assert(has_move(pos, "k1k11"));
    free(pos);
    /* the same for White, whose last rank is rank 1 */
    pos = test_position("wa-nodrop", "fen o4k4h/11/11/11/11/11/11/11/6p4/11/5K5 b 0 1");
    ck_assert(has_move(pos, "a11a1+") && !has_move(pos, "a11a1"));
    ck_assert(has_move(pos, "k11k1") && has_move(pos, "k11k1+"));
    ck_assert(has_move(pos, "g3g2") && has_move(pos, "g3g2+"));
    free(pos);
}
END_TEST

START_TEST(test_example3_jumps) {
    Position *pos = test_position("wa-nodrop", "fen 5k5/11/11/11/11/3p7/11/3X1+H5/11/11/5K5 w 0 1");
    ck_assert_moves(pos, NOTATION_XBOARD,
                    "d4b2 d4b6 d4c3 d4c5 d4d2 d4d3 d4d5 d4d6 d4e3 d4e5 d4f2 d4f6 f1e1 f1e2 f1f2 f1g1 f1g2 "
                    "f4e2 f4e6 f4g2 f4g6");
    free(pos);
}
END_TEST

START_TEST(test_example4_check_along_file) {
    Position *pos = test_position("wa-nodrop", "fen 4k6/4e6/11/11/11/11/11/11/11/11/4K6 w 0 1");
    ck_assert_moves(pos, NOTATION_XBOARD, "e1d1 e1d2 e1f1 e1f2");
    free(pos);
}
END_TEST

START_TEST(test_example5_fox_power) {
    Position *pos = test_position("wa-nodrop", "fen 11/11/11/11/5k5/11/2+R2U5/11/11/11/5K5 b 0 1");
    ck_assert_moves(pos, NOTATION_XBOARD, "f7e6 f7e8 f7f8 f7g6 f7g7 f7g8");
    free(pos);
}
END_TEST

/* wa.md 4 rule 3 and 7.6: no P or O drop on the last rank; the horse may go there. */
START_TEST(test_example6_dead_rank_drops) {
    const char *hands[] = {"P", "O", "H"};
    const uint64_t modern[] = {114, 114, 124};
    for (int i = 0; i < 3; i++) {
        char spec[160];
        snprintf(spec, sizeof spec, "fen 5k5/11/11/11/11/11/11/11/11/11/5K5[%s] w 0 1", hands[i]);
        Position *pos = wa_position("modern", spec);
        ck_assert_uint_eq(count_moves(pos), modern[i]);
        char drop[16];
        snprintf(drop, sizeof drop, "%s@a11", hands[i]);
        ck_assert(has_move(pos, drop) == (i == 2));
        snprintf(drop, sizeof drop, "%s@a10", hands[i]);
        ck_assert(has_move(pos, drop));
        free(pos);
        pos = wa_position("free", spec); /* free: a dropped piece is a piece */
        ck_assert_uint_eq(count_moves(pos), 124);
        free(pos);
    }
    /* White's last rank is rank 1 */
    Position *pos = wa_position("modern", "fen 5k5/11/11/11/11/11/11/11/11/11/5K5[p] b 0 1");
    ck_assert(!has_move(pos, "P@a1") && has_move(pos, "P@a2"));
    ck_assert_uint_eq(count_moves(pos), 114);
    free(pos);
}
END_TEST

/* Under `free` a pawn may be dropped on the last rank, so such a position must be readable:
 * the position of a game after P@a11 round-trips through the FEN. */
START_TEST(test_free_drop_positions_parse) {
    Position *pos = wa_position("free", "fen 5k5/11/11/11/11/11/P10/11/11/11/5K5[PP] w 0 1 moves P@a11 f11e11 P@a10");
    char fen[512], spec[600];
    fen_format(pos, fen, sizeof fen);
    ck_assert_str_eq(fen, "P3k6/P10/11/11/11/11/P10/11/11/11/5K5[-] b 0 2");
    snprintf(spec, sizeof spec, "fen %s", fen);
    Position *again = wa_position("free", spec);
    ck_assert(pos_key(again) == pos_key(pos));
    ck_assert_uint_eq(count_moves(again), count_moves(pos));
    free(again);
    free(pos);
    /* under modern rules the same position is malformed */
    const Variant *v = variant_find("wa");
    char err[256];
    pos = malloc(sizeof *pos);
    ck_assert_int_ne(fen_parse(pos, v, NULL, "P3k6/11/11/11/11/11/11/11/11/11/5K5[-] b 0 2", err, sizeof err), 0);
    ck_assert(strstr(err, "could never move") != NULL);
    free(pos);
}
END_TEST

/* wa.md 4 rule 1 and 7.7: nifu. */
START_TEST(test_example7_nifu) {
    Position *pos = wa_position("modern", "fen 5k5/11/11/11/11/11/P10/11/11/11/5K5[P] w 0 1");
    ck_assert_uint_eq(count_moves(pos), 105);
    ck_assert(!has_move(pos, "P@a3") && has_move(pos, "P@b3") && has_move(pos, "a5a6"));
    free(pos);
    pos = wa_position("free", "fen 5k5/11/11/11/11/11/P10/11/11/11/5K5[P] w 0 1");
    ck_assert_uint_eq(count_moves(pos), 124); /* 118 drops + a5a6 + 5 king moves */
    ck_assert(has_move(pos, "P@a3") && has_move(pos, "P@a11"));
    free(pos);
    /* a promoted pawn does not count for nifu */
    pos = wa_position("modern", "fen 5k5/11/11/11/11/11/+P10/11/11/11/5K5[P] w 0 1");
    ck_assert(has_move(pos, "P@a3"));
    free(pos);
}
END_TEST

/* wa.md 4 rule 2: a pawn drop may not mate; allowed again with `Wa drop rules`=free.
 * (Sjaak II refuses P@f10 in play but lists it in perft: its perft 1 here is 125.) */
START_TEST(test_pawn_drop_mate) {
    const char *fen = "fen 4pkp4/11/5W5/11/11/11/11/11/11/11/5K5[P] w 0 1";
    Position *pos = wa_position("modern", fen);
    ck_assert(!has_move(pos, "P@f10"));
    ck_assert(has_move(pos, "P@e10")); /* a pawn drop that does not check stays legal */
    ck_assert_uint_eq(count_moves(pos), 124);
    free(pos);
    pos = wa_position("free", fen);
    ck_assert(has_move(pos, "P@f10") && has_move(pos, "P@a11"));
    ck_assert_uint_eq(count_moves(pos), 133); /* also P@f10 and the 8 empty squares of rank 11 */
    free(pos);
    /* a checking pawn drop that is not mate is legal: g11 empty gives the king a flight */
    pos = wa_position("modern", "fen 4pk5/11/5W5/11/11/11/11/11/11/11/5K5[P] w 0 1");
    ck_assert(has_move(pos, "P@f10"));
    free(pos);
    /* other pieces may mate by a drop: an oxcart on f10 */
    pos = wa_position("modern", "fen 4pkp4/11/5W5/11/11/11/11/11/11/11/5K5[O] w 0 1");
    ck_assert(has_move(pos, "O@f10"));
    free(pos);
}
END_TEST

/* wa.md 4: captured pieces go to hand unpromoted (+R -> R, +D -> D, not X or W). */
START_TEST(test_capture_to_hand_unpromoted) {
    const char *start = "5k5/11/11/11/11/11/11/11/11/2+d+r7/3W1K5";
    const struct {
        const char *game, *move, *fen;
    } rows[] = {
        {"wa", "d1d2", "5k5/11/11/11/11/11/11/11/11/2+dW7/5K5[R] b 0 1"},
        {"wa", "d1c2", "5k5/11/11/11/11/11/11/11/11/2W+r7/5K5[D] b 0 1"},
        {"wa-nodrop", "d1d2", "5k5/11/11/11/11/11/11/11/11/2+dW7/5K5 b 0 1"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char spec[256], fen[512];
        snprintf(spec, sizeof spec, "fen %s w 0 1 moves %s", start, rows[i].move);
        Position *pos = test_position(rows[i].game, spec);
        fen_format(pos, fen, sizeof fen);
        ck_assert_str_eq(fen, rows[i].fen);
        free(pos);
    }
    Position *pos = test_position("wa", "fen 5k5/11/11/11/11/11/11/11/11/2+dW7/5K5[R] w 0 1");
    ck_assert(has_move(pos, "R@e5") && !has_move(pos, "+R@e5") && !has_move(pos, "X@e5"));
    free(pos);
}
END_TEST

/* ---- perft --------------------------------------------------------------------------------- */

/* Every row of shared/data/<file> (position, depth, nodes, source); Sjaak II checked. */
static void perft_file(const char *game, const char *file) {
    TestTsv tsv;
    int rows = 0;
    for (test_tsv_open(&tsv, file); test_tsv_next(&tsv);) {
        if (tsv.ncols < 3) continue;
        const char *fen = tsv.cols[0], *depth = tsv.cols[1], *nodes = tsv.cols[2];
        char spec[1024];
        snprintf(spec, sizeof spec, "%s%s", strcmp(fen, "startpos") ? "fen " : "", fen);
        Position *pos = test_position(game, spec);
        uint64_t got = perft(pos, atoi(depth));
        ck_assert_msg(got == strtoull(nodes, NULL, 10), "%s %s depth %s: %llu, expected %s", game, fen, depth,
                      (unsigned long long)got, nodes);
        free(pos);
        rows++;
    }
    test_tsv_close(&tsv);
    ck_assert_int_ge(rows, 5);
}

START_TEST(test_perft_data_drops) { perft_file("wa", "perft/wa.tsv"); }
END_TEST

START_TEST(test_perft_data_nodrop) { perft_file("wa-nodrop", "perft/wa-nodrop.tsv"); }
END_TEST

/* Start position, both games; counts from Sjaak II (perft 3 = 126574, 4 = 6158810). */
START_TEST(test_perft_start) {
    const char *games[] = {"wa", "wa-nodrop"};
    for (int i = 0; i < 2; i++) {
        Position *pos = test_position(games[i], "startpos");
        ck_assert_uint_eq(perft(pos, 3), 126574);
        ck_assert_uint_eq(perft(pos, 4), 6158810);
        free(pos);
    }
}
END_TEST

/* Long: start position depth 5, as counted by Sjaak II. */
START_TEST(test_perft_start_deep) {
    if (!test_long()) return;
    const struct {
        const char *game;
        uint64_t nodes;
    } rows[] = {{"wa-nodrop", 290003954}, {"wa", 290018689}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        Position *pos = test_position(rows[i].game, "startpos");
        ck_assert_uint_eq(perft(pos, 5), rows[i].nodes);
        free(pos);
    }
}
END_TEST

/* ---- XBoard FEN and move text ------------------------------------------------------------- */

static void assert_fen_round_trip(const char *game, const char *fen, const char *expected) {
    char spec[1100], out[1024], again[1024];
    snprintf(spec, sizeof spec, "fen %s", fen);
    Position *pos = test_position(game, spec);
    fen_format(pos, out, sizeof out);
    ck_assert_str_eq(out, expected);
    snprintf(spec, sizeof spec, "fen %s", out);
    Position *pos2 = test_position(game, spec);
    fen_format(pos2, again, sizeof again);
    ck_assert_str_eq(again, out);
    ck_assert(pos_key(pos) == pos_key(pos2));
    ck_assert_uint_eq(perft(pos, 1), perft(pos2, 1));
    free(pos);
    free(pos2);
}

START_TEST(test_fen_round_trip) {
    /* what we write: holdings in brackets, [-] when empty (drop game only) */
    assert_fen_round_trip("wa", WA_START_FEN "[-] w 0 1", WA_START_FEN "[-] w 0 1");
    assert_fen_round_trip("wa-nodrop", WA_START_FEN " w 0 1", WA_START_FEN " w 0 1");
    /* other spellings we accept */
    const char *alts[] = {"[] w 0 1", " w 0 1", " w - 0 1", "[-] w - 0 1", " [-] w 0 1", "[] w", " w"};
    for (size_t i = 0; i < sizeof alts / sizeof alts[0]; i++) {
        char fen[512];
        snprintf(fen, sizeof fen, "%s%s", WA_START_FEN, alts[i]);
        assert_fen_round_trip("wa", fen, WA_START_FEN "[-] w 0 1");
    }
    /* holdings: Black's uppercase first, each side in piece-table order */
    assert_fen_round_trip("wa", WA_START_FEN "[dPP] b 0 7", WA_START_FEN "[PPd] b 0 7");
    assert_fen_round_trip("wa",
                          "hm2v5E/e1lskw1g+R2/pppP1pp4/11/2o8/11/1w9/7P3/PP1GpPP2P1/2D8/O1U2KC1LMH"
                          "[FFDCUPPPPPsrvpppp] b 0 35",
                          "hm2v5E/e1lskw1g+R2/pppP1pp4/11/2o8/11/1w9/7P3/PP1GpPP2P1/2D8/O1U2KC1LMH"
                          "[FFDCUPPPPPrvspppp] b 0 35");
    assert_fen_round_trip("wa-nodrop",
                          "1ml1k1vgu1o/he1s4d2/pc2p3x2/1pp2p1p1p1/5w4p/P10/6WP3/1P7P1/6PCP1P/9V1/S2D2KL1MH b 0 39",
                          "1ml1k1vgu1o/he1s4d2/pc2p3x2/1pp2p1p1p1/5w4p/P10/6WP3/1P7P1/6PCP1P/9V1/S2D2KL1MH b 0 39");
    /* after moves: the side flips and the move number counts full moves */
    Position *pos = test_position("wa", "startpos moves h3g4 h9i8 g4g5");
    char out[512];
    fen_format(pos, out, sizeof out);
    ck_assert_str_eq(out, "hmlcvkwgudo/1e3s3f1/ppprppp1ppp/3p3px2/11/11/6R4/3P3P3/PPPXPPP1PPP/1F3S3E1/"
                          "ODUGWKVCLMH[-] b 0 2");
    free(pos);
}
END_TEST

START_TEST(test_fen_rejected) {
    const struct {
        const char *game, *fen, *msg;
    } rows[] = {
        {"wa", WA_START_FEN "[P w 0 1", "missing ']'"},
        {"wa", WA_START_FEN "[K] w 0 1", "'K' is not a piece that can be held"},
        {"wa", WA_START_FEN "[+P] w 0 1", "unexpected character '+'"},
        {"wa", WA_START_FEN "[-] x 0 1", "side to move must be w or b"},
        {"wa", WA_START_FEN, "needs a board and a side to move"},
        {"wa", WA_START_FEN " w 0 1 9", "unexpected field '9'"},
        {"wa", WA_START_FEN " w 0 x", "full-move number 'x' is not a number from 1 to 100000"},
        {"wa", WA_START_FEN " w 0 0", "full-move number '0' is not a number from 1 to 100000"},
        {"wa", WA_START_FEN "[-] b - 0 0", "full-move number '0'"},
        {"wa", WA_START_FEN "[-] w x 1", "half-move clock 'x' is not a number from 0 to 100000"},
        {"wa-nodrop", WA_START_FEN "[P] w 0 1", "holdings in a game without drops"},
        {"wa", "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH w 0 1",
         "10 ranks, expected 11"},
        {"wa", "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p4/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH w 0 1",
         "row 4 from the top has"},
        {"wa", "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/OZUGWKVCLMH w 0 1",
         "unknown piece 'Z'"},
        {"wa", "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODU+KWKVCLMH w 0 1",
         "unknown piece '+K'"},
        {"wa-nodrop", "P4k5/11/11/11/11/11/11/11/11/11/5K5 w 0 1", "could never move"},
        {"wa-nodrop", "5k5/11/11/11/11/11/11/11/11/11/5K4o w 0 1", "could never move"},
        {"wa", "5k5/11/11/11/11/11/11/11/11/11/5K5[50P] w 0 1", "too many pieces of kind P"},
        {"wa", "5k5/4P6/11/4P6/11/11/11/11/11/11/O4K4H w 0 1", "two P of one side on a file"},
        {"wa-nodrop", "5k5/5R5/11/11/11/11/11/11/11/11/5K5 w 0 1", "side not to move is in check"},
        {"wa-nodrop", "5k4k/11/11/11/11/11/11/11/11/11/5K5 w 0 1", "White has 2"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const Variant *v = variant_find(rows[i].game);
        Position *pos = test_position(rows[i].game, "startpos");
        Key before = pos_key(pos);
        char err[256] = "";
        ck_assert_msg(fen_parse(pos, v, NULL, rows[i].fen, err, sizeof err) != 0, "accepted: %s", rows[i].fen);
        ck_assert_msg(strstr(err, rows[i].msg) != NULL, "%s: message '%s' lacks '%s'", rows[i].fen, err, rows[i].msg);
        ck_assert(pos_key(pos) == before); /* the old position is kept */
        free(pos);
    }
}
END_TEST

START_TEST(test_move_text) {
    const Variant *v = variant_find("wa");
    Position *pos = test_position("wa", "fen k10/5P5/11/6P4/11/11/11/11/11/11/1O3K3H1[Pp] w 0 1");
    Move m;
    char err[128], buf[32];
    /* drops: uppercase on output, either case on input */
    ck_assert_int_eq(move_parse(pos, "P@e5", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert(move_is_drop(m) && move_to(m) == 4 * 11 + 4);
    move_format(pos, m, NOTATION_XBOARD, buf, sizeof buf);
    ck_assert_str_eq(buf, "P@e5");
    Move m2;
    ck_assert_int_eq(move_parse(pos, "p@e5", NOTATION_XBOARD, &m2, err, sizeof err), 0);
    ck_assert_uint_eq(m, m2);
    /* promotion, deferral written plainly or with '=' */
    ck_assert_int_eq(move_parse(pos, "g8g9+", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert(move_is_promo(m));
    ck_assert_int_eq(move_parse(pos, "g8g9", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert(!move_is_promo(m));
    ck_assert_int_eq(move_parse(pos, "g8g9=", NOTATION_XBOARD, &m2, err, sizeof err), 0);
    ck_assert_uint_eq(m, m2);
    /* two-digit ranks */
    ck_assert_int_eq(move_parse(pos, "b1b10+", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert_int_eq(move_parse(pos, "j1j11", NOTATION_XBOARD, &m, err, sizeof err), 0);
    move_format(pos, m, NOTATION_XBOARD, buf, sizeof buf);
    ck_assert_str_eq(buf, "j1j11");
    /* forced promotion: the plain move does not exist */
    ck_assert_int_ne(move_parse(pos, "b1b11", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert_str_eq(err, "illegal move 'b1b11'");
    ck_assert_int_ne(move_parse(pos, "f10f11=", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert_str_eq(err, "illegal move 'f10f11='");
    ck_assert_int_ne(move_parse(pos, "P@e11", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert_str_eq(err, "illegal move 'P@e11'");
    ck_assert_int_ne(move_parse(pos, "P@e12", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert_str_eq(err, "malformed move 'P@e12'");
    ck_assert_int_ne(move_parse(pos, "l1l2", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert_str_eq(err, "malformed move 'l1l2'");
    ck_assert_int_ne(move_parse(pos, "g8g9x", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert_str_eq(err, "malformed move 'g8g9x'");
    ck_assert_int_ne(move_parse(pos, "Z@e5", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert_str_eq(err, "illegal move 'Z@e5'");
    free(pos);
    /* a whole position spec with moves, and a bad move in it leaves the position alone */
    pos = test_position("wa", "startpos moves h3g4 h9i8 g4g5 i8h7");
    Key before = pos_key(pos);
    ck_assert_int_ne(position_parse_spec(pos, v, NULL, "startpos moves h3g4 h3g4", err, sizeof err), 0);
    ck_assert_str_eq(err, "illegal move 'h3g4'");
    ck_assert(pos_key(pos) == before);
    free(pos);
}
END_TEST

/* ---- names, options, descriptors ---------------------------------------------------------- */

START_TEST(test_names_and_options) {
    const Variant *wa = variant_find("wa"), *nodrop = variant_find("wa-nodrop");
    ck_assert_ptr_nonnull(wa);
    ck_assert_ptr_nonnull(nodrop);
    ck_assert_ptr_eq(variant_find("crazywa"), wa);
    ck_assert_ptr_eq(variant_find("wa-shogi-drop"), wa);
    ck_assert_ptr_eq(variant_find("wa-shogi"), nodrop);
    ck_assert_str_eq(wa->xboard_name, "crazywa");
    ck_assert_str_eq(nodrop->xboard_name, "wa-shogi");
    ck_assert(wa->xboard_default && nodrop->xboard_default);
    ck_assert(wa->drops && !nodrop->drops);
    char err[256];
    ck_assert_int_eq(variant_validate(wa, err, sizeof err), 0);
    ck_assert_int_eq(variant_validate(nodrop, err, sizeof err), 0);
    /* the option as protocols.md B.1 lists it: combo modern (default) / free */
    ck_assert_int_eq(wa->option_count, 1);
    ck_assert_str_eq(wa->options[0].name, "Wa drop rules");
    ck_assert_str_eq(wa->options[0].choices[0], "modern");
    ck_assert_str_eq(wa->options[0].choices[1], "free");
    ck_assert_ptr_null(wa->options[0].choices[2]);
    Rules r = wa->defaults;
    char text[32];
    ck_assert_str_eq(rules_option_text(&wa->options[0], &r, text, sizeof text), "modern");
    ck_assert_int_eq(rules_set_option(wa, &r, "Wa drop rules", "free", err, sizeof err), 0);
    ck_assert_int_eq(r.free_drops, 1);
    ck_assert_int_ne(rules_set_option(wa, &r, "Wa drop rules", "ancient", err, sizeof err), 0);
    ck_assert_str_eq(err, "option Wa drop rules: unknown value 'ancient'");
    ck_assert_int_ne(rules_set_option(nodrop, &r, "Wa drop rules", "free", err, sizeof err), 0);
    ck_assert_int_eq(nodrop->option_count, 0);
}
END_TEST

/* ---- wa.md 6: repetition --------------------------------------------------------------------- */

static GameResult result_after(const char *game, const char *spec) {
    Position *pos = test_position(game, spec);
    char reason[64];
    GameResult r = pos_game_result(pos, reason, sizeof reason);
    free(pos);
    return r;
}

START_TEST(test_repetition) {
    const char *games[] = {"wa", "wa-nodrop"};
    for (int i = 0; i < 2; i++) {
        /* kings shuffle: the 4th occurrence is a draw, the 3rd is not */
        const char *shuffle = "startpos moves f2e2 f10g10 e2f2 g10f10 f2e2 f10g10 e2f2 g10f10 f2e2 f10g10 e2f2";
        char spec[256];
        ck_assert_int_eq(result_after(games[i], shuffle), RESULT_NONE);
        snprintf(spec, sizeof spec, "%s g10f10", shuffle);
        ck_assert_int_eq(result_after(games[i], spec), RESULT_DRAW);
        /* Black checks on every move: at the 4th occurrence Black (to move) loses */
        const char *perpetual = "fen 10k/11/11/11/11/11/11/11/11/9+S1/5K5 w 0 1 moves "
                                "j2k2 k11j11 k2j2 j11k11 j2k2 k11j11 k2j2 j11k11 j2k2 k11j11 k2j2";
        ck_assert_int_eq(result_after(games[i], perpetual), RESULT_NONE);
        snprintf(spec, sizeof spec, "%s j11k11", perpetual);
        ck_assert_int_eq(result_after(games[i], spec), RESULT_LOSS);
    }
}
END_TEST

/* Mate ends the game: a lone king in the corner, mated by a gliding swallow and a wolf. */
START_TEST(test_mate) {
    ck_assert_int_eq(result_after("wa-nodrop", "fen 10k/9W1/9P+S/11/11/11/11/11/11/11/5K5 b 0 1"), RESULT_LOSS);
    /* without the pawn the king takes the wolf */
    ck_assert_int_eq(result_after("wa-nodrop", "fen 10k/9W1/10+S/11/11/11/11/11/11/11/5K5 b 0 1"), RESULT_NONE);
    /* a mating drop of a non-pawn piece */
    ck_assert_int_eq(result_after("wa", "fen 10k/11/9P1/11/11/11/11/11/11/11/5K5[W] w 0 1 moves W@j10"), RESULT_LOSS);
}
END_TEST

Suite *suite_wa(void) {
    Suite *s = suite_create("wa");
    TCase *tc = tcase_create("movegen");
    tcase_add_test(tc, test_jump_check_not_blockable);
    tcase_add_test(tc, test_pinned_jumper_stays_between);
    suite_add_tcase(s, tc);
    tc = tcase_create("examples");
    tcase_add_test(tc, test_example1_start);
    tcase_add_test(tc, test_example2_forced_promotion);
    tcase_add_test(tc, test_example3_jumps);
    tcase_add_test(tc, test_example4_check_along_file);
    tcase_add_test(tc, test_example5_fox_power);
    tcase_add_test(tc, test_example6_dead_rank_drops);
    tcase_add_test(tc, test_example7_nifu);
    tcase_add_test(tc, test_free_drop_positions_parse);
    suite_add_tcase(s, tc);
    tc = tcase_create("rules");
    tcase_add_test(tc, test_pawn_drop_mate);
    tcase_add_test(tc, test_capture_to_hand_unpromoted);
    tcase_add_test(tc, test_repetition);
    tcase_add_test(tc, test_mate);
    tcase_add_test(tc, test_names_and_options);
    suite_add_tcase(s, tc);
    tc = tcase_create("perft");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_perft_data_drops);
    tcase_add_test(tc, test_perft_data_nodrop);
    tcase_add_test(tc, test_perft_start);
    tcase_add_test(tc, test_perft_start_deep);
    suite_add_tcase(s, tc);
    tc = tcase_create("notation");
    tcase_add_test(tc, test_fen_round_trip);
    tcase_add_test(tc, test_fen_rejected);
    tcase_add_test(tc, test_move_text);
    suite_add_tcase(s, tc);
    return s;
}
