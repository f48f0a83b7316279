/* check_tune.c - the Texel tuner (eval/tune.h): it lowers the loss on positions labelled by a
 * rule the evaluation can learn, leaves unused parameters alone, stores the trace exactly,
 * rejects malformed data naming the line, and `shishi tune` writes a header the reader takes.
 * Data files are built at test time from random playouts with a fixed seed. */
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../eval/tune.h"
#include "testutil.h"

/* ---- data ----------------------------------------------------------------------------------- */

static uint64_t rng(uint64_t *s) {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Descriptor value of colour c's material, board (royals excluded) and hand. */
static int material(const Position *pos, Color c) {
    const VariantTables *t = pos->t;
    int sum = 0;
    for (int s = 0; s < t->sq_count; s++) {
        Piece p = pos->board[s];
        if (p && piece_color(p) == c && !(t->flags[piece_type(p)] & PF_ROYAL)) sum += t->value[piece_type(p)];
    }
    for (int k = 0; k < t->hand_type_count; k++) sum += pos->hand[c][t->hand_types[k]] * t->value[t->hand_types[k]];
    return sum;
}

/* Write `count` positions of game from random playouts (seeded), each labelled 1 when Black
 * has more material by descriptor value, 0 when less, 0.5 when equal; with_score adds the
 * evaluation as the score field. */
static void write_playouts(const char *path, const char *game, int count, uint64_t seed, bool with_score) {
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "# random playouts of %s, seed %llu\n", game, (unsigned long long)seed);
    Position *pos = test_position(game, "startpos");
    EvalTrace *tr = malloc(sizeof *tr);
    MoveList list;
    char sfen[1024];
    for (int written = 0, ply = 0; written < count; ply++) {
        movegen_legal(pos, &list);
        if (!list.size || ply == 150) {
            free(pos);
            pos = test_position(game, "startpos");
            ply = 0;
            continue;
        }
        pos_do_move(pos, list.moves[rng(&seed) % (uint64_t)list.size]);
        if (ply < 4) continue;
        int diff = material(pos, BLACK) - material(pos, WHITE);
        pos_to_sfen(pos, sfen, sizeof sfen);
        fprintf(f, "%s;%s", sfen, diff > 0 ? "1" : diff < 0 ? "0" : "0.5");
        if (with_score) fprintf(f, ";%d", eval_trace(pos, tr));
        fprintf(f, "\n");
        written++;
    }
    free(tr);
    free(pos);
    ck_assert_int_eq(fclose(f), 0);
}

static TuneData *load_one(const Variant *v, const char *path, const TuneLoadOptions *opt) {
    char err[512] = "";
    const char *files[] = {path};
    TuneData *d = tune_load(v, files, 1, opt, NULL, err, sizeof err);
    ck_assert_msg(d != NULL, "%s", err);
    return d;
}

static TuneConfig quick_config(int epochs) {
    TuneConfig c;
    tune_config_default(&c);
    c.epochs = epochs;
    return c;
}

/* ---- tuning ----------------------------------------------------------------------------------- */

/* From an all-zero table the tuner learns the material rule the labels follow. */
START_TEST(tune_lowers_loss) {
    const Variant *v = variant_find("micro");
    char path[256], err[256];
    test_temp_path(path, sizeof path, "micro.txt");
    write_playouts(path, "micro", 600, 12345, false);
    for (int i = 0; i < eval_param_count(v); i++) eval_set_param(v, i, (EvalScore){0, 0});
    TuneData *d = load_one(v, path, NULL);
    ck_assert_int_eq(tune_positions(d), 600);
    TuneConfig c = quick_config(50);
    c.k = 1.0; /* with every evaluation 0 there is no K to fit */
    c.lr = 5.0;
    TuneSummary s;
    ck_assert_int_eq(tune_run(d, &c, NULL, &s, err, sizeof err), 0);
    ck_assert_int_eq(s.train + s.valid, 600);
    ck_assert_int_eq(s.valid, 60);
    ck_assert_msg(s.train_after < 0.8 * s.train_before, "train %f -> %f", s.train_before, s.train_after);
    ck_assert_msg(s.valid_after < 0.8 * s.valid_before, "validation %f -> %f", s.valid_before, s.valid_after);
    int idx = eval_param_index(v, "mat R"); /* the rook is worth something now */
    if (idx >= 0 && tune_param_used(d, idx)) ck_assert_int_gt(eval_param(v, idx).mg, 0);
    tune_free(d);
    eval_reset_params(v);
    remove(path);
}
END_TEST

