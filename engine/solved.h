/* solved.h - the engine's side of solved-game tables (engine/solve/): loading the current
 * game's table once, deciding whether it may be used, answering `go` from it. */
#ifndef SHISHI_SOLVED_H
#define SHISHI_SOLVED_H

#include "solve/solve.h"

typedef struct {
    const Variant *variant; /* game the slot was filled for */
    bool solvable;          /* the game has a small enough index */
    bool loaded;
    char note[1200]; /* why not loaded (reported once) */
    bool noted;
    SolvedTable table;
} SolvedSlot;

/* The table for game v under rules, loading it on first use; NULL if there is none or the
 * rules differ from the game's defaults (then a note goes to r->on_string). */
const SolvedTable *solved_slot_get(SolvedSlot *slot, const Variant *v, const Rules *rules, const Reporter *r);
void solved_slot_free(SolvedSlot *slot);

/* Answer `go` at root from the table: `info` lines (multipv best moves with mate or draw
 * scores and the table's line) and `bestmove`, or the `go mate` verdict. Returns false if
 * the request needs the search (infinite, ponder, excluded moves, root not covered). */
bool solved_answer(const SolvedTable *t, Position *root, const SearchLimits *limits, int multipv, const Reporter *r);

#endif
