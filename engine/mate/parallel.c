/* parallel.c - searches of the root on several threads (mate_int.h mate_root_solve).
 *
 * The first proof is a portfolio: the main thread searches exactly as one thread does, in the
 * table the user's memory gives it, and each helper runs a search of its own, with its own
 * perturbations, in a table of its own made of what that table's power-of-two size left of
 * the memory, for a share of nodes (MATE_HELPER_NODES; then the main thread searches alone).
 * Whoever resolves the root stops the others; when a helper does, its table becomes the
 * solver's (the line is read from it). WHY not one shared table: a thread's cost
 * to the first proof is chaotic in the search order, and every other thread's stores (even
 * its proofs alone) change that order; on one shared table two threads missed Microcosmos'
 * 10 minutes in runs where one thread needs 5.5, and needed more nodes than one thread on the
 * whole 117 in most runs (docs/mate.md, session 46). As a portfolio, two threads are one
 * thread's search at the speed a thread keeps beside another, plus another search's chance.
 *
 * The shortening's budgets run on one shared table, as KomoringHeights' threads do: the
 * helpers look a child up now and then one higher (MateSolver.noise), so they leave the main
 * thread's path where children are near-equal. A proof in the table is sound whichever thread
 * stored it (a proof never leans on the path), and the line read from it afterwards (on the
 * main thread alone) is replayed before it is reported. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "mate_int.h"

enum { MATE_THREADS_MAX = 64 };

typedef struct {
    MateSolver ms;
    MateTable own; /* the first proof: the helper's table of its own (mate_root_solve) */
    Position *pos;
    int rem;
    MateResult r;
    pthread_t thread;
    bool started;
    unsigned stripe; /* its counter in the table's use count */
    bool restart;    /* the first proof: restarts on its own nodes (solve_restarting) */
} MateHelper;

/* The search of the root for the first proof on one thread (of one or several), left and begun
 * again now and then with another perturbation of its look-ups (MateSolver.noise; the table
 * keeps everything). WHY: the first proof's cost is chaotic in the search order (docs/mate.md,
 * sessions 12, 19, 20): a search that commits to the wrong one of near-equal checks near the top
 * may not come back for tens of millions of nodes, where another order proves the root in one or
 * two million. Restarts after MateControl.restart_nodes of the thread's own nodes, then twice as
 * many each time, bound the cost of a bad order; problems proven before the first restart are
 * searched as before, node for node. A restart stops only its own thread (MateSolver.restart_at):
 * on several threads each one restarts on its own count, the main thread with one thread's
 * periods, each helper with its own. */
static void solve_restarting(MateSolver *ms, int rem, MateResult *out, const unsigned *period, int periods, int first,
                             uint64_t quit_at) {
    uint64_t interval = ms->c->restart_nodes ? ms->c->restart_nodes : MATE_RESTART_NODES;
    for (int k = 0;; k++, interval *= 2) {
        ms->noise = period[(first + k) % periods];
        ms->restart_at = mate_own_nodes(ms) + interval;
        if (quit_at && ms->restart_at > quit_at) ms->restart_at = quit_at;
        ms->restart_hit = false;
        dfpn_solve(ms, rem, FREE_NONE, out);
        if (!ms->restart_hit) break;
        if (quit_at && mate_own_nodes(ms) >= quit_at) break; /* its share spent: stays aborted, stops no one */
        ms->aborted = false;
        if (ms->helper)
            atomic_fetch_add_explicit(&ms->par->restarts, 1, memory_order_relaxed);
        else
            ms->c->restarts++;
    }
    ms->restart_at = 0;
    ms->restart_hit = false;
    if (!ms->helper) ms->noise = 0;
}

/* The main thread's perturbations, restart by restart: the first search unperturbed. */
static const unsigned main_period[] = {0, 4, 6, 8, 9, 10, 12};
enum { MAIN_PERIODS = (int)(sizeof main_period / sizeof *main_period) };

/* A helper's perturbations (MateSolver.noise), restart by restart: distinct primes, helper i
 * starting at the i-th, so that no two threads perturb the same look-ups at once; 3 measured
 * best for the first helper (docs/mate.md, session 12). */
static const unsigned helper_period[] = {3, 5, 7, 11, 13, 17, 19, 23};
enum { HELPER_PERIODS = (int)(sizeof helper_period / sizeof *helper_period) };

/* One thread's search of the root: with restarts (the first proof), each kind of thread with
 * its periods (helper: helper_index's, for its share of nodes, MATE_HELPER_NODES), else once. */
static void root_search(MateSolver *ms, int rem, MateResult *out, bool restart, int helper_index) {
    if (!restart)
        dfpn_solve(ms, rem, FREE_NONE, out);
    else if (ms->helper)
        solve_restarting(ms, rem, out, helper_period, HELPER_PERIODS, helper_index,
                         ms->c->helper_nodes ? ms->c->helper_nodes : MATE_HELPER_NODES);
    else
        solve_restarting(ms, rem, out, main_period, MAIN_PERIODS, 0, 0);
}

