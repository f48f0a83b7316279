/* check_search.c - the search's parts and outcomes: mate in one against a brute force over
 * every legal move, history gravity, the bench signature recorded in tests/bench-signature,
 * determinism, and searches that must find a known best move (a mate, a free piece). */
#include <stdio.h>
#include <string.h>

#include "../engine/bench.h"
#include "../engine/history.h"
#include "../engine/search.h"
#include "../src/mate1.h"
#include "testutil.h"

/* ---- mate in one ------------------------------------------------------------------------- */

/* Does some checking move leave the opponent without a legal move? (the definition) */
static bool brute_mate_exists(Position *pos) {
    MoveList list;
    movegen_legal(pos, &list);
    for (int i = 0; i < list.size; i++) {
        pos_do_move(pos, list.moves[i]);
        bool mate = pos_in_check(pos) && movegen_count(pos) == 0;
        pos_undo_move(pos);
        if (mate) return true;
    }
    return false;
}

/* pos_mate_in_one agrees with the brute force, and its move really mates. */
static void assert_mate1(Position *pos, const char *where) {
    MoveList scratch;
    Move m = pos_mate_in_one(pos, &scratch);
    bool want = !pos->v->check_allowed && brute_mate_exists(pos);
    ck_assert_msg((m != MOVE_NONE) == want, "%s: mate in one %s, brute force %s", where, m ? "found" : "not found",
                  want ? "finds one" : "finds none");
    if (m) {
        ck_assert_msg(movegen_is_legal(pos, m), "%s: the mating move is illegal", where);
        pos_do_move(pos, m);
        ck_assert(pos_in_check(pos) && movegen_count(pos) == 0);
        pos_undo_move(pos);
    }
}

static uint64_t rng_state = 88172645463325252ULL;
static uint64_t rng(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

START_TEST(mate1_tsume_rows) {
    TestTsv tsv;
    int found = 0, rows = 0;
    for (test_tsv_open(&tsv, "tsume/tsume_std.tsv"); test_tsv_next(&tsv);) {
        char spec[1200];
        snprintf(spec, sizeof spec, "sfen %s", tsv.cols[0]);
        Position *pos = test_position("shogi", spec);
        assert_mate1(pos, tsv.cols[0]);
        /* WHY not every length-1 row: by the tsume convention a check that the defender can
         * only answer by futile interposing drops counts as mate; those are not mates here */
        MoveList scratch;
        if (!strcmp(tsv.cols[1], "1") && pos_mate_in_one(pos, &scratch) != MOVE_NONE) found++;
        rows++;
        free(pos);
    }
    test_tsv_close(&tsv);
    ck_assert_int_gt(found, 3);
    ck_assert_int_gt(rows, 20);
}
END_TEST

/* Random playouts of every game: mate in one agrees with the brute force at every ply. */
START_TEST(mate1_random_playouts) {
    const char *games[] = {"shogi", "micro", "nana", "wa", "wa-nodrop", "chu"};
    int mates = 0;
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++)
        for (int game = 0; game < 12; game++) {
            Position *pos = test_position(games[g], "startpos");
            for (int ply = 0; ply < 120; ply++) {
                char where[64];
                snprintf(where, sizeof where, "%s game %d ply %d", games[g], game, ply);
                assert_mate1(pos, where);
                MoveList scratch;
                mates += pos_mate_in_one(pos, &scratch) != MOVE_NONE;
                MoveList list;
                movegen_legal(pos, &list);
                if (list.size == 0 || pos->sp > HISTORY_MAX - 10) break;
                /* prefer captures and checks so that games reach mating positions */
                Move m = list.moves[rng() % (uint64_t)list.size];
                for (int k = 0; k < 4; k++) {
                    Move c = list.moves[rng() % (uint64_t)list.size];
                    if (!move_is_drop(c) && pos->board[move_to(c)]) m = c;
                }
                pos_do_move(pos, m);
            }
            free(pos);
        }
    ck_assert_int_gt(mates, 0);
}
END_TEST

