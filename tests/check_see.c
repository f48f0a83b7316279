/* check_see.c - static exchange evaluation: hand-made exchanges in shogi, chu and wa with their
 * values worked out from the descriptors (the `value` fields in src/variants/), and pos_see_ge against
 * pos_see on every legal move of the perft-table positions and the positions one ply later. */
#include <string.h>

#include "../src/see.h"
#include "testutil.h"

/* ---- helpers ----------------------------------------------------------------------------- */

/* WHY not ck_assert_msg in the walk: every Check assertion records its location with a write(2). */
#define EXPECT(cond, ...)                                                                                              \
    do {                                                                                                               \
        if (!(cond)) ck_abort_msg(__VA_ARGS__);                                                                        \
    } while (0)

/* pos_see_ge must agree with pos_see around its value and far from it. */
static void check_ge(Position *pos, Move m, int see) {
    const int thresholds[] = {see - 1, see, see + 1, -SEE_ROYAL_VALUE * 2, -1000, -1, 0, 1, 1000, SEE_ROYAL_VALUE};
    for (size_t i = 0; i < sizeof thresholds / sizeof thresholds[0]; i++)
        EXPECT(pos_see_ge(pos, m, thresholds[i]) == (see >= thresholds[i]), "move %08x: see %d, see_ge(%d) = %d", m,
               see, thresholds[i], !(see >= thresholds[i]));
}

/* SEE of the move `text` (legal, in notation n) in the position `spec` of `game`. */
static int see_of(const char *game, const char *spec, Notation n, const char *text) {
    Position *pos = test_position(game, spec);
    Move m;
    char err[256];
    ck_assert_msg(move_parse(pos, text, n, &m, err, sizeof err) == 0, "%s: %s", text, err);
    Key key = pos_key(pos);
    int see = pos_see(pos, m);
    check_ge(pos, m, see);
    ck_assert_uint_eq(pos_key(pos), key);
    free(pos);
    return see;
}

static int shogi_see(const char *sfen, const char *move) {
    char spec[512];
    snprintf(spec, sizeof spec, "sfen %s", sfen);
    return see_of("shogi", spec, NOTATION_USI, move);
}

static int xb_see(const char *game, const char *fen, const char *move) {
    char spec[512];
    snprintf(spec, sizeof spec, "fen %s", fen);
    return see_of(game, spec, NOTATION_XBOARD, move);
}

/* ---- shogi: P 90, L 315, S 495, G 540, R 990, +S 540, +R 1395 ---------------------------- */

START_TEST(see_shogi_basics) {
    /* pawn 5e takes the pawn 5d, which the gold 5c retakes: 90 - 90 */
    ck_assert_int_eq(shogi_see("8k/9/4g4/4p4/4P4/9/9/9/K8 b - 1", "5e5d"), 0);
    /* rook 5h takes the pawn 5d defended by the silver 4c: 90 - 990 */
    ck_assert_int_eq(shogi_see("8k/9/5s3/4p4/9/9/9/4R4/K8 b - 1", "5h5d"), -900);
    /* the same pawn taken by the lance 5g with the rook 5h behind it: the silver's recapture would
     * meet the rook through 5g (90 - 315 + 495 = 270 for Black), so White stops at 90 */
    ck_assert_int_eq(shogi_see("8k/9/5s3/4p4/9/9/4L4/4R4/K8 b - 1", "5g5d"), 90);
    /* without the rook the silver takes the lance: 90 - 315 */
    ck_assert_int_eq(shogi_see("8k/9/5s3/4p4/9/9/4L4/9/K8 b - 1", "5g5d"), -225);
    /* a quiet move onto a square the silver attacks: the rook is lost, 0 - 990 */
    ck_assert_int_eq(shogi_see("8k/9/5s3/9/9/9/9/4R4/K8 b - 1", "5h5d"), -990);
    /* passes and quiet moves to safe squares are worth nothing */
    ck_assert_int_eq(shogi_see("8k/9/5s3/9/9/9/9/4R4/K8 b - 1", "5h5f"), 0);
}
END_TEST

