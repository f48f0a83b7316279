/* selfplay.c - see selfplay.h. Workers, each with its own one-thread EngineContext, take game
 * indices in turn and play whole games; finished games are written in index order, so the file
 * does not depend on the number of workers or on which worker played a game. Never prints. */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../src/movegen.h"
#include "engine.h"
#include "movepick.h"
#include "selfplay_int.h"

enum { RANDOM_START_TRIES = 64, WORKERS_MAX = 64, ERR_LEN = 256 };

/* A growing text buffer; `failed` once an allocation failed. */
typedef struct {
    char *text;
    size_t len, cap;
    bool failed;
} TextBuf;

/* A game waiting for its turn to be written (text NULL = not finished yet). */
typedef struct {
    char *text;
    size_t len;
    int positions;
} FinishedGame;

/* What the workers share; everything below `lock` is guarded by it. */
typedef struct {
    const SelfplayConfig *cfg;
    const Variant *v;
    const SelfplayOpenings *openings;
    FILE *out;
    pthread_mutex_t lock;
    pthread_cond_t wake; /* a game was written, or a worker failed */
    int first;           /* the first game index of this run */
    int next_game;       /* next index to hand out */
    int next_write;      /* next index to write */
    FinishedGame *queue; /* by index - first */
    long positions;      /* data lines in the file */
    bool failed;
    char err[ERR_LEN];
} Shared;

typedef struct {
    Shared *sh;
    EngineContext *e;
    Position *pos; /* the game, kept move for move equal to the engine's position */
    MoveList list;
    BestMove best; /* the last search's verdict (root pointer not used) */
    TextBuf sfens; /* recorded positions of the current game, one SFEN per line */
    int *scores;   /* their scores from Black's view */
    int recorded;
    TextBuf text; /* the finished game as written */
    pthread_t thread;
} Worker;

void selfplay_config_default(SelfplayConfig *cfg) {
    memset(cfg, 0, sizeof *cfg);
    cfg->variant = "shogi";
    cfg->games = SELFPLAY_DEFAULT_GAMES;
    cfg->nodes = SELFPLAY_DEFAULT_NODES;
    cfg->threads = SELFPLAY_DEFAULT_THREADS;
    cfg->hash_mb = SELFPLAY_DEFAULT_HASH_MB;
    cfg->random_plies = SELFPLAY_DEFAULT_RANDOM_PLIES;
    cfg->seed = 1;
    cfg->max_plies = SELFPLAY_DEFAULT_MAX_PLIES;
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* splitmix64: a game's random choices come from its own seed, whoever plays it. */
static uint64_t rng_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void text_printf(TextBuf *b, const char *fmt, ...) {
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->text ? b->text + b->len : NULL, b->text ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) return;
        if (b->text && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? 2 * b->cap : 4096;
        while (cap <= b->len + (size_t)n) cap *= 2;
        char *grown = realloc(b->text, cap);
        if (!grown) {
            b->failed = true;
            return;
        }
        b->text = grown;
        b->cap = cap;
    }
}

/* ---- one game ---------------------------------------------------------------------------- */

static void ignore_info(void *user, const SearchInfo *info) {
    (void)user;
    (void)info;
}

static void keep_best(void *user, const BestMove *bm) {
    Worker *w = user;
    w->best = *bm;
    w->best.root = NULL;
}

/* Search the current position with the fixed budget; the verdict lands in w->best. */
static void search_move(Worker *w) {
    const SelfplayConfig *cfg = w->sh->cfg;
    SearchLimits limits;
    memset(&limits, 0, sizeof limits);
    limits.time[BLACK] = limits.time[WHITE] = -1;
    limits.depth = cfg->depth;
    limits.nodes = cfg->depth ? 0 : cfg->nodes;
    Reporter r = {.user = w, .on_info = ignore_info, .on_bestmove = keep_best};
    engine_go(w->e, &limits, &r);
    engine_wait(w->e);
}

