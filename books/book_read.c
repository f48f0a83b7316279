/* book_read.c - reading book text (books/FORMAT.md) into a Book. Every line is checked: a
 * position must parse for the book's game, a move must be legal there, the numbers must be
 * numbers. A bad line is handed to the warning callback with its number and skipped; the
 * moves under a bad position line are skipped with it. Any bytes are safe input. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../src/movegen.h"
#include "../src/strbuf.h"
#include "../src/textfile.h"
#include "book.h"

/* Longest line taken (a chu SFEN is under 200 characters). */
enum { BOOK_LINE_MAX = 2048 };

typedef struct {
    Book *b;
    BookWarnFn warn;
    void *user;
    int line, bad;
    Position *pos, *after; /* the current position line's position; scratch for the ponder */
    bool have_pos;         /* a good position line came before */
    bool skipping;         /* the last position line was bad: its moves go with it */
    Notation notation;     /* of the current position line */
    char key[BOOK_LINE_MAX];
} Reader;

static void bad_line(Reader *r, const char *fmt, const char *detail) {
    char msg[512];
    snprintf(msg, sizeof msg, fmt, detail);
    r->bad++;
    if (r->warn) r->warn(r->user, r->line, msg);
}

/* The keyword of a position line ("sfen" or "fen") if text starts with one as a whole word,
 * else NULL. WHY a word and not "sfen ": a bare "sfen" was read as a move line and reported as
 * "a move line before any position line", which hid what was wrong. */
static const char *position_keyword(const char *text) {
    static const char *const words[] = {"sfen", "fen"};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
        size_t n = strlen(words[i]);
        if (!strncmp(text, words[i], n) && (!text[n] || text[n] == ' ' || text[n] == '\t')) return words[i];
    }
    return NULL;
}

static void read_position(Reader *r, const char *text, const char *keyword) {
    char err[256];
    r->have_pos = false;
    r->skipping = true;
    const char *rest = text + strlen(keyword);
    if (!rest[strspn(rest, " \t")]) {
        bad_line(r, "empty position line: no position after '%s'", keyword);
        return;
    }
    if (book_key_position(book_variant(r->b), text, r->pos, err, sizeof err)) {
        bad_line(r, "bad position: %s", err);
        return;
    }
    r->notation = !strncmp(text, "sfen ", 5) ? NOTATION_USI : NOTATION_XBOARD;
    book_key(r->pos, book_key_kind(r->b), r->key, sizeof r->key);
    if (!book_get_key(r->b, r->key)) {
        bad_line(r, "%s", "out of memory");
        return;
    }
    r->have_pos = true;
    r->skipping = false;
}

/* A whole decimal integer in [lo, hi] (signed only when lo < 0). */
static bool read_number(const char *s, long long lo, long long hi, long long *out) {
    if (lo >= 0 && *s == '-') return false;
    char *end;
    errno = 0;
    long long x = strtoll(s, &end, 10);
    if (end == s || *end || errno || x < lo || x > hi) return false;
    *out = x;
    return true;
}

/* The ponder field: "none" or a move legal after the book move; false with a message. */
static bool read_ponder(Reader *r, const char *text, Move m, Move *out, char *err, size_t errlen) {
    *out = MOVE_NONE;
    if (!text || !strcmp(text, "none")) return true;
    char why[200];
    pos_copy(r->after, r->pos);
    pos_do_move(r->after, m);
    if (move_parse(r->after, text, r->notation, out, why, sizeof why) == 0) return true;
    snprintf(err, errlen, "bad ponder move: %s", why);
    return false;
}

/* The fields of a move line into bm; NULL, or what is wrong (err is room for a message). */
static const char *parse_move_fields(Reader *r, char **f, int n, BookMove *bm, char *err, size_t errlen) {
    if (n > 5) return "more than five fields (move ponder value depth count)";
    if (move_parse(r->pos, f[0], r->notation, &bm->move, err, errlen)) return err;
    if (!read_ponder(r, f[1], bm->move, &bm->ponder, err, errlen)) return err;
    long long value = 0, depth = 0, count = 1;
    if ((f[2] && !read_number(f[2], -1000000, 1000000, &value)) || (f[3] && !read_number(f[3], 0, 1000000, &depth)) ||
        (f[4] && !read_number(f[4], 0, INT64_MAX, &count)))
        return "value, depth and count must be integers (depth and count not negative)";
    bm->value = (int)value;
    bm->depth = (int)depth;
    bm->count = (uint64_t)count;
    return NULL;
}

