/* grow.c - the builder's two loops: analysing every position a book does not have analysed
 * (workers side by side), and self-play that grows a book from the start position, choosing
 * its moves by the values backed up through the book (backup.h). Saves the book every few
 * analyses (backed up, atomically) so that an interrupted build loses little. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/selfplay.h" /* the openings file of `shishi selfplay`, read the same way */
#include "../src/movegen.h"
#include "analyse.h"

enum { WORKERS_MAX = 64 };

static void progress(const BookBuildConfig *cfg, int done, int total) {
    if (cfg->progress) cfg->progress(cfg->user, done, total);
}

/* With cfg->backup: the values backed up through the book (books/backup.h). 0 or -1. */
static int backup(Book *b, const BookBuildConfig *cfg, char *err, size_t errlen) {
    if (!cfg->backup || !book_backup(b, NULL)) return 0;
    snprintf(err, errlen, "out of memory");
    return -1;
}

/* After one more analysis: save every cfg->save_every (backed up first). */
static int maybe_save(Book *b, const BookBuildConfig *cfg, int analysed, char *err, size_t errlen) {
    if (!cfg->out || cfg->save_every <= 0 || analysed % cfg->save_every) return 0;
    if (backup(b, cfg, err, errlen)) return -1;
    return book_save(b, cfg->out, err, errlen);
}

/* One batch: todo[0..n) searched side by side by w[0..n). */
static int run_batch(Book *b, BookWorker **w, const int *todo, int n, const BookBuildConfig *cfg, char *err,
                     size_t errlen) {
    int rc = 0;
    for (int i = 0; i < n; i++)
        if (book_worker_start(w[i], b, todo[i], cfg, err, errlen)) rc = -1;
    for (int i = 0; i < n; i++)
        if (book_worker_finish(w[i], b)) rc = -1, snprintf(err, errlen, "out of memory");
    return rc;
}

static int analyse_list(Book *b, const int *todo, int n, const BookBuildConfig *cfg, char *err, size_t errlen) {
    int nw = cfg->threads < 1 ? 1 : cfg->threads > WORKERS_MAX ? WORKERS_MAX : cfg->threads, rc = 0;
    BookWorker *w[WORKERS_MAX] = {0};
    if (n == 0) return 0;
    for (int i = 0; i < nw && !rc; i++)
        if (!(w[i] = book_worker_create(book_variant(b), cfg, 1, err, errlen))) rc = -1;
    progress(cfg, 0, n);
    for (int done = 0; done < n && !rc;) {
        int batch = n - done < nw ? n - done : nw;
        rc = run_batch(b, w, todo + done, batch, cfg, err, errlen);
        for (int k = 0; k < batch && !rc; k++) rc = maybe_save(b, cfg, done + k + 1, err, errlen);
        done += batch;
        progress(cfg, done, n);
    }
    for (int i = 0; i < nw; i++) book_worker_destroy(w[i]);
    return rc;
}

int book_analyse(Book *b, const BookBuildConfig *cfg, char *err, size_t errlen) {
    if (!cfg->depth && !cfg->nodes) return 0;
    int n = 0, *todo = malloc(sizeof *todo * (size_t)(book_size(b) + 1));
    if (!todo) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int i = 0; i < book_size(b); i++)
        if (!book_entry_analysed(book_entry_at(b, i))) todo[n++] = i;
    int rc = analyse_list(b, todo, n, cfg, err, errlen);
    free(todo);
    return rc ? -1 : n;
}

/* Self-play: one of the analysed moves within eval_diff of the best, at random; -1 if none. */
static int choose(const BookEntry *e, int eval_diff, uint64_t *rng) {
    int best = -1, n = 0;
    for (int i = 0; i < e->count; i++)
        if (e->moves[i].depth > 0 && (best < 0 || e->moves[i].value > e->moves[best].value)) best = i;
    if (best < 0) return -1;
    int pick[256];
    for (int i = 0; i < e->count && n < 256; i++)
        if (e->moves[i].depth > 0 && e->moves[i].value >= e->moves[best].value - eval_diff) pick[n++] = i;
    return n ? pick[book_random(rng) % (uint64_t)n] : best; /* n == 0: 256 moves outside the margin came first */
}

/* The lowest value among the analysed moves of e (0 if none): what a move the search ranked
 * below all of them is worth at most. */
static int lowest_value(const BookEntry *e) {
    int low = 0;
    bool any = false;
    for (int i = 0; i < e->count; i++)
        if (e->moves[i].depth > 0 && (!any || e->moves[i].value < low)) low = e->moves[i].value, any = true;
    return low;
}

/* A self-play run: the book, its worker and config, the move choice's generator, how many
 * positions were analysed, and how many at the last backup. */
typedef struct {
    Book *b;
    BookWorker *w, *reply; /* reply: the opponent's engine (cfg->reply_nodes), else NULL */
    Color book_side;       /* with a reply engine: the side that plays book moves this game */
    const BookBuildConfig *cfg;
    uint64_t rng;
    int analysed, backed_up;
    char *err;
    size_t errlen;
} Grow;

/* Entry `index` analysed if it is not yet (and the book saved every few analyses). 0 or -1. */
static int analyse_entry(Grow *g, int index) {
    if (book_entry_analysed(book_entry_at(g->b, index))) return 0;
    if (run_batch(g->b, &g->w, &index, 1, g->cfg, g->err, g->errlen)) return -1;
    return maybe_save(g->b, g->cfg, ++g->analysed, g->err, g->errlen);
}

/* A move of entry `index` to play: `forced` (an opening move) or one chosen by the values,
 * backed up first when anything was analysed since the last backup (or none was made yet: a
 * resumed book may hold raw values). Its index, -1 when there is none, -2 on error. */