/* With `# game` lines, whole games are held out: every 5th game of 10 for --validation 0.2. */
START_TEST(tune_holds_out_whole_games) {
    const Variant *v = variant_find("micro");
    char path[256], more[256], err[256];
    test_temp_path(path, sizeof path, "games.txt");
    test_temp_path(more, sizeof more, "games-src.txt");
    write_playouts(more, "micro", 200, 777, false);
    FILE *in = fopen(more, "r"), *out = fopen(path, "w");
    ck_assert(in && out);
    char line[512];
    int n = 0, game = 0;
    /* games of 1, 2, 3, 4, 5, 1, 2, ... positions: game g has g % 5 + 1 positions */
    while (fgets(line, sizeof line, in) && game < 10) {
        fputs(line, out);
        if (line[0] == '#') continue;
        if (++n == game % 5 + 1) {
            fprintf(out, "# game %d result 1 plies 9\n", game++);
            n = 0;
        }
    }
    fclose(in);
    fclose(out);
    TuneData *d = load_one(v, path, NULL);
    ck_assert_int_eq(tune_positions(d), 30);
    TuneConfig c = quick_config(1);
    c.validation = 0.2;
    TuneSummary s;
    ck_assert_int_eq(tune_run(d, &c, NULL, &s, err, sizeof err), 0);
    ck_assert_int_eq(s.valid, 10); /* games 4 and 9: 5 positions each */
    tune_free(d);
    eval_reset_params(v);
    remove(path);
    remove(more);
}
END_TEST

/* Parameters with a zero count in every position keep their exact values; the used set is
 * the one eval_trace reports. */
START_TEST(tune_keeps_unused_params) {
    const Variant *v = variant_find("shogi");
    char path[256], err[256];
    test_temp_path(path, sizeof path, "shogi.txt");
    write_playouts(path, "shogi", 200, 777, false);
    int n = eval_param_count(v);
    EvalScore *before = malloc(sizeof *before * (size_t)n);
    bool *used = calloc((size_t)n, sizeof *used);
    for (int i = 0; i < n; i++) before[i] = eval_param(v, i);
    /* the used set, straight from the trace */
    FILE *f = fopen(path, "r");
    char line[1024];
    EvalTrace *tr = malloc(sizeof *tr);
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        *strchr(line, ';') = 0;
        Position *pos = test_position("shogi", line);
        eval_trace(pos, tr);
        for (int k = 0; k < tr->count; k++) used[tr->index[k]] |= tr->coef[tr->index[k]] != 0;
        free(pos);
    }
    fclose(f);
    TuneData *d = load_one(v, path, NULL);
    TuneConfig c = quick_config(20);
    TuneSummary s;
    ck_assert_int_eq(tune_run(d, &c, NULL, &s, err, sizeof err), 0);
    int unused = 0, changed = 0;
    for (int i = 0; i < n; i++) {
        ck_assert_msg(tune_param_used(d, i) == used[i], "%s", eval_param_name(v, i));
        EvalScore now = eval_param(v, i);
        if (!used[i]) {
            ck_assert_msg(now.mg == before[i].mg && now.eg == before[i].eg, "unused %s changed", eval_param_name(v, i));
            unused++;
        } else
            changed += now.mg != before[i].mg || now.eg != before[i].eg;
    }
    ck_assert_int_gt(unused, 0);
    ck_assert_int_gt(changed, 0);
    ck_assert_int_eq(s.params_used, n - unused);
    free(tr);
    free(before);
    free(used);
    tune_free(d);
    eval_reset_params(v);
    remove(path);
}
END_TEST

