/* check_rules.c - exact legal-move lists for the special rules of shogi, micro and nana:
 * the worked examples of shared/rules/shogi.md, micro.md and nana.md. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

/* Append "<face>*<sq>" for every empty square of pos for which keep(sq name) is true. */
typedef bool (*SquareFilter)(const char *sq);
static void add_drops(const Position *pos, const char *face, SquareFilter keep, char *buf, size_t len) {
    for (int s = 0; s < pos->t->sq_count; s++) {
        if (pos->board[s]) continue;
        char sq[8];
        usi_square_format(pos->v, s, sq, sizeof sq);
        if (keep && !keep(sq)) continue;
        size_t o = strlen(buf);
        snprintf(buf + o, len - o, " %s*%s", face, sq);
    }
}

static bool has_move(Position *pos, const char *move) { return test_has_move(pos, NOTATION_USI, move); }

/* ---- standard shogi (shogi.md, Worked examples) ---------------------------------------- */

START_TEST(shogi_start_30) {
    Position *pos = test_position("shogi", "startpos");
    ck_assert_moves(pos, NOTATION_USI,
                    "9g9f 8g8f 7g7f 6g6f 5g5f 4g4f 3g3f 2g2f 1g1f 9i9h 1i1h 7i7h 7i6h 3i4h 3i3h 6i7h "
                    "6i6h 6i5h 4i5h 4i4h 4i3h 5i6h 5i5h 5i4h 2h7h 2h6h 2h5h 2h4h 2h3h 2h1h");
    free(pos);
}
END_TEST

static bool not_rank_a_not_9i(const char *sq) { return sq[1] != 'a' && strcmp(sq, "9i") && sq[0] != '1'; }

/* Example 2: optional promotion, nifu (file 1), no pawn drop on the last rank. */
START_TEST(shogi_example2_nifu_promotion) {
    Position *pos = test_position("shogi", "sfen 8k/9/8P/9/9/9/9/9/K8 b P 1");
    char want[4096] = "1c1b 1c1b+ 9i8h 9i9h 9i8i";
    add_drops(pos, "P", not_rank_a_not_9i, want, sizeof want);
    ck_assert_uint_eq(movegen_count(pos), 68);
    ck_assert_moves(pos, NOTATION_USI, want);
    free(pos);
}
END_TEST

static bool uchifuzume_ok(const char *sq) { return sq[1] != 'a' && strcmp(sq, "9b"); }

/* Example 3: uchifuzume - P*9b would mate and is not generated (78, not Fairy-Stockfish's 79).
 * The knight's moves to rank a must promote. */
START_TEST(shogi_example3_uchifuzume) {
    Position *pos = test_position("shogi", "sfen k8/9/1GN6/9/9/9/9/9/8K b P 1");
    char want[4096] = "1i1h 1i2h 1i2i 8c8b 8c9b 8c7b 8c9c 8c8d 7c8a+ 7c6a+";
    add_drops(pos, "P", uchifuzume_ok, want, sizeof want);
    ck_assert_uint_eq(movegen_count(pos), 78);
    ck_assert_moves(pos, NOTATION_USI, want);
    ck_assert(!has_move(pos, "P*9b"));
    /* The same square is fine for a gold drop (only pawn-drop mate is banned). */
    free(pos);
    pos = test_position("shogi", "sfen k8/9/1GN6/9/9/9/9/9/8K b G 1");
    ck_assert(has_move(pos, "G*9b"));
    free(pos);
}
END_TEST

/* A pawn *move* that mates is legal (only drops are banned). */
START_TEST(shogi_pawn_move_mate_legal) {
    Position *pos = test_position("shogi", "sfen k8/9/PGN6/9/9/9/9/9/8K b - 1");
    ck_assert(has_move(pos, "9c9b"));
    ck_assert(has_move(pos, "9c9b+"));
    Move m;
    char err[256], reason[64];
    ck_assert_int_eq(move_parse(pos, "9c9b", NOTATION_USI, &m, err, sizeof err), 0);
    pos_do_move(pos, m);
    ck_assert_int_eq(pos_game_result(pos, reason, sizeof reason), RESULT_LOSS);
    ck_assert_str_eq(reason, "checkmate");
    free(pos);
}
END_TEST

/* ---- micro shogi (micro.md 6) ---------------------------------------------------------- */

START_TEST(micro_6_1_start) {
    Position *pos = test_position("micro", "startpos");
    ck_assert_moves(pos, NOTATION_USI, "2e3d 2e4c 4e4d 4e3d 1d1c 3e4d 3e3d 3e2d 1e2d");
    free(pos);
}
END_TEST

