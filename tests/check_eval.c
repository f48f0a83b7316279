/* check_eval.c - the evaluation: colour symmetry on every perft position of every game and
 * along random games from them, the trace reproducing the evaluation exactly, parameter
 * tables round-tripping through their writer and reader, and the terms each game has. */
#include <ctype.h>
#include <string.h>

#include "../eval/eval.h"
#include "../src/strbuf.h"
#include "testutil.h"

/* The SFEN of pos seen from the other side: board turned half a turn, colours (letter case)
 * and hands swapped, the other side to move. */
static void flipped_sfen(const Position *pos, char *out, size_t len) {
    char board[1024], hand[256], cells[SQ_MAX][4];
    pos_board_string(pos, board, sizeof board);
    pos_hand_string(pos, hand, sizeof hand);
    int n = 0;
    for (const char *p = board; *p; p++) {
        if (*p == '/') continue;
        if (isdigit((unsigned char)*p)) {
            int k = (int)strtol(p, (char **)&p, 10);
            p--;
            while (k--) strcpy(cells[n++], "");
            continue;
        }
        int j = 0;
        if (*p == '+') cells[n][j++] = *p++;
        cells[n][j++] = (char)(isupper((unsigned char)*p) ? tolower((unsigned char)*p) : toupper((unsigned char)*p));
        cells[n++][j] = 0;
    }
    const Variant *v = pos->v;
    ck_assert_int_eq(n, v->files * v->ranks);
    StrBuf b = strbuf_init(out, len);
    for (int r = 0; r < v->ranks; r++) {
        int empty = 0;
        for (int f = 0; f < v->files; f++) {
            const char *c = cells[n - 1 - (r * v->files + f)];
            if (!*c) {
                empty++;
                continue;
            }
            if (empty) strbuf_printf(&b, "%d", empty);
            empty = 0;
            strbuf_printf(&b, "%s", c);
        }
        if (empty) strbuf_printf(&b, "%d", empty);
        if (r < v->ranks - 1) strbuf_printf(&b, "/");
    }
    for (char *h = hand; *h; h++)
        if (isalpha((unsigned char)*h))
            *h = (char)(isupper((unsigned char)*h) ? tolower((unsigned char)*h) : toupper((unsigned char)*h));
    strbuf_printf(&b, " %c %s 1", pos->stm == BLACK ? 'w' : 'b', hand);
}

/* evaluate(pos) equals evaluate(flipped pos); the trace rebuilds the evaluation. */
static void check_position(Position *pos, EvalTrace *tr) {
    char sfen[2048], err[256];
    flipped_sfen(pos, sfen, sizeof sfen);
    Position *flip = malloc(sizeof *flip);
    ck_assert_ptr_nonnull(flip);
    ck_assert_msg(!pos_set_sfen(flip, pos->v, &pos->rules, sfen, err, sizeof err), "%s: %s", sfen, err);
    Value a = evaluate(pos), b = evaluate(flip);
    char orig[2048];
    pos_to_sfen(pos, orig, sizeof orig);
    ck_assert_msg(a == b, "%s: %s scores %d, its mirror %s scores %d", pos->v->name, orig, a, sfen, b);
    free(flip);

    Value black = eval_trace(pos, tr);
    ck_assert_int_eq(black, pos->stm == BLACK ? a : -a);
    int64_t total = 0;
    for (int k = 0; k < tr->count; k++) {
        int i = tr->index[k];
        EvalScore s = eval_param(pos->v, i);
        total += (int64_t)tr->coef[i] * (s.mg * tr->phase + s.eg * (EVAL_PHASE_MAX - tr->phase));
    }
    ck_assert_msg((Value)(total / EVAL_PHASE_MAX) == black, "%s: trace gives %lld, eval %d", orig,
                  (long long)(total / EVAL_PHASE_MAX), black);
}

