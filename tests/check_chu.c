/* check_chu.c - chu shogi: worked examples (shared/rules/chu.md 9-10), every special rule
 * (lion trading, counter-strike, bridge, x-ray, igui, pass, falcon/eagle, promotion on
 * entry, bare king, repetition), the perft data of shared/data, notation and FEN parsing.
 * Rule decisions tested here are recorded in docs/rules-chu.md. */
#include <stdio.h>
#include <string.h>

#include "../engine/perft.h"
#include "../src/strbuf.h"
#include "testutil.h"

/* ---- helpers ----------------------------------------------------------------------------- */

static Position *chu_fen(const char *fen) {
    char spec[1024];
    snprintf(spec, sizeof spec, "fen %s", fen);
    return test_position("chu", spec);
}

/* Is the XBoard move text legal here? Fails the test on a syntax error. */
static bool xb_legal(Position *pos, const char *text) {
    Move m;
    char err[256];
    if (!move_parse(pos, text, NOTATION_XBOARD, &m, err, sizeof err)) return true;
    ck_assert_msg(strstr(err, "illegal") != NULL, "%s: %s", text, err);
    return false;
}

/* Play a space-separated list of XBoard moves; each must be legal. */
static void play(Position *pos, const char *moves) { test_play(pos, NOTATION_XBOARD, moves); }

static GameResult verdict(Position *pos, char *reason, size_t len) { return pos_game_result(pos, reason, len); }

static void set_rule(Position *pos, const char *name, const char *value) {
    char err[256];
    ck_assert_msg(rules_set_option(pos->v, &pos->rules, name, value, err, sizeof err) == 0, "%s", err);
}

/* ---- 10.1 start position ------------------------------------------------------------------ */

START_TEST(test_start_moves) {
    Position *pos = test_position("chu", "startpos");
    ck_assert_moves(pos, NOTATION_XBOARD,
                    "a4a5 b4b5 c4c5 e4e5 f4f5 g4g5 h4h5 j4j5 k4k5 l4l5 d5d6 i5i6 "
                    "f3d2 f3e5 f3f5 f3g5 f3h5 f2d2 e3d2 h3i2 d3d2 i3i2 b3b2 k3k2 e2d2 h2i2 "
                    "e1d2 h1i2 d1d2 i1i2 c1b2 c1d2 j1i2 j1k2 b1b2 k1k2");
    char fen[512];
    fen_format(pos, fen, sizeof fen);
    ck_assert_str_eq(fen, "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/"
                          "PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w 0 1");
    free(pos);
}
END_TEST

/* ---- 9: move-count convention -------------------------------------------------------------- */

START_TEST(test_lone_lion) {
    Position *pos = chu_fen("12/12/12/12/12/12/5N6/12/12/12/12/12 w 0 1");
    ck_assert_moves(pos, NOTATION_XBOARD,
                    "f6d4 f6e4 f6f4 f6g4 f6h4 f6d5 f6e5 f6f5 f6g5 f6h5 f6d6 f6e6 f6g6 f6h6 "
                    "f6d7 f6e7 f6f7 f6g7 f6h7 f6d8 f6e8 f6f8 f6g8 f6h8 @@@@");
    free(pos);
    pos = chu_fen("12/12/12/12/12/12/5+O6/12/12/12/12/12 w 0 1");
    ck_assert_uint_eq(movegen_count(pos), 25);
    free(pos);
}
END_TEST

START_TEST(test_lone_falcon) {
    Position *pos = chu_fen("12/12/12/12/12/12/5+H6/12/12/12/12/12 w 0 1");
    ck_assert_moves(pos, NOTATION_XBOARD,
                    "f6g7 f6h8 f6i9 f6j10 f6k11 f6l12 f6e7 f6d8 f6c9 f6b10 f6a11 "
                    "f6g5 f6h4 f6i3 f6j2 f6k1 f6e5 f6d4 f6c3 f6b2 f6a1 "
                    "f6a6 f6b6 f6c6 f6d6 f6e6 f6g6 f6h6 f6i6 f6j6 f6k6 f6l6 "
                    "f6f5 f6f4 f6f3 f6f2 f6f1 f6f7 f6f8 @@@@");
    free(pos);
}
END_TEST

START_TEST(test_lone_eagle) {
    Position *pos = chu_fen("12/12/12/12/12/12/5+D6/12/12/12/12/12 w 0 1");
    ck_assert_moves(pos, NOTATION_XBOARD,
                    "f6f7 f6f8 f6f9 f6f10 f6f11 f6f12 f6f5 f6f4 f6f3 f6f2 f6f1 "
                    "f6a6 f6b6 f6c6 f6d6 f6e6 f6g6 f6h6 f6i6 f6j6 f6k6 f6l6 "
                    "f6g5 f6h4 f6i3 f6j2 f6k1 f6e5 f6d4 f6c3 f6b2 f6a1 "
                    "f6e7 f6d8 f6g7 f6h8 @@@@");
    free(pos);
}
END_TEST

