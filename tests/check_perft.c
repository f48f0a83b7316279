/* check_perft.c - exact perft counts for every row of the shared perft tables of the USI games
 * (shogi.tsv, micro.tsv, nana.tsv, perft_std.tsv, micro/perft_micro.tsv) and replay of every
 * lishogi game. `make test` runs the rows up to PERFT_FAST_NODES leaves; `make test-long`
 * (SHISHI_LONG) runs the deeper ones too, up to SHISHI_PERFT_MAX_NODES (see node_limit). */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#include "../engine/perft.h"

enum { PERFT_FAST_NODES = 20000000 };

/* test-long's default stops below the start position's depth 8 (416 billion leaves, about two
 * hours here); SHISHI_PERFT_MAX_NODES=0 runs every row, another number sets the limit. */
#define PERFT_LONG_NODES 100000000000ULL

static uint64_t node_limit(void) {
    if (!test_long()) return PERFT_FAST_NODES;
    const char *m = getenv("SHISHI_PERFT_MAX_NODES");
    if (!m || !*m) return PERFT_LONG_NODES;
    uint64_t n = strtoull(m, NULL, 10);
    return n ? n : UINT64_MAX;
}

typedef struct {
    int rows, run;
} Tally;

/* One row: spec is "startpos" or an SFEN. */
static void perft_row(Tally *t, const char *variant, const char *spec, int depth, uint64_t nodes) {
    t->rows++;
    if (nodes > node_limit()) return;
    char full[1024];
    snprintf(full, sizeof full, "%s%s", strcmp(spec, "startpos") ? "sfen " : "", spec);
    Position *pos = test_position(variant, full);
    uint64_t got = perft(pos, depth);
    ck_assert_msg(got == nodes, "%s %s depth %d: %llu, expected %llu", variant, spec, depth, (unsigned long long)got,
                  (unsigned long long)nodes);
    /* perft must leave the position as it found it */
    ck_assert_int_eq(pos->sp, 0);
    free(pos);
    t->run++;
}

/* Tab-separated table under shared/data; returns the tally. */
static Tally perft_table(const char *file, int variant_col, const char *variant, int spec_col) {
    Tally t = {0, 0};
    TestTsv tsv;
    for (test_tsv_open(&tsv, file); test_tsv_next(&tsv);) {
        char **cols = tsv.cols;
        ck_assert_int_ge(tsv.ncols, spec_col + 3);
        perft_row(&t, variant_col >= 0 ? cols[variant_col] : variant, cols[spec_col], atoi(cols[spec_col + 1]),
                  strtoull(cols[spec_col + 2], NULL, 10));
    }
    test_tsv_close(&tsv);
    return t;
}

START_TEST(perft_shogi_tsv) {
    Tally t = perft_table("perft/shogi.tsv", -1, "shogi", 0);
    ck_assert_int_eq(t.rows, 6);
    ck_assert_int_eq(t.run, 6);
}
END_TEST

START_TEST(perft_micro_tsv) {
    Tally t = perft_table("perft/micro.tsv", -1, "micro", 0);
    ck_assert_int_eq(t.rows, 6);
    ck_assert_int_eq(t.run, 6);
}
END_TEST

START_TEST(perft_nana_tsv) {
    Tally t = perft_table("perft/nana.tsv", -1, "nana", 0);
    ck_assert_int_eq(t.rows, 6);
    ck_assert_int_eq(t.run, 6);
}
END_TEST

START_TEST(perft_std_tsv) {
    Tally t = perft_table("perft/perft_std.tsv", 0, NULL, 1);
    ck_assert_int_eq(t.rows, 272);
    if (!test_long())
        ck_assert_int_eq(t.run, 260); /* the 12 rows above 20 million leaves wait for test-long */
    else if (!getenv("SHISHI_PERFT_MAX_NODES"))
        ck_assert_int_eq(t.run, 271); /* all but startpos depth 8 */
}
END_TEST

