/* testutil.h - helpers shared by the Check suites: positions, move lists, shared data. */
#ifndef SHISHI_TESTUTIL_H
#define SHISHI_TESTUTIL_H

#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../src/movegen.h"
#include "../src/notation.h"

/* Directory of ../shared (env SHISHI_SHARED, default "../shared"). */
const char *test_shared_dir(void);
/* Non-zero when the long suites were asked for (env SHISHI_LONG). */
int test_long(void);
/* Set a position from a spec ("startpos", "sfen ...", "fen ...", bare) or fail the test. */
Position *test_position(const char *variant, const char *spec);
/* The same with one rule option set first (option NULL: the game's default rules). */
Position *test_position_with(const char *variant, const char *spec, const char *option, const char *value);
/* Play a space-separated list of moves written in notation n; each must parse and be legal. */
void test_play(Position *pos, Notation n, const char *moves);
/* Is the move written `text` in notation n among the legal moves? */
bool test_has_move(Position *pos, Notation n, const char *text);
/* Legal moves written in notation n, sorted, space-separated, into buf. */
void test_moves_string(Position *pos, Notation n, char *buf, size_t len);
/* Sort a space-separated list of move strings (for comparing with expected lists). */
void test_sort_words(const char *in, char *out, size_t len);
/* Assert that the legal moves equal the expected space-separated list (any order). */
#define ck_assert_moves(pos, n, expected)                                                                              \
    do {                                                                                                               \
        char got_[65536], want_[65536];                                                                                \
        test_moves_string((pos), (n), got_, sizeof got_);                                                              \
        test_sort_words((expected), want_, sizeof want_);                                                              \
        ck_assert_str_eq(got_, want_);                                                                                 \
    } while (0)

/* Reader of a tab-separated table under <shared>/data (test_tsv_open / _next / _close).
 * The first line is the header and is skipped, whether or not it starts with '#'; so are later
 * lines that start with '#' and empty lines. Each row is split in place on every tab. */
enum { TEST_TSV_MAX_COLS = 16 };
typedef struct {
    FILE *f;
    char path[512];
    char *line; /* the current row (getline buffer) */
    size_t cap;
    long lineno;
    char *cols[TEST_TSV_MAX_COLS];
    int ncols;
    int rows; /* rows returned so far */
} TestTsv;
/* Open relative_path (e.g. "perft/shogi.tsv") or fail the test naming the full path. */
void test_tsv_open(TestTsv *t, const char *relative_path);
/* Next row into t->cols / t->ncols; false at the end. Fails on a row of too many columns. */
bool test_tsv_next(TestTsv *t);
/* Close the file; returns the number of rows read. */
int test_tsv_close(TestTsv *t);

/* The whole file at path, malloc'ed and NUL-terminated, its length in *len (len may be
 * NULL); fails the test if it cannot be read. */
char *test_read_file(const char *path, size_t *len);

/* A fresh temporary file name under /tmp, unique in this process (nothing is created). */
void test_temp_path(char *buf, size_t len, const char *tag);

/* `shishi ARGS` (args already shell-quoted; binary from env SHISHI_BIN, default ./shishi) run as
 * a child process: its exit status (128 if it did not exit), stdout and stderr. Free with free(). */
typedef struct {
    int status;
    char out[65536];
    char err[8192];
} TestRun;
TestRun *test_run_shishi(const char *args);

/* Declarations of every suite (generated list; see Makefile). */
#define SUITE(name) Suite *suite_##name(void);
#include "suites.h"
#undef SUITE

#endif