static int next_move(Grow *g, int index, Move forced) {
    if (forced != MOVE_NONE)
        return (int)(book_entry_move(book_entry_at(g->b, index), forced) - book_entry_at(g->b, index)->moves);
    if (g->backed_up != g->analysed) {
        if (backup(g->b, g->cfg, g->err, g->errlen)) return -2;
        g->backed_up = g->analysed;
    }
    return choose(book_entry_at(g->b, index), g->cfg->eval_diff, &g->rng);
}

/* One position of a self-play game: analysed if new, then `forced` (an opening move) or a
 * chosen move played. Returns 1 when the game goes on, 0 when it ends here, -1 on error. */
static int selfplay_step(Grow *g, Position *pos, Move forced) {
    char key[1024], reason[128];
    if (pos_game_result(pos, reason, sizeof reason) != RESULT_NONE || movegen_count(pos) == 0) return 0;
    book_key(pos, book_key_kind(g->b), key, sizeof key);
    if (g->reply && pos->stm != g->book_side && forced == MOVE_NONE) {
        /* WHY the engine's own reply, not a book move: the book then holds the positions an
         * opponent of about the engine's strength leads to, not only its own best lines. WHY a
         * budget drawn from [N/2, 3N/2): a clocked opponent's search stops at a varying depth,
         * and its move changes with it; one fixed budget would book one reply only. (g->reply
         * exists only when reply_nodes > 0.) */
        uint64_t n = g->cfg->reply_nodes, nodes = n / 2 + book_random(&g->rng) % n + 1;
        Move m;
        if (book_worker_reply(g->reply, key, nodes, &m, g->err, g->errlen)) return -1;
        if (m == MOVE_NONE) return 0;
        pos_do_move(pos, m);
        return 1;
    }
    BookEntry *e = book_get_key(g->b, key);
    if (!e) return snprintf(g->err, g->errlen, "out of memory"), -1;
    BookMove m = {.move = forced, .value = lowest_value(e)}; /* an upper bound until analysed */
    if (forced != MOVE_NONE && !book_entry_move(e, forced) && !book_entry_add(e, &m))
        return snprintf(g->err, g->errlen, "out of memory"), -1;
    int index = (int)(e - book_entry_at(g->b, 0));
    if (analyse_entry(g, index)) return -1;
    int i = next_move(g, index, forced);
    if (i < 0) return i == -1 ? 0 : -1;
    e = book_entry_at(g->b, index);
    e->moves[i].count++;
    pos_do_move(pos, e->moves[i].move);
    return 1;
}

/* Game g's start: opening line g (round robin) with its moves in line[], or the start position.
 * pos is left at the line's root. */
static int game_start(const Variant *v, const SelfplayOpenings *o, int g, Position *pos, Move *line, int max, int *len,
                      char *err, size_t errlen) {
    *len = 0;
    if (!o->count) return pos_set_sfen(pos, v, NULL, v->start, err, errlen);
    if (position_parse_spec(pos, v, NULL, o->specs[g % o->count], err, errlen)) return -1;
    *len = pos->sp < max ? pos->sp : max;
    for (int i = 0; i < *len; i++) line[i] = pos->states[i + 1].move;
    while (pos->sp > 0) pos_undo_move(pos);
    return 0;
}

/* The games of book_selfplay on worker w (openings o, maybe none). */
static int play_games(Book *b, BookWorker *w, BookWorker *reply, const SelfplayOpenings *o, Position *pos,
                      const BookBuildConfig *cfg, char *err, size_t errlen) {
    Move *line = malloc(sizeof *line * (size_t)(cfg->plies + 1));
    Grow g = {
        .b = b, .w = w, .reply = reply, .cfg = cfg, .rng = cfg->seed, .backed_up = -1, .err = err, .errlen = errlen};
    int rc = line ? 0 : -1, len = 0;
    if (!line) snprintf(err, errlen, "out of memory");
    progress(cfg, 0, cfg->games);
    for (int n = 0; n < cfg->games && !rc; n++) {
        rc = game_start(book_variant(b), o, n, pos, line, cfg->plies, &len, err, errlen);
        g.book_side = n % 2 ? WHITE : BLACK;
        for (int ply = 0, go = 1; ply < cfg->plies && go > 0 && !rc; ply++) {
            go = selfplay_step(&g, pos, ply < len ? line[ply] : MOVE_NONE);
            if (go < 0) rc = -1;
        }
        progress(cfg, n + 1, cfg->games);
    }
    free(line);
    return rc;
}

int book_selfplay(Book *b, const BookBuildConfig *cfg, char *err, size_t errlen) {
    const Variant *v = book_variant(b);
    SelfplayOpenings o = {0};
    if (cfg->openings && selfplay_openings_load(&o, cfg->openings, v, err, errlen)) return -1;
    BookWorker *w = book_worker_create(v, cfg, cfg->threads < 1 ? 1 : cfg->threads, err, errlen), *reply = NULL;
    BookBuildConfig rcfg = *cfg; /* the opponent: one line, one thread */
    rcfg.multipv = 1;
    if (w && cfg->reply_nodes && !(reply = book_worker_create(v, &rcfg, 1, err, errlen))) {
        book_worker_destroy(w);
        w = NULL;
    }
    Position *pos = malloc(sizeof *pos);
    int rc = w && pos ? play_games(b, w, reply, &o, pos, cfg, err, errlen) : -1;
    if (w && !pos) snprintf(err, errlen, "out of memory");
    book_worker_destroy(w);
    book_worker_destroy(reply);
    free(pos);
    selfplay_openings_free(&o);
    return rc;
}
