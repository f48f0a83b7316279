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

static char *slurp_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = 0;
    fclose(f);
    *len = (size_t)n;
    return buf;
}

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
    ck_assert_msg(rc == 0, "%s via %s: line %d: %s (%s)\n%s", what, record_format_name(f), err.line, err.msg,
                  err.text, text);
    ck_assert_msg(!strcmp(rec->start, back.start), "%s via %s: start %s vs %s", what, record_format_name(f),
                  rec->start, back.start);
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
    } rows[] = {
        {"chu", "chu", 94, REC_RESULT_WHITE},
        {"shogi", "shogi", 121, REC_RESULT_DRAW},
        {"crazywa", "wa", 63, REC_RESULT_BLACK},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, "tests/data/xboard/%s.pgn", rows[i].file);
        size_t len;
        char *text = slurp_file(path, &len);
        Record rec = read_ok(text, REC_UNKNOWN, NULL);
        ck_assert_str_eq(rec.variant->name, rows[i].variant);
        ck_assert_int_eq(rec.main.count, rows[i].plies);
        ck_assert_int_eq(rec.result, rows[i].result);
        ck_assert_str_eq(record_header_get(&rec, "Black"), "Shishi 0.1-bdd8862");
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

Suite *suite_record_interop(void) {
    Suite *s = suite_create("record_interop");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_xboard_pgn_fixtures);
    tcase_add_test(tc, test_pgn_move_forms);
    tcase_add_test(tc, test_pgn_players);
    suite_add_tcase(s, tc);
    return s;
}
