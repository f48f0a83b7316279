/* parallel.c - searches of the root on several threads (mate_int.h mate_root_solve): the first
 * proof and each of the shortening's budgets. Every thread runs df-pn from the root on the one
 * shared table, as KomoringHeights' threads do; the helpers look a child up now and then one
 * higher (MateSolver.noise), so they leave the main thread's path where children are
 * near-equal. Whoever resolves the root stops the others. A proof in the table is sound
 * whichever thread stored it (a proof never leans on the path), and the line read from it
 * afterwards (on the main thread alone) is replayed before it is reported. */
#include <pthread.h>
#include <stdlib.h>

#include "mate_int.h"

enum { MATE_THREADS_MAX = 64 };

typedef struct {
    MateSolver ms;
    Position *pos;
    int rem;
    MateResult r;
    pthread_t thread;
    bool started;
    unsigned stripe; /* its counter in the table's use count */
} MateHelper;

static void *helper_main(void *arg) {
    MateHelper *h = arg;
    mtt_thread_stripe(h->stripe);
    dfpn_solve(&h->ms, h->rem, FREE_NONE, &h->r);
    if (!h->ms.aborted) atomic_store(&h->ms.par->stop, true); /* resolved the root: the others stop */
    return NULL;
}

/* A helper beside the main solver: its own position and buffers, the main one's table, game
 * facts and control (read only). WHY the noise periods: distinct primes (for the first eight
 * helpers), so that no two of them perturb the same look-ups; 3 measured best for the first
 * (docs/mate.md, session 12). */
static int helper_init(MateHelper *h, const MateSolver *main, MateShared *par, int index, int rem) {
    static const unsigned noise[] = {3, 5, 7, 11, 13, 17, 19, 23};
    h->pos = malloc(sizeof *h->pos);
    if (!h->pos) return -1;
    pos_copy(h->pos, main->pos);
    MateSolver *ms = &h->ms;
    *ms = (MateSolver){.pos = h->pos,
                       .c = main->c,
                       .tt = main->tt,
                       .par = par,
                       .helper = true,
                       .noise = noise[index % (int)(sizeof noise / sizeof *noise)],
                       .attacker = main->attacker,
                       .dominate = main->dominate,
                       .fast_keys = main->fast_keys,
                       .store_rep = main->store_rep,
                       .start_ms = main->start_ms};
    for (int i = 0; i < PT_MAX; i++) ms->slot_of[i] = main->slot_of[i];
    h->rem = rem;
    h->stripe = (unsigned)index + 1;
    return mate_solver_alloc(ms);
}

/* The search of the root on one thread for the first proof, left and begun again now and then
 * with another perturbation of its look-ups (MateSolver.noise; the table keeps everything).
 * WHY: the first proof's cost is chaotic in the search order (docs/mate.md, sessions 12, 19,
 * 20): a search that commits to the wrong one of near-equal checks near the top may not come
 * back for tens of millions of nodes, where another order proves the root in one or two
 * million. Restarts after MateControl.restart_nodes nodes, then twice as many each time, bound
 * the cost of a bad order; problems proven before the first restart are searched as before,
 * node for node. WHY one thread only: helpers already search in other orders, and restarts of
 * the main thread, the helper or both did not prove the 117-ply row in 60 s more often on two
 * threads (docs/mate.md, sessions 20 and 21). */
static void solve_restarting(MateSolver *ms, int rem, MateResult *out) {
    static const unsigned period[] = {0, 4, 6, 8, 9, 10, 12}; /* the first search unperturbed */
    uint64_t interval = ms->c->restart_nodes ? ms->c->restart_nodes : MATE_RESTART_NODES;
    for (int k = 0;; k++, interval *= 2) {
        ms->noise = period[k % (int)(sizeof period / sizeof *period)];
        uint64_t outer, cap = mate_cap_push(ms, interval, &outer);
        dfpn_solve(ms, rem, FREE_NONE, out);
        if (!mate_cap_pop(ms, cap, outer)) break;
        ms->c->restarts++;
    }
    ms->noise = 0;
}

void mate_root_solve(MateSolver *ms, int rem, MateResult *out, bool restart) {
    int threads = ms->c->threads < MATE_THREADS_MAX ? ms->c->threads : MATE_THREADS_MAX;
    MateHelper *helpers = threads > 1 && mtt_share(ms->tt) == 0 ? calloc((size_t)threads - 1, sizeof *helpers) : NULL;
    if (!helpers) {
        if (restart)
            solve_restarting(ms, rem, out);
        else
            dfpn_solve(ms, rem, FREE_NONE, out);
        return;
    }
    MateShared par;
    atomic_init(&par.stop, false);
    atomic_init(&par.nodes, 0);
    for (int i = 0; i < threads - 1; i++)
        if (helper_init(&helpers[i], ms, &par, i, rem) == 0)
            helpers[i].started = pthread_create(&helpers[i].thread, NULL, helper_main, &helpers[i]) == 0;
    ms->par = &par;
    dfpn_solve(ms, rem, FREE_NONE, out);
    atomic_store(&par.stop, true);
    for (int i = 0; i < threads - 1; i++) {
        if (helpers[i].started) pthread_join(helpers[i].thread, NULL);
        mate_solver_release(&helpers[i].ms);
        free(helpers[i].pos);
    }
    free(helpers);
    ms->par = NULL;
    ms->c->nodes += atomic_load(&par.nodes);
    /* stopped by a helper that resolved the root: the answer is in the table */
    if (ms->aborted && dfpn_probe(ms, rem, FREE_NONE, out)) ms->aborted = false;
}