/* Falcon: capture on f7, then f8 (empty or enemy), igui, or the jump; no pass when f7 is
 * occupied; a White falcon looks down the board. */
START_TEST(test_falcon_eagle_lion_power) {
    Position *pos = chu_fen("12/12/12/12/5g6/5p6/5+H6/4P1P5/12/12/12/12 w 0 1");
    ck_assert(xb_legal(pos, "f6f7,f7f8")); /* hit pawn, capture gold */
    ck_assert(xb_legal(pos, "f6f7,f7f6")); /* igui */
    ck_assert(xb_legal(pos, "f6f8"));      /* jump over the pawn onto the gold */
    ck_assert(xb_legal(pos, "f6f7"));
    ck_assert(!xb_legal(pos, "@@@@"));      /* f7 occupied, no other lion-power square */
    ck_assert(!xb_legal(pos, "f6f7,f7f9")); /* the second leg is one step */
    ck_assert(!xb_legal(pos, "f6e5"));      /* own pawn */
    free(pos);
    /* White soaring eagle on f6 (forward = down): lion power on e5 and g5 */
    pos = chu_fen("12/12/12/12/12/12/5+d6/4P1P5/3G8/12/12/12 b 0 1");
    ck_assert(xb_legal(pos, "f6e5,e5d4"));
    ck_assert(xb_legal(pos, "f6e5,e5f6"));
    ck_assert(xb_legal(pos, "f6g5,g5f6"));
    ck_assert(xb_legal(pos, "f6g5,g5h4"));
    ck_assert(xb_legal(pos, "f6d4"));
    ck_assert(!xb_legal(pos, "@@@@"));
    /* 22 orthogonal + 11 backward (upward) diagonal + e5 d4 g5 h4 + 4 two-leg moves */
    ck_assert_uint_eq(movegen_count(pos), 22 + 11 + 4 + 4);
    free(pos);
}
END_TEST

/* ---- 10.2 - 10.5 lion trading ------------------------------------------------------------- */

START_TEST(test_example2_distant_protected_lion) {
    Position *pos = chu_fen("12/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/12 w 0 1");
    ck_assert(!xb_legal(pos, "f6h5"));
    ck_assert(xb_legal(pos, "f6h8"));
    ck_assert(xb_legal(pos, "e8h5"));
    free(pos);
}
END_TEST

START_TEST(test_example3_xray) {
    Position *pos = chu_fen("12/12/12/12/3n8/12/5N6/5P6/7b4/12/12/12 w 0 1");
    ck_assert(!xb_legal(pos, "f6d8"));
    ck_assert(xb_legal(pos, "f6h4"));
    free(pos);
}
END_TEST

START_TEST(test_example4_pawn_is_no_bridge) {
    Position *pos = chu_fen("12/12/12/12/12/4N7/4p7/4n7/12/12/12/12 w 0 1");
    ck_assert(xb_legal(pos, "e7e6"));
    ck_assert(xb_legal(pos, "e7e6,e6e7"));
    ck_assert(xb_legal(pos, "e7e6,e6d5"));
    ck_assert(!xb_legal(pos, "e7e5"));
    ck_assert(!xb_legal(pos, "e7e6,e6e5"));
    free(pos);
    /* a go-between is no bridge either; a silver is */
    pos = chu_fen("12/12/12/12/12/4N7/4i7/4n7/12/12/12/12 w 0 1");
    ck_assert(!xb_legal(pos, "e7e6,e6e5"));
    free(pos);
    pos = chu_fen("12/12/12/12/12/4N7/4s7/4n7/12/12/12/12 w 0 1");
    ck_assert(xb_legal(pos, "e7e6,e6e5"));
    ck_assert(!xb_legal(pos, "e7e5"));
    free(pos);
}
END_TEST

START_TEST(test_example5_adjacent_lions) {
    Position *pos = chu_fen("12/12/12/12/12/12/5n6/5N6/12/12/12/12 w 0 1");
    ck_assert(xb_legal(pos, "f5f6"));
    free(pos);
    /* protected by a gold behind it: still legal, also as the first leg of a double move */
    pos = chu_fen("12/12/12/12/12/5g6/5n6/5N6/12/12/12/12 w 0 1");
    ck_assert(xb_legal(pos, "f5f6"));
    ck_assert(xb_legal(pos, "f5f6,f6f7"));
    ck_assert(xb_legal(pos, "f5f6,f6f5"));
    free(pos);
    /* +O is a lion for the trading rules too (chu.md 7) */
    pos = chu_fen("12/12/12/12/4B2+l4/4S7/5N6/7n4/12/12/12/12 w 0 1");
    ck_assert(!xb_legal(pos, "f6h5"));
    free(pos);
}
END_TEST

