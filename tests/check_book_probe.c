/* check_book_probe.c - playing from a book (books/slot.h) under every option as documented
 * (BookFile, BookMoves, BookVariety with a fixed BookSeed, BookEvalDiff, BookDepthLimit; no book
 * for infinite and ponder searches), the reports a book move makes, and books built and merged
 * by `shishi book` from the three games of tests/data/book/games.usi. */
#include <string.h>

#include "../books/slot.h"
#include "testutil.h"

#define TEST_BOOK "tests/data/book/shogi.db"

typedef struct {
    char strings[2048];
    int infos, depth, score, pv_length;
    Move best, ponder;
} Heard;

static void heard_string(void *user, const char *text) {
    Heard *h = user;
    size_t o = strlen(h->strings);
    snprintf(h->strings + o, sizeof h->strings - o, "%s\n", text);
}

static void heard_info(void *user, const SearchInfo *in) {
    Heard *h = user;
    h->infos++;
    h->depth = in->depth;
    h->score = in->score;
    h->pv_length = in->pv_length;
}

static void heard_best(void *user, const BestMove *bm) {
    Heard *h = user;
    h->best = bm->best;
    h->ponder = bm->ponder;
}

typedef struct {
    EngineContext *e;
    BookSlot slot;
    Heard heard;
    Reporter r;
} Probe;

static void probe_open(Probe *p, const char *book) {
    memset(p, 0, sizeof *p);
    p->e = engine_create();
    book_slot_init(&p->slot);
    p->r = (Reporter){.user = &p->heard, .on_info = heard_info, .on_bestmove = heard_best, .on_string = heard_string};
    char err[256];
    ck_assert_int_eq(engine_set_option(p->e, "BookFile", book, err, sizeof err), 0);
    ck_assert_int_eq(engine_set_option(p->e, "BookSeed", "7", err, sizeof err), 0);
}

static void probe_close(Probe *p) {
    book_slot_free(&p->slot);
    engine_destroy(p->e);
}

static void set(Probe *p, const char *name, const char *value) {
    char err[256];
    ck_assert_msg(engine_set_option(p->e, name, value, err, sizeof err) == 0, "%s", err);
}

/* `go` at spec: the book move in USI notation, or "" when the engine would search. */
static const char *probe_go(Probe *p, const char *spec, bool infinite, bool ponder) {
    static char text[64]; /* test helper only */
    char err[256];
    ck_assert_msg(engine_set_position(p->e, spec, err, sizeof err) == 0, "%s", err);
    SearchLimits l = {.infinite = infinite, .ponder = ponder, .depth = 1};
    memset(&p->heard, 0, sizeof p->heard);
    if (!book_slot_go(&p->slot, p->e, &l, &p->r, NOTATION_USI)) return "";
    move_format(engine_position(p->e), p->heard.best, NOTATION_USI, text, sizeof text);
    return text;
}

START_TEST(probe_reports) {
    Probe p;
    probe_open(&p, TEST_BOOK);
    ck_assert_str_eq(probe_go(&p, "startpos", false, false), "7g7f"); /* best: highest value */
    ck_assert_msg(strstr(p.heard.strings, "book move 7g7f value 60 depth 20 count 10"), "%s", p.heard.strings);
    ck_assert_int_eq(p.heard.infos, 1);
    ck_assert_int_eq(p.heard.depth, 20);
    ck_assert_int_eq(p.heard.score, 60);
    ck_assert_int_eq(p.heard.pv_length, 2);
    ck_assert_uint_ne(p.heard.ponder, MOVE_NONE);
    ck_assert_str_eq(probe_go(&p, "startpos moves 7g7f", false, false), "3c3d"); /* White to move */
    ck_assert_str_eq(probe_go(&p, "startpos moves 2g2f", false, false), "");     /* not in the book */
    ck_assert_str_eq(probe_go(&p, "startpos", true, false), "");                 /* go infinite */
    ck_assert_str_eq(probe_go(&p, "startpos", false, true), "");                 /* go ponder */
    probe_close(&p);
}
END_TEST