/* Random plies from the engine's position into line; 0 moves when every try reached a decided
 * position (then the game starts from the opening itself). */
static int random_line(Worker *w, uint64_t *rng, Move *line) {
    int plies = w->sh->cfg->random_plies;
    for (int t = 0; t < RANDOM_START_TRIES; t++) {
        pos_copy(w->pos, engine_position(w->e));
        bool decided = false;
        int n = 0;
        while (n < plies && !decided) {
            movegen_legal(w->pos, &w->list);
            if (!w->list.size) break; /* (pos_game_result would have said so) */
            line[n] = w->list.moves[rng_next(rng) % (uint64_t)w->list.size];
            pos_do_move(w->pos, line[n++]);
            decided = pos_game_result(w->pos, NULL, 0) != RESULT_NONE;
        }
        if (n == plies && !decided) return n;
    }
    return 0;
}

/* Set up game `index`: its opening and random plies. Returns the plies played, or -1. */
static int game_start(Worker *w, int index, char *err, size_t errlen) {
    const Shared *sh = w->sh;
    uint64_t rng = sh->cfg->seed + (uint64_t)index;
    const char *spec = "startpos";
    if (sh->openings) spec = sh->openings->specs[rng_next(&rng) % (uint64_t)sh->openings->count];
    engine_new_game(w->e);
    if (engine_set_position(w->e, spec, err, errlen)) return -1;
    Move *line = malloc((size_t)(sh->cfg->random_plies + 1) * sizeof *line);
    if (!line) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int n = random_line(w, &rng, line);
    for (int i = 0; i < n; i++) engine_play(w->e, line[i]);
    free(line);
    pos_copy(w->pos, engine_position(w->e));
    return n;
}

/* Worth recording: not in check, a quiet best move, a score that is not a mate score. */
static bool is_quiet(Worker *w) {
    return !pos_in_check(w->pos) && !move_is_noisy(w->pos, w->best.best) && w->best.score < VALUE_MATE_IN_MAX &&
           w->best.score > -VALUE_MATE_IN_MAX;
}

static void record_position(Worker *w) {
    char sfen[SELFPLAY_LINE_MAX];
    pos_to_sfen(w->pos, sfen, sizeof sfen);
    text_printf(&w->sfens, "%s\n", sfen);
    int s = w->pos->stm == BLACK ? w->best.score : -w->best.score;
    w->scores[w->recorded++] = s > SELFPLAY_SCORE_CLAMP    ? SELFPLAY_SCORE_CLAMP
                               : s < -SELFPLAY_SCORE_CLAMP ? -SELFPLAY_SCORE_CLAMP
                                                           : s;
}

/* Adjudication: the side the scores call winning, over consecutive plies. */
typedef struct {
    Color side; /* COLOR_NB: nobody */
    int plies;
} Adjudication;

/* Count this ply's verdict; the winner once one side has been winning for long enough, else
 * COLOR_NB. */
static Color adjudicate(Adjudication *a, Color stm, Value score) {
    Color side = score >= SELFPLAY_ADJUDICATE_SCORE    ? stm
                 : score <= -SELFPLAY_ADJUDICATE_SCORE ? color_flip(stm)
                                                       : COLOR_NB;
    a->plies = side != COLOR_NB && side == a->side ? a->plies + 1 : 1;
    a->side = side;
    return a->plies >= SELFPLAY_ADJUDICATE_PLIES ? side : COLOR_NB;
}

/* The game's result text from Black's view, given a verdict from the view of `side`. */
static const char *black_result(GameResult r, Color side) {
    if (r == RESULT_DRAW || r == RESULT_NONE) return "0.5";
    return (r == RESULT_WIN) == (side == BLACK) ? "1" : "0";
}

/* Play the game on from the start until the rules, a verdict, adjudication or the ply limit
 * end it. Returns the result text; *plies counts from the opening position. */
