/* slot.h - the book a protocol session plays from: loaded from the BookFile option for the
 * current game (loaded again when the option or the game changes), probed at `go`, its move
 * reported through the Reporter exactly as a search reports one. Sits above engine/: it reads
 * the engine's options and position and never searches; the engine knows nothing of it. */
#ifndef SHISHI_BOOK_SLOT_H
#define SHISHI_BOOK_SLOT_H

#include "../engine/engine.h"
#include "book.h"

typedef struct {
    Book *book;                        /* NULL: no book (none named, or it failed to load) */
    char path[ENGINE_OPTION_TEXT_MAX]; /* the BookFile it was loaded for */
    const Variant *variant;            /* and the game */
    bool tried;                        /* loading was tried (again only when the option is set or the game changes) */
    unsigned file_sets;                /* engine_option_sets of BookFile when loaded */
    unsigned seed_sets;                /* engine_option_sets of BookSeed when last seeded */
    bool seeded;
    uint64_t rng;
    Position *scratch;
} BookSlot;

void book_slot_init(BookSlot *s);
void book_slot_free(BookSlot *s);
/* Load the book the options name for the current game, unless it is loaded already (BookFile
 * set again, even to the same path, reads the file again). What happened (loaded, bad lines
 * with their numbers, cannot open) goes to r->on_string. */
void book_slot_sync(BookSlot *s, const EngineContext *e, const Reporter *r);
/* At `go` (no search running): unless the search is infinite, a ponder search or a mate
 * search, and while fewer than BookMoves plies were played, look the position up and pick a
 * move (BookVariety, BookEvalDiff, BookDepthLimit). If there is one, report it through r --
 * on_string "book move ...", on_info (its value and depth, PV the move and its ponder move),
 * on_bestmove -- and return true; else false (search as usual). Moves are named in n. */
bool book_slot_go(BookSlot *s, const EngineContext *e, const SearchLimits *l, const Reporter *r, Notation n);
/* Would book_slot_go answer the current position (limits aside)? Reports nothing but what
 * loading the book says; draws no random number. For `go ponder`: a position the book answers
 * needs no ponder search, its move is played at the ponder hit. */
bool book_slot_has_move(BookSlot *s, const EngineContext *e, const Reporter *r);

#endif
