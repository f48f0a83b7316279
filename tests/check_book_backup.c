/* check_book_backup.c - backing a book's values up through its positions (books/backup.h): a
 * hand-made shogi book four plies deep with a transposition and a rook-shuffle cycle, every
 * backed-up value worked out by hand; a second run and a reread book change nothing; illegal
 * moves and mate scores; `shishi book backup` with its numbers and a bad line's number. */
#include <string.h>

#include "../books/backup.h"
#include "../engine/engine.h"
#include "testutil.h"

/* Add "MOVE value depth" (ponder none, count 1) to the position of spec, e.g. "startpos moves
 * 7g7f". The move is read in the position of move_spec (NULL: spec), so an illegal one can be
 * stored too. */
static void add(Book *b, const char *spec, const char *move_spec, const char *move, int value, int depth) {
    Position *pos = test_position("shogi", spec), *mpos = test_position("shogi", move_spec ? move_spec : spec);
    char key[1024], err[256];
    BookMove m = {.value = value, .depth = depth, .count = 1};
    ck_assert_msg(move_parse(mpos, move, NOTATION_USI, &m.move, err, sizeof err) == 0, "%s: %s", move, err);
    book_key(pos, book_key_kind(b), key, sizeof key);
    BookEntry *e = book_get_key(b, key);
    ck_assert_ptr_nonnull(e);
    ck_assert_ptr_nonnull(book_entry_add(e, &m));
    free(pos), free(mpos);
}

/* The move `move` of the position of spec; fails the test if the book lacks it. */
static BookMove *get(Book *b, const char *spec, const char *move) {
    Position *pos = test_position("shogi", spec);
    char err[256];
    Move m;
    ck_assert_int_eq(move_parse(pos, move, NOTATION_USI, &m, err, sizeof err), 0);
    BookEntry *e = book_find(b, pos);
    ck_assert_msg(e != NULL, "no position %s", spec);
    BookMove *bm = book_entry_move(e, m);
    ck_assert_msg(bm != NULL, "no move %s in %s", move, spec);
    free(pos);
    return bm;
}

/* Assert a move's value, depth and ponder ("none" for MOVE_NONE). */
static void expect(Book *b, const char *spec, const char *move, int value, int depth, const char *ponder) {
    BookMove *m = get(b, spec, move);
    char text[32] = "none";
    if (m->ponder != MOVE_NONE) {
        Position *pos = test_position("shogi", spec);
        test_play(pos, NOTATION_USI, move);
        move_format(pos, m->ponder, NOTATION_USI, text, sizeof text);
        free(pos);
    }
    ck_assert_msg(m->value == value && m->depth == depth && !strcmp(text, ponder), "%s %s: %d %d %s, want %d %d %s",
                  spec, move, m->value, m->depth, text, value, depth, ponder);
}

#define S  "startpos"
#define A  "startpos moves 7g7f"
#define B  "startpos moves 2g2f"
#define C  "startpos moves 7g7f 3c3d"
#define D  "startpos moves 2g2f 3c3d"
#define T  "startpos moves 7g7f 3c3d 2g2f" /* = 2g2f 3c3d 7g7f: a transposition */
#define R1 "startpos moves 2h3h"
#define R2 "startpos moves 2h3h 8b7b"
#define R3 "startpos moves 2h3h 8b7b 3h2h" /* 7b8b goes back to the start: a cycle */

/* The hand-made book. Leaves: T's 8c8d (15), A's 8c8d (30), R1's 3c3d (-10), S's 1g1f (depth 0,
 * its position not in the book). */
static Book *tree_book(void) {
    Book *b = book_create(variant_find("shogi"));
    add(b, S, NULL, "7g7f", 10, 5), add(b, S, NULL, "2g2f", 20, 5), add(b, S, NULL, "1g1f", 0, 0);
    add(b, S, NULL, "2h3h", -100, 1);
    add(b, A, NULL, "3c3d", -5, 4), add(b, A, NULL, "8c8d", 30, 4);
    add(b, B, NULL, "3c3d", 50, 6);
    add(b, C, NULL, "2g2f", 40, 3);
    add(b, D, NULL, "7g7f", -60, 3);
    add(b, T, NULL, "8c8d", 15, 2);
    add(b, R1, NULL, "8b7b", 0, 1), add(b, R1, NULL, "3c3d", -10, 1);
    add(b, R2, NULL, "3h2h", 5, 1);
    add(b, R3, NULL, "7b8b", 0, 1);
    return b;
}