START_TEST(probe_book_file) {
    Probe p;
    probe_open(&p, "");
    ck_assert_str_eq(probe_go(&p, "startpos", false, false), "");
    set(&p, "BookFile", TEST_BOOK);
    ck_assert_str_eq(probe_go(&p, "startpos", false, false), "7g7f");
    set(&p, "BookFile", "<empty>");
    ck_assert_str_eq(probe_go(&p, "startpos", false, false), "");
    set(&p, "BookFile", "/nonexistent/book.db");
    ck_assert_str_eq(probe_go(&p, "startpos", false, false), "");
    ck_assert_msg(strstr(p.heard.strings, "error: book not used: cannot open"), "%s", p.heard.strings);
    /* the same path set again reads the file again */
    char tmp[256];
    test_temp_path(tmp, sizeof tmp, "reload.db");
    const char *start = "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -";
    FILE *f = fopen(tmp, "w");
    fprintf(f, "#YANEURAOU-DB2016 1.00\n%s\n9g9f none 0 1 1\n", start);
    fclose(f);
    set(&p, "BookFile", tmp);
    ck_assert_str_eq(probe_go(&p, "startpos", false, false), "9g9f");
    f = fopen(tmp, "w");
    fprintf(f, "#YANEURAOU-DB2016 1.00\n%s\n1g1f none 0 1 1\n", start);
    fclose(f);
    ck_assert_str_eq(probe_go(&p, "startpos", false, false), "9g9f"); /* loaded once */
    set(&p, "BookFile", tmp);
    ck_assert_str_eq(probe_go(&p, "startpos", false, false), "1g1f");
    remove(tmp);
    /* the book is for the current game: another game does not use a shogi book */
    set(&p, "BookFile", TEST_BOOK);
    set(&p, "UCI_Variant", "micro");
    ck_assert_str_eq(probe_go(&p, "startpos", false, false), "");
    probe_close(&p);
}
END_TEST

START_TEST(probe_book_moves) {
    Probe p;
    probe_open(&p, TEST_BOOK);
    set(&p, "BookMoves", "1"); /* ply 0 only */
    ck_assert_str_eq(probe_go(&p, "startpos", false, false), "7g7f");
    ck_assert_str_eq(probe_go(&p, "startpos moves 7g7f", false, false), "");
    set(&p, "BookMoves", "2");
    ck_assert_str_eq(probe_go(&p, "startpos moves 7g7f", false, false), "3c3d");
    /* plies count from the game's start: a position given at move 30 is past BookMoves 16 */
    set(&p, "BookMoves", "16");
    ck_assert_str_eq(
        probe_go(&p, "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 30", false, false), "");
    set(&p, "BookMoves", "0");
    ck_assert_str_eq(probe_go(&p, "startpos", false, false), "");
    probe_close(&p);
}
END_TEST

START_TEST(probe_depth_limit_and_eval_diff) {
    Probe p;
    probe_open(&p, TEST_BOOK);
    set(&p, "BookDepthLimit", "21"); /* only 2g2f (depth 22) is deep enough */
    ck_assert_str_eq(probe_go(&p, "startpos", false, false), "2g2f");
    set(&p, "BookDepthLimit", "23");
    ck_assert_str_eq(probe_go(&p, "startpos", false, false), "");
    set(&p, "BookDepthLimit", "0");
    set(&p, "BookVariety", "value");
    set(&p, "BookEvalDiff", "0"); /* only the best value */
    for (int i = 0; i < 20; i++) ck_assert_str_eq(probe_go(&p, "startpos", false, false), "7g7f");
    set(&p, "BookSeed", "1");      /* reproducible choices below */
    set(&p, "BookEvalDiff", "10"); /* 7g7f (60) and 2g2f (50): weights 11 and 1, counts ignored */
    int seen[2] = {0};
    for (int i = 0; i < 240; i++) {
        const char *m = probe_go(&p, "startpos", false, false);
        ck_assert_msg(!strcmp(m, "7g7f") || !strcmp(m, "2g2f"), "%s", m);
        seen[!strcmp(m, "2g2f")]++;
    }
    ck_assert_msg(seen[0] > 4 * seen[1] && seen[1] > 5, "7g7f %d, 2g2f %d", seen[0], seen[1]);
    set(&p, "BookEvalDiff", "15"); /* 5g5f (45, count 100) joins: weights 16, 6, 1 */
    int n[3] = {0};
    const char *names[3] = {"7g7f", "2g2f", "5g5f"};
    for (int i = 0; i < 460; i++) {
        const char *m = probe_go(&p, "startpos", false, false);
        for (int k = 0; k < 3; k++) n[k] += !strcmp(m, names[k]);
    }
    ck_assert_int_eq(n[0] + n[1] + n[2], 460);
    ck_assert_msg(n[0] > n[1] && n[1] > n[2] && n[2] > 0, "7g7f %d, 2g2f %d, 5g5f %d", n[0], n[1], n[2]);
    probe_close(&p);
}
END_TEST

