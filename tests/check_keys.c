/* check_keys.c - position keys: the key pos_do_move/pos_undo_move keep up to date equals the
 * key computed from the position's fields alone, after every make and unmake, on the perft
 * positions of every game and on seeded random playouts from them; hand keys are independent
 * per (colour, hand type, count), so positions that differ only in their hands differ in key. */
#include <string.h>

#include "../src/solve/index.h"
#include "../src/zobrist.h"
#include "testutil.h"

/* WHY not ck_assert_msg in the walks: every Check assertion records its location with a write(2). */
#define EXPECT(cond, ...)                                                                                              \
    do {                                                                                                               \
        if (!(cond)) ck_abort_msg(__VA_ARGS__);                                                                        \
    } while (0)

/* The key from the fields alone, written here independently of position.c. */
static Key scratch_key(const Position *pos) {
    const VariantTables *t = pos->t;
    Key k = pos->stm == WHITE ? zob_side : 0;
    for (int s = 0; s < t->sq_count; s++) {
        Piece p = pos->board[s];
        if (p) k ^= zob_psq[piece_color(p)][piece_type(p)][s];
    }
    for (int c = 0; c < COLOR_NB; c++)
        for (int q = 1; q < t->type_count; q++) k ^= hand_key((Color)c, (PieceType)q, pos->hand[c][q]);
    if (pos_st(pos)->lion_sq != SQ_NONE) k ^= zob_lion[pos_st(pos)->lion_sq];
    return k;
}

