/* engine.c - the EngineContext: game state, options, TT and the search thread.
 * WHY a search thread: the protocol's input loop must stay free to answer isready, ping and
 * stop while a search runs (shared/rules/protocols.md). */
#include "engine.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../src/bigmem.h"
#include "../src/movegen.h"
#include "mate/mate.h"
#include "options.h"
#include "search.h"
#include "solved.h"
#include "timeman.h"

enum { THREADS_MAX = ENGINE_THREADS_MAX };

#ifdef SHISHI_FUZZ
/* Fuzz builds only (tests/fuzz/, Makefile `fuzz`): the protocol targets run whole sessions
 * in-process thousands of times, so every search is cut short and the tables kept small. The
 * options still accept and report the values given; only what is allocated or searched shrinks. */
enum { FUZZ_NODES = 400, FUZZ_DEPTH = 4, FUZZ_MATE_MS = 5, FUZZ_HASH_MB = 1, FUZZ_THREADS = 2 };
/* WHY a mate table under 128 KB: ASan serves larger blocks with an mmap and an munmap each, and
 * the table was made and freed at every `go mate` (FUZZ_NODES fill a few hundred entries) */
enum { FUZZ_MATE_HASH_KB = 96 };

static int fuzz_min(int a, int b) { return a < b ? a : b; }

static void fuzz_cap(SearchLimits *l) {
    if (!l->nodes || l->nodes > FUZZ_NODES) l->nodes = FUZZ_NODES;
    if (!l->depth || l->depth > FUZZ_DEPTH) l->depth = FUZZ_DEPTH;
    if (l->mate) l->mate = l->mate > 0 ? fuzz_min(l->mate, FUZZ_MATE_MS) : FUZZ_MATE_MS;
    if (l->mate_probe > 0) l->mate_probe = fuzz_min(l->mate_probe, FUZZ_MATE_MS);
}
#define FUZZ_HASH(mb)       fuzz_min(mb, FUZZ_HASH_MB)
#define FUZZ_THREADS_CAP(n) fuzz_min(n, FUZZ_THREADS)
#define FUZZ_MATE_KB(kb)    ((void)(kb), (size_t)FUZZ_MATE_HASH_KB)
/* WHY: the first proof's restarts (engine/mate/parallel.c) begin at 1M nodes, far above
 * FUZZ_NODES; from 16 they run in the fuzz build too, where a `go mate` is mostly stopped by
 * the session's next command after 32 or 64 nodes (mate/dfpn.c TICK_MASK) */
#define FUZZ_MATE_RESTART 16
#else
#define FUZZ_HASH(mb)       (mb)
#define FUZZ_THREADS_CAP(n) (n)
#define FUZZ_MATE_KB(kb)    (kb)
#define FUZZ_MATE_RESTART   0 /* MATE_RESTART_NODES */
#endif

struct EngineContext {
    const Variant *variant;
    Rules rules;
    Position *pos;
    TT tt;
    int hash_mb, threads, multipv;
    bool ponder;
    /* The options the search thread reads (`go mate`, the analysis mate probe), copied at
     * engine_go. WHY: `setoption` may come while a search runs (a GUI should not send it,
     * but one may), and the fields above are the protocol thread's (a data race found by
     * scripts/protocol-stress.py under TSan, session 23). */
    struct {
        int threads, hash_mb;
        bool mate_exact;
    } go;
    SearchShared shared;
    bool running; /* worker 0's thread runs a search that has not been joined */
    Position *search_root;
    /* one per search thread, kept across `go` commands so histories carry over in a game */
    SearchWorker *workers[THREADS_MAX];
    int worker_count;
    SolvedSlot solved; /* the current game's solved table, loaded at isready or the first `go` */
    bool no_solved;    /* option SolvedTables false: always search (bench) */
    /* Options the engine only keeps for the layers above it (the book rows): values by id */
    int kept[EOPT_COUNT];
    unsigned sets[EOPT_COUNT]; /* how often each row was set (a seed set again restarts) */
    char book_file[ENGINE_OPTION_TEXT_MAX];
#ifdef SHISHI_FUZZ
    Reporter fuzz_reporter; /* the protocol's reporter, behind the checking one */
    bool fuzz_new_game;     /* the workers owe a new game (done before the next search) */
#endif
};

