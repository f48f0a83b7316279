/* check_selfplay.c - self-play data (engine/selfplay.h): micro shogi games written to a file
 * whose every line parses and loads, resuming a file, determinism across runs and worker
 * counts, the data-line parser, refused files and options (module and command line). */
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../engine/selfplay.h"
#include "../eval/data_line.h"
#include "testutil.h"

/* Micro shogi, small budget: the shared openings (when present) and two random plies, so that
 * the games last long enough to record positions (six random plies on a 5x4 board often hang
 * a piece, and the game is adjudicated before its fifth ply). */
static void micro_config(SelfplayConfig *cfg, const char *out, int games, int threads) {
    static char openings[512];
    snprintf(openings, sizeof openings, "%s/tools/match/openings/micro.txt", test_shared_dir());
    selfplay_config_default(cfg);
    cfg->variant = "micro";
    cfg->games = games;
    cfg->nodes = 300;
    cfg->threads = threads;
    cfg->hash_mb = 4;
    cfg->random_plies = 2;
    cfg->out = out;
    cfg->openings = access(openings, R_OK) ? NULL : openings;
}

static void run_ok(const SelfplayConfig *cfg) {
    char err[256] = "";
    ck_assert_msg(selfplay_run(cfg, NULL, NULL, err, sizeof err) == 0, "selfplay_run: %s", err);
}

static void run_fails(const SelfplayConfig *cfg, const char *phrase) {
    char err[256] = "";
    ck_assert_int_eq(selfplay_run(cfg, NULL, NULL, err, sizeof err), -1);
    ck_assert_msg(strstr(err, phrase) != NULL, "error '%s' lacks '%s'", err, phrase);
}

static void write_all(const char *path, const char *text) {
    FILE *f = fopen(path, "wb");
    ck_assert_msg(f != NULL, "cannot create %s", path);
    fputs(text, f);
    fclose(f);
}

static int count_lines_starting(const char *text, const char *prefix) {
    int n = 0;
    for (const char *p = text; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : p + strlen(p))
        if (!strncmp(p, prefix, strlen(prefix))) n++;
    return n;
}

/* One data line against the game line that closes its game: loads, quiet, same result. */
static void check_data_line(const char *line, const char *game_result, const Variant *v, Position *pos) {
    char sfen[SELFPLAY_LINE_MAX], err[256];
    double result = -1;
    int score = 99999;
    ck_assert_msg(data_line_parse(line, sfen, sizeof sfen, &result, &score, NULL, err, sizeof err) == 1, "'%s': %s",
                  line, err);
    ck_assert_msg(!pos_set_sfen(pos, v, NULL, sfen, err, sizeof err), "'%s': %s", sfen, err);
    ck_assert_msg(!pos_in_check(pos), "recorded a position in check: %s", sfen);
    ck_assert(result == 0 || result == 0.5 || result == 1);
    ck_assert_msg(result == atof(game_result), "'%s': result differs from its game's %s", line, game_result);
    ck_assert(score > -SELFPLAY_SCORE_CLAMP && score < SELFPLAY_SCORE_CLAMP);
}

/* Every line of a micro data file: the header, data lines that parse and load, game lines.
 * Returns the number of data lines. */
