/* check_book.c - the book format (books/book.h): a round trip gives the same book and
 * byte-identical text the second time, lookups ignore the move number and work for either
 * side to move, both key kinds are read, and bad books are reported line by line without a
 * crash (every bad kind of line, truncated files, random bytes). */
#include <string.h>

#include "../books/book.h"
#include "testutil.h"

static const char *START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";

typedef struct {
    int lines[64];
    char msgs[64][160];
    int count;
} Warnings;

static void collect(void *user, int line, const char *msg) {
    Warnings *w = user;
    if (w->count >= 64) return;
    snprintf(w->msgs[w->count], sizeof w->msgs[0], "%s", msg);
    w->lines[w->count++] = line;
}

/* A book of game `variant` read from text; the number of bad lines into *bad. */
static Book *read_book(const char *variant, const char *text, size_t len, Warnings *w, int *bad) {
    Book *b = book_create(variant_find(variant));
    char err[256];
    ck_assert_ptr_nonnull(b);
    *bad = book_read_text(b, text, len, w ? collect : NULL, w, err, sizeof err);
    return b;
}

START_TEST(book_round_trip) {
    const char *in = "#YANEURAOU-DB2016 1.00\n"
                     "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n"
                     "8c8d\n"
                     "3c3d 2g2f -40 20 5\n"
                     "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\r\n"
                     "2g2f 8c8d 50 22 30\r\n"
                     "7g7f 3c3d 60 20 10\n";
    const char *want = "#YANEURAOU-DB2016 1.00\n# variant shogi\n"
                       "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w -\n"
                       "3c3d 2g2f -40 20 5\n"
                       "8c8d none 0 0 1\n"
                       "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -\n"
                       "2g2f 8c8d 50 22 30\n"
                       "7g7f 3c3d 60 20 10\n";
    int bad;
    Book *b = read_book("shogi", in, strlen(in), NULL, &bad);
    ck_assert_int_eq(bad, 0);
    char *first = book_write_text(b);
    ck_assert_str_eq(first, want);
    Book *again = read_book("shogi", first, strlen(first), NULL, &bad);
    ck_assert_int_eq(bad, 0);
    ck_assert_int_eq(book_size(again), 2);
    char *second = book_write_text(again);
    ck_assert_str_eq(second, first);
    free(first);
    free(second);
    book_free(b);
    book_free(again);
}
END_TEST

/* The moves of the entry found for spec, as "move:count ..." in book order. */
static void entry_text(Book *b, const char *variant, const char *spec, char *buf, size_t len) {
    Position *pos = test_position(variant, spec);
    BookEntry *e = book_find(b, pos);
    buf[0] = 0;
    for (int i = 0; e && i < e->count; i++) {
        char m[64];
        size_t o = strlen(buf);
        move_format(pos, e->moves[i].move, NOTATION_USI, m, sizeof m);
        snprintf(buf + o, len - o, "%s%s:%llu", i ? " " : "", m, (unsigned long long)e->moves[i].count);
    }
    free(pos);
}

START_TEST(book_lookup) {
    size_t len;
    char *text = test_read_file("tests/data/book/shogi.db", &len), got[256], spec[256];
    int bad;
    Book *b = read_book("shogi", text, len, NULL, &bad);
    ck_assert_int_eq(bad, 0);
    entry_text(b, "shogi", "startpos", got, sizeof got);
    ck_assert_str_eq(got, "7g7f:10 2g2f:30 5g5f:100 9g9f:1");
    snprintf(spec, sizeof spec, "sfen %s b - 57", START); /* another move number */
    entry_text(b, "shogi", spec, got, sizeof got);
    ck_assert_str_eq(got, "7g7f:10 2g2f:30 5g5f:100 9g9f:1");
    /* White to move, reached by a move, or given with any move number */
    entry_text(b, "shogi", "startpos moves 7g7f", got, sizeof got);
    ck_assert_str_eq(got, "3c3d:5 8c8d:5");
    entry_text(b, "shogi", "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 40", got, sizeof got);
    ck_assert_str_eq(got, "3c3d:5 8c8d:5");
    /* the same board with the other side to move is another position */
    snprintf(spec, sizeof spec, "sfen %s w - 1", START);
    entry_text(b, "shogi", spec, got, sizeof got);
    ck_assert_str_eq(got, "");
    entry_text(b, "shogi", "startpos moves 2g2f", got, sizeof got);
    ck_assert_str_eq(got, "");
    /* reached again after moves that come back to it (move number and history differ) */
    entry_text(b, "shogi", "startpos moves 5i5h 5a5b 5h5i 5b5a", got, sizeof got);
    ck_assert_str_eq(got, "7g7f:10 2g2f:30 5g5f:100 9g9f:1");
    book_free(b);
    free(text);
}
END_TEST

