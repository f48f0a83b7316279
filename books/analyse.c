/* analyse.c - book positions analysed with the engine: one EngineContext per worker, each
 * searching one position with MultiPV; a batch of workers searches side by side (each search
 * runs on its own engine thread). The last exact report of each line gives a move its value,
 * depth and ponder move. Never prints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyse.h"

enum { LINES_MAX = ENGINE_MULTIPV_MAX + 1 };

typedef struct {
    Move move, ponder;
    int value, depth;
} Line;

struct BookWorker {
    EngineContext *e;
    Line lines[LINES_MAX]; /* by MultiPV index (1-based) */
    int entry;             /* the position being analysed, -1 none */
    Move best;             /* the search's best move (book_worker_reply) */
};

static void on_info(void *user, const SearchInfo *in) {
    BookWorker *w = user;
    if (in->bound != BOUND_EXACT || in->pv_length < 1 || in->multipv < 1 || in->multipv >= LINES_MAX) return;
    w->lines[in->multipv] = (Line){
        .move = in->pv[0], .ponder = in->pv_length > 1 ? in->pv[1] : MOVE_NONE, .value = in->score, .depth = in->depth};
}

static void on_bestmove(void *user, const BestMove *bm) {
    BookWorker *w = user;
    w->best = bm->kind == BEST_MOVE ? bm->best : MOVE_NONE;
}

BookWorker *book_worker_create(const Variant *v, const BookBuildConfig *cfg, int threads, char *err, size_t errlen) {
    BookWorker *w = calloc(1, sizeof *w);
    if (!w || !(w->e = engine_create())) {
        free(w);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    char mpv[16], thr[16], hash[16];
    snprintf(mpv, sizeof mpv, "%d", cfg->multipv);
    snprintf(thr, sizeof thr, "%d", threads);
    snprintf(hash, sizeof hash, "%d", cfg->hash_mb);
    if (engine_set_variant(w->e, v, err, errlen) || engine_set_option(w->e, "MultiPV", mpv, err, errlen) ||
        engine_set_option(w->e, "Threads", thr, err, errlen) || engine_set_option(w->e, "Hash", hash, err, errlen)) {
        book_worker_destroy(w);
        return NULL;
    }
    w->entry = -1;
    return w;
}

void book_worker_destroy(BookWorker *w) {
    if (!w) return;
    engine_destroy(w->e);
    free(w);
}

/* Start the worker's search of the position `key` to `depth` or `nodes` (0: no such limit, no
 * clock); returns at once. 0, or -1 with a message. */
static int go(BookWorker *w, const char *key, int depth, uint64_t nodes, char *err, size_t errlen) {
    memset(w->lines, 0, sizeof w->lines);
    w->entry = -1;
    w->best = MOVE_NONE;
    if (engine_set_position(w->e, key, err, errlen)) return -1;
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.time[BLACK] = l.time[WHITE] = -1;
    l.depth = depth;
    l.nodes = nodes;
    Reporter r = {.user = w, .on_info = on_info, .on_bestmove = on_bestmove};
    engine_go(w->e, &l, &r);
    return 0;
}

int book_worker_start(BookWorker *w, Book *b, int entry, const BookBuildConfig *cfg, char *err, size_t errlen) {
    if (go(w, book_entry_at(b, entry)->key, cfg->depth, cfg->nodes, err, errlen)) return -1;
    w->entry = entry;
    return 0;
}

/* Deeper lines first, so that a move met twice keeps its deepest report. */
static int cmp_depth(const void *a, const void *b) { return ((const Line *)b)->depth - ((const Line *)a)->depth; }

/* The lines into the position's moves (book.h: book_analyse says what each move gets). */
static int apply_lines(BookEntry *e, Line *lines, int n) {
    qsort(lines, (size_t)n, sizeof *lines, cmp_depth);
    bool *set = calloc((size_t)(e->count + n + 1), sizeof *set);
    if (!set) return -1;
    int lowest = VALUE_INFINITE;
    for (int i = 0; i < n && lines[i].move != MOVE_NONE; i++) {
        BookMove *m = book_entry_move(e, lines[i].move);
        if (m && set[m - e->moves]) continue;
        BookMove add = {
            .move = lines[i].move, .ponder = lines[i].ponder, .value = lines[i].value, .depth = lines[i].depth};
        if (m) {
            add.count = m->count;
            *m = add;
        } else if (!(m = book_entry_add(e, &add))) {
            free(set);
            return -1;
        }
        set[m - e->moves] = true;
        if (add.value < lowest) lowest = add.value;
    }
    for (int i = 0; i < e->count; i++)
        if (!set[i] && e->moves[i].depth == 0 && lowest != VALUE_INFINITE) e->moves[i].value = lowest;
    free(set);
    return 0;
}

int book_worker_finish(BookWorker *w, Book *b) {
    engine_wait(w->e);
    if (w->entry < 0) return 0;
    int entry = w->entry;
    w->entry = -1;
    Line lines[LINES_MAX];
    int n = 0;
    for (int i = 1; i < LINES_MAX; i++)
        if (w->lines[i].move != MOVE_NONE) lines[n++] = w->lines[i];
    return apply_lines(book_entry_at(b, entry), lines, n);
}

int book_worker_reply(BookWorker *w, const char *key, uint64_t nodes, Move *out, char *err, size_t errlen) {
    if (go(w, key, 0, nodes, err, errlen)) return -1;
    engine_wait(w->e);
    *out = w->best;
    return 0;
}
