/* testutil.c - see testutil.h. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../src/strbuf.h"

const char *test_shared_dir(void) {
    const char *d = getenv("SHISHI_SHARED");
    return d && *d ? d : "../shared";
}

int test_long(void) {
    const char *l = getenv("SHISHI_LONG");
    return l && *l && strcmp(l, "0");
}

Position *test_position(const char *variant, const char *spec) { return test_position_with(variant, spec, NULL, NULL); }

Position *test_position_with(const char *variant, const char *spec, const char *option, const char *value) {
    const Variant *v = variant_find(variant);
    ck_assert_msg(v != NULL, "unknown variant %s", variant);
    Rules r = v->defaults;
    char err[256];
    if (option) ck_assert_msg(rules_set_option(v, &r, option, value, err, sizeof err) == 0, "%s: %s", variant, err);
    Position *pos = malloc(sizeof *pos);
    int rc = position_parse_spec(pos, v, &r, spec, err, sizeof err);
    ck_assert_msg(rc == 0, "%s: %s: %s", variant, spec, err);
    return pos;
}

void test_play(Position *pos, Notation n, const char *moves) {
    char buf[4096], err[256];
    snprintf(buf, sizeof buf, "%s", moves);
    char *save = NULL; /* move_parse may use strtok */
    for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        Move m;
        ck_assert_msg(move_parse(pos, tok, n, &m, err, sizeof err) == 0, "%s: %s", tok, err);
        pos_do_move(pos, m);
    }
}

bool test_has_move(Position *pos, Notation n, const char *text) {
    MoveList list;
    movegen_legal(pos, &list);
    for (int i = 0; i < list.size; i++) {
        char buf[64];
        move_format(pos, list.moves[i], n, buf, sizeof buf);
        if (!strcmp(buf, text)) return true;
    }
    return false;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

void test_sort_words(const char *in, char *out, size_t len) {
    char *copy = strdup(in);
    char **words = malloc(sizeof(char *) * (strlen(in) / 2 + 2));
    int n = 0;
    for (char *save = NULL, *t = strtok_r(copy, " \t\n", &save); t; t = strtok_r(NULL, " \t\n", &save)) words[n++] = t;
    qsort(words, (size_t)n, sizeof *words, cmp_str);
    StrBuf b = strbuf_init(out, len);
    for (int i = 0; i < n; i++) strbuf_printf(&b, "%s%s", i ? " " : "", words[i]);
    free(words);
    free(copy);
}

void test_moves_string(Position *pos, Notation n, char *buf, size_t len) {
    MoveList list;
    movegen_legal(pos, &list);
    char *tmp = malloc(65536);
    StrBuf b = strbuf_init(tmp, 65536);
    for (int i = 0; i < list.size; i++) {
        char m[64];
        move_format(pos, list.moves[i], n, m, sizeof m);
        strbuf_printf(&b, "%s%s", i ? " " : "", m);
    }
    test_sort_words(tmp, buf, len);
    free(tmp);
}

void test_tsv_open(TestTsv *t, const char *relative_path) {
    *t = (TestTsv){0};
    snprintf(t->path, sizeof t->path, "%s/data/%s", test_shared_dir(), relative_path);
    t->f = fopen(t->path, "r");
    ck_assert_msg(t->f != NULL, "cannot open %s", t->path);
}

bool test_tsv_next(TestTsv *t) {
    while (getline(&t->line, &t->cap, t->f) != -1) {
        if (t->lineno++ == 0) continue; /* header */
        char *p = t->line;
        p[strcspn(p, "\r\n")] = 0;
        if (p[0] == '#' || p[0] == 0) continue;
        t->ncols = 0;
        for (;;) {
            ck_assert_msg(t->ncols < TEST_TSV_MAX_COLS, "%s:%ld: more than %d columns", t->path, t->lineno,
                          TEST_TSV_MAX_COLS);
            t->cols[t->ncols++] = p;
            p = strchr(p, '\t');
            if (!p) break;
            *p++ = 0;
        }
        t->rows++;
        return true;
    }
    return false;
}

int test_tsv_close(TestTsv *t) {
    fclose(t->f);
    free(t->line);
    t->f = NULL;
    t->line = NULL;
    return t->rows;
}

void test_temp_path(char *buf, size_t len, const char *tag) {
    static int seq;
    snprintf(buf, len, "/tmp/shishi-test-%d-%d-%s", (int)getpid(), seq++, tag);
    remove(buf);
}

TestRun *test_run_shishi(const char *args) {
    const char *bin = getenv("SHISHI_BIN");
    TestRun *r = calloc(1, sizeof *r);
    ck_assert_ptr_nonnull(r);
    char errfile[256], cmd[4096];
    test_temp_path(errfile, sizeof errfile, "stderr");
    snprintf(cmd, sizeof cmd, "%s %s 2>%s", bin && *bin ? bin : "./shishi", args, errfile);
    FILE *p = popen(cmd, "r");
    ck_assert_msg(p != NULL, "popen %s", cmd);
    size_t n = fread(r->out, 1, sizeof r->out - 1, p);
    r->out[n] = 0;
    while (fread(cmd, 1, sizeof cmd, p) > 0) continue; /* drain whatever did not fit */
    int st = pclose(p);
    r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
    FILE *e = fopen(errfile, "r");
    if (e) {
        n = fread(r->err, 1, sizeof r->err - 1, e);
        r->err[n] = 0;
        fclose(e);
    }
    remove(errfile);
    return r;
}

char *test_read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = 0;
    fclose(f);
    if (len) *len = (size_t)n;
    return buf;
}
