/* build_records.c - books from game records: the first plies of every game counted position by
 * position, and keeping an earlier output's analysis when a build is resumed. No search. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build.h"

BookBuildConfig book_build_defaults(void) {
    return (BookBuildConfig){
        .plies = 16, .multipv = 4, .threads = 2, .hash_mb = 64, .eval_diff = 30, .save_every = 8, .backup = true};
}

bool book_entry_analysed(const BookEntry *e) {
    for (int i = 0; i < e->count; i++)
        if (e->moves[i].depth > 0) return true;
    return false;
}

int book_add_record(Book *b, const Record *rec, int plies, char *err, size_t errlen) {
    if (rec->variant != book_variant(b)) {
        snprintf(err, errlen, "a game of %s, not %s", rec->variant->name, book_variant(b)->name);
        return -1;
    }
    Position *pos = malloc(sizeof *pos);
    if (!pos || record_position(rec, 0, pos, err, errlen)) {
        if (!pos) snprintf(err, errlen, "out of memory");
        free(pos);
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < plies && i < rec->main.count && !rc; i++) {
        char key[1024];
        book_key(pos, book_key_kind(b), key, sizeof key);
        BookEntry *e = book_get_key(b, key);
        BookMove m = {.move = rec->main.moves[i].move, .count = 1};
        if (!e || !book_entry_add(e, &m)) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
        }
        pos_do_move(pos, rec->main.moves[i].move);
    }
    free(pos);
    return rc;
}

/* Old's analysis of one position into d (a position of b): every move both have takes old's
 * value, depth and ponder (a record move the search ranked low keeps its upper-bound value);
 * analysed moves only old has are added with count 0. */
static int take_entry(BookEntry *d, const BookEntry *o) {
    for (int k = 0; k < o->count; k++) {
        const BookMove *om = &o->moves[k];
        BookMove *m = book_entry_move(d, om->move);
        if (m) {
            m->value = om->value;
            m->depth = om->depth;
            m->ponder = om->ponder;
            continue;
        }
        BookMove add = *om;
        add.count = 0;
        if (om->depth > 0 && !book_entry_add(d, &add)) return -1;
    }
    return 0;
}

int book_take_analysis(Book *b, const Book *old) {
    Book *o = (Book *)old; /* WHY the cast: book_entry_at hands out entries; old is only read */
    for (int i = 0; i < book_size(o); i++) {
        const BookEntry *oe = book_entry_at(o, i);
        BookEntry *d = book_find_key(b, oe->key);
        if (d) {
            if (take_entry(d, oe)) return -1;
            continue;
        }
        d = book_get_key(b, oe->key);
        for (int k = 0; d && k < oe->count; k++)
            if (!book_entry_add(d, &oe->moves[k])) d = NULL;
        if (!d) return -1;
    }
    return 0;
}