static int check_file(const char *text) {
    const Variant *v = variant_find("micro");
    Position *pos = malloc(sizeof *pos);
    ck_assert_msg(!strncmp(text, "# shishi selfplay variant=micro nodes=300 seed=", 46), "header: %.60s", text);
    char *copy = strdup(text), *save = NULL;
    const char *pending[512];
    int count = 0, data = 0;
    for (char *l = strtok_r(copy, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        char result[8];
        int index, plies;
        if (sscanf(l, "# game %d result %7s plies %d", &index, result, &plies) == 3) {
            ck_assert(!strcmp(result, "0") || !strcmp(result, "0.5") || !strcmp(result, "1"));
            for (int i = 0; i < count; i++) check_data_line(pending[i], result, v, pos);
            data += count;
            count = 0;
        } else if (l[0] != '#') {
            ck_assert_int_lt(count, 512);
            pending[count++] = l;
        }
    }
    ck_assert_int_eq(count, 0); /* no data after the last game line */
    free(copy);
    free(pos);
    return data;
}

START_TEST(selfplay_micro_games) {
    char out[256];
    test_temp_path(out, sizeof out, "games");
    SelfplayConfig cfg;
    micro_config(&cfg, out, 2, 2);
    run_ok(&cfg);
    char *text = test_read_file(out, NULL);
    ck_assert_int_eq(count_lines_starting(text, "# game "), 2);
    ck_assert_int_eq(count_lines_starting(text, "# shishi selfplay"), 1);
    ck_assert_int_ge(check_file(text), 1);

    /* resume: one more game appended, the first two untouched */
    cfg.games = 3;
    run_ok(&cfg);
    char *resumed = test_read_file(out, NULL);
    ck_assert_int_eq(count_lines_starting(resumed, "# game "), 3);
    ck_assert_int_eq(count_lines_starting(resumed, "# shishi selfplay"), 1);
    ck_assert(!strncmp(resumed, text, strlen(text)));
    check_file(resumed);

    /* the same games again, in one go and with one worker: the same file */
    char again[256];
    test_temp_path(again, sizeof again, "again");
    micro_config(&cfg, again, 3, 1);
    run_ok(&cfg);
    char *text2 = test_read_file(again, NULL);
    ck_assert_str_eq(text2, resumed);

    /* a game cut off by a kill is dropped when the file is resumed */
    FILE *f = fopen(again, "a");
    fputs("4k/5/5/5/K4 b - 1;1;12\nkr", f);
    fclose(f);
    run_ok(&cfg);
    free(text2);
    text2 = test_read_file(again, NULL);
    ck_assert_str_eq(text2, resumed);
    remove(out);
    remove(again);
    free(text);
    free(text2);
    free(resumed);
}
END_TEST

START_TEST(selfplay_parse_lines) {
    char sfen[256], err[256];
    double r = -1;
    int score = -1;
    ck_assert_int_eq(data_line_parse("3+l/p1bk/4/+L2P/1+R1K b Rb 11;0.5;-60\n", sfen, sizeof sfen, &r, &score, NULL,
                                     err, sizeof err),
                     1);
    ck_assert_str_eq(sfen, "3+l/p1bk/4/+L2P/1+R1K b Rb 11");
    ck_assert(r == 0.5);
    ck_assert_int_eq(score, -60);
    ck_assert_int_eq(data_line_parse("k/K b - 1;1", sfen, sizeof sfen, &r, &score, NULL, err, sizeof err), 1);
    ck_assert(r == 1);
    ck_assert_int_eq(score, 0);
    ck_assert_int_eq(data_line_parse("k/K b - 1 ; 0 ; 7", sfen, sizeof sfen, &r, NULL, NULL, err, sizeof err), 1);
    ck_assert(r == 0);
    ck_assert_int_eq(data_line_parse("garbage;1;0", sfen, sizeof sfen, &r, &score, NULL, err, sizeof err), 1);
    ck_assert_int_eq(
        data_line_parse("# game 0 result 1 plies 9\n", sfen, sizeof sfen, &r, &score, NULL, err, sizeof err), 0);
    ck_assert_int_eq(data_line_parse("  \n", sfen, sizeof sfen, &r, &score, NULL, err, sizeof err), 0);
    static const struct {
        const char *line, *phrase;
    } bad[] = {
        {"k/K b - 1", "missing ';'"},     {"k/K b - 1;", "result"},           {"k/K b - 1;2;0", "result must be"},
        {"k/K b - 1;0.3", "result must"}, {"k/K b - 1;win;0", "result must"}, {"k/K b - 1;1;x", "score"},
        {"k/K b - 1;1;", "score"},        {"k/K b - 1;1;5;6", "score"},       {";1;0", "empty SFEN"},
        {"k/K b - 1;1;99999", "score"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        ck_assert_msg(data_line_parse(bad[i].line, sfen, sizeof sfen, &r, &score, NULL, err, sizeof err) == -1,
                      "'%s' accepted", bad[i].line);
        ck_assert_msg(strstr(err, bad[i].phrase) != NULL, "'%s': error '%s' lacks '%s'", bad[i].line, err,
                      bad[i].phrase);
    }
    ck_assert_int_eq(data_line_parse("k/K b - 1;1;0", sfen, 4, &r, &score, NULL, err, sizeof err), -1);
}
END_TEST

/* Files and options the module refuses before playing a game. */
START_TEST(selfplay_refuses) {
    char out[256], other[256];
    test_temp_path(out, sizeof out, "refuse");
    test_temp_path(other, sizeof other, "other");
    SelfplayConfig cfg;
    micro_config(&cfg, out, 1, 1);
    write_all(out, "hello\n");
    run_fails(&cfg, "not a selfplay data file");
    write_all(out, "# shishi selfplay variant=shogi nodes=300 seed=1\n");
    run_fails(&cfg, "holds shogi games, not micro");
    write_all(other, "# micro openings\n3e4d 1a1b\n3e4d 9z9z\n");
    remove(out);
    cfg.openings = other;
    run_fails(&cfg, "line 3");
    cfg.openings = "/nonexistent/openings.txt";
    run_fails(&cfg, "cannot read openings file");
    micro_config(&cfg, "/nonexistent/dir/out.txt", 1, 1);
    run_fails(&cfg, "cannot write");
    micro_config(&cfg, out, 1, 1);
    cfg.variant = "nosuch";
    run_fails(&cfg, "unknown variant 'nosuch'");
    micro_config(&cfg, out, 0, 1);
    run_fails(&cfg, "games must be");
    ck_assert_int_ne(access(out, F_OK), 0); /* nothing was created */
    remove(other);
}
END_TEST

/* `shishi selfplay ARGS`: exit status, stderr into err. */
static int run_cli(const char *args, char *err, size_t len) {
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "selfplay %s >/dev/null", args);
    TestRun *r = test_run_shishi(cmd);
    snprintf(err, len, "%.*s", (int)len - 1, r->err);
    int status = r->status;
    free(r);
    return status;
}

START_TEST(selfplay_cli_errors) {
    static const struct {
        const char *args, *phrase;
    } cases[] = {
        {"--variant nosuch", "unknown variant 'nosuch'"},
        {"--games 0", "bad value '0' for --games"},
        {"--nodes 100 --depth 3", "only one of --nodes, --depth"},
        {"--bogus 1", "unknown option '--bogus'"},
        {"--games", "no value for '--games'"},
        {"--variant micro --openings /nonexistent/o.txt --out /tmp/never-written.txt", "cannot read openings file"},
        {"--variant micro --out /nonexistent/dir/x.txt", "cannot write"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[1024];
        ck_assert_msg(run_cli(cases[i].args, err, sizeof err) == 2, "'%s' did not exit 2", cases[i].args);
        ck_assert_msg(strstr(err, cases[i].phrase) != NULL, "'%s': stderr '%s' lacks '%s'", cases[i].args, err,
                      cases[i].phrase);
    }
}
END_TEST

Suite *suite_selfplay(void) {
    Suite *s = suite_create("selfplay");
    TCase *tc = tcase_create("selfplay");
    tcase_add_test(tc, selfplay_micro_games);
    tcase_add_test(tc, selfplay_parse_lines);
    tcase_add_test(tc, selfplay_refuses);
    tcase_add_test(tc, selfplay_cli_errors);
    tcase_set_timeout(tc, 60); /* games and a child process; slow under sanitizers */
    suite_add_tcase(s, tc);
    return s;
}