static const char *game_play_out(Worker *w, int plies, int *plies_out) {
    const SelfplayConfig *cfg = w->sh->cfg;
    int start = plies;
    Adjudication adj = {COLOR_NB, 0};
    Color side, winner;
    GameResult r = RESULT_NONE;
    for (;; plies++) {
        side = w->pos->stm;
        if ((r = pos_game_result(w->pos, NULL, 0)) != RESULT_NONE) break;
        if (plies >= cfg->max_plies || w->pos->sp >= HISTORY_MAX - MAX_PLY - 2) {
            r = RESULT_DRAW;
            break;
        }
        search_move(w);
        if (w->best.kind != BEST_MOVE) {
            r = w->best.kind == BEST_DECLARE_WIN ? RESULT_WIN : RESULT_LOSS;
            break;
        }
        if (plies - start >= SELFPLAY_SKIP_PLIES && is_quiet(w)) record_position(w);
        if ((winner = adjudicate(&adj, side, w->best.score)) != COLOR_NB) {
            r = winner == side ? RESULT_WIN : RESULT_LOSS;
            break;
        }
        pos_do_move(w->pos, w->best.best);
        engine_play(w->e, w->best.best);
    }
    *plies_out = plies;
    return black_result(r, side);
}

/* Play game `index` into w->text; 0, or -1 with a message. */
static int game_play(Worker *w, int index, char *err, size_t errlen) {
    w->sfens.len = w->text.len = 0;
    w->recorded = 0;
    int plies = game_start(w, index, err, errlen);
    if (plies < 0) return -1;
    const char *result = game_play_out(w, plies, &plies);
    if (w->sfens.failed) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    const char *s = w->sfens.text;
    for (int i = 0; i < w->recorded; i++) {
        const char *nl = strchr(s, '\n');
        text_printf(&w->text, "%.*s;%s;%d\n", (int)(nl - s), s, result, w->scores[i]);
        s = nl + 1;
    }
    text_printf(&w->text, "# game %d result %s plies %d\n", index, result, plies);
    if (w->text.failed) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

/* ---- workers ----------------------------------------------------------------------------- */

static void fail_locked(Shared *sh, const char *msg) {
    if (!sh->failed) snprintf(sh->err, sizeof sh->err, "%s", msg);
    sh->failed = true;
    pthread_cond_signal(&sh->wake);
}

/* The next game index to play, or -1 when none is left (or the run failed). */
static int claim_game(Shared *sh) {
    pthread_mutex_lock(&sh->lock);
    int index = !sh->failed && sh->next_game < sh->cfg->games ? sh->next_game++ : -1;
    pthread_mutex_unlock(&sh->lock);
    return index;
}

/* Write the finished games whose turn has come: each with one fwrite and a flush. */
static void write_ready_locked(Shared *sh) {
    while (!sh->failed && sh->next_write < sh->cfg->games && sh->queue[sh->next_write - sh->first].text) {
        FinishedGame *g = &sh->queue[sh->next_write - sh->first];
        if (fwrite(g->text, 1, g->len, sh->out) != g->len || fflush(sh->out)) {
            char msg[ERR_LEN];
            snprintf(msg, sizeof msg, "cannot write '%s': %s", sh->cfg->out, strerror(errno));
            fail_locked(sh, msg);
        }
        free(g->text);
        g->text = NULL;
        sh->positions += g->positions;
        sh->next_write++;
        pthread_cond_signal(&sh->wake);
    }
}

static void game_finish(Worker *w, int index) {
    Shared *sh = w->sh;
    char *copy = malloc(w->text.len);
    pthread_mutex_lock(&sh->lock);
    if (!copy)
        fail_locked(sh, "out of memory");
    else {
        memcpy(copy, w->text.text, w->text.len);
        sh->queue[index - sh->first] = (FinishedGame){copy, w->text.len, w->recorded};
        write_ready_locked(sh);
    }
    pthread_mutex_unlock(&sh->lock);
}

static void *worker_main(void *arg) {
    Worker *w = arg;
    char err[ERR_LEN];
    for (int index; (index = claim_game(w->sh)) >= 0;) {
        if (game_play(w, index, err, sizeof err)) {
            pthread_mutex_lock(&w->sh->lock);
            fail_locked(w->sh, err);
            pthread_mutex_unlock(&w->sh->lock);
            break;
        }
        game_finish(w, index);
    }
    return NULL;
}

static void worker_destroy(Worker *w) {
    if (!w) return;
    engine_destroy(w->e);
    free(w->pos);
    free(w->scores);
    free(w->sfens.text);
    free(w->text.text);
    free(w);
}

/* A worker with its own engine: one search thread, its own hash table. */
static Worker *worker_create(Shared *sh, char *err, size_t errlen) {
    Worker *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    w->sh = sh;
    w->pos = malloc(sizeof *w->pos);
    w->scores = malloc((size_t)(sh->cfg->max_plies + 1) * sizeof *w->scores);
    w->e = engine_create();
    if (!w->pos || !w->scores || !w->e) {
        snprintf(err, errlen, "out of memory");
        worker_destroy(w);
        return NULL;
    }
    char hash[16];
    snprintf(hash, sizeof hash, "%d", sh->cfg->hash_mb);
    if (engine_set_option(w->e, "Threads", "1", err, errlen) || engine_set_option(w->e, "Hash", hash, err, errlen) ||
        engine_set_option(w->e, "MultiPV", "1", err, errlen) || engine_set_variant(w->e, sh->v, err, errlen)) {
        worker_destroy(w);
        return NULL;
    }
    return w;
}

/* ---- the run ----------------------------------------------------------------------------- */

/* Report progress about four times a second until every game is written or the run failed. */
static void wait_for_games(Shared *sh, SelfplayProgress cb, void *user, double t0) {
    pthread_mutex_lock(&sh->lock);
    while (sh->next_write < sh->cfg->games && !sh->failed) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        ts.tv_nsec += 250000000L;
        if (ts.tv_nsec >= 1000000000L) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&sh->wake, &sh->lock, &ts);
        int done = sh->next_write;
        long positions = sh->positions;
        pthread_mutex_unlock(&sh->lock);
        if (cb) cb(user, done, sh->cfg->games, positions, now_seconds() - t0);
        pthread_mutex_lock(&sh->lock);
    }
    pthread_mutex_unlock(&sh->lock);
}