/* The compact store gives back eval_trace's evaluation, to the rounding; K is a minimum. */
START_TEST(tune_store_matches_trace) {
    const Variant *v = variant_find("shogi");
    char path[256];
    test_temp_path(path, sizeof path, "shogi.txt");
    write_playouts(path, "shogi", 150, 4242, false);
    TuneData *d = load_one(v, path, NULL);
    FILE *f = fopen(path, "r");
    char line[1024];
    EvalTrace *tr = malloc(sizeof *tr);
    long i = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        *strchr(line, ';') = 0;
        Position *pos = test_position("shogi", line);
        Value want = eval_trace(pos, tr);
        ck_assert_msg((Value)trunc(tune_eval(d, i)) == want, "%s: %f vs %d", line, tune_eval(d, i), want);
        i++;
        free(pos);
    }
    fclose(f);
    ck_assert_int_eq(i, tune_positions(d));
    double k = tune_fit_k(d);
    ck_assert(k >= 0.1 && k <= 10);
    ck_assert(tune_k_loss(d, k) <= tune_k_loss(d, k * 0.8));
    ck_assert(tune_k_loss(d, k) <= tune_k_loss(d, k * 1.25));
    free(tr);
    tune_free(d);
    remove(path);
}
END_TEST

/* With score weight 1 and the evaluation itself as the score, the start is already exact;
 * two threads and one give the same run. */
START_TEST(tune_scores_and_threads) {
    const Variant *v = variant_find("micro");
    char path[256], err[256];
    test_temp_path(path, sizeof path, "micro.txt");
    write_playouts(path, "micro", 300, 99, true);
    TuneData *d = load_one(v, path, NULL);
    TuneConfig c = quick_config(0);
    c.score_weight = 1.0;
    TuneSummary s1, s2;
    ck_assert_int_eq(tune_run(d, &c, NULL, &s1, err, sizeof err), 0);
    ck_assert_msg(s1.train_before < 1e-9, "loss %g", s1.train_before);
    c = quick_config(10);
    c.threads = 1;
    ck_assert_int_eq(tune_run(d, &c, NULL, &s1, err, sizeof err), 0);
    eval_reset_params(v);
    c.threads = 2;
    ck_assert_int_eq(tune_run(d, &c, NULL, &s2, err, sizeof err), 0);
    ck_assert_double_eq_tol(s1.train_after, s2.train_after, 1e-9);
    ck_assert_double_eq_tol(s1.valid_after, s2.valid_after, 1e-9);
    tune_free(d);
    eval_reset_params(v);
    remove(path);
}
END_TEST

/* ---- bad data ----------------------------------------------------------------------------------- */

/* A file of a comment, a blank line, a good line, then `bad`: the error names line 4. */
static void assert_bad_line(const char *bad, const char *phrase) {
    const Variant *v = variant_find("shogi");
    char path[256], err[512] = "", want[300];
    test_temp_path(path, sizeof path, "bad.txt");
    FILE *f = fopen(path, "w");
    fprintf(f, "# comment\n\n%s;1;35\n%s\n", v->start, bad);
    fclose(f);
    const char *files[] = {path};
    ck_assert_ptr_null(tune_load(v, files, 1, NULL, NULL, err, sizeof err));
    snprintf(want, sizeof want, "%s:4: ", path);
    ck_assert_msg(strstr(err, want) && strstr(err, phrase), "'%s' lacks '%s' / '%s'", err, want, phrase);
    TuneLoadOptions skip = {.skip_bad = true};
    TuneData *d = load_one(v, path, &skip);
    ck_assert_int_eq(tune_positions(d), 1);
    ck_assert_int_eq(tune_skipped(d), 1);
    tune_free(d);
    remove(path);
}