#ifdef SHISHI_FUZZ
/* Fuzz builds check every move the engine reports before the protocol sees it: the best move
 * and the ponder move after it, each PV and each mate line must be legal move by move from the
 * root. A broken rule aborts (the fuzzer keeps the input). */
static void fuzz_check_line(const Position *root, const Move *line, int length, const char *what) {
    Position *p = malloc(sizeof *p);
    if (!p) return;
    pos_copy(p, root);
    for (int i = 0; i < length && p->sp < HISTORY_MAX - 1; i++) {
        if (!movegen_is_legal(p, line[i])) {
            char sfen[2048];
            pos_to_sfen(p, sfen, sizeof sfen);
            char rootsfen[2048];
            pos_to_sfen(root, rootsfen, sizeof rootsfen);
            fprintf(stderr, "fuzz: %s move %d (%08x) is not legal in %s (root %s, move 1 %08x)\n", what, i + 1,
                    (unsigned)line[i], sfen, rootsfen, (unsigned)line[0]);
            abort();
        }
        pos_do_move(p, line[i]);
    }
    free(p);
}

static void fuzz_on_info(void *user, const SearchInfo *in) {
    EngineContext *e = user;
    fuzz_check_line(in->root, in->pv, in->pv_length, "PV");
    e->fuzz_reporter.on_info(e->fuzz_reporter.user, in);
}

static void fuzz_on_bestmove(void *user, const BestMove *bm) {
    EngineContext *e = user;
    if (bm->kind == BEST_MOVE) {
        Move line[2] = {bm->best, bm->ponder};
        fuzz_check_line(bm->root, line, bm->ponder ? 2 : 1, "best/ponder");
    }
    e->fuzz_reporter.on_bestmove(e->fuzz_reporter.user, bm);
}

static void fuzz_on_mate(void *user, MateStatus status, const Move *line, int length, const Position *root) {
    EngineContext *e = user;
    if (status == MATE_FOUND) fuzz_check_line(root, line, length, "mate line");
    e->fuzz_reporter.on_mate(e->fuzz_reporter.user, status, line, length, root);
}

static void fuzz_on_string(void *user, const char *text) {
    EngineContext *e = user;
    e->fuzz_reporter.on_string(e->fuzz_reporter.user, text);
}

static void fuzz_on_mate_progress(void *user, uint64_t nodes, int64_t time_ms, int hashfull) {
    EngineContext *e = user;
    e->fuzz_reporter.on_mate_progress(e->fuzz_reporter.user, nodes, time_ms, hashfull);
}

/* The reporter the search gets: the checking callbacks, for those the protocol set. */
static Reporter fuzz_wrap(EngineContext *e, const Reporter *r) {
    e->fuzz_reporter = *r;
    return (Reporter){.user = e,
                      .on_info = r->on_info ? fuzz_on_info : NULL,
                      .on_bestmove = r->on_bestmove ? fuzz_on_bestmove : NULL,
                      .on_mate = r->on_mate ? fuzz_on_mate : NULL,
                      .on_string = r->on_string ? fuzz_on_string : NULL,
                      .on_mate_progress = r->on_mate_progress ? fuzz_on_mate_progress : NULL};
}
#endif

#ifdef SHISHI_FUZZ
/* Fuzz builds run thousands of sessions in one process, each with an engine of its own. Making
 * and clearing search workers dominated a session (chu's continuation history is 33 MB a
 * thread: page faults and memset at every game switch), so here a destroyed engine leaves its
 * workers to the next one, and a new game only marks them: they are reset once, before the
 * next search. Each search therefore starts from the same state as with fresh workers. */
static SearchWorker *fuzz_pool[THREADS_MAX];
static int fuzz_pool_count;
static pthread_mutex_t fuzz_pool_lock = PTHREAD_MUTEX_INITIALIZER;
/* The same for the hash table (FUZZ_HASH_MB): mapping, faulting in (tt_touch) and unmapping it
 * in every session was most of a session's time under ASan (every unmap flushes the TLB of
 * each CPU). A table taken from the pool is wiped, so each session starts from an empty one. */
static TT fuzz_tt;
static bool fuzz_tt_kept;

static void fuzz_tt_take(TT *tt, int mb) {
    pthread_mutex_lock(&fuzz_pool_lock);
    bool kept = fuzz_tt_kept && tt_bytes(&fuzz_tt) / (1024 * 1024) == (size_t)mb;
    if (kept) {
        *tt = fuzz_tt;
        fuzz_tt_kept = false;
    }
    pthread_mutex_unlock(&fuzz_pool_lock);
    if (!kept) {
        tt_resize(tt, (size_t)mb);
        return;
    }
    tt_wipe(tt);
}