/* By hand. T is a leaf: 15 (8c8d). C's 2g2f and D's 7g7f reach T: -15, depth 3 (their own,
 * deeper than T's 2), ponder 8c8d. A's 3c3d reaches C: 15, depth 4, ponder 2g2f; A's best is
 * its leaf 8c8d (30). B's 3c3d reaches D: 15, depth 6, ponder 7g7f.
 * The cycle: the walk takes the roots by key, and R1's key ("1B4R2" on rank h) sorts before the
 * start position's ("1B5R1"), so the walk enters the cycle at R1: R1 -> R2 -> R3 -> S, and S's
 * 2h3h leads back to R1, on the line: it keeps -100. S: 7g7f -30 (depth 5, ponder 8c8d), 2g2f
 * -15 (depth 6, ponder 3c3d), 1g1f 0 (not analysed, not in the book): best 2g2f, -15 at depth 6.
 * R3's 7b8b reaches S: 15, depth 6, ponder 2g2f; R2's 3h2h: -15, depth 6, ponder 7b8b; R1's 8b7b:
 * 15, depth 6, ponder 3h2h. */
static void expect_tree(Book *b) {
    expect(b, T, "8c8d", 15, 2, "none");
    expect(b, C, "2g2f", -15, 3, "8c8d");
    expect(b, D, "7g7f", -15, 3, "8c8d");
    expect(b, A, "3c3d", 15, 4, "2g2f");
    expect(b, A, "8c8d", 30, 4, "none");
    expect(b, B, "3c3d", 15, 6, "7g7f");
    expect(b, S, "7g7f", -30, 5, "8c8d");
    expect(b, S, "2g2f", -15, 6, "3c3d");
    expect(b, S, "1g1f", 0, 0, "none");
    expect(b, S, "2h3h", -100, 1, "none");
    expect(b, R3, "7b8b", 15, 6, "2g2f");
    expect(b, R2, "3h2h", -15, 6, "7b8b");
    expect(b, R1, "8b7b", 15, 6, "3h2h");
    expect(b, R1, "3c3d", -10, 1, "none");
}

START_TEST(backup_by_hand) {
    Book *b = tree_book();
    BookBackupStats st;
    ck_assert_int_eq(book_backup(b, &st), 0);
    expect_tree(b);
    ck_assert_int_eq(st.positions, 9);
    /* changed: C, D, A's 3c3d, B, S's 7g7f and 2g2f, R3, R2, R1's 8b7b; the largest C's 40 -> -15 */
    ck_assert_int_eq(st.moves_changed, 9);
    ck_assert_int_eq(st.largest, 55);
    ck_assert_int_eq(st.cycles, 1);
    ck_assert_int_eq(st.illegal, 0);
    book_free(b);
}
END_TEST

/* A second run changes nothing; nor does a run on the book written and read back (other
 * orders of positions and moves). */
START_TEST(backup_idempotent) {
    Book *b = tree_book();
    BookBackupStats st;
    ck_assert_int_eq(book_backup(b, &st), 0);
    char *once = book_write_text(b);
    ck_assert_int_eq(book_backup(b, &st), 0);
    ck_assert_int_eq(st.moves_changed, 0);
    char *twice = book_write_text(b);
    ck_assert_str_eq(once, twice);
    Book *again = book_create(variant_find("shogi"));
    char err[256];
    ck_assert_int_eq(book_read_text(again, once, strlen(once), NULL, NULL, err, sizeof err), 0);
    ck_assert_int_eq(book_backup(again, &st), 0);
    ck_assert_int_eq(st.moves_changed, 0);
    expect_tree(again);
    char *reread = book_write_text(again);
    ck_assert_str_eq(once, reread);
    free(once), free(twice), free(reread);
    book_free(b), book_free(again);
}
END_TEST

/* An illegal stored move is skipped (kept, never the best); a mate score grows by one ply. */
START_TEST(backup_illegal_and_mate) {
    Book *b = book_create(variant_find("shogi"));
    add(b, S, NULL, "7g7f", 10, 5);
    add(b, A, NULL, "3c3d", VALUE_MATE - 3, 4); /* White mates in 3 plies */
    add(b, A, S, "2g2f", 999, 9);               /* a Black move stored under a White position */
    BookBackupStats st;
    ck_assert_int_eq(book_backup(b, &st), 0);
    ck_assert_int_eq(st.illegal, 1);
    ck_assert_int_eq(get(b, A, "3c3d")->value, VALUE_MATE - 3);
    BookEntry *e = book_entry_at(b, 1);
    ck_assert_int_eq(e->moves[1].value, 999);
    expect(b, S, "7g7f", -(VALUE_MATE - 4), 5, "3c3d"); /* mated in 4 plies */
    book_free(b);
}
END_TEST