START_TEST(tune_loader_rejects_bad_lines) {
    assert_bad_line("garbage", "expected <sfen>;<result>");
    assert_bad_line("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1;2", "result must be 1, 0.5 or 0");
    assert_bad_line("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1;1;x", "score must be a number");
    assert_bad_line("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1;0", "bad SFEN");
    char err[256] = "";
    const char *files[] = {"/nonexistent/tune-data.txt"};
    ck_assert_ptr_null(tune_load(variant_find("shogi"), files, 1, NULL, NULL, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent/tune-data.txt"));
}
END_TEST

/* ---- the command line ------------------------------------------------------------------------- */

/* Run `shishi tune ARGS`, stderr into errbuf; returns the exit status. */
static int run_tune(const char *args, char *err, size_t len) {
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "tune %s >/dev/null", args);
    TestRun *r = test_run_shishi(cmd);
    snprintf(err, len, "%.*s", (int)len - 1, r->err);
    int status = r->status;
    free(r);
    return status;
}

START_TEST(tune_cli_writes_header) {
    const Variant *v = variant_find("shogi");
    char data[256], out[256], args[1024], err[8192], rerr[256];
    test_temp_path(data, sizeof data, "cli.txt");
    test_temp_path(out, sizeof out, "params.h");
    write_playouts(data, "shogi", 80, 5, false);
    snprintf(args, sizeof args, "--variant shogi --data %s --epochs 5 --threads 2 --out %s", data, out);
    ck_assert_msg(run_tune(args, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(strstr(err, "epoch    5") && strstr(err, "K ") && strstr(err, "loss train"), "%s", err);
    FILE *f = fopen(out, "r");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(eval_params_read(v, f, rerr, sizeof rerr), 0);
    rewind(f);
    char head[4096];
    size_t n = fread(head, 1, sizeof head - 1, f);
    head[n] = 0;
    ck_assert_ptr_nonnull(strstr(head, "shishi tune: 80 positions"));
    fclose(f);
    eval_reset_params(v);
    /* a symlink is written through, not replaced (the same holds for devices and pipes) */
    char link[256];
    struct stat st;
    test_temp_path(link, sizeof link, "link.h");
    ck_assert_int_eq(symlink(out, link), 0);
    snprintf(args, sizeof args, "--variant shogi --data %s --epochs 0 --out %s", data, link);
    ck_assert_msg(run_tune(args, err, sizeof err) == 0, "%s", err);
    ck_assert(lstat(link, &st) == 0 && S_ISLNK(st.st_mode));
    remove(link);
    /* a malformed line: exit 2, the message names file and line */
    f = fopen(data, "a");
    fprintf(f, "not a data line\n");
    fclose(f);
    snprintf(args, sizeof args, "--variant shogi --data %s --out %s", data, out);
    ck_assert_int_eq(run_tune(args, err, sizeof err), 2);
    ck_assert_msg(strstr(err, ":82: expected <sfen>;<result>"), "%s", err);
    ck_assert_int_eq(run_tune("--variant shogi", err, sizeof err), 2);
    ck_assert_ptr_nonnull(strstr(err, "need --variant V and at least one --data FILE"));
    remove(data);
    remove(out);
}
END_TEST

Suite *suite_tune(void) {
    Suite *s = suite_create("tune");
    TCase *tc = tcase_create("tuner");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, tune_lowers_loss);
    tcase_add_test(tc, tune_holds_out_whole_games);
    tcase_add_test(tc, tune_keeps_unused_params);
    tcase_add_test(tc, tune_store_matches_trace);
    tcase_add_test(tc, tune_scores_and_threads);
    tcase_add_test(tc, tune_loader_rejects_bad_lines);
    suite_add_tcase(s, tc);
    tc = tcase_create("binary");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, tune_cli_writes_header);
    suite_add_tcase(s, tc);
    return s;
}
