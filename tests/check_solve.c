/* check_solve.c - the small-game solver: the index is a bijection (random walks, every
 * position of a sampled range), refusal of large games. */
#include <string.h>
#include <unistd.h>

#include "../engine/solve/solve.h"
#include "../src/solve/index.h"
#include "testutil.h"

#define EXPECT(cond, ...)                                                                                              \
    do {                                                                                                               \
        if (!(cond)) ck_abort_msg(__VA_ARGS__);                                                                        \
    } while (0)

static uint64_t rng_next(uint64_t *s) {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void nana_index(SolveIndex *ix) {
    char err[256];
    variants_init();
    ck_assert_msg(solve_index_init(ix, variant_find("nana"), 1ull << 32, err, sizeof err) == 0, "%s", err);
}

/* number -> state -> number, and the engine position built from it maps back too. */
static void round_trip(const SolveIndex *ix, Position *pos, uint64_t idx) {
    SolveState s, back;
    solve_state_of(ix, idx, &s);
    EXPECT(solve_index_of(ix, &s) == idx, "index %llu does not come back", (unsigned long long)idx);
    solve_to_pos(ix, &s, pos);
    EXPECT(solve_from_pos(ix, pos, &back) && !memcmp(&s, &back, sizeof s), "position of %llu differs",
           (unsigned long long)idx);
}

START_TEST(solve_index_walks) {
    SolveIndex ix;
    nana_index(&ix);
    ck_assert_uint_eq(ix.kpairs, 32);
    ck_assert_uint_eq(ix.configs, 1094697);
    ck_assert_uint_eq(ix.opening_count, 9);
    Position *pos = test_position("nana", "startpos");
    ck_assert_uint_eq(solve_index_of_pos(&ix, pos), ix.main_size);
    free(pos);
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    MoveList list;
    long checked = 0;
    for (int walk = 0; walk < 200; walk++) {
        pos = test_position("nana", "startpos");
        for (int ply = 0; ply < 60; ply++) {
            uint64_t idx = solve_index_of_pos(&ix, pos);
            EXPECT(idx < ix.size, "walk %d ply %d: no index", walk, ply);
            SolveState s, want;
            solve_state_of(&ix, idx, &s);
            EXPECT(solve_from_pos(&ix, pos, &want) && !memcmp(&s, &want, sizeof s), "walk %d ply %d: state differs",
                   walk, ply);
            movegen_legal(pos, &list);
            if (!list.size) break;
            Move m = list.moves[rng_next(&seed) % (uint64_t)list.size];
            SolveState next;
            solve_apply(&ix, &s, m, &next);
            pos_do_move(pos, m);
            EXPECT(solve_index_of(&ix, &next) == solve_index_of_pos(&ix, pos), "walk %d ply %d: solve_apply differs",
                   walk, ply);
            checked++;
        }
        free(pos);
    }
    ck_assert_int_gt(checked, 5000);
    Position *scratch = malloc(sizeof *scratch);
    for (int i = 0; i < 200000; i++) round_trip(&ix, scratch, rng_next(&seed) % ix.size);
    for (uint64_t i = 0; i < 20000; i++) round_trip(&ix, scratch, i);
    for (uint64_t i = ix.size - 20000; i < ix.size; i++) round_trip(&ix, scratch, i);
    free(scratch);
    solve_index_free(&ix);
}
END_TEST

START_TEST(solve_index_refuses_large_games) {
    SolveIndex ix;
    char err[256];
    variants_init();
    ck_assert_int_eq(solve_index_init(&ix, variant_find("shogi"), 1ull << 32, err, sizeof err), -1);
    ck_assert_int_eq(solve_index_init(&ix, variant_find("micro"), 1ull << 32, err, sizeof err), -1);
    ck_assert_int_eq(solve_index_init(&ix, variant_find("nana"), 1000, err, sizeof err), -1);
    ck_assert_str_eq(err, "too many positions to solve");
}
END_TEST

/* ---- the table (the build folder's, unpacked from books/nana.tbl.xz by make) ---------------- */

static SolvedTable *load_nana(void) {
    static SolvedTable table;
    static bool loaded;
    char path[2048], err[512];
    variants_init();
    if (!loaded) {
        const Variant *v = variant_find("nana");
        ck_assert_msg(solve_table_find(v, path, sizeof path) == 0, "%s", path);
        ck_assert_msg(solve_table_read(&table, v, path, err, sizeof err) == 0, "%s", err);
        loaded = true;
    }
    return &table;
}

/* Plain depth-limited minimax without any table: 1000 - k = the side to move wins in k plies,
 * -1000 + k = it loses in k, 0 = not decided within depth plies. Alpha-beta only. */
static int exact(Position *pos, int depth, int alpha, int beta) {
    MoveList list;
    movegen_legal(pos, &list);
    if (!list.size) return -1000;
    if (depth == 0) return 0;
    int best = -1001;
    for (int i = 0; i < list.size && best < beta; i++) {
        pos_do_move(pos, list.moves[i]);
        /* the child's window, widened by 2 for the +-1 of one more ply */
        int s = exact(pos, depth - 1, -beta - 2, -(alpha > best ? alpha : best) + 2);
        pos_undo_move(pos);
        int v = s > 0 ? -s + 1 : s < 0 ? -s - 1 : 0;
        if (v > best) best = v;
    }
    return best;
}

static int table_score(uint8_t b) {
    return solve_is_win(b) ? 1000 - solve_distance(b) : solve_is_loss(b) ? -1000 + solve_distance(b) : 0;
}

START_TEST(solve_table_start_value) {
    SolvedTable *t = load_nana();
    Position *pos = test_position("nana", "startpos");
    uint8_t b = solved_probe(t, pos);
    ck_assert(solve_is_win(b));
    ck_assert_int_eq(solve_distance(b), 125); /* docs/nana.md */
    SolvedMove moves[MOVES_MAX];
    int n = solved_root_moves(t, pos, moves);
    ck_assert_int_eq(n, 8);
    ck_assert_int_eq(moves[0].value, b);
    char text[16];
    move_format(pos, moves[0].move, NOTATION_USI, text, sizeof text);
    ck_assert_str_eq(text, "K*3b");
    ck_assert_uint_eq(t->checksum, solve_checksum(t->value, t->ix.size));
    free(pos);
}
END_TEST

/* Every sampled legal position's value is what its children's values make it. */
START_TEST(solve_table_consistent) {
    SolvedTable *t = load_nana();
    Position *pos = malloc(sizeof *pos);
    MoveList list;
    uint64_t seed = 12345;
    int checked = 0;
    for (int i = 0; i < 100000; i++) {
        uint64_t idx = rng_next(&seed) % t->ix.size;
        if (t->value[idx] == SOLVE_ILLEGAL) continue;
        SolveState s;
        solve_state_of(&t->ix, idx, &s);
        ck_assert(solve_to_pos(&t->ix, &s, pos));
        movegen_legal(pos, &list);
        uint8_t kids[MOVES_MAX];
        for (int k = 0; k < list.size; k++) {
            pos_do_move(pos, list.moves[k]);
            kids[k] = solved_probe(t, pos);
            pos_undo_move(pos);
        }
        EXPECT(solve_combine(kids, list.size) == t->value[idx], "index %llu: %d, children make %d",
               (unsigned long long)idx, t->value[idx], solve_combine(kids, list.size));
        checked++;
    }
    ck_assert_int_gt(checked, 50000);
    free(pos);
}
END_TEST

/* Table values against the plain search: short wins and losses exactly, the rest undecided
 * within the horizon. */
START_TEST(solve_table_matches_minimax) {
    SolvedTable *t = load_nana();
    Position *pos = malloc(sizeof *pos);
    uint64_t seed = 777;
    int short_ones = 0, others = 0;
    while (short_ones < 300 || others < 100) {
        uint64_t idx = rng_next(&seed) % t->ix.size;
        uint8_t b = t->value[idx];
        if (b == SOLVE_ILLEGAL) continue;
        bool is_short = b && solve_distance(b) <= 7;
        if (is_short ? short_ones >= 300 : others >= 100) continue;
        SolveState s;
        solve_state_of(&t->ix, idx, &s);
        solve_to_pos(&t->ix, &s, pos);
        if (is_short) {
            int d = solve_distance(b), got = exact(pos, d, -1001, 1001);
            EXPECT(got == table_score(b), "index %llu: table %d, minimax %d", (unsigned long long)idx, table_score(b),
                   got);
            short_ones++;
        } else {
            int got = exact(pos, 4, -1, 1);
            EXPECT(got == 0, "index %llu: table %d, minimax finds %d", (unsigned long long)idx, table_score(b), got);
            others++;
        }
    }
    free(pos);
}
END_TEST

/* A copy with one byte changed, or cut short, is rejected. */
START_TEST(solve_table_corrupt_rejected) {
    SolvedTable *t = load_nana(), bad;
    char path[256], err[512];
    test_temp_path(path, sizeof path, "nana-tbl");
    ck_assert_msg(solve_table_write(t, path, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(solve_table_read(&bad, t->ix.v, path, err, sizeof err) == 0, "%s", err);
    solved_free(&bad);
    FILE *f = fopen(path, "r+b");
    ck_assert_ptr_nonnull(f);
    fseek(f, 64 + 1234567, SEEK_SET);
    int c = fgetc(f);
    fseek(f, 64 + 1234567, SEEK_SET);
    fputc(c ^ 0x10, f);
    fclose(f);
    ck_assert_int_eq(solve_table_read(&bad, t->ix.v, path, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "checksum mismatch"));
    ck_assert_int_eq(truncate(path, 64 + 1000), 0);
    ck_assert_int_eq(solve_table_read(&bad, t->ix.v, path, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "truncated"));
    ck_assert_int_eq(solve_table_read(&bad, variant_find("shogi"), path, err, sizeof err), -1);
    remove(path);
}
END_TEST

Suite *suite_solve(void) {
    Suite *s = suite_create("solve");
    TCase *tc = tcase_create("solve");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, solve_index_walks);
    tcase_add_test(tc, solve_index_refuses_large_games);
    tcase_add_test(tc, solve_table_start_value);
    tcase_add_test(tc, solve_table_consistent);
    tcase_add_test(tc, solve_table_matches_minimax);
    tcase_add_test(tc, solve_table_corrupt_rejected);
    suite_add_tcase(s, tc);
    return s;
}