/* 7.3 counter-strike, 7.4 Okazaki. Black kirin c8 takes the lion c10 (promoting or not);
 * then no White non-lion may take the Black lion h6, except on c10 itself. */
static const char *CS_FEN = "2r4r3k/12/2n9/12/2O9/12/7N4/12/12/12/12/K11 w 0 1";

START_TEST(test_counter_strike) {
    const char *first[2] = {"c8c10+", "c8c10"};
    for (int i = 0; i < 2; i++) {
        Position *pos = chu_fen(CS_FEN);
        play(pos, first[i]);
        ck_assert(!xb_legal(pos, "h12h6"));
        ck_assert(xb_legal(pos, "c12c10")); /* the capturing piece may be taken back */
        char sfen[512];
        pos_to_sfen(pos, sfen, sizeof sfen);
        ck_assert_ptr_nonnull(strstr(sfen, " w 10c 2")); /* c10 = USI 10c */
        /* the restriction lasts one move */
        play(pos, "l12l11");
        play(pos, "a1a2");
        ck_assert(xb_legal(pos, "h12h6"));
        free(pos);
    }
    /* a lion taking a lion does not trigger it */
    Position *pos = chu_fen("2r4r3k/12/2n9/2N9/12/12/7N4/12/12/12/12/K11 w 0 1");
    play(pos, "c9c10");
    ck_assert(xb_legal(pos, "h12h6"));
    free(pos);
    /* the SFEN field restores the state (lishogi's 8j rows) */
    pos = test_position("chu", "sfen 11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j");
    ck_assert_moves(pos, NOTATION_USI, "6l7k 6l5k 6l8j 6l4j 1l2l 1l2k 1l1k");
    free(pos);
    pos = test_position("chu", "sfen 11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b -");
    ck_assert_uint_eq(movegen_count(pos), 8);
    ck_assert(xb_legal(pos, "g1j4"));
    free(pos);
}
END_TEST

START_TEST(test_okazaki) {
    Position *pos = chu_fen(CS_FEN);
    set_rule(pos, "Okazaki rule", "true");
    play(pos, "c8c10+");
    ck_assert(xb_legal(pos, "h12h6")); /* h6 unprotected */
    free(pos);
    pos = chu_fen("2r4r3k/12/2n9/12/2O9/12/7N4/7G4/12/12/12/K11 w 0 1");
    set_rule(pos, "Okazaki rule", "true");
    play(pos, "c8c10+");
    ck_assert(!xb_legal(pos, "h12h6")); /* protected by the gold */
    free(pos);
}
END_TEST

/* ---- 5 promotion -------------------------------------------------------------------------- */

START_TEST(test_last_rank_promotion) {
    const char *fen = "11k/2P1L1I5/12/12/12/12/12/12/12/12/12/K11 w 0 1";
    Position *pos = chu_fen(fen);
    ck_assert_moves(pos, NOTATION_XBOARD, "c11c12 c11c12+ e11e12 g11g12 g11g10 a1a2 a1b1 a1b2");
    free(pos);
    pos = chu_fen(fen);
    set_rule(pos, "GoBetweenLastRank", "true");
    ck_assert_moves(pos, NOTATION_XBOARD, "c11c12 c11c12+ e11e12 g11g12 g11g12+ g11g10 a1a2 a1b1 a1b2");
    free(pos);
    /* a pawn that declined stays on the last rank, immobile */
    pos = chu_fen(fen);
    play(pos, "c11c12=");
    play(pos, "l12k12");
    ck_assert(!xb_legal(pos, "c12c11"));
    ck_assert_uint_eq(movegen_count(pos), 6); /* e11e12 g11g12 g11g10 a1a2 a1b1 a1b2 */
    free(pos);
}
END_TEST