/* Create the workers, let them play every game left, and wait for them. 0, or -1. */
static int play_games(Shared *sh, SelfplayProgress cb, void *user, double t0, char *err, size_t errlen) {
    int count = sh->cfg->threads < sh->cfg->games - sh->first ? sh->cfg->threads : sh->cfg->games - sh->first;
    Worker *workers[WORKERS_MAX] = {0};
    int created = 0, started = 0;
    while (created < count && (workers[created] = worker_create(sh, err, errlen)) != NULL) created++;
    if (created == count)
        while (started < count && !pthread_create(&workers[started]->thread, NULL, worker_main, workers[started]))
            started++;
    if (started) {
        wait_for_games(sh, cb, user, t0);
        for (int i = 0; i < started; i++) pthread_join(workers[i]->thread, NULL);
    } else if (created == count)
        snprintf(err, errlen, "cannot start a worker thread");
    for (int i = 0; i < created; i++) worker_destroy(workers[i]);
    if (sh->failed) snprintf(err, errlen, "%s", sh->err);
    return started && !sh->failed ? 0 : -1;
}

static int check_range(const char *what, long long x, long long lo, long long hi, char *err, size_t errlen) {
    if (x >= lo && x <= hi) return 0;
    snprintf(err, errlen, "%s must be from %lld to %lld, not %lld", what, lo, hi, x);
    return -1;
}