START_TEST(micro_6_2_suffixes) {
    Position *pos = test_position("micro", "sfen kb+r+l/3P/p3/4/+L+RBK w - 4");
    ck_assert_moves(pos, NOTATION_USI, "3a1c 3a4b 3a2b 1a2b 1a1b- 2a3b 2a2b 2a1b- 4a4b 4a3b 4c4d");
    free(pos);
    /* the same position reached by moves from the start */
    pos = test_position("micro", "startpos moves 1d1c 4b4c 1c1b");
    char sfen[256];
    pos_to_sfen(pos, sfen, sizeof sfen);
    ck_assert_str_eq(sfen, "kb+r+l/3P/p3/4/+L+RBK w - 4");
    free(pos);
}
END_TEST

START_TEST(micro_6_3_after_flip) {
    Position *pos = test_position("micro", "startpos moves 1d1c 4b4c 1c1b 2a1b-");
    char sfen[256];
    pos_to_sfen(pos, sfen, sizeof sfen);
    ck_assert_str_eq(sfen, "kb1+l/3r/p3/4/+L+RBK b p 5");
    ck_assert(pos_in_check(pos));
    ck_assert_moves(pos, NOTATION_USI, "1e2d 2e1d");
    free(pos);
}
END_TEST

static const char *const micro_64_empty = "4d 3d 2d 4c 3c 2c 1c 3b 2b 1b";

START_TEST(micro_6_4_either_side) {
    Position *pos = test_position("micro", "sfen kb+r+l/p3/4/3P/+L+RBK b Pp 1");
    char want[4096] = "2e3d 2e4c 4e4d 4e3d 1d1c 3e4d 3e3d 3e2d 1e2d";
    add_drops(pos, "P", NULL, want, sizeof want);
    add_drops(pos, "+P", NULL, want, sizeof want);
    ck_assert_uint_eq(movegen_count(pos), 29);
    ck_assert_moves(pos, NOTATION_USI, want);
    /* the empty squares are the ten listed in micro.md */
    char sqs[128] = "";
    for (int s = 0; s < pos->t->sq_count; s++)
        if (!pos->board[s]) {
            char sq[8];
            usi_square_format(pos->v, s, sq, sizeof sq);
            strcat(sqs, sqs[0] ? " " : "");
            strcat(sqs, sq);
        }
    char a[128], b[128];
    test_sort_words(sqs, a, sizeof a);
    test_sort_words(micro_64_empty, b, sizeof b);
    ck_assert_str_eq(a, b);
    free(pos);
}
END_TEST

static bool far_rank(const char *sq) { return sq[1] == 'a'; }
static bool far_two(const char *sq) { return sq[1] == 'a' || sq[1] == 'b'; }
static bool not_far_rank(const char *sq) { return !far_rank(sq); }
static bool not_far_two(const char *sq) { return !far_two(sq); }

START_TEST(micro_6_5_dead_drops) {
    const char *sfen = "3k/4/4/4/K3 b PLRB 1";
    static const char *const faces[] = {"P", "+P", "L", "+L", "R", "+R", "B", "+B"};
    Position *pos = test_position("micro", sfen);
    char want[8192] = "4e4d 4e3d 4e3e";
    for (int i = 0; i < 8; i++) add_drops(pos, faces[i], NULL, want, sizeof want);
    ck_assert_uint_eq(movegen_count(pos), 147);
    ck_assert_moves(pos, NOTATION_USI, want);
    free(pos);

    pos = test_position_with("micro", sfen, "MicroDeadDrops", "false");
    ck_assert_int_eq(pos->rules.dead_drops, 0);
    strcpy(want, "4e4d 4e3d 4e3e");
    add_drops(pos, "P", not_far_rank, want, sizeof want);
    add_drops(pos, "L", not_far_rank, want, sizeof want);
    add_drops(pos, "+P", not_far_two, want, sizeof want);
    for (int i = 3; i < 8; i++) add_drops(pos, faces[i], NULL, want, sizeof want); /* +L R +R B +B */
    ck_assert_uint_eq(movegen_count(pos), 134);
    ck_assert_moves(pos, NOTATION_USI, want);
    free(pos);
}
END_TEST

