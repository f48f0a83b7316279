/* check_record_interop.c - records from and for other programs: the PGN files XBoard 4.9.1
 * saved (tests/data/xboard) read and are written back with the same move text; XBoard's SAN
 * and the coordinate forms parse to the same moves; KIF variations (nested) are checked and
 * survive a round trip; micro and nana KIF; BOD starts; chu KIF with a lion pass and promoted
 * pieces; the dialects of other shogi programs' KIF and CSA files (tests/data/dialects). */
#include <ctype.h>
#include <string.h>

#include "../src/movegen.h"
#include "../src/record/record.h"
#include "../src/record/record_int.h"
#include "testutil.h"

/* The move tokens of a PGN text (tags, comments, move numbers and the result left out),
 * joined by single spaces. */
static void pgn_move_tokens(const char *text, char *out, size_t len) {
    size_t o = 0;
    out[0] = 0;
    for (const char *p = text; *p;) {
        if (*p == '[' && (p == text || p[-1] == '\n')) {
            p += strcspn(p, "\n");
            continue;
        }
        if (*p == '{') {
            const char *c = strchr(p, '}');
            p = c ? c + 1 : p + strlen(p);
            continue;
        }
        if (isspace((unsigned char)*p)) {
            p++;
            continue;
        }
        size_t n = strcspn(p, " \t\r\n{");
        char tok[64];
        snprintf(tok, sizeof tok, "%.*s", (int)(n < 63 ? n : 63), p);
        p += n;
        bool number = isdigit((unsigned char)tok[0]) && tok[strlen(tok) - 1] == '.';
        if (number || !strcmp(tok, "*") || !strcmp(tok, "1-0") || !strcmp(tok, "0-1") || !strcmp(tok, "1/2-1/2"))
            continue;
        o += (size_t)snprintf(out + o, len - o, "%s%s", o ? " " : "", tok);
        ck_assert_uint_lt(o, len);
    }
}

static Record read_ok(const char *text, RecordFormat f, const char *variant) {
    Record rec;
    RecordError err;
    RecordReadOptions opt = {.variant = variant ? variant_find(variant) : NULL};
    int rc = record_read(text, strlen(text), f, &opt, &rec, &err);
    ck_assert_msg(rc == 0, "line %d ply %d: %s (%s)", err.line, err.ply, err.msg, err.text);
    return rec;
}

static void assert_lines_equal(const RecordLine *a, const RecordLine *b, const char *what) {
    ck_assert_msg(a->count == b->count, "%s: %d moves vs %d", what, a->count, b->count);
    for (int i = 0; i < a->count; i++) {
        ck_assert_msg(a->moves[i].move == b->moves[i].move, "%s: move %d", what, i + 1);
        ck_assert_msg(a->moves[i].alt_count == b->moves[i].alt_count, "%s: variations at move %d", what, i + 1);
        for (int k = 0; k < a->moves[i].alt_count; k++)
            assert_lines_equal(&a->moves[i].alts[k], &b->moves[i].alts[k], what);
    }
}

/* Write rec as f, read it back, and compare start, moves (with variations) and result. */
static void round_trip_same(const Record *rec, RecordFormat f, const char *what) {
    RecordError err;
    char *text = record_write(rec, f, NULL, &err);
    ck_assert_msg(text != NULL, "%s: %s cannot be written: %s", what, record_format_name(f), err.msg);
    Record back;
    RecordReadOptions opt = {.variant = rec->variant};
    int rc = record_read(text, strlen(text), f, &opt, &back, &err);
    ck_assert_msg(rc == 0, "%s via %s: line %d: %s (%s)\n%s", what, record_format_name(f), err.line, err.msg, err.text,
                  text);
    ck_assert_msg(!strcmp(rec->start, back.start), "%s via %s: start %s vs %s", what, record_format_name(f), rec->start,
                  back.start);
    assert_lines_equal(&rec->main, &back.main, what);
    if (f != REC_USI) ck_assert_int_eq(rec->result, back.result);
    record_free(&back);
    free(text);
}