static void fuzz_tt_give(TT *tt) {
    pthread_mutex_lock(&fuzz_pool_lock);
    bool keep = !fuzz_tt_kept && tt->clusters;
    if (keep) {
        fuzz_tt = *tt;
        fuzz_tt_kept = true;
        *tt = (TT){0};
    }
    pthread_mutex_unlock(&fuzz_pool_lock);
    if (!keep) tt_free(tt);
}
#endif

/* A new game for every search worker (history and caches forgotten). */
static void workers_new_game(EngineContext *e) {
#ifdef SHISHI_FUZZ
    e->fuzz_new_game = true;
#else
    for (int i = 0; i < e->worker_count; i++) search_worker_new_game(e->workers[i], e->variant);
#endif
}

const Variant *engine_variant(const EngineContext *e) { return e->variant; }
const Position *engine_position(const EngineContext *e) { return e->pos; }
bool engine_searching(const EngineContext *e) { return e->running; }

EngineContext *engine_create(void) {
    EngineContext *e = calloc(1, sizeof *e);
    e->pos = malloc(sizeof *e->pos);
    e->search_root = malloc(sizeof *e->search_root);
    e->hash_mb = FUZZ_HASH(engine_options[EOPT_HASH].def);
    e->threads = FUZZ_THREADS_CAP(engine_options[EOPT_THREADS].def);
    e->multipv = engine_options[EOPT_MULTIPV].def;
    e->ponder = engine_options[EOPT_PONDER].def;
    e->no_solved = !engine_options[EOPT_SOLVED].def;
    for (int i = 0; i < EOPT_COUNT; i++) e->kept[i] = engine_options[i].def;
#ifdef SHISHI_FUZZ
    fuzz_tt_take(&e->tt, e->hash_mb);
#else
    tt_resize(&e->tt, (size_t)e->hash_mb);
#endif
    char err[256];
    engine_set_variant(e, variant_list()[0], err, sizeof err);
    return e;
}

void engine_destroy(EngineContext *e) {
    if (!e) return;
    engine_stop(e);
    engine_wait(e);
    solved_slot_free(&e->solved);
#ifdef SHISHI_FUZZ
    fuzz_tt_give(&e->tt);
    pthread_mutex_lock(&fuzz_pool_lock);
    for (int i = 0; i < e->worker_count; i++)
        if (fuzz_pool_count < THREADS_MAX)
            fuzz_pool[fuzz_pool_count++] = e->workers[i];
        else
            search_worker_free(e->workers[i]);
    pthread_mutex_unlock(&fuzz_pool_lock);
#else
    tt_free(&e->tt);
    for (int i = 0; i < e->worker_count; i++) search_worker_free(e->workers[i]);
#endif
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
    workers_new_game(e);
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
    if (o->type == EOPT_STRING) {
        if (strlen(value) >= sizeof e->book_file) {
            snprintf(err, errlen, "%s: value too long", name);
            return -1;
        }
        /* WHY "<empty>": USI GUIs cannot send an empty string, YaneuraOu's convention */
        snprintf(e->book_file, sizeof e->book_file, "%s", strcmp(value, "<empty>") ? value : "");
        return 0;
    }
    int x;
    if (engine_option_parse(o, name, value, &x, err, errlen)) return -1;
    switch (o->id) {
    case EOPT_HASH: return set_hash(e, FUZZ_HASH(x), err, errlen);
    case EOPT_PONDER: e->ponder = x; break;
    case EOPT_MULTIPV: e->multipv = x; break;
    case EOPT_THREADS: e->threads = FUZZ_THREADS_CAP(x); break;
    case EOPT_SOLVED: e->no_solved = !x; break;
    default: e->kept[o->id] = x; break;
    }
    return 0;
}

int engine_option_int(const EngineContext *e, EngineOptionId id) {
    switch (id) {
    case EOPT_HASH: return e->hash_mb;
    case EOPT_PONDER: return e->ponder;
    case EOPT_MULTIPV: return e->multipv;
    case EOPT_THREADS: return e->threads;
    case EOPT_SOLVED: return !e->no_solved;
    default: return id >= 0 && id < EOPT_COUNT ? e->kept[id] : 0;
    }
}