/* micro: G and S are accepted on input as +R / +L; a flip suffix on a non-capture is not. */
START_TEST(micro_input_forms) {
    char err[256];
    Position *pos = test_position("micro", "startpos");
    Move m;
    ck_assert_int_eq(move_parse(pos, "1d1c+", NOTATION_USI, &m, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "illegal"));
    free(pos);
    pos = test_position("micro", "sfen kb+r+l/3P/p3/4/+L+RBK w - 4");
    ck_assert_int_eq(move_parse(pos, "1a1b+", NOTATION_USI, &m, err, sizeof err), -1); /* '-' is due */
    ck_assert_int_eq(move_parse(pos, "1a1b", NOTATION_USI, &m, err, sizeof err), 0);   /* suffix implied */
    char text[16];
    move_format(pos, m, NOTATION_USI, text, sizeof text);
    ck_assert_str_eq(text, "1a1b-");
    free(pos);
}
END_TEST

/* ---- nana shogi (nana.md 4) ------------------------------------------------------------ */

START_TEST(nana_4_1_king_first) {
    Position *pos = test_position("nana", "startpos");
    ck_assert_moves(pos, NOTATION_USI, "K*1a K*1b K*1c K*2a K*2c K*3a K*3b K*3c");
    free(pos);
}
END_TEST

START_TEST(nana_4_2_white_king) {
    Position *pos = test_position("nana", "sfen 2K/3/3 w RBkrb 2");
    ck_assert_moves(pos, NOTATION_USI, "K*1c K*2c K*3a K*3b K*3c");
    free(pos);
    pos = test_position("nana", "startpos moves K*1a");
    ck_assert_moves(pos, NOTATION_USI, "K*1c K*2c K*3a K*3b K*3c");
    free(pos);
}
END_TEST

START_TEST(nana_4_3_drop_check_ban) {
    Position *pos = test_position("nana", "sfen 2k/3/K2 b RBrb 3");
    ck_assert_moves(pos, NOTATION_USI,
                    "3c2c 3c3b "
                    "R*1c R*2c R*3a R*3b C*2a C*2c C*3a C*3b W*1b W*1c W*2c W*3a W*3b "
                    "G*1c G*2a G*2c G*3a G*3b B*1b B*1c B*2a B*2c B*3a B*3b "
                    "T*1b T*1c T*2a T*2c T*3a T*3b S*1b S*1c S*2a S*2c S*3a S*3b "
                    "D*1c D*2a D*2c D*3a D*3b");
    ck_assert_uint_eq(movegen_count(pos), 43);
    free(pos);
}
END_TEST

START_TEST(nana_4_4_no_mate_with_hand) {
    Position *pos = test_position("nana", "sfen kwB/3/K2 b Rb 1");
    ck_assert_moves(pos, NOTATION_USI, "3c2c R*1b R*1c R*2c C*1b C*1c C*2c W*1b W*1c W*2c W*3b G*1b G*1c G*2c");
    ck_assert_uint_eq(movegen_count(pos), 14);
    Move m;
    char err[256];
    ck_assert_int_eq(move_parse(pos, "1a2b", NOTATION_USI, &m, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "illegal"));
    free(pos);
    /* With an empty hand the mating move is legal, and it mates. */
    pos = test_position("nana", "sfen kwB/3/K2 b b 1");
    ck_assert_moves(pos, NOTATION_USI, "3c2c 1a2b");
    ck_assert_uint_eq(movegen_count(pos), 2);
    ck_assert_int_eq(move_parse(pos, "1a2b", NOTATION_USI, &m, err, sizeof err), 0);
    pos_do_move(pos, m);
    char sfen[64], reason[64];
    pos_to_sfen(pos, sfen, sizeof sfen);
    ck_assert_str_eq(sfen, "kw1/1T1/K2 w b 2");
    ck_assert_int_eq(pos_game_result(pos, reason, sizeof reason), RESULT_LOSS);
    ck_assert_str_eq(reason, "checkmate");
    free(pos);
}
END_TEST

START_TEST(nana_4_5_roll) {
    Position *pos = test_position("nana", "sfen k2/1C1/2K b Bb 1");
    ck_assert_moves(pos, NOTATION_USI,
                    "2b2a 2b2c 1c2c 1c1b "
                    "B*1a B*1b B*2a B*2c B*3b B*3c T*1a T*1b T*2a T*2c T*3b T*3c "
                    "S*1a S*1b S*2a S*2c S*3b S*3c D*1a D*1b D*2a D*2c D*3c");
    ck_assert_uint_eq(movegen_count(pos), 27);
    /* 2b2a leaves a Black W on 2a giving check; the king escapes to 3b */
    Move m;
    char err[256], sfen[64];
    ck_assert_int_eq(move_parse(pos, "2b2a", NOTATION_USI, &m, err, sizeof err), 0);
    pos_do_move(pos, m);
    pos_to_sfen(pos, sfen, sizeof sfen);
    ck_assert_str_eq(sfen, "kW1/3/2K w Bb 2");
    ck_assert(pos_in_check(pos));
    ck_assert_moves(pos, NOTATION_USI, "3a3b 3a2a");
    free(pos);
}
END_TEST

