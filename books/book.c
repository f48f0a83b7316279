/* book.c - the in-memory book: positions in the order they were added, found through an
 * open-addressing hash index on the key text (built as positions are added, so a lookup is
 * O(1) and never a scan); moves per position; merging; keys from positions. No I/O. */
#include "book.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Book {
    const Variant *v;
    BookKeyKind kind;
    BookEntry *entries;
    int count, cap;
    int *index; /* entry + 1 per slot, 0 = empty; index_cap is a power of two */
    int index_cap;
};

static uint64_t key_hash(const char *s) {
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

BookKeyKind book_kind_for(const Variant *v) { return v->xboard_default ? BOOK_KEY_FEN : BOOK_KEY_SFEN; }

Book *book_create(const Variant *v) {
    Book *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->v = v;
    b->kind = book_kind_for(v);
    return b;
}

void book_free(Book *b) {
    if (!b) return;
    for (int i = 0; i < b->count; i++) {
        free(b->entries[i].key);
        free(b->entries[i].moves);
    }
    free(b->entries);
    free(b->index);
    free(b);
}

const Variant *book_variant(const Book *b) { return b->v; }
BookKeyKind book_key_kind(const Book *b) { return b->kind; }
int book_size(const Book *b) { return b->count; }
BookEntry *book_entry_at(Book *b, int i) { return i >= 0 && i < b->count ? &b->entries[i] : NULL; }

/* The slot of key: where it is, or the empty slot where it would go. */
static int index_slot(const Book *b, const char *key) {
    int mask = b->index_cap - 1;
    for (int s = (int)(key_hash(key) & (uint64_t)mask);; s = (s + 1) & mask)
        if (!b->index[s] || !strcmp(b->entries[b->index[s] - 1].key, key)) return s;
}

/* Keep the index at most half full: rebuild it twice as large. */
static int index_grow(Book *b) {
    if (b->index_cap && (b->count + 1) * 2 <= b->index_cap) return 0;
    int cap = b->index_cap ? b->index_cap * 2 : 64;
    int *idx = calloc((size_t)cap, sizeof *idx);
    if (!idx) return -1;
    free(b->index);
    b->index = idx;
    b->index_cap = cap;
    for (int i = 0; i < b->count; i++) b->index[index_slot(b, b->entries[i].key)] = i + 1;
    return 0;
}

BookEntry *book_find_key(Book *b, const char *key) {
    if (!b->count) return NULL;
    int s = index_slot(b, key);
    return b->index[s] ? &b->entries[b->index[s] - 1] : NULL;
}

BookEntry *book_find(Book *b, const Position *pos) {
    char key[1024];
    book_key(pos, b->kind, key, sizeof key);
    return book_find_key(b, key);
}

BookEntry *book_get_key(Book *b, const char *key) {
    BookEntry *e = book_find_key(b, key);
    if (e) return e;
    if (index_grow(b)) return NULL;
    if (b->count == b->cap) {
        int cap = b->cap ? b->cap * 2 : 64;
        BookEntry *n = realloc(b->entries, sizeof *n * (size_t)cap);
        if (!n) return NULL;
        b->entries = n;
        b->cap = cap;
    }
    char *k = strdup(key);
    if (!k) return NULL;
    e = &b->entries[b->count];
    *e = (BookEntry){.key = k};
    b->index[index_slot(b, key)] = ++b->count;
    return e;
}

BookMove *book_entry_move(BookEntry *e, Move m) {
    for (int i = 0; i < e->count; i++)
        if (e->moves[i].move == m) return &e->moves[i];
    return NULL;
}

BookMove *book_entry_add(BookEntry *e, const BookMove *m) {
    BookMove *old = book_entry_move(e, m->move);
    if (old) {
        old->count += m->count;
        if (m->depth > old->depth) {
            old->value = m->value;
            old->depth = m->depth;
            old->ponder = m->ponder;
        }
        if (old->ponder == MOVE_NONE) old->ponder = m->ponder;
        return old;
    }
    if (e->count == e->cap) {
        int cap = e->cap ? e->cap * 2 : 4;
        BookMove *n = realloc(e->moves, sizeof *n * (size_t)cap);
        if (!n) return NULL;
        e->moves = n;
        e->cap = cap;
    }
    e->moves[e->count] = *m;
    return &e->moves[e->count++];
}

int book_merge(Book *dst, const Book *src) {
    for (int i = 0; i < src->count; i++) {
        const BookEntry *s = &src->entries[i];
        BookEntry *d = book_get_key(dst, s->key);
        if (!d) return -1;
        for (int k = 0; k < s->count; k++)
            if (!book_entry_add(d, &s->moves[k])) return -1;
    }
    return 0;
}

/* Cut the last n space-separated fields off s (the move counters). */
static void drop_fields(char *s, int n) {
    for (; n > 0; n--) {
        char *sp = strrchr(s, ' ');
        if (!sp) return;
        *sp = 0;
    }
}

void book_key(const Position *pos, BookKeyKind kind, char *buf, size_t len) {
    char text[1024];
    if (kind == BOOK_KEY_SFEN) {
        pos_to_sfen(pos, text, sizeof text);
        drop_fields(text, 1); /* the move number */
    } else {
        fen_format(pos, text, sizeof text);
        drop_fields(text, 2); /* half-move clock and move number */
    }
    snprintf(buf, len, "%s %s", kind == BOOK_KEY_SFEN ? "sfen" : "fen", text);
}

int book_key_position(const Variant *v, const char *key, Position *pos, char *err, size_t errlen) {
    if (!strncmp(key, "sfen ", 5)) return pos_set_sfen(pos, v, NULL, key + 5, err, errlen);
    if (!strncmp(key, "fen ", 4)) return fen_parse(pos, v, NULL, key + 4, err, errlen);
    snprintf(err, errlen, "a position line starts with 'sfen ' or 'fen '");
    return -1;
}
