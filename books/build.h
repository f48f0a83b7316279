/* build.h - making books (books/README.md): positions and moves counted from game records,
 * analysed with the engine's MultiPV search, or grown by self-play from the start position.
 * Above engine/: it drives EngineContexts; never prints (progress through a callback). */
#ifndef SHISHI_BOOK_BUILD_H
#define SHISHI_BOOK_BUILD_H

#include "../engine/engine.h"
#include "../src/record/record.h"
#include "backup.h"
#include "book.h"

typedef struct {
    int plies;            /* positions of the first plies of each game (records and self-play) */
    int depth;            /* analysis: depth per position, or */
    uint64_t nodes;       /* nodes per position (both 0: no analysis) */
    int multipv;          /* lines (moves) analysed per position */
    int threads;          /* positions analysed side by side (self-play: threads of one search) */
    int hash_mb;          /* per engine context */
    int games;            /* self-play: games to play */
    int eval_diff;        /* self-play: moves within this many centipawns of the best are played */
    uint64_t seed;        /* self-play: the move choice */
    const char *openings; /* self-play: an openings file (shishi selfplay's format); NULL: the start */
    uint64_t reply_nodes; /* self-play: 0, both sides play book moves; else in game i the book plays
                           * Black (i even) or White (i odd) and the other side plays what the
                           * engine finds in about this many nodes (each search's budget drawn
                           * from [N/2, 3N/2)), one thread, MultiPV 1; those moves are not booked */
    bool backup;          /* back the values up (books/backup.h) before every save and self-play choice */
    const char *out;      /* if set: the book is saved there after every save_every analyses */
    int save_every;
    void (*progress)(void *user, int done, int total); /* may be NULL */
    void *user;
} BookBuildConfig;

/* The defaults: 16 plies, no analysis, MultiPV 4, 2 threads, 64 MB, 30 cp, save every 8, backup. */
BookBuildConfig book_build_defaults(void);

/* Count the first `plies` moves of rec's main line into b: each position gets the move played
 * with count + 1. Returns 0, or -1 with a message (another game, a bad start, no memory). */
int book_add_record(Book *b, const Record *rec, int plies, char *err, size_t errlen);
/* Resuming: keep what old (an earlier output) analysed. Positions only in old are copied whole;
 * for a position in both, the moves both have take old's value, depth and ponder, and old's
 * analysed moves (depth > 0) that b lacks are added with count 0. Counts stay b's (the records
 * are counted afresh). Returns 0 or -1 when out of memory. */
int book_take_analysis(Book *b, const Book *old);
/* Is a position analysed (a move with depth > 0)? */
bool book_entry_analysed(const BookEntry *e);
/* Analyse every position of b that is not analysed yet: cfg->multipv lines each, every line's
 * move gets the line's value, depth and second move as ponder; moves from records the search
 * ranked below every line get the lowest line's value (an upper bound) and keep depth 0.
 * Returns the number of positions analysed, or -1 with a message. */
int book_analyse(Book *b, const BookBuildConfig *cfg, char *err, size_t errlen);
/* Play cfg->games games of cfg->plies plies from the start position: every position reached
 * (with cfg->reply_nodes: every position where the book's side is to move) is analysed if it
 * is not yet, then (with cfg->backup: after backing the values up if anything
 * was analysed since the last backup) one of its moves within cfg->eval_diff of the best is
 * played (chosen at random, seeded) and its count goes up by one. With cfg->openings, game i
 * first plays opening line i (round robin; each opening move is counted as a record move and
 * its positions analysed like the others), then goes on as above. Returns 0 or -1. */
int book_selfplay(Book *b, const BookBuildConfig *cfg, char *err, size_t errlen);

#endif
