/* engine.c - the EngineContext: game state, options, TT and the search thread.
 * WHY a search thread: the protocol's input loop must stay free to answer isready, ping and
 * stop while a search runs (shared/rules/protocols.md). */
#include "engine.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../src/movegen.h"
#include "mate/mate.h"
#include "options.h"
#include "search.h"
#include "solved.h"
#include "timeman.h"

enum { THREADS_MAX = ENGINE_THREADS_MAX, MATE_STACK = 64 << 20 };

struct EngineContext {
    const Variant *variant;
    Rules rules;
    Position *pos;
    TT tt;
    int hash_mb, threads, multipv;
    bool ponder;
    SearchShared shared;
    pthread_t thread;
    bool running; /* a search thread exists and has not been joined */
    Position *search_root;
    /* one per search thread, kept across `go` commands so histories carry over in a game */
    SearchWorker *workers[THREADS_MAX];
    int worker_count;
    SolvedSlot solved; /* the current game's solved table, loaded at the first `go` */
    bool no_solved;    /* option SolvedTables false: always search (bench) */
};

const Variant *engine_variant(const EngineContext *e) { return e->variant; }
const Position *engine_position(const EngineContext *e) { return e->pos; }
bool engine_searching(const EngineContext *e) { return e->running; }

EngineContext *engine_create(void) {
    EngineContext *e = calloc(1, sizeof *e);
    e->pos = malloc(sizeof *e->pos);
    e->search_root = malloc(sizeof *e->search_root);
    e->hash_mb = engine_options[EOPT_HASH].def;
    e->threads = engine_options[EOPT_THREADS].def;
    e->multipv = engine_options[EOPT_MULTIPV].def;
    e->ponder = engine_options[EOPT_PONDER].def;
    e->no_solved = !engine_options[EOPT_SOLVED].def;
    tt_resize(&e->tt, (size_t)e->hash_mb);
    char err[256];
    engine_set_variant(e, variant_list()[0], err, sizeof err);
    return e;
}

void engine_destroy(EngineContext *e) {
    if (!e) return;
    engine_stop(e);
    engine_wait(e);
    tt_free(&e->tt);
    solved_slot_free(&e->solved);
    for (int i = 0; i < e->worker_count; i++) search_worker_free(e->workers[i]);
    free(e->pos);
    free(e->search_root);
    free(e);
}

int engine_set_variant(EngineContext *e, const Variant *v, char *err, size_t errlen) {
    engine_stop(e);
    engine_wait(e);
    Rules rules = v->defaults;
    if (pos_set_sfen(e->pos, v, &rules, v->start, err, errlen)) return -1;
    e->variant = v;
    e->rules = rules;
    tt_clear(&e->tt);
    for (int i = 0; i < e->worker_count; i++) search_worker_new_game(e->workers[i], v);
    return 0;
}

static int set_hash(EngineContext *e, int mb, char *err, size_t errlen) {
    engine_stop(e);
    engine_wait(e);
    if (tt_resize(&e->tt, (size_t)mb)) {
        snprintf(err, errlen, "not enough memory for a %d MB hash table", mb);
        return -1;
    }
    e->hash_mb = mb;
    return 0;
}

/* Apply one row of the engine option table (options.h) to the context. */
static int set_table_option(EngineContext *e, const EngineOption *o, const char *name, const char *value, char *err,
                            size_t errlen) {
    if (o->id == EOPT_VARIANT) {
        const Variant *v = variant_find(value);
        if (!v) {
            snprintf(err, errlen, "unknown variant '%s'", value);
            return -1;
        }
        return v == e->variant ? 0 : engine_set_variant(e, v, err, errlen);
    }
    int x;
    if (engine_option_parse(o, name, value, &x, err, errlen)) return -1;
    switch (o->id) {
    case EOPT_HASH: return set_hash(e, x, err, errlen);
    case EOPT_PONDER: e->ponder = x; break;
    case EOPT_MULTIPV: e->multipv = x; break;
    case EOPT_THREADS: e->threads = x; break;
    case EOPT_SOLVED: e->no_solved = !x; break;
    default: break;
    }
    return 0;
}

int engine_set_option(EngineContext *e, const char *name, const char *value, char *err, size_t errlen) {
    const EngineOption *o = engine_option_find(name);
    if (o) return set_table_option(e, o, name, value, err, errlen);
    /* A rule switch of the current game: applies to the current and later positions. */
    Rules r = e->rules;
    if (rules_set_option(e->variant, &r, name, value, err, errlen)) return -1;
    e->rules = r;
    e->pos->rules = r;
    return 0;
}