/* Both key kinds are read; a game's own kind is written (chu: XBoard FEN and moves). */
START_TEST(book_key_kinds) {
    char in[512];
    snprintf(in, sizeof in, "#YANEURAOU-DB2016 1.00\nfen %s[-] w 0 1\nc3c4 none 10 3 2\n", START);
    int bad;
    Book *b = read_book("shogi", in, strlen(in), NULL, &bad);
    ck_assert_int_eq(bad, 0);
    char got[256];
    entry_text(b, "shogi", "startpos", got, sizeof got);
    ck_assert_str_eq(got, "7g7f:2");
    book_free(b);
    Book *c = book_create(variant_find("chu"));
    Position *pos = test_position("chu", "startpos");
    char key[1024];
    book_key(pos, book_key_kind(c), key, sizeof key);
    ck_assert_msg(!strncmp(key, "fen ", 4) && key[strlen(key) - 1] == 'w', "%s", key);
    BookEntry *e = book_get_key(c, key);
    Move m;
    ck_assert_int_eq(move_parse(pos, "f4f5", NOTATION_XBOARD, &m, key, sizeof key), 0);
    BookMove bm = {.move = m, .value = 12, .depth = 5, .count = 3};
    book_entry_add(e, &bm);
    char *text = book_write_text(c);
    ck_assert_msg(strstr(text, "\nf4f5 none 12 5 3\n"), "%s", text);
    Book *again = read_book("chu", text, strlen(text), NULL, &bad);
    ck_assert_int_eq(bad, 0);
    ck_assert_ptr_nonnull(book_find(again, pos));
    char *second = book_write_text(again);
    ck_assert_str_eq(second, text);
    free(text);
    free(second);
    free(pos);
    book_free(c);
    book_free(again);
}
END_TEST

START_TEST(book_bad_lines) {
    char in[2048];
    snprintf(in, sizeof in,
             "#YANEURAOU-DB2016 1.00\n"                /* 1 */
             "7g7f none 0 0 1\n"                       /* 2: a move before any position */
             "sfen xyz b - 1\n"                        /* 3: bad position */
             "7g7f none 0 0 1\n"                       /* 4: skipped with its position */
             "sfen %s b -\n"                           /* 5 */
             "7g7f none 0 0 1\n"                       /* 6: good */
             "7g7x none 0 0 1\n"                       /* 7: malformed move */
             "5e5d none 0 0 1\n"                       /* 8: illegal move */
             "2g2f 8c8d ten 0 1\n"                     /* 9: bad value */
             "2g2f 8c8d 1 -3 1\n"                      /* 10: negative depth */
             "2g2f 7g7f 1 1 1\n"                       /* 11: ponder not legal after the move */
             "2g2f none 1 1 1 extra\n"                 /* 12: too many fields */
             "2g2f none 1 1 99999999999999999999999\n" /* 13: count out of range */
             "// a comment\n"                          /* 14 */
             "2g2f none 1 1 1\n"                       /* 15: good */
             "%c2g2f none 1 1 1\n"                     /* 16: binary */
             "sfen lnsgkgsnl/1r5b1/ppp",               /* 17: truncated */
             START, 0);
    size_t len = strlen(in) + strlen(in + strlen(in) + 1) + 1; /* the text goes on after the NUL */
    Warnings w = {0};
    int bad;
    Book *b = read_book("shogi", in, len, &w, &bad);
    int want[] = {2, 3, 7, 8, 9, 10, 11, 12, 13, 16, 17};
    ck_assert_int_eq(bad, (int)(sizeof want / sizeof *want));
    ck_assert_int_eq(w.count, bad);
    for (int i = 0; i < w.count; i++) ck_assert_int_eq(w.lines[i], want[i]);
    ck_assert_int_eq(book_size(b), 1);
    ck_assert_int_eq(book_entry_at(b, 0)->count, 2);
    book_free(b);
}
END_TEST