unsigned engine_option_sets(const EngineContext *e, EngineOptionId id) {
    return id >= 0 && id < EOPT_COUNT ? e->sets[id] : 0;
}

const char *engine_option_string(const EngineContext *e, EngineOptionId id) {
    return id == EOPT_BOOK_FILE ? e->book_file : "";
}

int engine_set_option(EngineContext *e, const char *name, const char *value, char *err, size_t errlen) {
    const EngineOption *o = engine_option_find(name);
    if (o) {
        if (set_table_option(e, o, name, value, err, errlen)) return -1;
        e->sets[o->id]++;
        return 0;
    }
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

/* WHY it reads the game and rules while a search may run: only the protocol's thread writes
 * them, and only between searches. */
int engine_check_position(const EngineContext *e, const char *spec, char *err, size_t errlen) {
    return position_parse_spec(NULL, e->variant, &e->rules, spec, err, errlen);
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
    workers_new_game(e);
}

/* Make sure `threads` workers exist; returns how many there are (fewer when memory is short). */
static int ensure_workers(EngineContext *e, int threads) {
#ifdef SHISHI_FUZZ
    if (e->fuzz_new_game)
        for (int i = 0; i < e->worker_count; i++) search_worker_new_game(e->workers[i], e->variant);
    e->fuzz_new_game = false;
    pthread_mutex_lock(&fuzz_pool_lock);
    while (e->worker_count < threads && fuzz_pool_count > 0) {
        SearchWorker *w = fuzz_pool[--fuzz_pool_count];
        search_worker_new_game(w, e->variant);
        e->workers[e->worker_count++] = w;
    }
    pthread_mutex_unlock(&fuzz_pool_lock);
#endif
    while (e->worker_count < threads) {
        SearchWorker *w = search_worker_new(e->variant);
        if (!w) break;
        e->workers[e->worker_count++] = w;
    }
    return e->worker_count < threads ? e->worker_count : threads;
}

/* The game search's table, made again after `go mate` gave it back (engine_go). */
static void ensure_tt(EngineContext *e) {
    if (!e->tt.clusters) tt_resize(&e->tt, (size_t)e->hash_mb);
}

size_t engine_hash_bytes(const EngineContext *e) { return tt_bytes(&e->tt); }

void engine_prepare(EngineContext *e, const Reporter *reporter) {
    if (engine_searching(e)) return;
    if (!e->no_solved) solved_slot_get(&e->solved, e->variant, &e->rules, reporter);
    /* WHY: made at the first `go`, chu's workers faulted in their history tables (33 MB each)
     * inside the first move's time: 130 ms of a 100 ms byoyomi, a time forfeit in a match. */
    ensure_workers(e, e->threads);
    ensure_tt(e);
    tt_touch(&e->tt);
}

static void mate_progress(void *user, const MateProgress *p) {
    SearchShared *sh = user;
    atomic_store(&sh->nodes, p->nodes);
    if (sh->reporter.on_mate_progress)
        sh->reporter.on_mate_progress(sh->reporter.user, p->nodes, p->time_ms, p->hashfull);
}

/* A forced mate as an exact info line: score VALUE_MATE - plies, the line as its PV. */
static void report_mate_line(const Reporter *r, const Move *line, int length, uint64_t nodes, int64_t time_ms,
                             const Position *root) {
    if (!r->on_info) return;
    int plies = length < VALUE_MATE - VALUE_MATE_IN_MAX ? length : VALUE_MATE - VALUE_MATE_IN_MAX;
    SearchInfo info = {.depth = length,
                       .seldepth = length,
                       .multipv = 1,
                       .score = (Value)(VALUE_MATE - plies),
                       .bound = BOUND_EXACT,
                       .nodes = nodes,
                       .time_ms = time_ms,
                       .pv_length = length,
                       .pv = line,
                       .root = root,
                       .mate_plies = length};
    r->on_info(r->user, &info);
}

/* The line read from the first proof, shown at once as an info line (score mate, the line as
 * its PV) while the solver looks for a shorter mate. WHY: that search runs to the deadline, or
 * with none (`go mate infinite`) for its node budget, which for Microcosmos is half an hour
 * after the line was ready (docs/mate.md, session 19). */
static void mate_line_found(void *user, const Move *line, int length, uint64_t nodes, const Position *root) {
    SearchShared *sh = user;
    report_mate_line(&sh->reporter, line, length, nodes, now_ms() - atomic_load(&sh->start_ms), root);
    if (sh->reporter.on_string) {
        char text[128];
        snprintf(text, sizeof text, "a mate of %d plies read from the proof; looking for a shorter one", length);
        sh->reporter.on_string(sh->reporter.user, text);
    }
}

/* The solver's figures after `go mate`, as info strings: the table loaded or saved
 * (SHISHI_MATE_LOAD / SAVE), the first proof's nodes and length (the figure docs/mate.md
 * compares versions by), the walk's searches, and why a line is not known to be the shortest. */
static void report_mate_figures(const Reporter *r, const MateControl *c, MateStatus s) {
    if (!r->on_string) return;
    if (c->table_loaded) /* SHISHI_MATE_LOAD (docs/mate.md) */
        r->on_string(r->user, c->table_loaded > 0 ? "the solver's table was loaded"
                                                  : "error: the solver's table was not loaded (another problem, "
                                                    "--hash or build, or an unreadable file)");
    if (c->table_saved) /* SHISHI_MATE_SAVE */
        r->on_string(r->user,
                     c->table_saved > 0 ? "the solver's table was saved" : "error: the solver's table was not saved");
    if (c->first_nodes) {
        char text[192];
        int at = snprintf(text, sizeof text, "first proof after %llu nodes, %d plies",
                          (unsigned long long)c->first_nodes, c->first_len);
        if (c->restarts && at > 0 && (size_t)at < sizeof text)
            snprintf(text + at, sizeof text - (size_t)at, " (%llu restart%s)", (unsigned long long)c->restarts,
                     c->restarts == 1 ? "" : "s");
        r->on_string(r->user, text);
        if (c->walk_cycles || c->walk_forgot || c->walk_searched) {
            snprintf(text, sizeof text,
                     "the walk over the stored proofs met %llu cycles of proofs and %llu proofs that failed on its "
                     "path, and searched them again (%llu solver nodes in all; %llu searches cut short at the cap)",
                     (unsigned long long)c->walk_cycles, (unsigned long long)c->walk_forgot,
                     (unsigned long long)c->walk_searched, (unsigned long long)c->walk_capped);
            r->on_string(r->user, text);
        }
        if (s == MATE_FOUND && !c->shortest) {
            snprintf(text, sizeof text, "shorter mates not ruled out: the shortening stopped at %llu nodes; %s",
                     (unsigned long long)c->nodes,
                     c->bounded ? "the line is the longest defence against the proof's own checks (a mate of at "
                                  "most its length)"
                                : "the line is the first proof's own, where the defence need not be the longest");
            r->on_string(r->user, text);
            if (!c->bounded && c->walk_fault) {
                snprintf(text, sizeof text, "the walk over the stored proofs gave no line after %llu nodes: %s",
                         (unsigned long long)c->walk_nodes, c->walk_fault);
                r->on_string(r->user, text);
            }
        }
        if (s != MATE_FOUND) { /* proven, but no line to show: say so (the answer is a timeout) */
            snprintf(text, sizeof text,
                     "the position is proven mated, but no line was read in time (the walk over "
                     "the stored proofs: %llu nodes, %s)",
                     (unsigned long long)c->walk_nodes, c->walk_fault ? c->walk_fault : "no fault");
            r->on_string(r->user, text);
        }
    }
}

/* `go mate`: the tsume solver instead of the game search; the answer goes to on_mate. The
 * solver's own table takes the Hash size (allocated for the run, freed after it). */
static void mate_run(EngineContext *e) {
    SearchShared *sh = &e->shared;
    MateControl c = {.stop = &sh->stop,
                     .deadline_ms = -1,
                     .hash_kb = FUZZ_MATE_KB((size_t)e->go.hash_mb << 10),
                     .user = sh,
                     .on_progress = mate_progress,
                     .on_line = mate_line_found,
                     .restart_nodes = FUZZ_MATE_RESTART};
    c.threads = e->go.threads; /* the root's searches (engine/mate/parallel.c) */
    c.max_plies = sh->limits.mate_plies;
    if (e->go.mate_exact) c.shorten_nodes = MATE_SHORTEN_ALL;
    c.node_limit = sh->limits.nodes; /* go mate ... nodes N: a reproducible budget */
    if (sh->limits.mate > 0) c.deadline_ms = atomic_load(&sh->start_ms) + sh->limits.mate;
    Move *line = malloc(MATE_LINE_MAX * sizeof *line);
    int length = 0;
    MateStatus s = line ? mate_search(e->search_root, &c, line, MATE_LINE_MAX, &length) : MATE_TIMEOUT;
    atomic_store(&sh->nodes, c.nodes);
    report_mate_figures(&sh->reporter, &c, s);
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
                     .hash_kb = FUZZ_MATE_KB(
                         (size_t)(e->go.hash_mb < MATE_PROBE_HASH_MB ? e->go.hash_mb : MATE_PROBE_HASH_MB) << 10)};
#ifdef SHISHI_FUZZ
    c.node_limit = FUZZ_NODES; /* besides the 5 ms: the same work on every run */
#endif
    Move *line = malloc(MATE_LINE_MAX * sizeof *line);
    int length = 0;
    MateStatus s = line ? mate_search(e->search_root, &c, line, MATE_LINE_MAX, &length) : MATE_TIMEOUT;
    bool found = s == MATE_FOUND && length > 0 && !atomic_load(&sh->stop);
    if (found) report_mate_line(&sh->reporter, line, length, c.nodes, now_ms() - start, e->search_root);
    free(line);
    return found;
}