int engine_set_position(EngineContext *e, const char *spec, char *err, size_t errlen) {
    engine_stop(e);
    engine_wait(e);
    return position_parse_spec(e->pos, e->variant, &e->rules, spec, err, errlen);
}

int engine_play_move(EngineContext *e, const char *text, Notation n, Move *played, char *err, size_t errlen) {
    engine_stop(e);
    engine_wait(e);
    if (e->pos->sp >= HISTORY_MAX - MAX_PLY - 2) {
        snprintf(err, errlen, "game too long");
        return -1;
    }
    Move m;
    if (move_parse(e->pos, text, n, &m, err, errlen)) return -1;
    pos_do_move(e->pos, m);
    if (played) *played = m;
    return 0;
}

void engine_play(EngineContext *e, Move m) {
    engine_wait(e);
    if (e->pos->sp < HISTORY_MAX - MAX_PLY - 2) pos_do_move(e->pos, m);
}

int engine_undo(EngineContext *e, int plies) {
    engine_stop(e);
    engine_wait(e);
    int n = 0;
    while (n < plies && e->pos->sp > 0) {
        pos_undo_move(e->pos);
        n++;
    }
    return n;
}

void engine_new_game(EngineContext *e) {
    engine_stop(e);
    engine_wait(e);
    tt_clear(&e->tt);
    for (int i = 0; i < e->worker_count; i++) search_worker_new_game(e->workers[i], e->variant);
}

/* Make sure `threads` workers exist; returns how many there are (fewer when memory is short). */
static int ensure_workers(EngineContext *e, int threads) {
    while (e->worker_count < threads) {
        SearchWorker *w = search_worker_new(e->variant);
        if (!w) break;
        e->workers[e->worker_count++] = w;
    }
    return e->worker_count < threads ? e->worker_count : threads;
}

static void mate_progress(void *user, const MateProgress *p) {
    SearchShared *sh = user;
    atomic_store(&sh->nodes, p->nodes);
    if (sh->reporter.on_mate_progress)
        sh->reporter.on_mate_progress(sh->reporter.user, p->nodes, p->time_ms, p->hashfull);
}

/* `go mate`: the tsume solver instead of the game search; the answer goes to on_mate. The
 * solver's own table takes the Hash size (allocated for the run, freed after it). */
static void mate_run(EngineContext *e) {
    SearchShared *sh = &e->shared;
    MateControl c = {
        .stop = &sh->stop, .deadline_ms = -1, .hash_mb = e->hash_mb, .user = sh, .on_progress = mate_progress};
    c.max_plies = sh->limits.mate_plies;
    if (sh->limits.mate > 0) c.deadline_ms = atomic_load(&sh->start_ms) + sh->limits.mate;
    Move *line = malloc(MATE_LINE_MAX * sizeof *line);
    int length = 0;
    MateStatus s = line ? mate_search(e->search_root, &c, line, MATE_LINE_MAX, &length) : MATE_TIMEOUT;
    atomic_store(&sh->nodes, c.nodes);
    if (sh->reporter.on_mate) sh->reporter.on_mate(sh->reporter.user, s, line, length, e->search_root);
    free(line);
}

enum { MATE_PROBE_HASH_MB = 32 };

/* Infinite analysis with limits.mate_probe: the tsume solver first, for that long (or until
 * stopped). A forced mate goes out as an exact info line (score VALUE_MATE - plies, the line
 * as its PV). Returns whether one was found. WHY its own small table: the probe runs again at
 * every position change of an analysis, and the game search keeps its table meanwhile. */