static uint64_t rng_next(uint64_t *s) {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

enum { PLAYOUT_PLIES = 120 };

/* Every legal move made and unmade (keys checked both ways), then one random line of up to
 * PLAYOUT_PLIES plies checked after each make and, on the way back, after each unmake.
 * Returns the number of keys compared. */
static long walk(Position *pos, uint64_t *seed, const char *where) {
    static MoveList list;
    long checked = 0;
    Key root = pos_key(pos);
    EXPECT(root == scratch_key(pos), "%s: key of the position itself", where);
    movegen_legal(pos, &list);
    for (int i = 0; i < list.size; i++) {
        pos_do_move(pos, list.moves[i]);
        EXPECT(pos_key(pos) == scratch_key(pos), "%s: after move %d of %d", where, i, list.size);
        pos_undo_move(pos);
        EXPECT(pos_key(pos) == root, "%s: after undoing move %d", where, i);
        checked += 2;
    }
    Key keys[PLAYOUT_PLIES + 1];
    int sp0 = pos->sp, plies = 0;
    keys[0] = root;
    while (plies < PLAYOUT_PLIES) {
        movegen_legal(pos, &list);
        if (!list.size) break;
        pos_do_move(pos, list.moves[rng_next(seed) % (uint64_t)list.size]);
        keys[++plies] = pos_key(pos);
        EXPECT(keys[plies] == scratch_key(pos), "%s: playout ply %d", where, plies);
        checked++;
    }
    while (plies > 0) {
        pos_undo_move(pos);
        plies--;
        EXPECT(pos_key(pos) == keys[plies] && pos_key(pos) == scratch_key(pos), "%s: playout unmake to ply %d", where,
               plies);
        checked++;
    }
    EXPECT(pos->sp == sp0, "%s: stack depth", where);
    return checked;
}

START_TEST(keys_incremental_equal_scratch) {
    const Variant *const *list = variant_list();
    for (int i = 0; list[i]; i++) {
        const Variant *v = list[i];
        char path[128], last[2048] = "";
        snprintf(path, sizeof path, "perft/%s.tsv", v->name);
        TestTsv tsv;
        uint64_t seed = 0x9e3779b97f4a7c15ULL + (uint64_t)i;
        long checked = 0;
        int positions = 0;
        for (test_tsv_open(&tsv, path); test_tsv_next(&tsv);) {
            if (!strcmp(tsv.cols[0], last)) continue; /* one row per depth: walk each position once */
            snprintf(last, sizeof last, "%s", tsv.cols[0]);
            Position *pos = test_position(v->name, tsv.cols[0]);
            char where[2200];
            snprintf(where, sizeof where, "%s %s", v->name, tsv.cols[0]);
            for (int k = 0; k < 3; k++) checked += walk(pos, &seed, where);
            free(pos);
            positions++;
        }
        test_tsv_close(&tsv);
        ck_assert_msg(positions > 0 && checked > 100 * positions, "%s: %d positions, %ld keys", v->name, positions,
                      checked);
    }
}
END_TEST

/* The bench positions (standard shogi, many with full hands). */
START_TEST(keys_incremental_bench_positions) {
    TestTsv tsv;
    uint64_t seed = 12345;
    int positions = 0;
    for (test_tsv_open(&tsv, "bench/bench_positions.tsv"); test_tsv_next(&tsv);) {
        char spec[1024];
        snprintf(spec, sizeof spec, "sfen %s", tsv.cols[0]);
        Position *pos = test_position("shogi", spec);
        walk(pos, &seed, spec);
        free(pos);
        positions++;
    }
    test_tsv_close(&tsv);
    ck_assert_int_ge(positions, 4);
}
END_TEST

/* Every count has its own key: none is zero but count 0, none repeats, and none is the
 * multiple of the count-1 key that the old one-key-per-type scheme gave. */
START_TEST(keys_hand_table_independent) {
    for (int c = 0; c < COLOR_NB; c++)
        for (int h = 1; h < PT_MAX; h++) {
            ck_assert_uint_eq(hand_key((Color)c, (PieceType)h, 0), 0);
            Key one = hand_key((Color)c, (PieceType)h, 1);
            for (int n = 1; n <= HAND_MAX; n++) {
                Key k = hand_key((Color)c, (PieceType)h, n);
                ck_assert_uint_ne(k, 0);
                if (n > 1) ck_assert_uint_ne(k, one * (Key)n);
                ck_assert_uint_ne(k, hand_key(color_flip((Color)c), (PieceType)h, n));
                for (int m = 1; m < n; m++) ck_assert_uint_ne(k, hand_key((Color)c, (PieceType)h, m));
            }
        }
}
END_TEST

/* Positions of one board that differ only in their hands: all keys differ. The start board of
 * every drop game, each hand type added to Black's or White's hand, 0..its set size. */
START_TEST(keys_hands_distinguish_positions) {
    const Variant *const *list = variant_list();
    int games = 0;
    for (int i = 0; list[i]; i++) {
        const Variant *v = list[i];
        if (!v->drops) continue;
        const VariantTables *t = v->tables;
        Position *pos = test_position(v->name, "startpos");
        char board[512], err[256];
        pos_board_string(pos, board, sizeof board);
        enum { KEYS_MAX = 2048 };
        static Key keys[KEYS_MAX];
        int n = 0;
        for (int j = 0; j < t->hand_type_count; j++) {
            PieceType h = t->hand_types[j];
            if (t->flags[h] & PF_ROYAL) continue;
            for (int c = 0; c < COLOR_NB; c++)
                for (int count = j == 0 && c == BLACK ? 0 : 1; /* the empty hand once */ count <= t->max_count[h];
                     count++) {
                    char hand[32];
                    const char *sym = variant_symbol(v, h);
                    snprintf(hand, sizeof hand, count == 0 ? "-" : "%d%c", count,
                             c == BLACK ? sym[0] : (char)(sym[0] - 'A' + 'a'));
                    int rc = pos_set_fields(pos, v, NULL, board, BLACK, hand, 1, SQ_NONE, err, sizeof err);
                    ck_assert_msg(rc == 0, "%s hand %s: %s", v->name, hand, err);
                    for (int k = 0; k < n; k++)
                        ck_assert_msg(keys[k] != pos_key(pos), "%s hand %s: key of an earlier hand", v->name, hand);
                    ck_assert_int_lt(n, KEYS_MAX);
                    keys[n++] = pos_key(pos);
                }
        }
        ck_assert_msg(n > 2 * t->hand_type_count - 2, "%s: only %d hands", v->name, n);
        free(pos);
        games++;
    }
    ck_assert_int_ge(games, 4); /* shogi, micro, nana, wa */
}
END_TEST

/* The solver's index builds positions and their keys itself (src/solve/index.c): on seeded
 * random numbers of the nana index, the key equals the key from the fields, and moves made
 * and unmade from there keep it so. */
START_TEST(keys_solve_index_positions) {
    static SolveIndex ix;
    char err[256];
    ck_assert_msg(solve_index_init(&ix, variant_find("nana"), 1ull << 32, err, sizeof err) == 0, "%s", err);
    Position *pos = malloc(sizeof *pos);
    uint64_t seed = 77;
    int legal = 0;
    for (int i = 0; i < 400; i++) {
        SolveState st;
        solve_state_of(&ix, rng_next(&seed) % ix.size, &st);
        if (!solve_to_pos(&ix, &st, pos)) continue;
        EXPECT(pos_key(pos) == scratch_key(pos), "index position %d", i);
        walk(pos, &seed, "nana index position");
        legal++;
    }
    ck_assert_int_gt(legal, 100);
    free(pos);
    solve_index_free(&ix);
}
END_TEST

Suite *suite_keys(void) {
    Suite *s = suite_create("keys");
    TCase *tc = tcase_create("keys");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, keys_incremental_equal_scratch);
    tcase_add_test(tc, keys_incremental_bench_positions);
    tcase_add_test(tc, keys_hand_table_independent);
    tcase_add_test(tc, keys_hands_distinguish_positions);
    tcase_add_test(tc, keys_solve_index_positions);
    suite_add_tcase(s, tc);
    return s;
}
