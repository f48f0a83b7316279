/* book_write.c - a Book as text (books/FORMAT.md): the header, the game, then the positions
 * sorted by key so that the output is the same for the same book whatever order it was built
 * in, and a reader can binary-search the file. Saving goes through a temporary file renamed
 * over the target, so an interrupted write never leaves half a book. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/strbuf.h"
#include "book.h"

/* A move with its text beside it: the text is the last tie-break of the order. */
typedef struct {
    const BookMove *m;
    char text[64];
} SortedMove;

static int cmp_key(const void *a, const void *b) {
    return strcmp((*(BookEntry *const *)a)->key, (*(BookEntry *const *)b)->key);
}

/* By count (more first), value (higher first), then the move text. */
static int cmp_move(const void *a, const void *b) {
    const SortedMove *x = a, *y = b;
    if (x->m->count != y->m->count) return x->m->count > y->m->count ? -1 : 1;
    if (x->m->value != y->m->value) return x->m->value > y->m->value ? -1 : 1;
    return strcmp(x->text, y->text);
}

/* The move lines of one position (pos is set to it; after is scratch). */
static void write_moves(Sbuf *out, const BookEntry *e, Position *pos, Position *after, Notation n) {
    SortedMove *s = malloc(sizeof *s * (size_t)(e->count ? e->count : 1));
    if (!s) {
        out->oom = true;
        return;
    }
    for (int i = 0; i < e->count; i++) {
        s[i].m = &e->moves[i];
        move_format(pos, e->moves[i].move, n, s[i].text, sizeof s[i].text);
    }
    qsort(s, (size_t)e->count, sizeof *s, cmp_move);
    for (int i = 0; i < e->count; i++) {
        char ponder[64] = "none";
        if (s[i].m->ponder != MOVE_NONE) {
            pos_copy(after, pos);
            pos_do_move(after, s[i].m->move);
            move_format(after, s[i].m->ponder, n, ponder, sizeof ponder);
        }
        sb_printf(out, "%s %s %d %d %llu\n", s[i].text, ponder, s[i].m->value, s[i].m->depth,
                  (unsigned long long)s[i].m->count);
    }
    free(s);
}

char *book_write_text(const Book *b) {
    Book *mb = (Book *)b; /* WHY the cast: book_entry_at hands out entries; nothing is changed */
    int n = book_size(b);
    BookEntry **order = malloc(sizeof *order * (size_t)(n ? n : 1));
    Position *pos = malloc(sizeof *pos), *after = malloc(sizeof *after);
    Sbuf out = {0};
    if (!order || !pos || !after) out.oom = true;
    sb_printf(&out, "%s\n# variant %s\n", BOOK_HEADER, book_variant(b)->name);
    for (int i = 0; order && i < n; i++) order[i] = book_entry_at(mb, i);
    if (order) qsort(order, (size_t)n, sizeof *order, cmp_key);
    Notation nt = book_key_kind(b) == BOOK_KEY_SFEN ? NOTATION_USI : NOTATION_XBOARD;
    for (int i = 0; order && !out.oom && i < n; i++) {
        char err[256];
        if (book_key_position(book_variant(b), order[i]->key, pos, err, sizeof err)) continue; /* never: keys parse */
        sb_printf(&out, "%s\n", order[i]->key);
        write_moves(&out, order[i], pos, after, nt);
    }
    free(order);
    free(pos);
    free(after);
    if (out.oom) {
        free(out.s);
        return NULL;
    }
    return out.s;
}

int book_save(const Book *b, const char *path, char *err, size_t errlen) {
    char *text = book_write_text(b);
    if (!text) {
        snprintf(err, errlen, "out of memory writing the book");
        return -1;
    }
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    size_t len = strlen(text);
    bool ok = f && fwrite(text, 1, len, f) == len;
    if (f && fclose(f)) ok = false;
    free(text);
    if (!ok || rename(tmp, path)) {
        remove(tmp);
        snprintf(err, errlen, "cannot write %s", path);
        return -1;
    }
    return 0;
}