START_TEST(see_shogi_drops) {
    /* a gold dropped where the pawn 5d takes it: 0 - 540 */
    ck_assert_int_eq(shogi_see("8k/9/9/4p4/9/9/9/9/K8 b G 1", "G*5e"), -540);
    /* the same with the silver 5f retaking the pawn: 0 - 540 + 90 */
    ck_assert_int_eq(shogi_see("8k/9/9/4p4/9/4S4/9/9/K8 b G 1", "G*5e"), -450);
    /* a safe drop */
    ck_assert_int_eq(shogi_see("8k/9/9/4p4/9/4S4/9/9/K8 b G 1", "G*1e"), 0);
    /* drops are never recaptures: White holds a pawn that could "defend" 5d by a drop, in vain;
     * the rook takes the undefended pawn 5d for 90 */
    ck_assert_int_eq(shogi_see("8k/9/9/4p4/9/9/9/4R4/K8 b p 1", "5h5d"), 90);
}
END_TEST

START_TEST(see_shogi_promotions) {
    const char *gold = "8k/9/4g4/5S3/9/9/9/9/K8 b - 1"; /* gold 5c, silver 4d */
    /* silver takes the gold and promotes: 540 + (540 - 495) */
    ck_assert_int_eq(shogi_see(gold, "4d5c+"), 585);
    ck_assert_int_eq(shogi_see(gold, "4d5c"), 540);
    /* promotion on a safe square: 540 - 495 */
    ck_assert_int_eq(shogi_see(gold, "4d3c+"), 45);
    /* promotion on 4c, which the gold attacks sideways: 45 - 540 */
    ck_assert_int_eq(shogi_see(gold, "4d4c+"), -495);
    /* a second gold 5b defends 5c: 585 - 540 both ways (later capturers never promote) */
    ck_assert_int_eq(shogi_see("8k/4g4/4g4/5S3/9/9/9/9/K8 b - 1", "4d5c+"), 45);
    ck_assert_int_eq(shogi_see("8k/4g4/4g4/5S3/9/9/9/9/K8 b - 1", "4d5c"), 45);
}
END_TEST

START_TEST(see_shogi_royal) {
    /* the pawn 5b is defended by its king only, and the gold 4c also attacks 5b: the king may not
     * recapture, so the rook wins the pawn: 90; promoting adds 1395 - 990 */
    ck_assert_int_eq(shogi_see("4k4/4p4/5G3/9/9/9/9/4R4/K8 b - 1", "5h5b"), 90);
    ck_assert_int_eq(shogi_see("4k4/4p4/5G3/9/9/9/9/4R4/K8 b - 1", "5h5b+"), 495);
    /* without the gold the king takes the rook: 90 - 990, and the dragon: 495 - 1395 */
    ck_assert_int_eq(shogi_see("4k4/4p4/9/9/9/9/9/4R4/K8 b - 1", "5h5b"), -900);
    ck_assert_int_eq(shogi_see("4k4/4p4/9/9/9/9/9/4R4/K8 b - 1", "5h5b+"), -900);
}
END_TEST

/* ---- chu: P 100, L 250, S 280, G 320, R 650, lion 1800; royals SEE_ROYAL_VALUE ------------- */

START_TEST(see_chu) {
    /* lion f5, White pawns f6 f7, gold f8 (defends f7), king a12; Black king l1 */
    const char *lion = "k11/12/12/12/5g6/5p6/5p6/5N6/12/12/12/11K w 0 1";
    /* double capture f6 and f7 (100 + 100), then the gold takes the lion: 200 - 1800 */
    ck_assert_int_eq(xb_see("chu", lion, "f5f6,f6f7"), -1600);
    /* igui: the pawn f6 taken from f5, the lion stays on f5, which nothing attacks: 100 */
    ck_assert_int_eq(xb_see("chu", lion, "f5f6,f6f5"), 100);
    /* a plain step onto f6: the pawn f7 retakes, 100 - 1800 */
    ck_assert_int_eq(xb_see("chu", lion, "f5f6"), -1700);
    /* the lion's pass */
    ck_assert_int_eq(xb_see("chu", lion, "@@@@"), 0);
    /* slider x-ray: lance a3 takes the silver a8 (defended by the gold a9), the rook a2 behind it.
     * Retaking would cost White its gold for the lance: 280 - 250 + 320 = 350 for Black, so
     * White stops at 280 */
    ck_assert_int_eq(xb_see("chu", "11k/12/12/g11/s11/12/12/12/12/L11/R11/11K w 0 1", "a3a8"), 280);
    /* without the rook the gold retakes: 280 - 250 */
    ck_assert_int_eq(xb_see("chu", "11k/12/12/g11/s11/12/12/12/12/L11/12/11K w 0 1", "a3a8"), 30);
    /* check is allowed: the gold f6 takes the king f7 although the silver g8 retakes:
     * 100000 - 320 */
    ck_assert_int_eq(xb_see("chu", "12/12/12/12/6s5/5k6/5G6/12/12/12/12/11K w 0 1", "f6f7"), SEE_ROYAL_VALUE - 320);
}
END_TEST