static void *helper_main(void *arg) {
    MateHelper *h = arg;
    mtt_thread_stripe(h->stripe);
    root_search(&h->ms, h->rem, &h->r, h->restart, (int)h->stripe - 1);
    if (!h->ms.aborted) atomic_store(&h->ms.par->stop, true); /* resolved the root: the others stop */
    return NULL;
}

/* A helper beside the main solver: its own position and buffers, the main one's game facts
 * and control (read only), and its table: the main one's, or with own_kb one of its own. */
static int helper_init(MateHelper *h, const MateSolver *main, MateShared *par, int index, int rem, bool restart,
                       size_t own_kb) {
    h->pos = malloc(sizeof *h->pos);
    if (!h->pos) return -1;
    if (own_kb) {
        if (mtt_init(&h->own, own_kb) < 0) return -1;
        h->own.hand_slots = main->tt->hand_slots;
        h->own.hand_run = main->tt->hand_run;
    }
    pos_copy(h->pos, main->pos);
    MateSolver *ms = &h->ms;
    *ms = (MateSolver){.pos = h->pos,
                       .c = main->c,
                       .tt = own_kb ? &h->own : main->tt,
                       .par = par,
                       .helper = true,
                       .noise = helper_period[index % HELPER_PERIODS],
                       .attacker = main->attacker,
                       .dominate = main->dominate,
                       .fast_keys = main->fast_keys,
                       .eager_drops = main->eager_drops,
                       .store_rep = main->store_rep,
                       .start_ms = main->start_ms};
    for (int i = 0; i < PT_MAX; i++) ms->slot_of[i] = main->slot_of[i];
    h->rem = rem;
    h->restart = restart;
    h->stripe = (unsigned)index + 1;
    return mate_solver_alloc(ms);
}

/* A helper's own table for the first proof: what the table's power-of-two size left of the
 * memory the user gave, shared among the helpers (at least 64 KB each: the fuzz builds' mate
 * tables are 96 KB). */
static size_t helper_table_kb(const MateSolver *ms, int helpers) {
    size_t budget = mate_hash_kb(ms->c);
    size_t used = ms->tt->clusters * sizeof(MateCluster) >> 10;
    size_t kb = budget > used ? (budget - used) / (size_t)helpers : 0;
    return kb > 64 ? kb : 64;
}

/* n helpers, zeroed, at the alignment their type asks for. WHY not calloc: a helper holds a
 * MateTable, whose counters have cache lines of their own (_Alignas(64)), and calloc gives 16
 * bytes; a -march=native build on an AVX-512 machine cleared the helper's table with aligned
 * 64-byte stores and faulted whenever a helper's table was taken over (mtt_take; session 48). */
static MateHelper *helpers_alloc(int n) {
    size_t size = (size_t)n * sizeof(MateHelper); /* a multiple of the alignment, as every sizeof */
    MateHelper *h = aligned_alloc(_Alignof(MateHelper), size);
    if (h) memset(h, 0, size);
    return h;
}

void mate_root_solve(MateSolver *ms, int rem, MateResult *out, bool restart) {
    int threads = ms->c->threads < MATE_THREADS_MAX ? ms->c->threads : MATE_THREADS_MAX;
    /* the first proof (restart) is a portfolio of tables; the shortening's budgets share one */
    MateHelper *helpers = threads > 1 && (restart || mtt_share(ms->tt) == 0) ? helpers_alloc(threads - 1) : NULL;
    if (!helpers) {
        root_search(ms, rem, out, restart, 0);
        return;
    }
    MateShared par;
    atomic_init(&par.stop, false);
    atomic_init(&par.nodes, 0);
    atomic_init(&par.restarts, 0);
    for (int i = 0; i < threads - 1; i++)
        if (helper_init(&helpers[i], ms, &par, i, rem, restart, restart ? helper_table_kb(ms, threads - 1) : 0) == 0)
            helpers[i].started = pthread_create(&helpers[i].thread, NULL, helper_main, &helpers[i]) == 0;
    ms->par = &par;
    root_search(ms, rem, out, restart, 0);
    atomic_store(&par.stop, true);
    for (int i = 0; i < threads - 1; i++) {
        MateHelper *h = &helpers[i];
        if (h->started) pthread_join(h->thread, NULL);
        /* a helper of the portfolio resolved the root first: its table is the solver's now */
        if (h->ms.tt == &h->own && h->started && !h->ms.aborted && ms->aborted) mtt_take(ms->tt, &h->own);
        mate_solver_release(&h->ms);
        mtt_free(&h->own); /* none made, or taken over: nothing to free */
        free(h->pos);
    }
    free(helpers);
    ms->par = NULL;
    ms->c->nodes += atomic_load(&par.nodes);
    ms->c->restarts += atomic_load(&par.restarts);
    /* stopped by a helper that resolved the root: the answer is in the table */
    if (ms->aborted && dfpn_probe(ms, rem, FREE_NONE, out)) ms->aborted = false;
}