/* ---- history ----------------------------------------------------------------------------- */

START_TEST(history_gravity) {
    int16_t e = 0;
    history_update(&e, 1000);
    ck_assert_int_eq(e, 1000);
    history_update(&e, -1000);
    ck_assert_int_lt(e, 1000);
    ck_assert_int_gt(e, -1000);
    /* repeated bonuses saturate below the bound instead of overflowing */
    for (int i = 0; i < 10000; i++) history_update(&e, history_bonus(20));
    ck_assert_int_le(e, HIST_MAX);
    ck_assert_int_gt(e, HIST_MAX * 9 / 10);
    for (int i = 0; i < 10000; i++) history_update(&e, -history_bonus(20));
    ck_assert_int_ge(e, -HIST_MAX);
    ck_assert_int_lt(e, -HIST_MAX * 9 / 10);
    /* a bonus grows with depth */
    ck_assert_int_lt(history_bonus(2), history_bonus(6));
}
END_TEST

START_TEST(history_tables) {
    History h = {0};
    const Variant *shogi = variant_find("shogi"), *chu = variant_find("chu");
    ck_assert_int_eq(history_init(&h, shogi), 0);
    ck_assert_int_eq(h.slots, shogi->tables->type_count * shogi->tables->sq_count); /* exact, no folding */
    *history_cont(&h, 5, 7) = 123;
    h.butterfly[BLACK][3][4] = 55;
    history_clear(&h);
    ck_assert_int_eq(*history_cont(&h, 5, 7), 0);
    ck_assert_int_eq(h.butterfly[BLACK][3][4], 0);
    ck_assert_int_eq(history_init(&h, chu), 0);
    ck_assert_int_le(h.slots, CONT_SLOTS_MAX);
    for (int pt = 1; pt < chu->tables->type_count; pt++)
        for (int sq = 0; sq < chu->tables->sq_count; sq++) {
            int s = history_slot(&h, (PieceType)pt, sq);
            ck_assert(s >= 0 && s < h.slots);
        }
    history_free(&h);
}
END_TEST

/* ---- whole searches ------------------------------------------------------------------------ */

typedef struct {
    BestMove best;
    int infos;
} Collected;

static void on_info(void *user, const SearchInfo *info) {
    (void)info;
    ((Collected *)user)->infos++;
}
static void on_best(void *user, const BestMove *bm) { ((Collected *)user)->best = *bm; }

