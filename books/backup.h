/* backup.h - backing a book's values up through its tree (books/README.md, "Building a book"):
 * a move that leads to a searched book position takes minus that position's best value, so a
 * line's value is what its deepest searched position says. Needs src/ and engine/'s score
 * constants only; never prints. */
#ifndef SHISHI_BOOK_BACKUP_H
#define SHISHI_BOOK_BACKUP_H

#include "book.h"

typedef struct {
    int positions;     /* searched positions whose moves were backed up */
    int moves_changed; /* moves whose value changed */
    int largest;       /* the largest change of a value, in centipawns */
    int cycles;        /* moves into a position on the current line (kept as stored) */
    int illegal;       /* stored moves illegal in their position (skipped) */
} BookBackupStats;

/* Negamax the values through b. A position counts as searched when it has a move of depth > 0
 * (before the backup); only searched positions are changed. For each move of a searched
 * position whose result is a searched position P (through book_key): value = -(P's best value
 * among its legal moves of depth > 0, themselves backed up first; a mate score one ply
 * longer), depth = the larger of its own and that best move's depth, ponder = that best move.
 * Other moves (their position not in the book, not searched, or on the current line of the
 * walk: a cycle) keep what they have; illegal moves are skipped. The walk is a depth-first
 * search on an explicit stack in a fixed order (positions by key, moves by their encoding), so
 * the result does not depend on the order the book was built or read in, and a second run
 * changes nothing. st may be NULL. Returns 0, or -1 when out of memory (b then unchanged or
 * partly backed up). */
int book_backup(Book *b, BookBackupStats *st);

#endif
