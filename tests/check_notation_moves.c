/* check_notation_moves.c - every notation against the move generator: each legal move of
 * each perft position (and of the positions one move later) written and read back in every
 * notation its game is offered in gives the same move; malformed and illegal texts get
 * their own error class; SFEN and FEN round trips; and a printed (not asserted) timing of
 * move parsing against the old way of formatting every legal move and comparing strings. */
#include "testutil.h"

#include <string.h>
#include <time.h>

typedef struct {
    long moves, passes, doubles, drops, marked; /* what the round trips covered */
} Coverage;

/* The notations a game is offered in: USI always, XBoard where the game has an XBoard name. */
static int game_notations(const Variant *v, Notation out[2]) {
    int n = 0;
    out[n++] = NOTATION_USI;
    if (v->xboard_name) out[n++] = NOTATION_XBOARD;
    return n;
}

static void round_trip_moves(Position *pos, Coverage *cov) {
    Notation ns[2];
    int nn = game_notations(pos->v, ns);
    MoveList list;
    movegen_legal(pos, &list);
    for (int i = 0; i < list.size; i++) {
        Move m = list.moves[i], back = MOVE_NONE;
        for (int k = 0; k < nn; k++) {
            char text[64], err[128];
            move_format(pos, m, ns[k], text, sizeof text);
            ck_assert_msg(move_parse_result(pos, text, ns[k], &back, err, sizeof err) == MOVE_PARSE_OK, "%s %s: %s",
                          notation_get(ns[k])->name, text, err);
            ck_assert_msg(back == m, "%s: '%s' read back as another move", notation_get(ns[k])->name, text);
            size_t len = strlen(text);
            if (text[len - 1] == '+' || text[len - 1] == '-') cov->marked++;
        }
        cov->moves++;
        cov->passes += move_is_pass(m);
        cov->doubles += move_is_double(m);
        cov->drops += move_is_drop(m);
    }
}

/* SFEN (and, where the game has XBoard, FEN) written and read back: same key, same text. */
static void round_trip_position(const Position *pos) {
    char a[1024], b[1024], err[256];
    Position *again = malloc(sizeof *again);
    pos_to_sfen(pos, a, sizeof a);
    ck_assert_msg(pos_set_sfen(again, pos->v, &pos->rules, a, err, sizeof err) == 0, "%s: %s", a, err);
    pos_to_sfen(again, b, sizeof b);
    ck_assert_str_eq(a, b);
    ck_assert_uint_eq(pos_key(again), pos_key(pos));
    if (pos->v->xboard_name && pos_st(pos)->lion_sq == SQ_NONE) {
        fen_format(pos, a, sizeof a);
        ck_assert_msg(fen_parse(again, pos->v, &pos->rules, a, err, sizeof err) == 0, "%s: %s", a, err);
        fen_format(again, b, sizeof b);
        ck_assert_str_eq(a, b);
        ck_assert_uint_eq(pos_key(again), pos_key(pos));
    }
    free(again);
}

/* The position, its moves, and (children) every position one legal move later. */
static void check_position(const char *game, const char *spec, bool children, Coverage *cov) {
    Position *pos = test_position(game, spec);
    round_trip_position(pos);
    round_trip_moves(pos, cov);
    if (children) {
        MoveList list;
        movegen_legal(pos, &list);
        for (int i = 0; i < list.size; i++) {
            pos_do_move(pos, list.moves[i]);
            round_trip_position(pos);
            round_trip_moves(pos, cov);
            pos_undo_move(pos);
        }
    }
    free(pos);
}

/* shared/data/chu/perft_chushogi.tsv has rows with a stray third field "b" (chu has no
 * hands); drop a third field that is neither '-', a number nor a square (as check_chu.c). */