/* Search spec of game v to depth (or nodes) with threads and return the best move as text. */
static void search_for(const char *game, const char *spec, int depth, const char *threads, char *out, size_t len,
                       Value *score) {
    EngineContext *e = engine_create();
    char err[256];
    ck_assert_int_eq(engine_set_variant(e, variant_find(game), err, sizeof err), 0);
    ck_assert_msg(engine_set_position(e, spec, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(engine_set_option(e, "Threads", threads, err, sizeof err), 0);
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.time[BLACK] = l.time[WHITE] = -1;
    l.depth = depth;
    Collected c = {0};
    Reporter r = {.user = &c, .on_info = on_info, .on_bestmove = on_best};
    engine_go(e, &l, &r);
    engine_wait(e);
    ck_assert_int_gt(c.infos, 0);
    ck_assert_int_eq(c.best.kind, BEST_MOVE);
    Notation n = engine_variant(e)->xboard_default ? NOTATION_XBOARD : NOTATION_USI;
    move_format(c.best.root, c.best.best, n, out, len);
    if (score) *score = c.best.score;
    engine_destroy(e);
}

START_TEST(search_finds_mate_in_one) {
    char m[32];
    Value v;
    /* a gold drop on 5b mates (the rows of tsume_std.tsv with length 1 are such problems) */
    search_for("shogi", "sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1", 3, "1", m, sizeof m, &v);
    ck_assert_str_eq(m, "G*5b");
    ck_assert_int_eq(v, VALUE_MATE - 1);
}
END_TEST

START_TEST(search_takes_free_piece) {
    char m[32];
    /* White's rook on 5e hangs to the rook on 5i */
    search_for("shogi", "sfen 4k4/9/9/9/4r4/9/9/9/4RK3 b - 1", 6, "1", m, sizeof m, NULL);
    ck_assert_str_eq(m, "5i5e");
    search_for("shogi", "sfen 4k4/9/9/9/4r4/9/9/9/4RK3 b - 1", 6, "2", m, sizeof m, NULL);
    ck_assert_str_eq(m, "5i5e");
}
END_TEST

START_TEST(search_sees_bare_king) {
    char m[32];
    Value v;
    /* chu: the rook takes White's last piece but the king; White's bare king then loses
     * (chu.md 6), which the search must see at the next ply as a won game */
    search_for("chu", "sfen k11/12/12/12/12/6l5/12/12/6R5/12/12/11K b - 1", 3, "1", m, sizeof m, &v);
    ck_assert_int_eq(v, VALUE_MATE - 1);
}
END_TEST

START_TEST(search_keeps_royal_out_of_reach) {
    char m[32];
    Value v;
    /* chu: White's free king on c1 checks Black's king on f1 along the first rank. Black may
     * leave it there (chu allows it), but then loses it: even at depths 1 and 2, where White's
     * reply is a quiescence node whose static evaluation is far above beta, the search must
     * see the en-prise king (XBoard once forfeited Shishi's g1f2 here). */
    const char *spec = "sfen lfcsgekgscfl/a3tx1t3a/m3d4rvm/3pppd1pppp/12/12/n2N1P6/8I3/PCSP2PPPPPP/"
                       "1M3TGDHRVM/A6TGBCA/L1q2KE1S1FL b - 95";
    for (int depth = 1; depth <= 3; depth++) {
        search_for("chu", spec, depth, "1", m, sizeof m, &v);
        ck_assert_msg(strcmp(m, "g1f2") != 0, "depth %d leaves the king en prise", depth);
        ck_assert_msg(v > -VALUE_MATE_IN_MAX, "depth %d: score %d", depth, v);
    }
}
END_TEST

/* The signature in tests/bench-signature is what `shishi bench` prints (search behaviour is
 * unchanged unless the commit says so and updates the file), and it is deterministic. */
START_TEST(bench_signature) {
    FILE *f = fopen("tests/bench-signature", "r");
    ck_assert_msg(f != NULL, "tests/bench-signature is missing");
    unsigned long long want = 0;
    ck_assert_int_eq(fscanf(f, "%llu", &want), 1);
    fclose(f);
    char err[256];
    uint64_t a = bench_run(BENCH_DEFAULT_DEPTH, NULL, NULL, err, sizeof err);
    uint64_t b = bench_run(BENCH_DEFAULT_DEPTH, NULL, NULL, err, sizeof err);
    ck_assert_uint_eq(a, b);
    ck_assert_msg(a == want, "bench gives %llu nodes, tests/bench-signature says %llu", (unsigned long long)a, want);
}
END_TEST

Suite *suite_search(void) {
    Suite *s = suite_create("search");
    TCase *tc = tcase_create("parts");
    tcase_add_test(tc, mate1_tsume_rows);
    tcase_add_test(tc, mate1_random_playouts);
    tcase_add_test(tc, history_gravity);
    tcase_add_test(tc, history_tables);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    TCase *tw = tcase_create("whole");
    tcase_add_test(tw, search_finds_mate_in_one);
    tcase_add_test(tw, search_takes_free_piece);
    tcase_add_test(tw, search_sees_bare_king);
    tcase_add_test(tw, search_keeps_royal_out_of_reach);
    tcase_add_test(tw, bench_signature);
    tcase_set_timeout(tw, 300);
    suite_add_tcase(s, tw);
    return s;
}