/* ---- PGN as XBoard saves it ------------------------------------------------------------- */

START_TEST(test_xboard_pgn_fixtures) {
    const struct {
        const char *file, *variant;
        int plies;
        RecordResult result;
        const char *black;
        int variation_at; /* ply whose move has a variation (0: none) */
    } rows[] = {
        {"chu", "chu", 94, REC_RESULT_WHITE, "Shishi 0.1-bdd8862", 0},
        {"shogi", "shogi", 121, REC_RESULT_DRAW, "Shishi 0.1-bdd8862", 0},
        {"crazywa", "wa", 63, REC_RESULT_BLACK, "Shishi 0.1-bdd8862", 0},
        {"shogi-variation", "shogi", 61, REC_RESULT_DRAW, "Shishi 0.1-965875e", 3},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, "tests/data/xboard/%s.pgn", rows[i].file);
        size_t len;
        char *text = test_read_file(path, &len);
        Record rec = read_ok(text, REC_UNKNOWN, NULL);
        ck_assert_str_eq(rec.variant->name, rows[i].variant);
        ck_assert_int_eq(rec.main.count, rows[i].plies);
        ck_assert_int_eq(rec.result, rows[i].result);
        ck_assert_str_eq(record_header_get(&rec, "Black"), rows[i].black);
        for (int k = 0; k < rec.main.count; k++)
            ck_assert_int_eq(rec.main.moves[k].alt_count, k + 1 == rows[i].variation_at);
        RecordError err;
        char *mine = record_write(&rec, REC_PGN, NULL, &err);
        ck_assert_ptr_nonnull(mine);
        static char want[16384], got[16384];
        pgn_move_tokens(text, want, sizeof want);
        pgn_move_tokens(mine, got, sizeof got);
        ck_assert_msg(!strcmp(want, got), "%s: move text differs:\n%s\n%s", rows[i].file, want, got);
        if (!strcmp(rows[i].file, "crazywa")) ck_assert_ptr_nonnull(strstr(mine, "[SetUp \"1\"]"));
        round_trip_same(&rec, REC_KIF, rows[i].file);
        free(mine);
        free(text);
        record_free(&rec);
    }
}
END_TEST

/* A PGN file of several games (XBoard's match file) reads as its games in order, each with
 * its own [Variant]; a fault in a later game names the file's line. */
