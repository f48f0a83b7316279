/* check_cli.c - the shishi binary's command line (perft, check) run as a child process, and
 * descriptor validation (variant_validate) on every registered game and on broken ones. */
#include "testutil.h"

#include "../eval/eval.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *last_line(char *out) {
    size_t n = strlen(out);
    while (n && out[n - 1] == '\n') out[--n] = 0;
    char *nl = strrchr(out, '\n');
    return nl ? nl + 1 : out;
}

START_TEST(cli_perft_good) {
    TestRun *r = test_run_shishi("perft shogi startpos 3");
    ck_assert_int_eq(r->status, 0);
    ck_assert_str_eq(r->err, "");
    ck_assert_str_eq(last_line(r->out), "Nodes searched: 25470");
    free(r);
    r = test_run_shishi("perft micro 'sfen kb+r+l/p3/4/3P/+L+RBK b Pp 1' 1");
    ck_assert_int_eq(r->status, 0);
    ck_assert_str_eq(last_line(r->out), "Nodes searched: 29");
    free(r);
    r = test_run_shishi("perft nana 'startpos moves K*1a K*3c' 2");
    ck_assert_int_eq(r->status, 0);
    free(r);
    r = test_run_shishi("perft shogi 'sfen k8/9/1GN6/9/9/9/9/9/8K b P 1' 0");
    ck_assert_int_eq(r->status, 0);
    ck_assert_str_eq(last_line(r->out), "Nodes searched: 1");
    free(r);
}
END_TEST

