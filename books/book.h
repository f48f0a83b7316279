/* book.h - opening books in YaneuraOu's text format (books/FORMAT.md): the in-memory book,
 * reading and writing it, and choosing a move from it. Needs only src/ (positions, notation):
 * no engine, no protocol. Nothing here prints: a bad line is handed to a warning callback
 * with its line number. */
#ifndef SHISHI_BOOK_H
#define SHISHI_BOOK_H

#include <stdint.h>

#include "../src/notation.h"

/* The header line every book starts with. */
#define BOOK_HEADER "#YANEURAOU-DB2016 1.00"

/* How a book keys its positions: "sfen <board> <side> <hand>" with USI moves, or
 * "fen <board>[<hand>] <side>" with XBoard moves. One kind per game (the game's home
 * notation, Variant.xboard_default); the reader takes both and stores the game's kind. */
typedef enum { BOOK_KEY_SFEN, BOOK_KEY_FEN } BookKeyKind;

/* One move of a position: the move, the expected reply (MOVE_NONE if none), the value in
 * centipawns from the mover's view, the depth of the analysis that gave it (0 = not
 * analysed) and how many games played it. */
typedef struct {
    Move move, ponder;
    int value, depth;
    uint64_t count;
} BookMove;

typedef struct {
    char *key; /* the position line without the move number, e.g. "sfen ... b -" */
    BookMove *moves;
    int count, cap;
} BookEntry;

typedef struct Book Book;

/* A bad line: its 1-based number and what is wrong with it. */
typedef void (*BookWarnFn)(void *user, int line, const char *msg);

/* An empty book for game v; NULL when out of memory. */
Book *book_create(const Variant *v);
void book_free(Book *b);
const Variant *book_variant(const Book *b);
BookKeyKind book_key_kind(const Book *b);
int book_size(const Book *b); /* positions */
/* The i-th position (0 <= i < book_size), in the order they were added. */
BookEntry *book_entry_at(Book *b, int i);

/* The key of pos for a book of this kind (move number left out), into buf. */
void book_key(const Position *pos, BookKeyKind kind, char *buf, size_t len);
/* The game's kind of key. */
BookKeyKind book_kind_for(const Variant *v);
/* Set pos from a key (or any "sfen ..."/"fen ..." line); 0, or -1 with a message. */
int book_key_position(const Variant *v, const char *key, Position *pos, char *err, size_t errlen);

/* The entry of pos (or of a key), NULL if the book has none. O(1): a hash index. */
BookEntry *book_find(Book *b, const Position *pos);
BookEntry *book_find_key(Book *b, const char *key);
/* The entry of key, created empty if missing; NULL when out of memory. */
BookEntry *book_get_key(Book *b, const char *key);
/* The move m of an entry, NULL if it has none. */
BookMove *book_entry_move(BookEntry *e, Move m);
/* Add a move to an entry, or merge it into the same move: counts add up, the value, depth
 * and ponder of the deeper analysis are kept (the existing one on a tie). NULL: no memory. */
BookMove *book_entry_add(BookEntry *e, const BookMove *m);
/* Merge every position and move of src into dst (same game), as book_entry_add does.
 * Returns 0, or -1 when out of memory. */
int book_merge(Book *dst, const Book *src);

/* Read book text (any bytes) into b: every good position and move is added, every bad line
 * reported through warn (may be NULL) and skipped. Returns the number of bad lines, or -1 when
 * the book as a whole is refused (it names another game; message in err). Never crashes. */
int book_read_text(Book *b, const char *text, size_t len, BookWarnFn warn, void *user, char *err, size_t errlen);
/* The same from a file; -1 also when it cannot be read. */
int book_load(Book *b, const char *path, BookWarnFn warn, void *user, char *err, size_t errlen);
/* The whole book as text: the header, then the positions sorted by key (byte order), each
 * position's moves by count, then value, then move text. malloc'd; NULL when out of memory. */
char *book_write_text(const Book *b);
/* Write the book to path atomically (a temporary file renamed over it); 0 or -1 with a message. */
int book_save(const Book *b, const char *path, char *err, size_t errlen);

/* How a move is chosen (the engine options BookVariety, BookEvalDiff, BookDepthLimit). */
typedef enum { BOOK_PICK_BEST, BOOK_PICK_COUNT, BOOK_PICK_VALUE } BookPickMode;
typedef struct {
    BookPickMode mode;
    int eval_diff;   /* VALUE: moves within this many centipawns of the best */
    int depth_limit; /* moves with a smaller depth are ignored (0: none) */
} BookPickParams;

/* A step of the book's random number generator (splitmix64); *state is the whole state. */
uint64_t book_random(uint64_t *state);
/* Choose a move of e legal in pos: BEST the highest value (ties: higher count, then the
 * first), COUNT at random weighted by count (all counts 0: equal chances), VALUE at random among
 * the moves within eval_diff of the best value, weighted by value (eval_diff + 1 for the best,
 * one less per centipawn below it). Returns the move's
 * index in e->moves, or -1 when no move qualifies. pos is scratch for the legality checks and
 * is left as it was. */
int book_pick(const BookEntry *e, Position *pos, const BookPickParams *p, uint64_t *rng);

#endif