static unsigned rng_next(unsigned *s) {
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

/* The position and 40 random plies from it, each checked. Returns positions checked. */
static int check_line(const char *variant, const char *spec, unsigned seed, EvalTrace *tr) {
    Position *pos = test_position(variant, spec);
    MoveList *list = malloc(sizeof *list);
    int checked = 0;
    for (int ply = 0; ply < 40; ply++) {
        check_position(pos, tr);
        checked++;
        movegen_legal(pos, list);
        if (!list->size) break;
        pos_do_move(pos, list->moves[rng_next(&seed) % (unsigned)list->size]);
    }
    free(list);
    free(pos);
    return checked;
}

static int check_table(const char *file, const char *variant, EvalTrace *tr) {
    TestTsv tsv;
    int n = 0;
    unsigned seed = 7;
    for (test_tsv_open(&tsv, file); test_tsv_next(&tsv);) {
        bool first_col_variant = variant == NULL;
        const char *game = first_col_variant ? tsv.cols[0] : variant;
        const char *spec = tsv.cols[first_col_variant ? 1 : 0];
        if (!variant_find(game)) continue;
        n += check_line(game, spec, seed++, tr);
    }
    test_tsv_close(&tsv);
    return n;
}

START_TEST(eval_symmetry_every_game) {
    static EvalTrace tr;
    static const char *const files[][2] = {{"perft/shogi.tsv", "shogi"}, {"perft/micro.tsv", "micro"},
                                           {"perft/nana.tsv", "nana"},   {"perft/chu.tsv", "chu"},
                                           {"perft/wa.tsv", "wa"},       {"perft/wa-nodrop.tsv", "wa-nodrop"},
                                           {"perft/perft_std.tsv", NULL}};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        int n = check_table(files[i][0], files[i][1], &tr);
        ck_assert_msg(n >= 40, "%s: only %d positions checked", files[i][0], n);
    }
}
END_TEST

START_TEST(eval_params_round_trip) {
    for (const Variant *const *v = variant_list(); *v; v++) {
        int n = eval_param_count(*v);
        ck_assert_int_gt(n, 10);
        FILE *f = tmpfile();
        ck_assert_ptr_nonnull(f);
        ck_assert_int_eq(eval_params_write(*v, f, "test"), 0);
        EvalScore *saved = malloc(sizeof *saved * (size_t)n);
        for (int i = 0; i < n; i++) {
            saved[i] = eval_param(*v, i);
            eval_set_param(*v, i, (EvalScore){saved[i].mg + 7, saved[i].eg - 3});
        }
        rewind(f);
        char err[256] = "";
        ck_assert_msg(!eval_params_read(*v, f, err, sizeof err), "%s: %s", (*v)->name, err);
        for (int i = 0; i < n; i++) {
            EvalScore s = eval_param(*v, i);
            ck_assert_msg(s.mg == saved[i].mg && s.eg == (eval_tapered(*v) ? saved[i].eg : saved[i].mg), "%s %s: %d %d",
                          (*v)->name, eval_param_name(*v, i), s.mg, s.eg);
        }
        fclose(f);
        free(saved);
        eval_reset_params(*v);
    }
}
END_TEST

START_TEST(eval_params_reader_errors) {
    const Variant *v = variant_find("shogi");
    char err[256] = "";
    FILE *f = tmpfile();
    fputs("static const EvalParamRow params_shogi[] = {\n    {\"mat P\", 95, 95},\n    {\"mat Q\", 1, 1},\n", f);
    rewind(f);
    EvalScore before = eval_param(v, eval_param_index(v, "mat P"));
    ck_assert_int_eq(eval_params_read(v, f, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "line 3") && strstr(err, "mat Q"), "%s", err);
    /* a failed read changes nothing */
    ck_assert_int_eq(eval_param(v, eval_param_index(v, "mat P")).mg, before.mg);
    fclose(f);
    f = tmpfile();
    fputs("    {\"mat P\", x, 1},\n", f);
    rewind(f);
    ck_assert_int_eq(eval_params_read(v, f, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "line 1"), "%s", err);
    fclose(f);
    /* a file without a single parameter row (empty, or some other text) is refused too */
    f = tmpfile();
    fputs("# nothing here\nhello\n", f);
    rewind(f);
    ck_assert_int_eq(eval_params_read(v, f, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "no parameter rows"), "%s", err);
    fclose(f);
    /* values beyond EVAL_PARAM_LIMIT (one past the int range was undefined behaviour in sscanf)
     * are refused with their line; the limit itself and the row's other spellings are taken */
    const char *refused[] = {"    {\"mat P\", 99999999999999999999, 1},\n", "    {\"mat P\", 1, -10001},\n",
                             "    {\"mat P\", 1, 2\n", "    {\"mat P\", 1, 2, 3},\n", "    {\"mat P\", --1, 2},\n"};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        f = tmpfile();
        fputs(refused[i], f);
        rewind(f);
        ck_assert_msg(eval_params_read(v, f, err, sizeof err) == -1, "taken: %s", refused[i]);
        ck_assert_msg(strstr(err, "line 1"), "%s", err);
        ck_assert_int_eq(eval_param(v, eval_param_index(v, "mat P")).mg, before.mg);
        fclose(f);
    }
    f = tmpfile();
    fputs("    {\"mat P\",-10000,+10000},\n", f);
    rewind(f);
    ck_assert_int_eq(eval_params_read(v, f, err, sizeof err), 0);
    ck_assert_int_eq(eval_param(v, eval_param_index(v, "mat P")).mg, -10000);
    fclose(f);
    eval_reset_params(v);
}
END_TEST