static void drop_stray_field(const Variant *v, char *spec) {
    char *f[8];
    int n = 0;
    for (char *p = spec; *p && n < 8;) {
        while (*p == ' ') p++;
        if (!*p) break;
        f[n++] = p;
        while (*p && *p != ' ') p++;
        if (*p) *p++ = 0;
    }
    char out[1100] = "";
    size_t o = 0;
    for (int i = 0; i < n; i++) {
        if (i == 3 && !v->drops && strcmp(f[i], "-") && f[i][strspn(f[i], "0123456789")] &&
            usi_square_parse(v, f[i]) < 0)
            continue;
        int w = snprintf(out + o, sizeof out - o, "%s%s", i ? " " : "", f[i]);
        if (w > 0 && (size_t)w < sizeof out - o) o += (size_t)w;
    }
    strcpy(spec, out);
}

/* Each distinct position of a shared perft table. game NULL: the game is in column game_col.
 * prefix: "" (bare: the game's default notation), "sfen " or "fen ". */
static int check_file(const char *file, const char *game, int game_col, int pos_col, const char *prefix, bool children,
                      Coverage *cov) {
    TestTsv t;
    char last[1024] = "", spec[1100];
    int n = 0;
    for (test_tsv_open(&t, file); test_tsv_next(&t);) {
        if (t.ncols <= pos_col || !strcmp(t.cols[pos_col], last)) continue;
        snprintf(last, sizeof last, "%s", t.cols[pos_col]);
        bool start = !strcmp(last, "startpos");
        snprintf(spec, sizeof spec, "%s%s", start ? "" : prefix, last);
        const char *g = game_col >= 0 && game_col < t.ncols ? t.cols[game_col] : game;
        drop_stray_field(variant_find(g), spec);
        check_position(g, spec, children, cov);
        n++;
    }
    test_tsv_close(&t);
    return n;
}

START_TEST(round_trip_perft_positions) {
    Coverage cov = {0}, chu = {0}, micro = {0};
    ck_assert_int_gt(check_file("perft/shogi.tsv", "shogi", -1, 0, "", true, &cov), 0);
    ck_assert_int_gt(check_file("perft/nana.tsv", "nana", -1, 0, "", true, &cov), 0);
    ck_assert_int_gt(check_file("perft/wa.tsv", "wa", -1, 0, "", true, &cov), 0);
    ck_assert_int_gt(check_file("perft/wa-nodrop.tsv", "wa-nodrop", -1, 0, "", true, &cov), 0);
    ck_assert_int_gt(check_file("perft/perft_std.tsv", NULL, 0, 1, "sfen ", false, &cov), 100);
    ck_assert_int_gt(check_file("perft/micro.tsv", "micro", -1, 0, "", true, &micro), 0);
    ck_assert_int_gt(check_file("micro/perft_micro.tsv", "micro", -1, 1, "fen ", true, &micro), 0);
    ck_assert_int_gt(check_file("perft/chu.tsv", "chu", -1, 0, "", true, &chu), 0);
    ck_assert_int_gt(check_file("chu/perft_chushogi.tsv", NULL, 0, 1, "sfen ", false, &chu), 100);
    /* the special forms were really met: drops and promotions, micro's flips, lion moves */
    ck_assert_int_gt(cov.drops, 1000);
    ck_assert_int_gt(cov.marked, 100);
    ck_assert_int_gt(micro.marked, 10);
    ck_assert_int_gt(chu.passes, 10);
    ck_assert_int_gt(chu.doubles, 10);
    fprintf(stderr,
            "notation round trips: %ld moves (%ld drops, %ld marked), micro %ld, chu %ld (%ld passes, %ld doubles)\n",
            cov.moves, cov.drops, cov.marked, micro.moves, chu.moves, chu.passes, chu.doubles);
}
END_TEST

/* Positions from the other suites with special forms: lion double moves and passes next to
 * pieces, nana's face drops, micro's flip captures, wa drops. */
START_TEST(round_trip_special_positions) {
    Coverage cov = {0};
    check_position("chu", "sfen 11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j", true, &cov);
    check_position("chu", "sfen 12/12/12/12/12/12/8n3/12/8p3/8N3/12/K10k b - 1 moves 4j4i4h", true, &cov);
    check_position("chu", "fen 12/12/12/12/12/12/5N6/12/12/12/12/12 w 0 1", true, &cov);
    check_position("micro", "sfen kb+r+l/p3/4/3P/+L+RBK b - 1", true, &cov);
    check_position("micro", "sfen kb1+l/3r/p3/4/+L+RBK b p 5", true, &cov);
    check_position("nana", "sfen kcT/1RD/2K w Br 14", true, &cov);
    check_position("nana", "startpos", true, &cov);
    ck_assert_int_gt(cov.moves, 100);
}
END_TEST

