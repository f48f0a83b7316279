/* fuzz_book.c - the opening-book reader (books/book_read.c) fed arbitrary text.
 * Byte 0 picks the game (its registry index, modulo the number of games); the rest is the
 * book text, handed over without a terminating NUL. Whatever the input: reading never crashes,
 * every stored move is legal in its position (and its ponder move after it), and the written
 * book reads back without a bad line and writes the same bytes again. */
#include <stdlib.h>
#include <string.h>

#include "../../books/book.h"
#include "fuzz.h"

enum { BOOK_TEXT_MAX = 1 << 16 };

static void check_entries(Book *b) {
    Position *pos = fuzz_new_position();
    char err[256];
    for (int i = 0; i < book_size(b); i++) {
        const BookEntry *e = book_entry_at(b, i);
        FUZZ_CHECK(!book_key_position(book_variant(b), e->key, pos, err, sizeof err), "key '%s' rejected: %s", e->key,
                   err);
        for (int k = 0; k < e->count; k++) {
            FUZZ_CHECK(movegen_is_legal(pos, e->moves[k].move), "%s: move %d of '%s' is not legal",
                       book_variant(b)->name, k + 1, e->key);
            if (e->moves[k].ponder == MOVE_NONE) continue;
            pos_do_move(pos, e->moves[k].move);
            FUZZ_CHECK(movegen_is_legal(pos, e->moves[k].ponder), "ponder of move %d of '%s' is not legal", k + 1,
                       e->key);
            pos_undo_move(pos);
        }
    }
    fuzz_free_position(pos);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_init();
    if (size < 1 || size > BOOK_TEXT_MAX) return 0;
    const Variant *v = fuzz_game(data[0] % fuzz_game_count());
    Book *b = book_create(v);
    char err[256];
    if (!b) fuzz_fail("out of memory");
    int bad = book_read_text(b, (const char *)data + 1, size - 1, NULL, NULL, err, sizeof err);
    if (bad >= 0) check_entries(b);
    char *text = book_write_text(b);
    FUZZ_CHECK(text != NULL, "the book could not be written");
    Book *again = book_create(v);
    int bad2 = book_read_text(again, text, strlen(text), NULL, NULL, err, sizeof err);
    FUZZ_CHECK(bad2 == 0, "%s: the written book has %d bad lines (%s)", v->name, bad2, bad2 < 0 ? err : "");
    char *second = book_write_text(again);
    FUZZ_CHECK(second && !strcmp(text, second), "%s: writing the book again changed it", v->name);
    free(text);
    free(second);
    book_free(b);
    book_free(again);
    return 0;
}