/* Each game has the terms docs/evaluation.md promises, and not the others. */
START_TEST(eval_terms_per_game) {
    const Variant *shogi = variant_find("shogi"), *chu = variant_find("chu"), *nana = variant_find("nana");
    const Variant *wa_nodrop = variant_find("wa-nodrop"), *micro = variant_find("micro");
    ck_assert_int_ge(eval_param_index(shogi, "hand P 1"), 0);
    ck_assert_int_ge(eval_param_index(shogi, "dropchk G"), 0);
    ck_assert_int_ge(eval_param_index(shogi, "nifu P"), 0);
    ck_assert_int_ge(eval_param_index(shogi, "ks 15 4"), 0);
    ck_assert_int_ge(eval_param_index(shogi, "ek points"), 0);
    ck_assert_int_ge(eval_param_index(shogi, "mob R"), 0);
    ck_assert_int_lt(eval_param_index(shogi, "mob G"), 0);
    ck_assert_int_lt(eval_param_index(shogi, "lion atk"), 0);
    ck_assert_int_ge(eval_param_index(chu, "lion atk"), 0);
    ck_assert_int_lt(eval_param_index(chu, "hand P 1"), 0);
    ck_assert_int_ge(eval_param_index(chu, "ks 15 0"), 0);
    ck_assert_int_lt(eval_param_index(chu, "ks 15 1"), 0);
    ck_assert_int_lt(eval_param_index(nana, "dropchk R"), 0); /* drops may not check in nana */
    ck_assert_int_lt(eval_param_index(wa_nodrop, "ek king"), 0);
    ck_assert_int_ge(eval_param_index(micro, "hand P 2"), 0);
    ck_assert(!eval_tapered(shogi) && eval_tapered(chu) && eval_tapered(wa_nodrop));
}
END_TEST

/* The terms see what they should: a king stripped of its guards is worse off. */
START_TEST(eval_king_terms_respond) {
    const Variant *v = variant_find("shogi");
    /* same material; Black's golds beside the king, or far away on the other wing */
    Position *near = test_position("shogi", "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    EvalTrace *tr = malloc(sizeof *tr);
    eval_trace(near, tr);
    int kdef = eval_param_index(v, "kown G 1");
    ck_assert_int_ge(kdef, 0);
    ck_assert_int_eq(tr->coef[kdef], 0); /* both sides have two golds beside the king */
    Position *moved = test_position("shogi", "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS1KGSNL b G 1");
    eval_trace(moved, tr);
    ck_assert_int_eq(tr->coef[kdef], -1); /* Black has one gold beside the king, White two */
    ck_assert_int_eq(tr->coef[eval_param_index(v, "hand G 1")], 1);
    free(tr);
    free(near);
    free(moved);
}
END_TEST

Suite *suite_eval(void) {
    Suite *s = suite_create("eval");
    TCase *tc = tcase_create("eval");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, eval_symmetry_every_game);
    tcase_add_test(tc, eval_params_round_trip);
    tcase_add_test(tc, eval_params_reader_errors);
    tcase_add_test(tc, eval_terms_per_game);
    tcase_add_test(tc, eval_king_terms_respond);
    suite_add_tcase(s, tc);
    return s;
}
