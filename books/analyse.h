/* analyse.h - a book worker: one EngineContext that analyses one book position at a time with
 * MultiPV (analyse.c). Internal to books/ (the builder's files). */
#ifndef SHISHI_BOOK_ANALYSE_H
#define SHISHI_BOOK_ANALYSE_H

#include "build.h"

typedef struct BookWorker BookWorker;

/* A worker for game v searching with cfg's MultiPV and hash and `threads` threads; NULL with a
 * message on failure. */
BookWorker *book_worker_create(const Variant *v, const BookBuildConfig *cfg, int threads, char *err, size_t errlen);
void book_worker_destroy(BookWorker *w);
/* Start searching position `entry` of b (cfg's depth or nodes); returns at once. 0 or -1. */
int book_worker_start(BookWorker *w, Book *b, int entry, const BookBuildConfig *cfg, char *err, size_t errlen);
/* Wait for the search and write its lines into the position's moves; 0, or -1 (no memory). */
int book_worker_finish(BookWorker *w, Book *b);
/* The move the worker's engine plays in the position `key` (a book key) after a search of
 * `nodes` nodes (its MultiPV and threads as created): what an opponent without the book would
 * reply (BookBuildConfig.reply_nodes). 0 with *out set (MOVE_NONE when the engine has none),
 * or -1 with a message. */
int book_worker_reply(BookWorker *w, const char *key, uint64_t nodes, Move *out, char *err, size_t errlen);

#endif