/* Each marked move of pos read back without its mark; returns how many there were. */
static int unmarked_flips(Position *pos) {
    MoveList list;
    movegen_legal(pos, &list);
    int flips = 0;
    for (int i = 0; i < list.size; i++) {
        char text[32], err[128];
        Move back;
        move_format(pos, list.moves[i], NOTATION_USI, text, sizeof text);
        size_t len = strlen(text);
        if (text[len - 1] != '+' && text[len - 1] != '-') continue;
        text[len - 1] = 0;
        ck_assert_msg(move_parse_result(pos, text, NOTATION_USI, &back, err, sizeof err) == MOVE_PARSE_OK, "%s", err);
        ck_assert(back == list.moves[i]);
        flips++;
    }
    return flips;
}

/* A micro flip capture may be typed without its forced mark; a promotion choice may not. */
START_TEST(unmarked_forced_flip) {
    Position *pos = test_position("micro", "startpos");
    MoveList a, b;
    int flips = 0;
    movegen_legal(pos, &a);
    for (int i = 0; i < a.size; i++) {
        pos_do_move(pos, a.moves[i]);
        movegen_legal(pos, &b);
        for (int j = 0; j < b.size; j++) {
            pos_do_move(pos, b.moves[j]);
            flips += unmarked_flips(pos);
            pos_undo_move(pos);
        }
        pos_undo_move(pos);
    }
    ck_assert_int_gt(flips, 0);
    free(pos);
    pos = test_position("shogi", "sfen 4k4/9/2P6/9/9/9/9/9/4K4 b - 1");
    ck_assert(test_has_move(pos, NOTATION_USI, "7c7b"));
    ck_assert(test_has_move(pos, NOTATION_USI, "7c7b+"));
    Move m1, m2;
    char err[128];
    ck_assert_int_eq(move_parse(pos, "7c7b", NOTATION_USI, &m1, err, sizeof err), 0);
    ck_assert_int_eq(move_parse(pos, "7c7b+", NOTATION_USI, &m2, err, sizeof err), 0);
    ck_assert(!move_is_promo(m1) && move_is_promo(m2));
    free(pos);
    /* a forced promotion (pawn onto the last rank) must be written with its mark */
    pos = test_position("shogi", "sfen 4k4/2P6/9/9/9/9/9/9/4K4 b - 1");
    ck_assert_int_eq(move_parse_result(pos, "7b7a", NOTATION_USI, &m1, err, sizeof err), MOVE_PARSE_ILLEGAL);
    ck_assert_int_eq(move_parse_result(pos, "7b7a+", NOTATION_USI, &m1, err, sizeof err), MOVE_PARSE_OK);
    free(pos);
}
END_TEST

static void assert_class(const char *game, const char *spec, Notation n, const char *text, MoveParseResult want) {
    Position *pos = test_position(game, spec);
    char err[128] = "", before[512], after[512];
    Move m;
    pos_to_sfen(pos, before, sizeof before);
    MoveParseResult got = move_parse_result(pos, text, n, &m, err, sizeof err);
    ck_assert_msg(got == want, "%s %s '%s': got %d (%s), want %d", game, notation_get(n)->name, text, got, err, want);
    if (want != MOVE_PARSE_OK)
        ck_assert_msg(!strncmp(err, want == MOVE_PARSE_MALFORMED ? "malformed move" : "illegal move", 12), "%s", err);
    ck_assert_int_eq(move_parse(pos, text, n, &m, err, sizeof err), want == MOVE_PARSE_OK ? 0 : -1);
    pos_to_sfen(pos, after, sizeof after);
    ck_assert_str_eq(before, after);
    free(pos);
}