static void search_thread_main(void *arg) {
    EngineContext *e = arg;
    const SearchLimits *l = &e->shared.limits;
    if (l->mate)
        mate_run(e);
    else if (!(l->mate_probe > 0 && l->infinite && !l->exclude_count && mate_probe(e)))
        search_run(&e->shared, e->search_root, e->workers);
}

void engine_go(EngineContext *e, const SearchLimits *limits, const Reporter *reporter) {
    engine_stop(e);
    engine_wait(e);
#ifdef SHISHI_FUZZ
    SearchLimits capped = *limits;
    fuzz_cap(&capped);
    limits = &capped;
    Reporter checking = fuzz_wrap(e, reporter);
    reporter = &checking;
#endif
    SearchLimits noded;
    uint64_t cap = (uint64_t)engine_option_int(e, EOPT_NODES_LIMIT);
    if (cap && !limits->mate && (!limits->nodes || limits->nodes > cap)) {
        noded = *limits;
        noded.nodes = cap;
        limits = &noded;
    }
    /* WHY: `go mate` makes the solver's own table of Hash MB; a large game table's pages go
     * back for the run (8 GB resident at USI_Hash 4096 otherwise, docs/mate.md session 50), and
     * it comes back empty, as after a new game, at the next `isready` or search. A small one
     * (below BIGMEM_FILL; the fuzz builds') is kept: its memory does not matter. */
    if (!limits->mate)
        ensure_tt(e);
    else if (tt_bytes(&e->tt) >= BIGMEM_FILL)
        tt_free(&e->tt);
    SearchShared *sh = &e->shared;
    sh->tt = &e->tt;
    sh->limits = *limits;
    sh->reporter = *reporter;
    sh->threads = ensure_workers(e, e->threads);
    sh->multipv = limits->multipv > 0 ? limits->multipv : e->multipv;
    e->go.threads = e->threads;
    e->go.hash_mb = e->hash_mb;
    e->go.mate_exact = engine_option_int(e, EOPT_MATE_EXACT) != 0;
    atomic_store(&sh->stop, false);
    atomic_store(&sh->stop_requested, false);
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
    /* the search (or `go mate`) runs on worker 0's own thread, kept between searches */
    e->running = sh->threads > 0 && search_worker_spawn(e->workers[0], search_thread_main, e);
    if (!e->running) search_thread_main(e); /* no thread: search in the caller */
}

void engine_stop(EngineContext *e) {
    if (!e->running) return;
    atomic_store(&e->shared.stop_requested, true);
    atomic_store(&e->shared.stop, true);
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
    search_worker_join(e->workers[0]);
    e->running = false;
}

void engine_progress(const EngineContext *e, uint64_t *nodes, int64_t *time_ms, int *depth) {
    const SearchShared *sh = &e->shared;
    *nodes = atomic_load(&sh->nodes);
    *time_ms = e->running ? now_ms() - atomic_load(&sh->start_ms) : 0;
    *depth = atomic_load(&sh->depth);
}