static int check_config(const SelfplayConfig *cfg, char *err, size_t errlen) {
    if (!cfg->out || !*cfg->out) {
        snprintf(err, errlen, "no output file given");
        return -1;
    }
    if (!cfg->depth && check_range("nodes", (long long)cfg->nodes, 1, 2000000000LL, err, errlen)) return -1;
    return check_range("games", cfg->games, 1, 100000000, err, errlen) ||
                   check_range("depth", cfg->depth, 0, MAX_PLY - 1, err, errlen) ||
                   check_range("threads", cfg->threads, 1, WORKERS_MAX, err, errlen) ||
                   check_range("random plies", cfg->random_plies, 0, 200, err, errlen) ||
                   check_range("max plies", cfg->max_plies, 1, SELFPLAY_MAX_PLIES_LIMIT, err, errlen)
               ? -1
               : 0;
}

/* Scan the data file, then open it for appending; a new file gets the header. */
static FILE *open_output(const SelfplayConfig *cfg, const Variant *v, SelfplayFileState *st, char *err, size_t errlen) {
    if (selfplay_file_scan(cfg->out, v, st, err, errlen)) return NULL;
    FILE *f = fopen(cfg->out, "a");
    if (!f) {
        snprintf(err, errlen, "cannot write '%s': %s", cfg->out, strerror(errno));
        return NULL;
    }
    if (!st->has_header) {
        char budget[32];
        if (cfg->depth)
            snprintf(budget, sizeof budget, "depth=%d", cfg->depth);
        else
            snprintf(budget, sizeof budget, "nodes=%llu", (unsigned long long)cfg->nodes);
        fprintf(f, "# shishi selfplay variant=%s %s seed=%llu\n", v->name, budget, (unsigned long long)cfg->seed);
        if (fflush(f)) {
            snprintf(err, errlen, "cannot write '%s': %s", cfg->out, strerror(errno));
            fclose(f);
            return NULL;
        }
    }
    return f;
}

/* Play the games [sh->first, games) with the file open; 0, or -1 with a message. */
static int run_open(Shared *sh, SelfplayProgress cb, void *user, double t0, char *err, size_t errlen) {
    int total = sh->cfg->games;
    if (cb) cb(user, sh->first, total, sh->positions, now_seconds() - t0);
    if (sh->first >= total) return 0;
    sh->queue = calloc((size_t)(total - sh->first), sizeof *sh->queue);
    if (!sh->queue) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&sh->wake, &attr);
    pthread_condattr_destroy(&attr);
    pthread_mutex_init(&sh->lock, NULL);
    int rc = play_games(sh, cb, user, t0, err, errlen);
    if (cb) cb(user, sh->next_write, total, sh->positions, now_seconds() - t0);
    for (int i = 0; i < total - sh->first; i++) free(sh->queue[i].text);
    free(sh->queue);
    pthread_mutex_destroy(&sh->lock);
    pthread_cond_destroy(&sh->wake);
    return rc;
}

int selfplay_run(const SelfplayConfig *cfg, SelfplayProgress cb, void *user, char *err, size_t errlen) {
    double t0 = now_seconds();
    const Variant *v = variant_find(cfg->variant);
    if (!v) {
        snprintf(err, errlen, "unknown variant '%s'", cfg->variant ? cfg->variant : "");
        return -1;
    }
    if (check_config(cfg, err, errlen)) return -1;
    SelfplayOpenings openings = {0};
    if (cfg->openings && selfplay_openings_load(&openings, cfg->openings, v, err, errlen)) return -1;
    SelfplayFileState st;
    FILE *out = open_output(cfg, v, &st, err, errlen);
    int rc = -1;
    if (out) {
        Shared sh = {.cfg = cfg, .v = v, .openings = cfg->openings ? &openings : NULL, .out = out};
        sh.first = sh.next_game = sh.next_write = st.games;
        sh.positions = st.positions;
        rc = run_open(&sh, cb, user, t0, err, errlen);
        if (fclose(out) && !rc) {
            snprintf(err, errlen, "cannot write '%s': %s", cfg->out, strerror(errno));
            rc = -1;
        }
    }
    selfplay_openings_free(&openings);
    return rc;
}