/* ---- wa (no drops): P 100, V (violent stag, FfW) 450, X (fox, FvWAvD) 700, E (cloud eagle,
 * vRsWbFfF3: forward diagonals up to 3) 850 ------------------------------------------------ */

START_TEST(see_wa) {
    /* stag c4 takes the pawn d5 (defended by the pawn d6); the eagle b3 joins through c4 along
     * its forward diagonal (2 steps, range 3): 100 - 450 + 100 */
    ck_assert_int_eq(xb_see("wa-nodrop", "10k/11/11/11/11/3p7/3p7/2V8/1E9/11/10K w 0 1", "c4d5"), -250);
    /* the eagle a2 is 4 steps from e6: out of range, no x-ray: 100 - 450 */
    ck_assert_int_eq(xb_see("wa-nodrop", "10k/11/11/11/4p6/4p6/3V7/11/11/E10/10K w 0 1", "d5e6"), -350);
    /* the same eagle 3 steps from d5 joins: -250 */
    ck_assert_int_eq(xb_see("wa-nodrop", "10k/11/11/11/11/3p7/3p7/2V8/11/E10/10K w 0 1", "c4d5"), -250);
    /* a jumper is not blocked: the fox b3 jumps over its own pawn c4 onto d5 (A), the pawn d6
     * retakes: 100 - 700 */
    ck_assert_int_eq(xb_see("wa-nodrop", "10k/11/11/11/11/3p7/3p7/2P8/1X9/11/10K w 0 1", "b3d5"), -600);
}
END_TEST

/* ---- pos_see_ge against pos_see everywhere ---------------------------------------------------- */

static long consistency(Position *pos) {
    static MoveList list;
    movegen_legal(pos, &list);
    for (int i = 0; i < list.size; i++) {
        Move m = list.moves[i];
        int see = pos_see(pos, m);
        check_ge(pos, m, see);
        /* a move that captures nothing and does not change the piece cannot gain */
        bool quiet =
            move_is_drop(m) || move_is_pass(m) ||
            (!move_is_double(m) && !move_is_promo(m) && !pos->board[move_to(m)] && pos->v->promotion != PROMO_ROLL);
        EXPECT(!quiet || see <= 0, "quiet move %08x: see %d", m, see);
    }
    return list.size;
}

static long table_consistency(const char *file, int variant_col, const char *variant, int spec_col) {
    TestTsv tsv;
    long moves = 0;
    static MoveList list;
    for (test_tsv_open(&tsv, file); test_tsv_next(&tsv);) {
        const char *game = variant_col >= 0 ? tsv.cols[variant_col] : variant;
        Position *pos = test_position(game, tsv.cols[spec_col]);
        moves += consistency(pos);
        movegen_legal(pos, &list);
        for (int i = 0; i < list.size; i++) {
            pos_do_move(pos, list.moves[i]);
            moves += consistency(pos);
            pos_undo_move(pos);
        }
        free(pos);
    }
    test_tsv_close(&tsv);
    return moves;
}

START_TEST(see_ge_consistency) {
    static const char *const games[] = {"shogi", "micro", "nana", "chu", "wa", "wa-nodrop"};
    long moves = 0;
    for (int i = 0; i < 6; i++) {
        char file[64];
        snprintf(file, sizeof file, "perft/%s.tsv", games[i]);
        moves += table_consistency(file, -1, games[i], 0);
    }
    moves += table_consistency("perft/perft_std.tsv", 0, NULL, 1);
    ck_assert_int_gt(moves, 1000000);
}
END_TEST

Suite *suite_see(void) {
    Suite *s = suite_create("see");
    TCase *tc = tcase_create("see");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, see_shogi_basics);
    tcase_add_test(tc, see_shogi_drops);
    tcase_add_test(tc, see_shogi_promotions);
    tcase_add_test(tc, see_shogi_royal);
    tcase_add_test(tc, see_chu);
    tcase_add_test(tc, see_wa);
    tcase_add_test(tc, see_ge_consistency);
    suite_add_tcase(s, tc);
    return s;
}