/* The choices of 50 `go`s from the start under the current options, joined. */
static void sequence(Probe *p, char *buf, size_t len) {
    buf[0] = 0;
    for (int i = 0; i < 50; i++) {
        size_t o = strlen(buf);
        snprintf(buf + o, len - o, "%s ", probe_go(p, "startpos", false, false));
    }
}

START_TEST(probe_variety_count_seeded) {
    Probe p;
    probe_open(&p, TEST_BOOK);
    set(&p, "BookVariety", "count"); /* weights 10, 30, 100, 1 */
    char a[512], b[512];
    sequence(&p, a, sizeof a);
    set(&p, "BookSeed", "8");
    set(&p, "BookSeed", "7"); /* the same seed again: the same choices */
    sequence(&p, b, sizeof b);
    ck_assert_str_eq(a, b);
    set(&p, "BookSeed", "9");
    sequence(&p, b, sizeof b);
    ck_assert_str_ne(a, b);
    int counts[3] = {0};
    const char *names[3] = {"5g5f", "2g2f", "7g7f"};
    for (int i = 0; i < 400; i++) {
        const char *m = probe_go(&p, "startpos", false, false);
        for (int k = 0; k < 3; k++) counts[k] += !strcmp(m, names[k]);
    }
    ck_assert_msg(counts[0] > counts[1] && counts[1] > counts[2] && counts[2] > 0, "%d %d %d", counts[0], counts[1],
                  counts[2]);
    probe_close(&p);
}
END_TEST

/* `shishi book build` from three games: exactly these positions and counts. */
START_TEST(build_from_records) {
    char out[256], cmd[768];
    test_temp_path(out, sizeof out, "book");
    snprintf(cmd, sizeof cmd, "book build --variant shogi --from tests/data/book/games.usi --plies 5 -o %s", out);
    TestRun *r = test_run_shishi(cmd);
    ck_assert_msg(r->status == 0, "%s", r->err);
    free(r);
    char *got = test_read_file(out, NULL);
    const char *want =
        "#YANEURAOU-DB2016 1.00\n# variant shogi\n"
        "sfen lnsgkgsnl/1r5b1/p1pppp1pp/1p4p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL b -\n2f2e none 0 0 2\n"
        "sfen lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w -\n3c3d none 0 0 1\n"
        "sfen lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL b -\n7g7f none 0 0 1\n"
        "sfen lnsgkgsnl/1r5b1/ppppp2pp/5pp2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL b -\n2f2e none 0 0 1\n"
        "sfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w -\n4c4d none 0 0 1\n8c8d none 0 0 1\n"
        "sfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b -\n2g2f none 0 0 2\n"
        "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w -\n3c3d none 0 0 2\n"
        "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL w -\n8c8d none 0 0 1\n"
        "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -\n7g7f none 0 0 2\n2g2f none 0 0 1\n";
    ck_assert_str_eq(got, want);
    free(got);
    remove(out);
}
END_TEST

/* The number of positions of a book file with an analysed move (depth > 0), and of all. */
static void count_analysed(const char *path, int *analysed, int *all) {
    Book *b = book_create(variant_find("shogi"));
    char err[256];
    ck_assert_int_eq(book_load(b, path, NULL, NULL, err, sizeof err), 0);
    *analysed = 0;
    *all = book_size(b);
    for (int i = 0; i < book_size(b); i++) {
        const BookEntry *e = book_entry_at(b, i);
        bool deep = false;
        for (int k = 0; k < e->count; k++) deep |= e->moves[k].depth == 2;
        *analysed += deep;
    }
    book_free(b);
}