static bool mate_probe(EngineContext *e) {
    SearchShared *sh = &e->shared;
    int64_t start = atomic_load(&sh->start_ms);
    MateControl c = {.stop = &sh->stop,
                     .deadline_ms = start + sh->limits.mate_probe,
                     .hash_mb = e->hash_mb < MATE_PROBE_HASH_MB ? e->hash_mb : MATE_PROBE_HASH_MB};
    Move *line = malloc(MATE_LINE_MAX * sizeof *line);
    int length = 0;
    MateStatus s = line ? mate_search(e->search_root, &c, line, MATE_LINE_MAX, &length) : MATE_TIMEOUT;
    bool found = s == MATE_FOUND && length > 0 && !atomic_load(&sh->stop);
    if (found && sh->reporter.on_info) {
        int plies = length < VALUE_MATE - VALUE_MATE_IN_MAX ? length : VALUE_MATE - VALUE_MATE_IN_MAX;
        SearchInfo info = {.depth = length,
                           .seldepth = length,
                           .multipv = 1,
                           .score = (Value)(VALUE_MATE - plies),
                           .bound = BOUND_EXACT,
                           .nodes = c.nodes,
                           .time_ms = now_ms() - start,
                           .pv_length = length,
                           .pv = line,
                           .root = e->search_root};
        sh->reporter.on_info(sh->reporter.user, &info);
    }
    free(line);
    return found;
}

static void *search_thread_main(void *arg) {
    EngineContext *e = arg;
    const SearchLimits *l = &e->shared.limits;
    if (l->mate)
        mate_run(e);
    else if (!(l->mate_probe > 0 && l->infinite && !l->exclude_count && mate_probe(e)))
        search_run(&e->shared, e->search_root, e->workers);
    return NULL;
}

void engine_go(EngineContext *e, const SearchLimits *limits, const Reporter *reporter) {
    engine_stop(e);
    engine_wait(e);
    SearchShared *sh = &e->shared;
    sh->tt = &e->tt;
    sh->limits = *limits;
    sh->reporter = *reporter;
    sh->threads = ensure_workers(e, e->threads);
    sh->multipv = limits->multipv > 0 ? limits->multipv : e->multipv;
    atomic_store(&sh->stop, false);
    atomic_store(&sh->pondering, limits->ponder);
    atomic_store(&sh->start_ms, now_ms());
    atomic_store(&sh->nodes, 0);
    atomic_store(&sh->depth, 0);
    TimeBudget b = tm_budget(limits, e->pos->stm);
    atomic_store(&sh->soft_ms, b.soft_ms);
    atomic_store(&sh->hard_ms, b.hard_ms);
    tt_new_search(&e->tt);
    pos_copy(e->search_root, e->pos);
    sh->solved = e->no_solved ? NULL : solved_slot_get(&e->solved, e->variant, &e->rules, reporter);
    if (sh->solved && solved_answer(sh->solved, e->search_root, limits, sh->multipv, reporter)) return;
    if (sh->threads == 0 && !limits->mate) {
        /* no memory for even one worker: answer with the first legal move rather than crash */
        BestMove bm = {.kind = BEST_RESIGN, .root = e->search_root, .score = -VALUE_MATE};
        MoveList l;
        movegen_legal(e->search_root, &l);
        if (l.size) {
            bm.kind = BEST_MOVE;
            bm.best = l.moves[0];
            bm.score = 0;
        }
        if (reporter->on_bestmove) reporter->on_bestmove(reporter->user, &bm);
        return;
    }
    /* WHY a stack size only for `go mate`: the df-pn solver (engine/mate/) recurses once per
     * ply of the current path, which in long problems reaches thousands of plies. */
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    if (limits->mate) pthread_attr_setstacksize(&attr, MATE_STACK);
    e->running = pthread_create(&e->thread, &attr, search_thread_main, e) == 0;
    pthread_attr_destroy(&attr);
    if (!e->running) search_thread_main(e); /* no thread: search in the caller */
}

void engine_stop(EngineContext *e) {
    if (e->running) atomic_store(&e->shared.stop, true);
}

void engine_ponderhit(EngineContext *e) {
    if (!e->running) return;
    SearchShared *sh = &e->shared;
    SearchLimits l = sh->limits;
    l.ponder = false;
    TimeBudget b = tm_budget(&l, e->search_root->stm);
    atomic_store(&sh->start_ms, now_ms());
    atomic_store(&sh->soft_ms, b.soft_ms);
    atomic_store(&sh->hard_ms, b.hard_ms);
    atomic_store(&sh->pondering, false);
}

void engine_wait(EngineContext *e) {
    if (!e->running) return;
    pthread_join(e->thread, NULL);
    e->running = false;
}

void engine_progress(const EngineContext *e, uint64_t *nodes, int64_t *time_ms, int *depth) {
    const SearchShared *sh = &e->shared;
    *nodes = atomic_load(&sh->nodes);
    *time_ms = e->running ? now_ms() - atomic_load(&sh->start_ms) : 0;
    *depth = atomic_load(&sh->depth);
}