/* `shishi book backup`: the numbers on stderr, the backed-up book written; a bad line is
 * reported with its number, skipped, and gives exit status 1. */
START_TEST(backup_cli) {
    char in[256], out[256], cmd[1024];
    test_temp_path(in, sizeof in, "in.db");
    test_temp_path(out, sizeof out, "out.db");
    Book *b = tree_book();
    char *text = book_write_text(b);
    FILE *f = fopen(in, "w");
    fputs(text, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "book backup %s -o %s", in, out);
    TestRun *r = test_run_shishi(cmd);
    ck_assert_msg(r->status == 0, "%s", r->err);
    ck_assert_msg(strstr(r->err, "backup: 9 positions, 9 moves changed (largest change 55), 1 cycle moves kept"), "%s",
                  r->err);
    free(r);
    ck_assert_int_eq(book_backup(b, NULL), 0);
    char *want = book_write_text(b), *got = test_read_file(out, NULL);
    ck_assert_str_eq(got, want);
    free(text), free(want), free(got);
    book_free(b);
    f = fopen(in, "w");
    fprintf(f, "#YANEURAOU-DB2016 1.00\n# variant shogi\nsfen %s b -\n7g7f none 10 5 1\n",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL");
    fprintf(f, "sfen %s w -\n3c3d none -40 5 1\n8c8d none 1 2 3 4\n",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL");
    fclose(f);
    r = test_run_shishi(cmd);
    ck_assert_int_eq(r->status, 1);
    snprintf(cmd, sizeof cmd, "%s:7: ", in);
    ck_assert_msg(strstr(r->err, cmd), "%s", r->err);
    free(r);
    got = test_read_file(out, NULL);
    ck_assert_msg(strstr(got, "\n7g7f 3c3d 40 5 1\n") && !strstr(got, "8c8d"), "%s", got);
    free(got);
    snprintf(cmd, sizeof cmd, "book backup %s.missing -o %s", in, out);
    r = test_run_shishi(cmd);
    ck_assert_int_eq(r->status, 2);
    free(r);
    remove(in), remove(out);
}
END_TEST

/* `book build` backs up before it saves, `--no-backup` keeps the searches' values: a records
 * build analysed at depth 2, backed up by `book backup` afterwards, equals the backed-up build. */
START_TEST(backup_in_build) {
    char raw[256], backed[256], again[256], cmd[1024];
    test_temp_path(raw, sizeof raw, "raw.db");
    test_temp_path(backed, sizeof backed, "backed.db");
    test_temp_path(again, sizeof again, "again.db");
    const char *build = "book build --variant shogi --from tests/data/book/games.usi --plies 3 --depth 2 --multipv 2 "
                        "--threads 1";
    snprintf(cmd, sizeof cmd, "%s --no-backup -o %s", build, raw);
    TestRun *r = test_run_shishi(cmd);
    ck_assert_msg(r->status == 0 && !strstr(r->err, "backup:"), "%s", r->err);
    free(r);
    snprintf(cmd, sizeof cmd, "%s -o %s", build, backed);
    r = test_run_shishi(cmd);
    ck_assert_msg(r->status == 0 && strstr(r->err, "backup: 5 positions"), "%s", r->err);
    free(r);
    snprintf(cmd, sizeof cmd, "book backup %s -o %s", raw, again);
    r = test_run_shishi(cmd);
    ck_assert_msg(r->status == 0, "%s", r->err);
    free(r);
    char *a = test_read_file(raw, NULL), *b = test_read_file(backed, NULL), *c = test_read_file(again, NULL);
    ck_assert_str_eq(b, c);
    ck_assert_str_ne(a, b); /* the backup changed something: 7g7f and 2g2f lead into searched positions */
    free(a), free(b), free(c);
    remove(raw), remove(backed), remove(again);
}
END_TEST

Suite *suite_book_backup(void) {
    Suite *s = suite_create("book_backup");
    TCase *tc = tcase_create("backup");
    tcase_add_test(tc, backup_by_hand);
    tcase_add_test(tc, backup_idempotent);
    tcase_add_test(tc, backup_illegal_and_mate);
    tcase_add_test(tc, backup_cli);
    tcase_add_test(tc, backup_in_build);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    return s;
}