/* Analysed with MultiPV 2 at depth 2 on two threads; resumed without searching again. */
START_TEST(build_analysed_and_resumed) {
    char out[256], cmd[768];
    test_temp_path(out, sizeof out, "book");
    snprintf(cmd, sizeof cmd,
             "book build --variant shogi --from tests/data/book/games.usi --plies 3 --depth 2 --multipv 2 "
             "--threads 2 -o %s",
             out);
    TestRun *r = test_run_shishi(cmd);
    ck_assert_msg(r->status == 0, "%s", r->err);
    free(r);
    int analysed, all;
    count_analysed(out, &analysed, &all);
    ck_assert_int_eq(all, 5);
    ck_assert_int_eq(analysed, 5);
    char *first = test_read_file(out, NULL);
    ck_assert_msg(strstr(first, "\n7g7f ") && strstr(first, " 2 2\n"), "%s", first); /* record counts kept */
    r = test_run_shishi(cmd);
    ck_assert_msg(r->status == 0 && strstr(r->err, "resuming: 5 positions kept"), "%s", r->err);
    free(r);
    char *second = test_read_file(out, NULL);
    ck_assert_str_eq(first, second);
    free(first);
    free(second);
    remove(out);
}
END_TEST

START_TEST(build_bad_record_and_merge) {
    char bad[256], a[256], b[256], out[256], cmd[1024];
    test_temp_path(bad, sizeof bad, "bad.usi");
    FILE *f = fopen(bad, "w");
    fputs("startpos moves 7g7f 3c3d\nstartpos moves 7g7f 7g7f\n", f);
    fclose(f);
    test_temp_path(out, sizeof out, "book");
    snprintf(cmd, sizeof cmd, "book build --variant shogi --from %s -o %s", bad, out);
    TestRun *r = test_run_shishi(cmd);
    ck_assert_int_ne(r->status, 0);
    snprintf(cmd, sizeof cmd, "%s:2: ", bad);
    ck_assert_msg(strstr(r->err, cmd), "%s", r->err);
    free(r);
    test_temp_path(a, sizeof a, "a.db");
    test_temp_path(b, sizeof b, "b.db");
    f = fopen(a, "w");
    fprintf(f, "#YANEURAOU-DB2016 1.00\nsfen %s b -\n7g7f none 10 5 2\n2g2f none 5 9 1\n",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL");
    fclose(f);
    f = fopen(b, "w");
    fprintf(f, "#YANEURAOU-DB2016 1.00\nsfen %s b - 1\n7g7f 3c3d 30 8 3\n2g2f none 7 2 4\n",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL");
    fclose(f);
    snprintf(cmd, sizeof cmd, "book merge %s %s -o %s", a, b, out);
    r = test_run_shishi(cmd);
    ck_assert_msg(r->status == 0, "%s", r->err);
    free(r);
    char *got = test_read_file(out, NULL);
    ck_assert_msg(strstr(got, "\n7g7f 3c3d 30 8 5\n2g2f none 5 9 5\n"), "%s", got);
    free(got);
    remove(bad), remove(a), remove(b), remove(out);
}
END_TEST

/* `shishi CMD` (a book build) must succeed; the shogi book it wrote to out, loaded. */
static Book *build_ok(const char *cmd, const char *out) {
    TestRun *r = test_run_shishi(cmd);
    ck_assert_msg(r->status == 0, "%s", r->err);
    free(r);
    Book *b = book_create(variant_find("shogi"));
    char err[256];
    ck_assert_int_eq(book_load(b, out, NULL, NULL, err, sizeof err), 0);
    return b;
}

/* Self-play from openings: each game plays its opening line first (counted), round robin. */
START_TEST(build_selfplay_openings) {
    char open[256], out[256], cmd[1024];
    test_temp_path(open, sizeof open, "openings.txt");
    test_temp_path(out, sizeof out, "book");
    FILE *f = fopen(open, "w");
    fputs("# shogi openings, usi notation\n7g7f 3c3d\n2g2f 8c8d\n", f);
    fclose(f);
    snprintf(cmd, sizeof cmd,
             "book build --variant shogi --selfplay 4 --plies 2 --depth 1 --multipv 1 --threads 1 --openings %s -o %s",
             open, out);
    Book *b = build_ok(cmd, out);
    char err[256];
    ck_assert_int_eq(book_size(b), 3);
    const char *specs[3] = {"startpos", "startpos moves 7g7f", "startpos moves 2g2f"};
    const char *moves[3][2] = {{"7g7f", "2g2f"}, {"3c3d", NULL}, {"8c8d", NULL}};
    for (int i = 0; i < 3; i++) {
        Position *pos = test_position("shogi", specs[i]);
        BookEntry *e = book_find(b, pos);
        ck_assert_ptr_nonnull(e);
        for (int k = 0; k < 2 && moves[i][k]; k++) {
            Move m;
            ck_assert_int_eq(move_parse(pos, moves[i][k], NOTATION_USI, &m, err, sizeof err), 0);
            ck_assert_msg(book_entry_move(e, m) && book_entry_move(e, m)->count == 2, "%s %s", specs[i], moves[i][k]);
        }
        free(pos);
    }
    book_free(b);
    remove(open), remove(out);
}
END_TEST

/* Self-play against the engine's own replies (--reply-nodes): game 0 books Black's positions,
 * game 1 White's; the replies are played, not booked. */
START_TEST(build_selfplay_replies) {
    char out[256], cmd[1024];
    test_temp_path(out, sizeof out, "book");
    snprintf(
        cmd, sizeof cmd,
        "book build --variant shogi --selfplay 2 --plies 4 --depth 1 --multipv 1 --threads 1 --reply-nodes 64 -o %s",
        out);
    Book *b = build_ok(cmd, out);
    ck_assert_int_eq(book_size(b), 4);
    int black = 0, white = 0;
    for (int i = 0; i < book_size(b); i++) {
        const BookEntry *e = book_entry_at(b, i);
        bool w = strstr(e->key, " w ") != NULL;
        white += w, black += !w;
        ck_assert_int_eq(e->count, 1);
        ck_assert_int_eq(e->moves[0].count, 1);
    }
    ck_assert_int_eq(black, 2);
    ck_assert_int_eq(white, 2);
    /* the start (Black's first book move) and exactly one position after one reply of Black's */
    Position *pos = test_position("shogi", "startpos");
    ck_assert_ptr_nonnull(book_find(b, pos));
    MoveList list;
    movegen_legal(pos, &list);
    int after_reply = 0;
    for (int i = 0; i < list.size; i++) {
        pos_do_move(pos, list.moves[i]);
        after_reply += book_find(b, pos) != NULL;
        pos_undo_move(pos);
    }
    ck_assert_int_eq(after_reply, 1);
    free(pos);
    book_free(b);
    snprintf(cmd, sizeof cmd, "book build --variant shogi --from %s --reply-nodes 64 -o %s", out, out);
    TestRun *r = test_run_shishi(cmd);
    ck_assert_int_eq(r->status, 2);
    ck_assert_msg(strstr(r->err, "--reply-nodes goes with --selfplay"), "%s", r->err);
    free(r);
    remove(out);
}
END_TEST

Suite *suite_book_probe(void) {
    Suite *s = suite_create("book_probe");
    TCase *tc = tcase_create("options");
    tcase_add_test(tc, probe_reports);
    tcase_add_test(tc, probe_book_file);
    tcase_add_test(tc, probe_book_moves);
    tcase_add_test(tc, probe_depth_limit_and_eval_diff);
    tcase_add_test(tc, probe_variety_count_seeded);
    suite_add_tcase(s, tc);
    TCase *build = tcase_create("build");
    tcase_add_test(build, build_from_records);
    tcase_add_test(build, build_analysed_and_resumed);
    tcase_add_test(build, build_bad_record_and_merge);
    tcase_add_test(build, build_selfplay_openings);
    tcase_add_test(build, build_selfplay_replies);
    tcase_set_timeout(build, 120);
    suite_add_tcase(s, build);
    return s;
}