START_TEST(error_classes) {
    const MoveParseResult OK = MOVE_PARSE_OK, BAD = MOVE_PARSE_MALFORMED, NO = MOVE_PARSE_ILLEGAL;
    /* USI */
    assert_class("shogi", "startpos", NOTATION_USI, "7g7f", OK);
    assert_class("shogi", "startpos", NOTATION_USI, "7g7e", NO);
    assert_class("shogi", "startpos", NOTATION_USI, "7g7f+", NO);
    assert_class("shogi", "startpos", NOTATION_USI, "7g7f-", NO);
    assert_class("shogi", "startpos", NOTATION_USI, "7g7f7e", NO); /* three squares: well formed */
    assert_class("shogi", "startpos", NOTATION_USI, "X*5e", NO);   /* no such piece */
    assert_class("shogi", "startpos", NOTATION_USI, "P*5e", NO);
    assert_class("shogi", "startpos", NOTATION_USI, "7g7f=", BAD);
    assert_class("shogi", "startpos", NOTATION_USI, "none", BAD);
    assert_class("shogi", "startpos", NOTATION_USI, "@@@@", BAD);
    assert_class("shogi", "startpos", NOTATION_USI, "+*5e", BAD);
    assert_class("shogi", "startpos", NOTATION_USI, "PP*5e", BAD);
    assert_class("shogi", "startpos", NOTATION_USI, "P*5e5", BAD);
    assert_class("shogi", "startpos", NOTATION_USI, "10g7f", BAD); /* file 10 on a 9-file board */
    assert_class("micro", "startpos", NOTATION_USI, "+P*3c", NO);
    assert_class("chu", "startpos", NOTATION_USI, "7i7h", OK);
    assert_class("chu", "startpos", NOTATION_USI, "7g7f7e", NO);
    assert_class("chu", "startpos", NOTATION_USI, "7g7f7e7d", BAD);
    /* XBoard */
    assert_class("shogi", "startpos", NOTATION_XBOARD, "c3c4", OK);
    assert_class("shogi", "startpos", NOTATION_XBOARD, "c3c4=", OK);
    assert_class("shogi", "startpos", NOTATION_XBOARD, "c3c4+", NO);
    assert_class("shogi", "startpos", NOTATION_XBOARD, "@@@@", NO); /* no pass in shogi */
    assert_class("shogi", "startpos", NOTATION_XBOARD, "P@e5", NO);
    assert_class("shogi", "startpos", NOTATION_XBOARD, "c3c4-", BAD);
    assert_class("shogi", "startpos", NOTATION_XBOARD, "c3", BAD);
    assert_class("shogi", "startpos", NOTATION_XBOARD, "j3j4", BAD); /* file j on a 9-file board */
    assert_class("shogi", "startpos", NOTATION_XBOARD, "P@e", BAD);
    assert_class("chu", "startpos", NOTATION_XBOARD, "e4e5,e6e7", BAD); /* legs do not join */
    assert_class("chu", "startpos", NOTATION_XBOARD, "e4e5,e5e6,e6e7", BAD);
    assert_class("chu", "startpos", NOTATION_XBOARD, "@@@@", NO); /* nothing can pass yet */
    /* A lion's two legs are king steps and take no mark (docs/reliability.md, "Malformed
     * input"): these named a move before, through the first and last squares alone. */
    const char *lion = "sfen 6k5/12/12/12/12/5N6/12/12/12/12/12/5K6 b - 1"; /* USI 7f = XBoard f7 */
    assert_class("chu", lion, NOTATION_USI, "7f8g7f", OK);                  /* pass through an empty neighbour */
    assert_class("chu", lion, NOTATION_USI, "7f7f7f", OK);                  /* pass through its own square */
    assert_class("chu", lion, NOTATION_USI, "7f8g7h", OK);                  /* two steps through an empty square */
    assert_class("chu", lion, NOTATION_USI, "7f9h8g", NO);                  /* first leg a jump */
    assert_class("chu", lion, NOTATION_USI, "7f8g8g", NO);                  /* second leg goes nowhere */
    assert_class("chu", lion, NOTATION_USI, "7f5d7f", NO);                  /* a pass through a far square */
    assert_class("chu", lion, NOTATION_USI, "7f8g7f+", NO);                 /* a pass does not promote */
    assert_class("chu", lion, NOTATION_USI, "7f8g7h-", NO);
    assert_class("chu", lion, NOTATION_XBOARD, "f7e6,e6f7", OK);
    assert_class("chu", lion, NOTATION_XBOARD, "f7e6,e6f7=", OK);
    assert_class("chu", lion, NOTATION_XBOARD, "f7d5,d5e6", NO);
    assert_class("chu", lion, NOTATION_XBOARD, "f7e6,e6e6", NO);
    assert_class("chu", lion, NOTATION_XBOARD, "f7e6,e6f7+", NO);
}
END_TEST

