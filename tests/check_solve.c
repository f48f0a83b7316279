/* check_solve.c - the small-game solver: the index is a bijection (random walks, every
 * position of a sampled range), refusal of large games. */
#include <string.h>

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

Suite *suite_solve(void) {
    Suite *s = suite_create("solve");
    TCase *tc = tcase_create("solve");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, solve_index_walks);
    tcase_add_test(tc, solve_index_refuses_large_games);
    suite_add_tcase(s, tc);
    return s;
}