START_TEST(test_promotion_on_entry) {
    /* Black golds c8 (outside the zone), c10 and h9 (inside); White pawns d11 and h8 */
    Position *pos = chu_fen("11k/3p8/2G9/7G4/2G4p4/12/12/12/12/12/12/K11 w 0 1");
    ck_assert(xb_legal(pos, "c8c9+")); /* entering */
    ck_assert(xb_legal(pos, "c8b9+"));
    ck_assert(xb_legal(pos, "c8c9"));     /* deferral */
    ck_assert(!xb_legal(pos, "c8c7+"));   /* outside */
    ck_assert(!xb_legal(pos, "c10c11+")); /* quiet move inside */
    ck_assert(!xb_legal(pos, "c10b10+"));
    ck_assert(xb_legal(pos, "c10c11"));
    ck_assert(xb_legal(pos, "c10d11+")); /* capture inside */
    ck_assert(xb_legal(pos, "h9h8+"));   /* capture leaving the zone */
    ck_assert(xb_legal(pos, "h9h8"));
    ck_assert(!xb_legal(pos, "h9h10+"));
    ck_assert(!xb_legal(pos, "h9g9+"));
    Move m;
    char err[64];
    ck_assert_int_eq(move_parse(pos, "c8c9=", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert(!move_is_promo(m));
    free(pos);
}
END_TEST

/* ---- bare king (chu.md 6) ------------------------------------------------------------------ */

START_TEST(test_bare_king) {
    char why[64];
    struct {
        const char *fen;
        GameResult want;
    } rows[] = {
        /* Black K alone vs White K + gold: Black (to move) loses */
        {"11k/12/12/12/12/12/6g5/12/12/12/12/K11 w 0 1", RESULT_LOSS},
        /* same with White to move: White wins */
        {"11k/12/12/12/12/12/6g5/12/12/12/12/K11 b 0 1", RESULT_WIN},
        /* a dead pawn on the last rank does not save Black */
        {"P10k/12/12/12/12/12/6g5/12/12/12/12/K11 w 0 1", RESULT_LOSS},
        /* a live pawn does */
        {"11k/P11/12/12/12/12/6g5/12/12/12/12/K11 w 0 1", RESULT_NONE},
        /* White's pawns and go-betweens are no material */
        {"11k/12/12/12/12/12/6p5/3i8/12/12/12/K11 w 0 1", RESULT_NONE},
        /* White's only piece adjacent to the bare king: no verdict */
        {"11k/12/12/12/12/12/12/12/12/12/1g10/K11 w 0 1", RESULT_NONE},
        /* White in check by the bare king (kings adjacent): no verdict */
        {"12/12/12/12/12/12/6g5/12/12/12/1k10/K11 w 0 1", RESULT_NONE},
        /* both bare: draw; dead last-rank lance ignored */
        {"11k/12/12/12/12/12/12/12/12/12/12/K10l w 0 1", RESULT_DRAW},
        {"L10k/12/12/12/12/12/12/12/12/12/12/K11 w 0 1", RESULT_DRAW},
        /* two royals (crown prince): the rule does not apply */
        {"11k/12/12/12/12/12/6g5/12/12/12/12/K+E10 w 0 1", RESULT_NONE},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        Position *pos = chu_fen(rows[i].fen);
        GameResult r = verdict(pos, why, sizeof why);
        ck_assert_msg(r == rows[i].want, "%s: got %d (%s), want %d", rows[i].fen, r, why, rows[i].want);
        if (r == RESULT_LOSS || r == RESULT_WIN) ck_assert_str_eq(why, "bare king");
        set_rule(pos, "Bare king", "false");
        ck_assert_int_eq(verdict(pos, why, sizeof why), RESULT_NONE);
        free(pos);
    }
}
END_TEST

START_TEST(test_royal_capture) {
    char why[64];
    Position *pos = chu_fen("11k/12/12/12/12/12/12/12/12/12/g11/K10G w 0 1");
    ck_assert_int_eq(verdict(pos, why, sizeof why), RESULT_NONE);
    ck_assert(xb_legal(pos, "a1b1")); /* moving into check is legal (chu.md 6) */
    ck_assert(xb_legal(pos, "l1l2")); /* so is staying in check */
    free(pos);
    /* capture of the last royal ends the game */
    pos = chu_fen("11k/12/12/12/12/12/12/12/12/12/g11/K10G b 0 1");
    play(pos, "a2a1");
    ck_assert_int_eq(verdict(pos, why, sizeof why), RESULT_LOSS);
    ck_assert_str_eq(why, "last royal captured");
    free(pos);
    /* the crown prince is a second royal: losing the king alone is not the end */
    pos = chu_fen("11k/12/12/12/12/12/12/12/12/12/g11/K+E9G b 0 1");
    play(pos, "a2a1");
    ck_assert_int_eq(verdict(pos, why, sizeof why), RESULT_NONE);
    free(pos);
}
END_TEST

/* ---- repetition (chu.md 6) ---------------------------------------------------------------- */

static const char *SHUFFLE = "a1a2 l12l11 a2a1 l11l12 a1a2 l12l11 a2a1 l11l12 a1a2 l12l11 a2a1";

START_TEST(test_repetition_draw) {
    char why[64];
    Position *pos = chu_fen("11k/12/12/12/12/5g6/5G6/12/12/12/12/K11 w 0 1");
    play(pos, SHUFFLE);
    ck_assert_int_eq(verdict(pos, why, sizeof why), RESULT_NONE);
    ck_assert(xb_legal(pos, "l11l12"));
    play(pos, "l11l12");
    ck_assert_int_eq(verdict(pos, why, sizeof why), RESULT_DRAW);
    ck_assert_str_eq(why, "repetition");
    free(pos);
}
END_TEST

START_TEST(test_allow_repeats_false) {
    Position *pos = chu_fen("11k/12/12/12/12/5g6/5G6/12/12/12/12/K11 w 0 1");
    set_rule(pos, "Allow repeats", "false");
    play(pos, SHUFFLE);
    ck_assert(!xb_legal(pos, "l11l12")); /* would create the 4th occurrence */
    ck_assert(xb_legal(pos, "l11k12"));
    uint64_t n = movegen_count(pos);
    MoveList list;
    movegen_legal(pos, &list);
    ck_assert_uint_eq(n, (uint64_t)list.size);
    free(pos);
}
END_TEST

START_TEST(test_perpetual_check) {
    char why[64];
    /* Black rook checks along rank 12 and 11 while the White king shuffles */
    Position *pos = chu_fen("R10k/12/12/12/12/12/2g9/12/12/12/12/5K6 b 0 1");
    play(pos, "l12l11 a12a11 l11l12 a11a12 l12l11 a12a11 l11l12 a11a12 l12l11 a12a11 l11l12");
    ck_assert_int_eq(verdict(pos, why, sizeof why), RESULT_NONE);
    play(pos, "a11a12");
    ck_assert_int_eq(verdict(pos, why, sizeof why), RESULT_WIN); /* White to move; Black checked */
    ck_assert_str_eq(why, "perpetual check");
    free(pos);
}
END_TEST

START_TEST(test_mutual_perpetual_check) {
    char why[64];
    /* each king stands attacked by the other side's rook through the whole cycle while the
     * golds shuffle: neither side is the one checker, so the 4th occurrence is a draw, whoever
     * is to move (it used to be a win for the side to move) */
    Position *pos = chu_fen("k10r/12/12/12/7g4/12/12/4G7/12/12/12/R10K b 0 1");
    play(pos, "h8h7 e5e6 h7h8 e6e5 h8h7 e5e6 h7h8 e6e5 h8h7 e5e6 h7h8");
    ck_assert_int_eq(verdict(pos, why, sizeof why), RESULT_NONE);
    play(pos, "e6e5");
    ck_assert_int_eq(verdict(pos, why, sizeof why), RESULT_DRAW); /* the side that moved first */
    ck_assert_str_eq(why, "repetition");
    play(pos, "h8h7 e5e6 h7h8 e6e5 h8h7");
    ck_assert_int_eq(verdict(pos, why, sizeof why), RESULT_DRAW); /* the other side */
    free(pos);
}
END_TEST

START_TEST(test_pass_cycle) {
    char why[64];
    /* Black passes first; both keep passing: the first passer (Black) loses */
    Position *pos = chu_fen("11k/12/12/5n6/12/12/5N6/12/12/12/12/K11 w 0 1");
    play(pos, "@@@@ @@@@ @@@@ @@@@ @@@@");
    ck_assert_int_eq(verdict(pos, why, sizeof why), RESULT_NONE);
    play(pos, "@@@@");
    ck_assert_int_eq(verdict(pos, why, sizeof why), RESULT_LOSS); /* Black to move, passed first */
    ck_assert_str_eq(why, "repetition by passing");
    free(pos);
    /* White passed first */
    pos = chu_fen("11k/12/12/5n6/12/12/5N6/12/12/12/12/K11 w 0 1");
    play(pos, "a1a2 @@@@ @@@@ @@@@ @@@@ @@@@");
    ck_assert_int_eq(verdict(pos, why, sizeof why), RESULT_NONE);
    play(pos, "@@@@");
    ck_assert_int_eq(verdict(pos, why, sizeof why), RESULT_LOSS); /* White to move, passed first */
    free(pos);
}
END_TEST

/* ---- notation -------------------------------------------------------------------------------- */

START_TEST(test_move_text) {
    /* example 4 in USI (lishogi) notation: e7 = 8f, e6 = 8g (pawn), e5 = 8h (lion) */
    Position *pos = chu_fen("12/12/12/12/12/4N7/4p7/4n7/12/12/12/12 w 0 1");
    ck_assert_moves(pos, NOTATION_USI,
                    "8f10d 8f10e 8f10f 8f10g 8f10h 8f9d 8f9e 8f9f 8f9g 8f9h 8f8d 8f8e 8f8g "
                    "8f7d 8f7e 8f7f 8f7g 8f7h 8f6d 8f6e 8f6f 8f6g 8f6h "
                    "8f8g9h 8f8g7h 8f8g9g 8f8g7g 8f8g9f 8f8g7f 8f8g8f 8f9g8f");
    ck_assert_moves(pos, NOTATION_XBOARD,
                    "e7c5 e7c6 e7c7 e7c8 e7c9 e7d5 e7d6 e7d7 e7d8 e7d9 e7e6 e7e8 e7e9 "
                    "e7f5 e7f6 e7f7 e7f8 e7f9 e7g5 e7g6 e7g7 e7g8 e7g9 "
                    "e7e6,e6d5 e7e6,e6f5 e7e6,e6d6 e7e6,e6f6 e7e6,e6d7 e7e6,e6f7 e7e6,e6e7 @@@@");
    free(pos);
}
END_TEST

START_TEST(test_move_parse_forms) {
    Position *pos = chu_fen("12/12/12/12/12/12/5N6/12/12/12/12/12 w 0 1");
    Move m;
    char err[128];
    ck_assert_int_eq(move_parse(pos, "f6f7,f7f6", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert(move_is_pass(m));
    ck_assert_int_eq(move_parse(pos, "@@@@", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert(move_is_pass(m));
    ck_assert_int_eq(move_parse(pos, "f6f7,f7f8", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert(!move_is_double(m) && move_to(m) == 7 * 12 + 5);
    ck_assert_int_eq(move_parse(pos, "f6f7=", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert_int_ne(move_parse(pos, "f6f9", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "illegal"));
    ck_assert_int_ne(move_parse(pos, "f6f7,f8f9", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "malformed"));
    ck_assert_int_ne(move_parse(pos, "m6f7", NOTATION_XBOARD, &m, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "malformed"));
    ck_assert_int_eq(move_parse(pos, "7g7f7g", NOTATION_USI, &m, err, sizeof err), 0); /* USI pass */
    ck_assert(move_is_pass(m));
    char s[32];
    move_format(pos, m, NOTATION_USI, s, sizeof s);
    ck_assert_str_eq(s, "7g8h7g");
    free(pos);
    /* a USI game record with a double move */
    pos = test_position("chu", "sfen 12/12/12/12/12/12/8n3/12/8p3/8N3/12/K10k b - 1 moves 4j4i4h");
    ck_assert_int_eq(pos->stm, WHITE);
    ck_assert(move_is_double(pos_st(pos)->move));
    ck_assert_int_eq(pos->board[3 * 12 + 8], PIECE_NONE);
    ck_assert_int_eq(piece_type(pos->board[4 * 12 + 8]), variant_type_of(pos->v, "N"));
    free(pos);
}
END_TEST

START_TEST(test_fen_round_trip) {
    const char *fens[] = {
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/"
        "MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w 0 1",
        "l1csgekgs1fl/afb1tx1t1c2/mvr1do6/pppp1p1pp3/4p1p5/P2I8/12/1P2P3h3/2PP1PPP4/MV1RD1Q5/"
        "AFBCTODT3X/L2SGKEN2BL b 0 39",
        "l4ekgsc1l/ac5t2fa/+D1r2xn2rvm/p4p3ppp/8p3/12/8I3/3P4P1PP/v3XPP2P2/6R1H1VM/4TOKT2FA/"
        "3SG1EGS2L w 0 42",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        Position *pos = chu_fen(fens[i]);
        char out[512];
        fen_format(pos, out, sizeof out);
        ck_assert_str_eq(out, fens[i]);
        free(pos);
    }
    /* XBoard's setboard form */
    Position *pos = chu_fen("lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/"
                            "PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 0 1");
    ck_assert_uint_eq(movegen_count(pos), 36);
    char sfen[512];
    pos_to_sfen(pos, sfen, sizeof sfen);
    ck_assert_str_eq(sfen, "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/"
                           "PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1");
    free(pos);
    /* castling and en-passant dashes both (XBoard for a game with castling rules) */
    pos = chu_fen("lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/"
                  "PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - - 3 20");
    pos_to_sfen(pos, sfen, sizeof sfen);
    ck_assert_str_eq(sfen, "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/"
                           "PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 40");
    free(pos);
}
END_TEST

START_TEST(test_bad_positions) {
    const Variant *v = variant_find("chu");
    Position *pos = malloc(sizeof *pos);
    char err[256];
    struct {
        const char *text;
        bool fen;
        const char *msg;
    } rows[] = {
        {"12/12/12/12/12/12/12/12/12/12/K11 w 0 1", true, "11 ranks"},
        {"12/12/12/12/12/12/12/12/12/12/12/K11/12 w 0 1", true, "more than 12 ranks"},
        {"12/12/12/12/12/12/12/12/12/12/12/K10 w 0 1", true, "11 squares"},
        {"12/12/12/12/12/12/12/12/12/12/12/K12 w 0 1", true, "too many squares"},
        {"12/12/12/12/12/12/12/12/12/12/12/Z11 w 0 1", true, "unknown piece 'Z'"},
        {"12/12/12/12/12/12/12/12/12/12/12/+K11 w 0 1", true, "unknown piece '+K'"},
        {"12/12/12/12/12/12/12/12/12/12/12/K11 x 0 1", true, "w or b"},
        {"12/12/12/12/12/12/12/12/12/12/12/K11[P] w 0 1", true, "without drops"},
        {"12/12/12/12/12/12/12/12/12/12/12/K11 w 0 1 7", true, "unexpected field"},
        {"12/12/12/12/12/12/12/12/12/12/12/KK10 w 0 1", true, "(at most 1)"},
        {"12/12/12/12/12/12/12/12/12/12/12/K11 w 0 0", true, "full-move number '0' is not a number from 1"},
        {"12/12/12/12/12/12/12/12/12/12/12/K11 w - 0 0", true, "full-move number '0'"},
        {"12/12/12/12/12/12/12/12/12/12/12/K11 w - - 0 -3", true, "full-move number '-3'"},
        {"12/12/12/12/12/12/12/12/12/12/12/K11 w - - - 0 1", true, "half-move clock '-'"},
        {"12/12/12/12/12/12/12/12/12/12/12/K11 b b", false, "bad third field 'b'"},
        {"12/12/12/12/12/12/12/12/12/12/12/K11 b 13a 1", false, "bad third field '13a'"},
        {"12/12/12/12/12/12/12/12/12/12/12/K11 b - x", false, "move number 'x'"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        int rc = rows[i].fen ? fen_parse(pos, v, NULL, rows[i].text, err, sizeof err)
                             : pos_set_sfen(pos, v, NULL, rows[i].text, err, sizeof err);
        ck_assert_msg(rc != 0, "accepted %s", rows[i].text);
        ck_assert_msg(strstr(err, rows[i].msg) != NULL, "%s: message '%s' lacks '%s'", rows[i].text, err, rows[i].msg);
    }
    free(pos);
}
END_TEST

/* Random games from the start: at every node the counted and listed moves agree, every move
 * survives text round trips in both notations, and the key after make/unmake matches the key
 * of the same position set up from its SFEN (incl. the counter-strike field). */
START_TEST(test_random_games_consistency) {
    uint64_t seed = 0x43485553484f4749ULL;
    int games = test_long() ? 60 : 6;
    for (int g = 0; g < games; g++) {
        Position *pos = test_position("chu", "startpos");
        Position *chk = malloc(sizeof *chk);
        for (int ply = 0; ply < 300; ply++) {
            MoveList list;
            movegen_legal(pos, &list);
            ck_assert_uint_eq(movegen_count(pos), (uint64_t)list.size);
            if (list.size == 0 || pos->royal_count[pos->stm] == 0) break;
            char sfen[512], err[256];
            pos_to_sfen(pos, sfen, sizeof sfen);
            ck_assert_msg(pos_set_sfen(chk, pos->v, NULL, sfen, err, sizeof err) == 0, "%s: %s", sfen, err);
            ck_assert_msg(pos_key(chk) == pos_key(pos), "key mismatch at %s", sfen);
            for (int i = 0; i < list.size; i++) {
                Move mv = list.moves[i];
                /* every two-leg move, pass and promotion; a sample of the plain moves */
                if (!(mv & (MF_DOUBLE | MF_PASS | MF_PROMO)) && (i + ply) % 16) continue;
                for (int n = 0; n < 2; n++) {
                    char text[64];
                    Move back;
                    move_format(pos, list.moves[i], (Notation)n, text, sizeof text);
                    ck_assert_msg(move_parse(pos, text, (Notation)n, &back, err, sizeof err) == 0, "%s: %s", text, err);
                    ck_assert_msg(back == list.moves[i], "%s at %s parses to another move", text, sfen);
                }
            }
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            pos_do_move(pos, list.moves[(seed >> 33) % (uint64_t)list.size]);
        }
        free(chk);
        free(pos);
    }
}
END_TEST

/* ---- perft data ----------------------------------------------------------------------------- */

/* shared/data/chu/perft_chushogi.tsv has 8 hand-made rows with a stray hand field "b" (chu
 * has no hands) or no move number. The parser rejects a third field that is neither '-', a
 * square nor a number; this loader drops such a field (docs/rules-chu.md, "Data"). */
static void normalise_sfen(const char *in, char *out, size_t len) {
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", in);
    char *f[8];
    int n = 0;
    for (char *save = NULL, *t = strtok_r(buf, " ", &save); t && n < 8; t = strtok_r(NULL, " ", &save)) f[n++] = t;
    const Variant *v = variant_find("chu");
    StrBuf b = strbuf_init(out, len);
    for (int i = 0; i < n; i++) {
        if (i == 2 && strcmp(f[i], "-") && f[i][strspn(f[i], "0123456789")] && usi_square_parse(v, f[i]) < 0) continue;
        strbuf_printf(&b, "%s%s", b.len ? " " : "", f[i]);
    }
}

static int run_tsv(const char *file, int sfen_col, int depth_col, int nodes_col, bool sfen, int max_depth) {
    TestTsv tsv;
    int rows = 0;
    for (test_tsv_open(&tsv, file); test_tsv_next(&tsv);) {
        char **cols = tsv.cols;
        ck_assert_int_gt(tsv.ncols, nodes_col);
        int depth = atoi(cols[depth_col]);
        if (depth > max_depth) continue;
        unsigned long long want = strtoull(cols[nodes_col], NULL, 10);
        char spec[1200], norm[1024];
        if (!strcmp(cols[sfen_col], "startpos"))
            snprintf(spec, sizeof spec, "startpos");
        else if (sfen) {
            normalise_sfen(cols[sfen_col], norm, sizeof norm);
            snprintf(spec, sizeof spec, "sfen %s", norm);
        } else
            snprintf(spec, sizeof spec, "fen %s", cols[sfen_col]);
        Position *pos = test_position("chu", spec);
        uint64_t got = perft(pos, depth);
        ck_assert_msg(got == want, "%s depth %d: got %llu, want %llu", spec, depth, (unsigned long long)got, want);
        free(pos);
        rows++;
    }
    test_tsv_close(&tsv);
    return rows;
}

START_TEST(test_perft_chushogi_tsv) { ck_assert_int_eq(run_tsv("chu/perft_chushogi.tsv", 1, 2, 5, true, 2), 196); }
END_TEST

START_TEST(test_perft_chu_tsv) { ck_assert_int_eq(run_tsv("perft/chu.tsv", 0, 1, 2, false, 2), 5); }
END_TEST

Suite *suite_chu(void) {
    Suite *s = suite_create("chu");
    TCase *tc = tcase_create("examples");
    tcase_add_test(tc, test_start_moves);
    tcase_add_test(tc, test_lone_lion);
    tcase_add_test(tc, test_lone_falcon);
    tcase_add_test(tc, test_lone_eagle);
    tcase_add_test(tc, test_falcon_eagle_lion_power);
    tcase_add_test(tc, test_example2_distant_protected_lion);
    tcase_add_test(tc, test_example3_xray);
    tcase_add_test(tc, test_example4_pawn_is_no_bridge);
    tcase_add_test(tc, test_example5_adjacent_lions);
    tcase_add_test(tc, test_counter_strike);
    tcase_add_test(tc, test_okazaki);
    tcase_add_test(tc, test_last_rank_promotion);
    tcase_add_test(tc, test_promotion_on_entry);
    suite_add_tcase(s, tc);
    tc = tcase_create("game end");
    tcase_add_test(tc, test_bare_king);
    tcase_add_test(tc, test_royal_capture);
    tcase_add_test(tc, test_repetition_draw);
    tcase_add_test(tc, test_allow_repeats_false);
    tcase_add_test(tc, test_perpetual_check);
    tcase_add_test(tc, test_mutual_perpetual_check);
    tcase_add_test(tc, test_pass_cycle);
    suite_add_tcase(s, tc);
    tc = tcase_create("notation");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_move_text);
    tcase_add_test(tc, test_move_parse_forms);
    tcase_add_test(tc, test_fen_round_trip);
    tcase_add_test(tc, test_bad_positions);
    tcase_add_test(tc, test_random_games_consistency);
    suite_add_tcase(s, tc);
    tc = tcase_create("perft");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_perft_chushogi_tsv);
    tcase_add_test(tc, test_perft_chu_tsv);
    suite_add_tcase(s, tc);
    return s;
}