/* "move ponder value depth count"; the fields after the move may be left out (none 0 0 1). */
static void read_move(Reader *r, char *text) {
    if (r->skipping) return;
    if (!r->have_pos) {
        bad_line(r, "%s", "a move line before any position line");
        return;
    }
    char *save = NULL, *f[6] = {0};
    int n = 0;
    for (char *t = strtok_r(text, " \t", &save); t && n < 6; t = strtok_r(NULL, " \t", &save)) f[n++] = t;
    BookMove bm = {.count = 1};
    char err[256];
    const char *why = parse_move_fields(r, f, n, &bm, err, sizeof err);
    if (why) {
        bad_line(r, "%s", why);
        return;
    }
    BookEntry *e = book_find_key(r->b, r->key);
    if (e && book_entry_move(e, bm.move)) bad_line(r, "%s", "the same move twice for this position (merged)");
    if (!e || !book_entry_add(e, &bm)) bad_line(r, "%s", "out of memory");
}

/* "# variant NAME" names the book's game: another game refuses the whole book. */
static int read_comment(Reader *r, const char *text, char *err, size_t errlen) {
    const char *tag = "# variant ";
    if (strncmp(text, tag, strlen(tag))) return 0;
    const char *name = text + strlen(tag);
    const Variant *v = variant_find(name);
    if (v == book_variant(r->b)) return 0;
    snprintf(err, errlen, "line %d: the book is for %.64s, not %s", r->line, name, book_variant(r->b)->name);
    return -1;
}

/* One line (NUL-terminated, no newline). Returns -1 when the book is refused. */
static int read_line(Reader *r, char *text, size_t len, char *err, size_t errlen) {
    if (len && text[len - 1] == '\r') text[--len] = 0;
    if (strlen(text) != len || len >= BOOK_LINE_MAX) {
        bad_line(r, "%s", len >= BOOK_LINE_MAX ? "line too long" : "binary data (a NUL byte)");
        while (*text == ' ' || *text == '\t') text++;
        if (position_keyword(text)) r->have_pos = false, r->skipping = true;
        return 0;
    }
    while (*text == ' ' || *text == '\t') text++;
    if (r->line == 1 && strncmp(text, "#YANEURAOU-DB2016", 17))
        bad_line(r, "%s", "no '" BOOK_HEADER "' header (read on)");
    if (!*text) return 0;
    if (*text == '#' || !strncmp(text, "//", 2)) return read_comment(r, text, err, errlen);
    const char *keyword = position_keyword(text);
    if (keyword && text[strlen(keyword)] == '\t') text[strlen(keyword)] = ' '; /* "sfen<TAB>..." */
    if (keyword)
        read_position(r, text, keyword);
    else
        read_move(r, text);
    return 0;
}

int book_read_text(Book *b, const char *text, size_t len, BookWarnFn warn, void *user, char *err, size_t errlen) {
    Reader r = {.b = b, .warn = warn, .user = user};
    r.pos = malloc(sizeof *r.pos);
    r.after = malloc(sizeof *r.after);
    char *line = malloc(BOOK_LINE_MAX + 1);
    int rc = 0;
    if (!r.pos || !r.after || !line) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
    }
    for (size_t at = 0; !rc && at < len;) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t n = (nl ? (size_t)(nl - text) : len) - at, keep = n < BOOK_LINE_MAX ? n : BOOK_LINE_MAX;
        memcpy(line, text + at, keep);
        line[keep] = 0;
        r.line++;
        rc = read_line(&r, line, keep, err, errlen);
        at += n + 1;
    }
    free(r.pos);
    free(r.after);
    free(line);
    return rc ? -1 : r.bad;
}

int book_load(Book *b, const char *path, BookWarnFn warn, void *user, char *err, size_t errlen) {
    char why[128];
    FILE *f = textfile_open(path, "rb", why, sizeof why);
    if (!f) {
        snprintf(err, errlen, "cannot open %s: %s", path, why);
        return -1;
    }
    Sbuf text = {0};
    bool ok = sb_read(&text, f) && !text.oom;
    fclose(f);
    int rc = -1;
    if (!ok)
        snprintf(err, errlen, "cannot read %s", path);
    else
        rc = book_read_text(b, text.s ? text.s : "", text.len, warn, user, err, errlen);
    free(text.s);
    return rc;
}