/* The way parsing worked before MoveParts: write every legal move, compare strings. */
static Move parse_by_formatting(Position *pos, const char *text, Notation n) {
    MoveList list;
    movegen_legal(pos, &list);
    for (int i = 0; i < list.size; i++) {
        char s[64];
        move_format(pos, list.moves[i], n, s, sizeof s);
        if (!strcmp(s, text)) return list.moves[i];
    }
    return MOVE_NONE;
}

static double seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Prints ns per parsed move for both ways; asserts only that both find the same moves. */
static void time_parsing(const char *game, const char *spec, Notation n) {
    Position *pos = test_position(game, spec);
    MoveList list;
    movegen_legal(pos, &list);
    static char texts[MOVES_MAX][64];
    for (int i = 0; i < list.size; i++) move_format(pos, list.moves[i], n, texts[i], sizeof texts[i]);
    double t[2];
    long count = 0;
    for (int way = 0; way < 2; way++) {
        double start = seconds();
        for (int rep = 0; rep < 20; rep++)
            for (int i = 0; i < list.size; i++) {
                Move m = MOVE_NONE;
                char err[128];
                if (way == 0)
                    move_parse(pos, texts[i], n, &m, err, sizeof err);
                else
                    m = parse_by_formatting(pos, texts[i], n);
                ck_assert(m == list.moves[i]);
                count += way == 0;
            }
        t[way] = seconds() - start;
    }
    fprintf(stderr, "move parse %-5s %-6s: %7.0f ns/move (format-and-compare: %7.0f ns/move)\n", game,
            notation_get(n)->name, t[0] * 1e9 / (double)count, t[1] * 1e9 / (double)count);
    free(pos);
}

START_TEST(parse_speed_report) {
    time_parsing("shogi", "sfen 9/l1gk5/np2+B4/2pp2NG1/P8/1S7/SS1PPGPPP/L4S3/1N1K1R2L w RGL9Pbn 78", NOTATION_USI);
    time_parsing("chu", "startpos", NOTATION_USI);
    time_parsing("chu", "startpos", NOTATION_XBOARD);
    time_parsing("wa", "startpos", NOTATION_XBOARD);
}
END_TEST

START_TEST(registry) {
    ck_assert_int_ge(notation_count(), 2);
    ck_assert_int_eq(notation_find("usi"), NOTATION_USI);
    ck_assert_int_eq(notation_find("XBoard"), NOTATION_XBOARD);
    ck_assert_int_eq(notation_find("kif"), -1);
    ck_assert_str_eq(notation_get(NOTATION_USI)->name, "usi");
    ck_assert_ptr_null(notation_get(notation_count()));
    const Variant *v = variant_find("shogi");
    char sq[8];
    const char *p = "7g";
    int s = notation_get(NOTATION_USI)->square_read(v, &p);
    notation_get(NOTATION_XBOARD)->square_format(v, s, sq, sizeof sq);
    ck_assert_str_eq(sq, "c3");
}
END_TEST

Suite *suite_notation_moves(void) {
    Suite *s = suite_create("notation_moves");
    TCase *tc = tcase_create("round_trips");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, round_trip_perft_positions);
    tcase_add_test(tc, round_trip_special_positions);
    tcase_add_test(tc, unmarked_forced_flip);
    suite_add_tcase(s, tc);
    tc = tcase_create("errors");
    tcase_add_test(tc, error_classes);
    tcase_add_test(tc, registry);
    suite_add_tcase(s, tc);
    tc = tcase_create("speed");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, parse_speed_report);
    suite_add_tcase(s, tc);
    return s;
}