/* Fairy-Stockfish's FEN of the micro start: holdings in brackets, 'w' = the first mover. */
START_TEST(perft_micro_fairy_fen) {
    const Variant *v = variant_find("micro");
    TestTsv tsv;
    for (test_tsv_open(&tsv, "micro/perft_micro.tsv"); test_tsv_next(&tsv);) {
        char **cols = tsv.cols;
        ck_assert_int_ge(tsv.ncols, 4);
        ck_assert_str_eq(cols[0], "microshogi");
        ck_assert_str_eq(cols[1], "kb+r+l/p3/4/3P/+L+RBK[-] w 0 1");
        Position *pos = malloc(sizeof *pos);
        char err[256], sfen[128];
        ck_assert_msg(fen_parse(pos, v, NULL, cols[1], err, sizeof err) == 0, "%s", err);
        pos_to_sfen(pos, sfen, sizeof sfen);
        ck_assert_str_eq(sfen, v->start); /* our micro start, Black to move */
        ck_assert_uint_eq(perft(pos, atoi(cols[2])), strtoull(cols[3], NULL, 10));
        free(pos);
    }
    ck_assert_int_eq(test_tsv_close(&tsv), 1);
}
END_TEST

/* micro.md 6.1 and nana.md 4 list deeper start counts than the tables. */
START_TEST(perft_documented_counts) {
    Tally t = {0, 0};
    perft_row(&t, "micro", "startpos", 4, 7256);
    perft_row(&t, "micro", "startpos", 5, 71328);
    perft_row(&t, "nana", "startpos", 4, 43948);
    perft_row(&t, "shogi", "startpos", 4, 719731);
    ck_assert_int_eq(t.run, 4);
}
END_TEST

/* Every lishogi game: every move parses as legal; the SFEN of every position round-trips. */
START_TEST(replay_lishogi_games) {
    const Variant *v = variant_find("shogi");
    Position *pos = malloc(sizeof *pos), *copy = malloc(sizeof *copy);
    int games = 0;
    long moves = 0, checked_positions = 0;
    TestTsv tsv; /* one game a line, no tabs: a single column */
    for (test_tsv_open(&tsv, "games/lishogi_usi_games.txt"); test_tsv_next(&tsv);) {
        char err[256];
        ck_assert_msg(pos_set_sfen(pos, v, NULL, v->start, err, sizeof err) == 0, "%s", err);
        int ply = 0;
        char *save = NULL; /* pos_set_sfen uses strtok itself */
        for (char *tok = strtok_r(tsv.cols[0], " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
            Move m;
            ck_assert_msg(move_parse(pos, tok, NOTATION_USI, &m, err, sizeof err) == 0, "game %d ply %d: %s", games + 1,
                          ply + 1, err);
            char back[32];
            move_format(pos, m, NOTATION_USI, back, sizeof back);
            ck_assert_str_eq(back, tok);
            pos_do_move(pos, m);
            ply++;
            moves++;
            if (ply % 7 == 0) {
                char sfen[512], again[512];
                pos_to_sfen(pos, sfen, sizeof sfen);
                ck_assert_msg(pos_set_sfen(copy, v, NULL, sfen, err, sizeof err) == 0, "%s: %s", sfen, err);
                pos_to_sfen(copy, again, sizeof again);
                ck_assert_str_eq(again, sfen);
                ck_assert_uint_eq(pos_key(copy), pos_key(pos));
                checked_positions++;
            }
        }
        games++;
    }
    test_tsv_close(&tsv);
    free(pos);
    free(copy);
    ck_assert_int_eq(games, 334);
    ck_assert_int_eq(moves, 26093); /* = the words of the file */
    ck_assert_int_gt(checked_positions, 3000);
}
END_TEST

Suite *suite_perft(void) {
    Suite *s = suite_create("perft");
    TCase *tc = tcase_create("tables");
    tcase_set_timeout(tc, test_long() ? 6 * 3600 : 120);
    tcase_add_test(tc, perft_shogi_tsv);
    tcase_add_test(tc, perft_micro_tsv);
    tcase_add_test(tc, perft_nana_tsv);
    tcase_add_test(tc, perft_std_tsv);
    tcase_add_test(tc, perft_micro_fairy_fen);
    tcase_add_test(tc, perft_documented_counts);
    suite_add_tcase(s, tc);
    tc = tcase_create("games");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, replay_lishogi_games);
    suite_add_tcase(s, tc);
    return s;
}