/* nana.md 1.4: a trailing '+' (or '-') on a board move is rejected; drops name the face. */
START_TEST(nana_suffix_rejected) {
    Position *pos = test_position("nana", "sfen k2/1C1/2K b Bb 1");
    Move m;
    char err[256];
    ck_assert_int_eq(move_parse(pos, "2b2a+", NOTATION_USI, &m, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "illegal move '2b2a+'"));
    ck_assert_int_eq(move_parse(pos, "2b2a-", NOTATION_USI, &m, err, sizeof err), -1);
    ck_assert_int_eq(move_parse(pos, "R*1a", NOTATION_USI, &m, err, sizeof err), -1); /* no R tile */
    ck_assert_int_eq(move_parse(pos, "B*2b", NOTATION_USI, &m, err, sizeof err), -1); /* centre */
    ck_assert_int_eq(move_parse(pos, "T*1a", NOTATION_USI, &m, err, sizeof err), 0);
    free(pos);
}
END_TEST

/* NanaNoStalemateWithHand: Black holds a B tile; four board moves stalemate White's king on 1a
 * (2b2c rolls the R into a C that covers 2a; 1c1b, 3c2c, 3c3b leave 2a/1b/2b covered). They are
 * legal by default (rule 6 speaks only of mate) and illegal with the option. */
START_TEST(nana_no_stalemate_with_hand) {
    const char *sfen = "2k/1R1/K1D b B 1";
    static const char *const stalemating[] = {"2b2c", "1c1b", "3c2c", "3c3b"};
    Position *pos = test_position("nana", sfen);
    char with[4096], without[4096], expect[4096] = "";
    test_moves_string(pos, NOTATION_USI, with, sizeof with);
    for (int i = 0; i < 4; i++) {
        ck_assert(has_move(pos, stalemating[i]));
        Move m;
        char err[128], reason[64];
        ck_assert_int_eq(move_parse(pos, stalemating[i], NOTATION_USI, &m, err, sizeof err), 0);
        pos_do_move(pos, m);
        ck_assert(!pos_in_check(pos));
        ck_assert_int_eq(pos_game_result(pos, reason, sizeof reason), RESULT_LOSS);
        ck_assert_str_eq(reason, "no legal move");
        pos_undo_move(pos);
    }
    free(pos);
    pos = test_position_with("nana", sfen, "NanaNoStalemateWithHand", "true");
    test_moves_string(pos, NOTATION_USI, without, sizeof without);
    for (char *save = NULL, *w = strtok_r(with, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        bool drop = false;
        for (int i = 0; i < 4; i++) drop |= !strcmp(w, stalemating[i]);
        if (!drop) snprintf(expect + strlen(expect), sizeof expect - strlen(expect), "%s%s", expect[0] ? " " : "", w);
    }
    ck_assert_str_eq(without, expect);
    ck_assert_uint_eq(movegen_count(pos), 22);
    free(pos);
}
END_TEST

Suite *suite_rules(void) {
    Suite *s = suite_create("rules");
    TCase *tc = tcase_create("shogi");
    tcase_add_test(tc, shogi_start_30);
    tcase_add_test(tc, shogi_example2_nifu_promotion);
    tcase_add_test(tc, shogi_example3_uchifuzume);
    tcase_add_test(tc, shogi_pawn_move_mate_legal);
    suite_add_tcase(s, tc);
    tc = tcase_create("micro");
    tcase_add_test(tc, micro_6_1_start);
    tcase_add_test(tc, micro_6_2_suffixes);
    tcase_add_test(tc, micro_6_3_after_flip);
    tcase_add_test(tc, micro_6_4_either_side);
    tcase_add_test(tc, micro_6_5_dead_drops);
    tcase_add_test(tc, micro_input_forms);
    suite_add_tcase(s, tc);
    tc = tcase_create("nana");
    tcase_add_test(tc, nana_4_1_king_first);
    tcase_add_test(tc, nana_4_2_white_king);
    tcase_add_test(tc, nana_4_3_drop_check_ban);
    tcase_add_test(tc, nana_4_4_no_mate_with_hand);
    tcase_add_test(tc, nana_4_5_roll);
    tcase_add_test(tc, nana_suffix_rejected);
    tcase_add_test(tc, nana_no_stalemate_with_hand);
    suite_add_tcase(s, tc);
    return s;
}