/* A position line with no position ("sfen", "fen ", "sfen<TAB>") is reported as such, not as
 * a move line before any position (what a bare "sfen" used to get); its moves go with it.
 * "sfen<TAB>board ..." is a position line. */
START_TEST(book_empty_position_line) {
    char in[1024];
    snprintf(in, sizeof in,
             "#YANEURAOU-DB2016 1.00\n" /* 1 */
             "sfen\n"                   /* 2: empty position line */
             "7g7f none 0 0 1\n"        /* 3: skipped with it */
             "fen \t \n"                /* 4: empty position line */
             "  sfen\r\n"               /* 5: empty position line */
             "sfen\t%s b - 1\n"         /* 6: good */
             "7g7f none 0 0 1\n"        /* 7: good */
             "sfenx\n",                 /* 8: a move line (not the keyword), malformed */
             START);
    Warnings w = {0};
    int bad;
    Book *b = read_book("shogi", in, strlen(in), &w, &bad);
    ck_assert_int_eq(bad, 4);
    int want[] = {2, 4, 5, 8};
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(w.lines[i], want[i]);
        ck_assert_msg(strstr(w.msgs[i], "empty position line: no position after '"), "%s", w.msgs[i]);
    }
    ck_assert_msg(strstr(w.msgs[0], "'sfen'") && strstr(w.msgs[1], "'fen'"), "%s / %s", w.msgs[0], w.msgs[1]);
    ck_assert_int_eq(w.lines[3], 8);
    ck_assert_msg(!strstr(w.msgs[3], "position"), "%s", w.msgs[3]);
    ck_assert_int_eq(book_size(b), 1);
    ck_assert_int_eq(book_entry_at(b, 0)->count, 1);
    book_free(b);
}
END_TEST

START_TEST(book_refused_and_missing) {
    const char *in = "#YANEURAOU-DB2016 1.00\n# variant chu\nfen x w\n";
    int bad;
    Book *b = read_book("shogi", in, strlen(in), NULL, &bad);
    ck_assert_int_eq(bad, -1);
    book_free(b);
    Warnings w = {0};
    b = read_book("shogi", "no header\n", 10, &w, &bad);
    ck_assert_int_eq(bad, 2); /* no header (line 1), and line 1 is a move line before a position */
    book_free(b);
    char err[256];
    b = book_create(variant_find("shogi"));
    ck_assert_int_eq(book_load(b, "/nonexistent/book.db", NULL, NULL, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "cannot open"), "%s", err);
    book_free(b);
}
END_TEST

/* Never a crash: every truncation of a good book, byte flips, random bytes. */
START_TEST(book_garbage) {
    size_t len;
    char *text = test_read_file("tests/data/book/shogi.db", &len);
    int bad;
    for (size_t cut = 0; cut <= len; cut++) book_free(read_book("shogi", text, cut, NULL, &bad));
    uint64_t rng = 12345;
    char *copy = malloc(len);
    for (int round = 0; round < 300; round++) {
        memcpy(copy, text, len);
        for (int k = 0; k < 4; k++) copy[book_random(&rng) % len] = (char)book_random(&rng);
        Book *b = read_book("shogi", copy, len, NULL, &bad);
        free(book_write_text(b));
        book_free(b);
    }
    char noise[8192];
    for (int round = 0; round < 20; round++) {
        for (size_t i = 0; i < sizeof noise; i++) noise[i] = (char)book_random(&rng);
        book_free(read_book("chu", noise, sizeof noise, NULL, &bad));
    }
    free(copy);
    free(text);
}
END_TEST

Suite *suite_book(void) {
    Suite *s = suite_create("book");
    TCase *tc = tcase_create("format");
    tcase_add_test(tc, book_round_trip);
    tcase_add_test(tc, book_lookup);
    tcase_add_test(tc, book_key_kinds);
    tcase_add_test(tc, book_bad_lines);
    tcase_add_test(tc, book_empty_position_line);
    tcase_add_test(tc, book_refused_and_missing);
    tcase_add_test(tc, book_garbage);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}