START_TEST(cli_perft_divide) {
    TestRun *r = test_run_shishi("perft micro startpos 2 --divide");
    ck_assert_int_eq(r->status, 0);
    /* one "move: count" line per root move (micro.md 6.1), then Time and Nodes lines */
    char got[4096] = "";
    long sum = 0;
    int lines = 0;
    char *save = NULL;
    for (char *l = strtok_r(r->out, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        if (!strncmp(l, "Time:", 5)) continue;
        if (!strncmp(l, "Nodes searched: ", 16)) {
            ck_assert_int_eq(atol(l + 16), 80);
            continue;
        }
        char move[16];
        long n;
        ck_assert_msg(sscanf(l, "%15[^:]: %ld", move, &n) == 2, "bad divide line '%s'", l);
        ck_assert_int_gt(n, 0);
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", lines ? " " : "", move);
        sum += n;
        lines++;
    }
    ck_assert_int_eq(lines, 9);
    ck_assert_int_eq(sum, 80);
    char a[4096], b[4096];
    test_sort_words(got, a, sizeof a);
    test_sort_words("2e3d 2e4c 4e4d 4e3d 1d1c 3e4d 3e3d 3e2d 1e2d", b, sizeof b);
    ck_assert_str_eq(a, b);
    free(r);
}
END_TEST

static void assert_fails(const char *args, const char *phrase) {
    TestRun *r = test_run_shishi(args);
    ck_assert_msg(r->status != 0, "'%s' exited 0", args);
    ck_assert_msg(strstr(r->err, phrase) != NULL, "'%s': stderr '%s' lacks '%s'", args, r->err, phrase);
    ck_assert_msg(strstr(r->out, "Nodes searched") == NULL, "'%s' printed a count", args);
    free(r);
}

START_TEST(cli_perft_bad) {
    assert_fails("perft shogi 'sfen lnsgkgsnl/1r5b/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1' 2",
                 "row 2 from the top has 8 squares, expected 9");
    assert_fails("perft shogi 'sfen 4k4/9/9/9/9/9/9/9/4K4 b 0P 1' 1", "hand: count 0");
    assert_fails("perft shogi 'startpos moves 7g7e' 1", "illegal move '7g7e'");
    assert_fails("perft shogi 'startpos moves 7g7' 1", "malformed move '7g7'");
    assert_fails("perft nosuchgame startpos 1", "unknown variant 'nosuchgame'");
    assert_fails("perft shogi startpos x", "depth must be a number");
    assert_fails("perft shogi startpos -1", "depth must be a number");
    assert_fails("perft shogi startpos 99", "depth must be a number");
    assert_fails("perft shogi startpos", "need VARIANT POSITION DEPTH");
    assert_fails("perft shogi startpos 1 --bogus", "unknown argument '--bogus'");
    assert_fails("perft nana 'sfen 3/3/3 b KCk 1' 1", "'C' is not a piece that can be held");
    assert_fails("nosuchcommand", "unknown command 'nosuchcommand'");
}
END_TEST

/* `shishi eval`: the printed total is evaluate() of the same position, and in a game without
 * taper the family values add up to it exactly. */
static int eval_families_sum(const char *out, int *total) {
    const char *p = strstr(out, "family");
    ck_assert_ptr_nonnull(p);
    int sum = 0, v;
    char name[64];
    p = strchr(p, '\n') + 1;
    while (*p != '\n' && sscanf(p, "%63s %d", name, &v) == 2) {
        sum += v;
        p = strchr(p, '\n');
        if (!p) break;
        p++;
    }
    const char *e = strstr(out, "evaluation ");
    ck_assert_ptr_nonnull(e);
    ck_assert_int_eq(sscanf(e, "evaluation %d", total), 1);
    return sum;
}

START_TEST(cli_eval_total) {
    const char *spec = "startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e 2b3c";
    char args[256];
    snprintf(args, sizeof args, "eval --variant shogi --position '%s' --terms", spec);
    TestRun *r = test_run_shishi(args);
    ck_assert_int_eq(r->status, 0);
    int total = 0, sum = eval_families_sum(r->out, &total);
    Position *pos = test_position("shogi", spec);
    Value v = evaluate(pos); /* side to move's view; Black is to move here */
    ck_assert_int_eq(pos->stm, BLACK);
    ck_assert_int_eq(total, v);
    ck_assert_int_eq(sum, total);
    ck_assert_ptr_nonnull(strstr(r->out, "hand B 1 "));
    free(pos);
    free(r);
    r = test_run_shishi("eval --variant chu");
    ck_assert_int_eq(r->status, 0);
    ck_assert_ptr_nonnull(strstr(r->out, "phase 256 of 256"));
    free(r);
}
END_TEST

START_TEST(cli_eval_bad) {
    const char *bad[] = {"eval --variant nosuch", "eval --position 'sfen 9/9 b - 1'", "eval --bogus", "eval --position",
                         "eval --params /nonexistent/params.h"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        TestRun *r = test_run_shishi(bad[i]);
        ck_assert_int_eq(r->status, 2);
        ck_assert_str_eq(r->out, "");
        ck_assert_ptr_nonnull(strstr(r->err, "shishi eval: "));
        free(r);
    }
}
END_TEST

START_TEST(cli_check) {
    TestRun *r = test_run_shishi("check");
    ck_assert_int_eq(r->status, 0);
    ck_assert_str_eq(r->err, "");
    ck_assert_ptr_nonnull(strstr(r->out, "shogi: ok (9x9, 14 piece types)\n"));
    ck_assert_ptr_nonnull(strstr(r->out, "micro: ok (4x5, 9 piece types)\n"));
    ck_assert_ptr_nonnull(strstr(r->out, "nana: ok (3x3, 9 piece types)\n"));
    ck_assert_ptr_null(strstr(r->out, "FAIL"));
    /* one line per registered game */
    int games = 0, lines = 0;
    for (const Variant *const *v = variant_list(); *v; v++) games++;
    for (const char *p = r->out; *p; p++) lines += *p == '\n';
    ck_assert_int_eq(lines, games);
    free(r);
}
END_TEST

/* ---- descriptor validation ---------------------------------------------------------------- */

START_TEST(validate_registered) {
    int n = 0;
    for (const Variant *const *v = variant_list(); *v; v++, n++) {
        char err[256] = "";
        ck_assert_msg(variant_validate(*v, err, sizeof err) == 0, "%s: %s", (*v)->name, err);
    }
    ck_assert_int_ge(n, 3);
}
END_TEST

/* Broken copies of the shogi descriptor: each must be rejected with a message. */
START_TEST(validate_broken) {
    const Variant *shogi = variant_find("shogi");
    ck_assert_ptr_nonnull(shogi);
    PieceDef pieces[PT_MAX];
    memcpy(pieces, shogi->pieces, sizeof pieces[0] * (size_t)shogi->piece_count);
    Variant v = *shogi;
    v.pieces = pieces;
    char err[256];

    pieces[3].symbol = "S"; /* gold takes silver's letter */
    ck_assert_int_eq(variant_validate(&v, err, sizeof err), -1);
    ck_assert_str_eq(err, "duplicate symbol S");
    pieces[3] = shogi->pieces[3];

    pieces[1].betza = "Rq"; /* q is no Betza atom */
    ck_assert_int_eq(variant_validate(&v, err, sizeof err), -1);
    ck_assert_str_ne(err, "");
    pieces[1] = shogi->pieces[1];

    pieces[4].symbol = "s";
    ck_assert_int_eq(variant_validate(&v, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "one uppercase letter"));
    pieces[4] = shogi->pieces[4];

    pieces[5].changes_to = "+N"; /* a flip rule in a zone-promotion game */
    ck_assert_int_eq(variant_validate(&v, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "changes_to needs a flip/roll promotion rule"));
    pieces[5] = shogi->pieces[5];

    pieces[6].dead_ranks = 9;
    ck_assert_int_eq(variant_validate(&v, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "dead_ranks 9 too large"));
    pieces[6] = shogi->pieces[6];

    pieces[7].hand = NULL; /* a pawn that cannot go to hand in a drop game */
    ck_assert_int_eq(variant_validate(&v, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "no hand type in a drop game"));
    pieces[7] = shogi->pieces[7];

    v.zone_ranks = 5;
    ck_assert_int_eq(variant_validate(&v, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "zone of 5 ranks"));
    v.zone_ranks = 0;
    ck_assert_int_eq(variant_validate(&v, err, sizeof err), -1);
    ck_assert_str_eq(err, "zone promotion without a zone");
    v.zone_ranks = shogi->zone_ranks;

    v.repetition_count = 1;
    ck_assert_int_eq(variant_validate(&v, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "repetition count 1"));
    v.repetition_count = shogi->repetition_count;

    v.start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1";
    ck_assert_int_eq(variant_validate(&v, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "start position does not parse"));
    v.start = shogi->start;

    /* the repaired copy is valid again */
    ck_assert_int_eq(variant_validate(&v, err, sizeof err), 0);
}
END_TEST

Suite *suite_cli(void) {
    Suite *s = suite_create("cli");
    TCase *tc = tcase_create("binary");
    tcase_set_timeout(tc, 60); /* child processes / data files; slow under sanitizers */
    tcase_add_test(tc, cli_perft_good);
    tcase_add_test(tc, cli_perft_divide);
    tcase_add_test(tc, cli_perft_bad);
    tcase_add_test(tc, cli_check);
    tcase_add_test(tc, cli_eval_total);
    tcase_add_test(tc, cli_eval_bad);
    suite_add_tcase(s, tc);
    tc = tcase_create("validate");
    tcase_add_test(tc, validate_registered);
    tcase_add_test(tc, validate_broken);
    suite_add_tcase(s, tc);
    return s;
}