START_TEST(test_pgn_many_games) {
    Sbuf all = {0};
    const char *files[] = {"shogi", "chu", "shogi-variation"};
    const int plies[] = {121, 94, 61};
    for (int i = 0; i < 3; i++) {
        char path[256];
        snprintf(path, sizeof path, "tests/data/xboard/%s.pgn", files[i]);
        size_t len;
        char *text = test_read_file(path, &len);
        sb_put(&all, text);
        sb_put(&all, "\n");
        free(text);
    }
    Record *games;
    int count;
    RecordError err;
    ck_assert_msg(record_read_all(all.s, all.len, REC_UNKNOWN, NULL, &games, &count, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(count, 3);
    for (int i = 0; i < 3; i++) {
        ck_assert_str_eq(games[i].variant->name, i == 1 ? "chu" : "shogi");
        ck_assert_int_eq(games[i].main.count, plies[i]);
        record_free(&games[i]);
    }
    free(games);
    /* a first game without [Variant] is the default game, whatever the next one names */
    const char *two = "[Event \"a\"]\n\n1. c4 *\n\n[Event \"b\"]\n[Variant \"chu\"]\n\n1. f5 *\n";
    ck_assert_int_eq(record_read_all(two, strlen(two), REC_PGN, NULL, &games, &count, &err), 0);
    ck_assert_int_eq(count, 2);
    ck_assert_str_eq(games[0].variant->name, "shogi");
    ck_assert_str_eq(games[1].variant->name, "chu");
    for (int i = 0; i < 2; i++) record_free(&games[i]);
    free(games);
    const char *bad = "[Event \"a\"]\n\n1. c4 *\n\n[Event \"b\"]\n\n1. c4 c6\n2. Kzz *\n";
    ck_assert_int_eq(record_read_all(bad, strlen(bad), REC_PGN, NULL, &games, &count, &err), -1);
    ck_assert_int_eq(err.line, 8);
    ck_assert_int_eq(count, 0);
    free(all.s);
}
END_TEST

/* Every way of writing one move reads as that move. */
static void assert_forms(const char *variant, const char *spec, const char *usi, const char *const *forms) {
    Position *pos = test_position(variant, spec);
    Move want, got;
    char e[256];
    ck_assert_msg(move_parse(pos, usi, NOTATION_USI, &want, e, sizeof e) == 0, "%s: %s", usi, e);
    for (int i = 0; forms[i]; i++) {
        int rc = pgn_parse_move(pos, forms[i], &got, e, sizeof e);
        ck_assert_msg(rc == 0, "%s: %s", forms[i], e);
        ck_assert_msg(got == want, "%s read as another move than %s", forms[i], usi);
    }
    char out[64];
    pgn_format_move(pos, want, out, sizeof out);
    ck_assert_msg(!strcmp(out, forms[0]), "%s written as %s, want %s", usi, out, forms[0]);
    free(pos);
}

START_TEST(test_pgn_move_forms) {
    const char *pawn[] = {"c4", "c3c4", "c3-c4", "Pc4", "Pc3c4", "c4!?", NULL};
    assert_forms("shogi", "startpos", "7g7f", pawn);
    const char *bishop[] = {"Bxh8+", "Bxh8+#", "b2xh8+", "b2h8+", "B2xh8+", NULL};
    assert_forms("shogi", "startpos moves 7g7f 3c3d", "8h2b+", bishop);
    const char *decline[] = {"Bxh8", "Bxh8=", "b2h8=", NULL};
    assert_forms("shogi", "startpos moves 7g7f 3c3d", "8h2b", decline);
    const char *drop[] = {"B@e5", "B*e5", NULL};
    assert_forms("shogi", "startpos moves 7g7f 3c3d 8h2b+ 3a2b", "B*5e", drop);
    const char *gold[] = {"Gfe2", "Gf1e2", "Gfe2+", NULL}; /* '+' where no promotion exists: a check mark */
    assert_forms("shogi", "startpos", "4i5h", gold);
    /* chu: lion two-leg moves, igui, a promoted piece */
    const char *one = "sfen 6k5/12/12/12/12/12/12/6p5/6N5/12/12/5K6 b - 1";
    const char *lion[] = {"Nxg5-g6", "Ng4xg5-g6", "g4g5,g5g6", "g4xg5-g6", NULL};
    assert_forms("chu", one, "6i6h6g", lion);
    const char *igui[] = {"Nxg5-g4", "g4g5,g5g4", NULL};
    assert_forms("chu", one, "6i6h6i", igui);
    const char *twice[] = {"Nxg4xg5", "g3g4,g4g5", NULL};
    assert_forms("chu", "sfen 6k5/12/12/12/12/12/12/6p5/6p5/6N5/12/5K6 b - 1", "6j6i6h", twice);
    const char *tokin[] = {"+Pg5", "+Pg4g5", NULL};
    assert_forms("chu", "sfen 6k5/12/12/12/12/12/12/12/6+P5/12/12/5K6 b - 1", "6i6h", tokin);
}
END_TEST

/* XBoard's White is the first mover: its name is the record's Black (sente). */
START_TEST(test_pgn_players) {
    const char *pgn = "[White \"Sente\"]\n[Black \"Gote\"]\n[Result \"0-1\"]\n[Variant \"shogi\"]\n\n"
                      "1. c4 {first} g6 2. Bxh8+ Sxh8 {XBoard: Black wins} 0-1\n";
    Record rec = read_ok(pgn, REC_PGN, NULL);
    ck_assert_str_eq(record_header_get(&rec, "Black"), "Sente");
    ck_assert_str_eq(record_header_get(&rec, "White"), "Gote");
    ck_assert_int_eq(rec.main.count, 4);
    ck_assert_str_eq(rec.main.moves[0].comment, "first");
    ck_assert_int_eq(rec.result, REC_RESULT_WHITE);
    RecordError err;
    char *out = record_write(&rec, REC_PGN, NULL, &err);
    ck_assert_ptr_nonnull(strstr(out, "[White \"Sente\"]\n[Black \"Gote\"]"));
    free(out);
    record_free(&rec);
}
END_TEST

/* ---- KIF variations ------------------------------------------------------------------------ */

static const char variation_kif[] = "手合割：平手\n"
                                    "手数----指手---------消費時間--\n"
                                    "   1 ７六歩(77)   ( 0:01/00:00:01)\n"
                                    "   2 ３四歩(33)   ( 0:02/00:00:02)+\n"
                                    "   3 ２六歩(27)   ( 0:03/00:00:04)\n"
                                    "   4 ８四歩(83)   ( 1:00/00:01:02)+\n"
                                    "   5 投了\n"
                                    "まで4手で後手の勝ち\n"
                                    "\n変化：4手\n"
                                    "   4 ４四歩(43)   ( 0:05/00:00:07)\n"
                                    "   5 ４八銀(39)   ( 0:01/00:00:05)+\n"
                                    "   6 ３二飛(82)   ( 0:01/00:00:08)\n"
                                    "\n変化：5手\n"
                                    "   5 ２五歩(26)   ( 0:01/00:00:05)\n"
                                    "   6 ３三角(22)   ( 0:01/00:00:08)\n"
                                    "\n変化：2手\n"
                                    "   2 ８四歩(83)   ( 0:01/00:00:01)\n"
                                    "   3 ６八銀(79)   ( 0:01/00:00:02)\n";

START_TEST(test_kif_variations) {
    Record rec = read_ok(variation_kif, REC_KIF, NULL);
    ck_assert_int_eq(rec.main.count, 4);
    ck_assert_int_eq(rec.main.moves[1].alt_count, 1);
    ck_assert_int_eq(rec.main.moves[1].alts[0].count, 2);
    const RecordMove *m4 = &rec.main.moves[3];
    ck_assert_int_eq(m4->alt_count, 1);
    ck_assert_int_eq(m4->alts[0].count, 3);
    ck_assert_int_eq(m4->alts[0].moves[1].alt_count, 1); /* 変化：5手 nests in 変化：4手 */
    ck_assert_int_eq(m4->alts[0].moves[1].alts[0].count, 2);
    round_trip_same(&rec, REC_KIF, "variations");
    /* written again, the text is the same (branch marks '+', totals from the branch point) */
    RecordError err;
    char *a = record_write(&rec, REC_KIF, NULL, &err);
    ck_assert_ptr_nonnull(strstr(a, "   4 ４四歩(43)    ( 0:05/00:00:07)\n"));
    ck_assert_ptr_nonnull(strstr(a, "   2 ３四歩(33)    ( 0:02/00:00:02)+\n"));
    Record back = read_ok(a, REC_KIF, NULL);
    char *b = record_write(&back, REC_KIF, NULL, &err);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    record_free(&back);
    record_free(&rec);
}
END_TEST

/* A variation's moves are checked from its branch point: each bad line is named. */
START_TEST(test_kif_variation_illegal) {
    const struct {
        const char *from, *to;
        int line;
    } rows[] = {
        {"   6 ３三角(22)", "   6 ３三飛(22)", 17}, /* nested: 22 holds a bishop */
        {"   3 ６八銀(79)", "   3 ７五歩(77)", 21}, /* 77 is empty after ７六歩 */
        {"   4 ４四歩(43)", "   4 ７五歩(76)", 11}, /* Black's pawn in White's turn */
        {"   5 ２五歩(26)", "   5 ２四歩(26)", 16}, /* two squares */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char text[2048];
        const char *at = strstr(variation_kif, rows[i].from);
        ck_assert_ptr_nonnull(at);
        snprintf(text, sizeof text, "%.*s%s%s", (int)(at - variation_kif), variation_kif, rows[i].to,
                 at + strlen(rows[i].from));
        Record rec;
        RecordError err;
        ck_assert_msg(record_read(text, strlen(text), REC_KIF, NULL, &rec, &err) == -1, "row %zu accepted", i);
        ck_assert_msg(err.line == rows[i].line, "row %zu: line %d (%s)", i, err.line, err.msg);
    }
}
END_TEST

/* ---- games other than shogi ----------------------------------------------------------------- */

/* A game of `plies` legal moves picked by a fixed pseudo-random sequence. */
static Record random_game(const char *variant, const char *sfen, int plies, unsigned seed) {
    const Variant *v = variant_find(variant);
    Record rec;
    record_init(&rec, v);
    if (sfen) snprintf(rec.start, sizeof rec.start, "%s", sfen);
    Position *pos = malloc(sizeof *pos);
    char e[256];
    ck_assert_int_eq(pos_set_sfen(pos, v, &rec.rules, rec.start, e, sizeof e), 0);
    MoveList list;
    for (int i = 0; i < plies; i++) {
        movegen_legal(pos, &list);
        if (!list.size) break;
        seed = seed * 1103515245u + 12345u;
        Move m = list.moves[(seed >> 8) % (unsigned)list.size];
        RecordMove *rm = record_line_push(&rec.main, m);
        rm->time_ms = 1000 * (i % 7);
        pos_do_move(pos, m);
    }
    free(pos);
    return rec;
}

START_TEST(test_kif_other_games) {
    const char *games[] = {"micro", "nana", "chu", "wa", "wa-nodrop", "shogi"};
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++)
        for (unsigned seed = 1; seed <= 3; seed++) {
            Record rec = random_game(games[g], NULL, 60, seed);
            ck_assert_int_gt(rec.main.count, 10);
            round_trip_same(&rec, REC_KIF, games[g]);
            round_trip_same(&rec, REC_USI, games[g]);
            char *ki2 = NULL;
            RecordError err;
            if (rec.variant->files > 9) { /* chu, wa: no KI2 convention */
                ki2 = record_write(&rec, REC_KI2, NULL, &err);
                ck_assert_ptr_null(ki2);
                ck_assert_msg(strstr(err.msg, "KI2") != NULL, "%s: %s", games[g], err.msg);
            } else
                round_trip_same(&rec, REC_KI2, games[g]);
            if (rec.variant->xboard_name) round_trip_same(&rec, REC_PGN, games[g]);
            record_free(&rec);
        }
}
END_TEST

/* A start that is no handicap is written as a BOD diagram and read back, hands included. */
START_TEST(test_kif_bod_start) {
    const struct {
        const char *variant, *sfen;
    } rows[] = {
        {"shogi", "lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p7/2P6/PP1PPPPPP/1SG4R1/LN2KGSNL w Bb2p 1"},
        {"shogi", "4k4/9/4P4/9/9/9/9/9/4K4 b 2R2B4G4S4N4L16P 1"},
        {"micro", "kb+r+l/p3/4/3P/+L+RBK w - 1"},
        {"chu", "6k5/12/12/12/12/12/12/6p5/6N5/12/12/5K6 w - 1"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        Record rec = random_game(rows[i].variant, rows[i].sfen, 6, 7);
        RecordError err;
        char *kif = record_write(&rec, REC_KIF, NULL, &err);
        ck_assert_ptr_nonnull(kif);
        ck_assert_msg(strstr(kif, "持駒") || rec.variant->files > 9, "%s: no BOD:\n%s", rows[i].sfen, kif);
        round_trip_same(&rec, REC_KIF, rows[i].sfen);
        free(kif);
        record_free(&rec);
    }
}
END_TEST

/* Chu KIF: a lion pass and a promoted piece's move survive (lishogi layout). */
START_TEST(test_chu_kif_pass_and_promoted) {
    const char *usi = "chu sfen 6k5/12/12/12/12/12/12/12/6N5/12/4+P7/5K6 b - 1 moves 6i6h6i 6a6b 8k8j 6b6a 6i5h5g";
    Record rec = read_ok(usi, REC_USI, NULL);
    ck_assert_int_eq(rec.main.count, 5);
    ck_assert(move_is_pass(rec.main.moves[0].move));
    RecordError err;
    char *kif = record_write(&rec, REC_KIF, NULL, &err);
    ck_assert_ptr_nonnull(kif);
    ck_assert_msg(strstr(kif, "（じっと）") != NULL, "%s", kif);
    ck_assert_msg(strstr(kif, "と金") != NULL, "%s", kif);
    round_trip_same(&rec, REC_KIF, "chu pass");
    free(kif);
    record_free(&rec);
}
END_TEST

/* ---- other programs' dialects (tests/data/dialects) ------------------------------------------ */

START_TEST(test_dialect_fixtures) {
    const struct {
        const char *file;
        int plies;
        RecordResult result;
        RecordEnd end;
    } rows[] = {
        {"kifu_for_windows.kifu", 5, REC_RESULT_NONE, REC_END_INTERRUPT},
        {"shogidokoro.kif", 4, REC_RESULT_WHITE, REC_END_RESIGN},
        {"eightyone.kif", 2, REC_RESULT_WHITE, REC_END_TIMEOUT},
        {"floodgate.csa", 4, REC_RESULT_WHITE, REC_END_RESIGN},
        {"end_chudan.csa", 2, REC_RESULT_NONE, REC_END_INTERRUPT},
        {"end_sennichite.csa", 2, REC_RESULT_DRAW, REC_END_REPETITION},
        {"end_jishogi.csa", 2, REC_RESULT_DRAW, REC_END_IMPASSE},
        {"end_kachi.csa", 2, REC_RESULT_BLACK, REC_END_ENTERING_KING},
        {"end_illegal_move.csa", 2, REC_RESULT_WHITE, REC_END_ILLEGAL_LOSS},
        {"end_plus_illegal_action.csa", 2, REC_RESULT_WHITE, REC_END_ILLEGAL_LOSS},
        {"end_minus_illegal_action.csa", 2, REC_RESULT_BLACK, REC_END_ILLEGAL_WIN},
        {"end_time_up.csa", 2, REC_RESULT_WHITE, REC_END_TIMEOUT},
        {"end_matta.csa", 2, REC_RESULT_NONE, REC_END_OTHER},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, "tests/data/dialects/%s", rows[i].file);
        size_t len;
        char *text = test_read_file(path, &len);
        Record rec;
        RecordError err;
        int rc = record_read(text, len, record_format_from_name(rows[i].file), NULL, &rec, &err);
        ck_assert_msg(rc == 0, "%s:%d: %s", rows[i].file, err.line, err.msg);
        ck_assert_msg(rec.main.count == rows[i].plies, "%s: %d plies", rows[i].file, rec.main.count);
        ck_assert_msg(rec.result == rows[i].result, "%s: result %d", rows[i].file, rec.result);
        ck_assert_msg(rec.end == rows[i].end, "%s: end %d", rows[i].file, rec.end);
        round_trip_same(&rec, REC_KIF, rows[i].file);
        if (!rec.main.moves[2].alt_count) round_trip_same(&rec, REC_CSA, rows[i].file); /* CSA: no variations */
        record_free(&rec);
        free(text);
    }
}
END_TEST

Suite *suite_record_interop(void) {
    Suite *s = suite_create("record_interop");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_xboard_pgn_fixtures);
    tcase_add_test(tc, test_pgn_many_games);
    tcase_add_test(tc, test_pgn_move_forms);
    tcase_add_test(tc, test_pgn_players);
    tcase_add_test(tc, test_kif_variations);
    tcase_add_test(tc, test_kif_variation_illegal);
    tcase_add_test(tc, test_kif_other_games);
    tcase_add_test(tc, test_kif_bod_start);
    tcase_add_test(tc, test_chu_kif_pass_and_promoted);
    tcase_add_test(tc, test_dialect_fixtures);
    suite_add_tcase(s, tc);
    return s;
}
