/* proofline.c - the line of a proof as the table holds it (mate_int.h): of the unlimited proof,
 * or of a budget the shortening proved; the answer when the shortening has not finished.
 *
 * WHY a minimax over the stored proofs, not a walk that follows each node's stored length:
 * a stored length is an upper bound found under some attacker strategy, often an old one, so a
 * defender that picks the reply of the longest stored length can walk into a much shorter mate
 * (the 117-ply row's 47-ply tail came out as a 39-ply line: the defence was not the longest).
 * Here every node's value is computed from the proofs themselves: an attacker node takes its
 * proven check of the fewest plies, a defender node its longest reply, so the line is the
 * defender's longest resistance to one fixed strategy of the table and its length is a true
 * bound on the mate ("the fewest moves the proof allows").
 *
 * Futile interpositions are not a defence, and a node with nothing but futile drops is mated.
 * Under a budget a drop is futile as the depth-limited search decides it (its futility test,
 * MF_VIRT, mated within the defender's budget). The unlimited proof has no budgets and no
 * futility tests, so there a drop is futile when taking the dropped piece, the piece handed
 * back to the defender as in the futility test, leaves a mate no longer than the defender's
 * longest board reply does (the interposition does not lengthen the mate, and the mate does
 * not need the piece): the board replies alone set the bar, so a value never rests on a drop
 * the line skips. */
#include "mate_int.h"

#include <stdlib.h>

#include "../../src/mate1.h"
#include "../search.h"

#ifdef SHISHI_FUZZ
/* Fuzz builds (Makefile FUZZ_CAPPED): the proofs of a capped `go mate` span a few hundred
 * nodes, and under ASan every walk's 24 MB memo cost the poisoning and unpoisoning of its 3 MB
 * of shadow memory and the page faults of both: a seventh of the `xboard` target's time. */
enum { DAG_BITS_FLOOR = 12 };
#else
enum { DAG_BITS_FLOOR = 20 };
#endif

enum {
    DAG_INF = 1 << 20,                   /* not mated by the stored proofs (or on a cycle) */
    DAG_BITS_MIN = DAG_BITS_FLOOR,       /* memo slots: 2^20 (24 MB) at least (fuzz builds 2^12), */
    DAG_BITS_MAX = 24,                   /* 2^24 (384 MB) at most, */
    DAG_TABLE_SHIFT = 3,                 /* else one per 8 entries of the solver's table */
    DAG_WORK_PER_SLOT = 4,               /* nodes walked per memo slot before the walk gives up */
    DAG_LIST_CHUNK = 4,                  /* move lists (16 KB each) allocated together (dag_list) */
    CYCLE_SEARCH_CAP = 10000,            /* solver nodes for the search of a node whose proofs went round a cycle, */
    SEARCH_CAP = 100 * CYCLE_SEARCH_CAP, /* and for any other search of the walk, */
    WALK_CAP_GROWTH = 4,                 /* times those at each walk that the caps left without a line, */
    WALK_SCALE_MAX = 1 << 30             /* up to this factor (a cap of 10^15 nodes: none in effect) */
};

typedef struct {
    uint64_t key;
    int32_t val;   /* plies to the mate, DAG_INF: not mated by the stored proofs */
    Move best;     /* attacker: the check; defender: the reply the line plays (MOVE_NONE: none) */
    int16_t depth; /* while on the walk's path: its depth, else -1 */
    bool cyclic;   /* its value leaned on a cycle back to a node above it: valid on that path only */
} DagSlot;

typedef struct Forgot {
    uint64_t key;
    MateHand hand;
    MateResult r;
} Forgot;

typedef struct {
    MateSolver *ms;
    DagSlot *slot;
    size_t slot_mask;  /* slots - 1 */
    uint64_t work_max; /* nodes walked before the walk gives up */
    MoveList **lists;  /* one per depth, in chunks of DAG_LIST_CHUNK made as the walk gets there */
    int root_sp;       /* the walk's root: its path is pos->states from here */
    int depth_max;
    uint64_t work;
    int low;               /* the shallowest path node a cycle reached in the current subtree */
    uint64_t cycle_fixes;  /* proofs forgotten and searched again (forget_cycle) */
    uint64_t forgotten;    /* proofs of nodes the walk found failing, forgotten (forget_failed) */
    bool reps_cleared;     /* the table's repetition disproofs are gone (before the first re-search) */
    struct Forgot *forgot; /* what forget_failed took out, to put back if the walk gives no line */
    size_t forgot_cap;
    bool gave_up;
    uint64_t cap, cycle_cap; /* this walk's caps of a search (search_below): any node, a node on a cycle */
    uint64_t capped;         /* searches that the cap cut short */
    const char *why;         /* why it gave up (MateControl.walk_fault) */
} Dag;

static void give_up(Dag *g, const char *why) {
    if (!g->gave_up) g->why = why;
    g->gave_up = true;
}

/* The move list of a depth (NULL, and the walk given up, when memory is short). WHY chunks
 * made on the way down: a list is 16 KB and the walk may go a thousand plies deep, but most
 * walks stay within a few dozen; one block for every depth was 16-64 MB per walk, which
 * under ASan (the fuzz build) was mapped and filled at every `go mate` (docs/reliability.md,
 * session 25). Chunks, not one growing block: a caller keeps its list while it goes deeper. */
static MoveList *dag_list(Dag *g, int depth) {
    MoveList **chunk = &g->lists[depth / DAG_LIST_CHUNK];
    if (!*chunk && !(*chunk = malloc(DAG_LIST_CHUNK * sizeof **chunk))) {
        give_up(g, "no memory");
        return NULL;
    }
    return &(*chunk)[depth % DAG_LIST_CHUNK];
}

static DagSlot *dag_slot(Dag *g, uint64_t key, bool *found) {
    size_t mask = g->slot_mask;
    for (size_t i = key & mask, probes = 0; probes < 64; i = (i + 1) & mask, probes++) {
        if (g->slot[i].key == key) {
            *found = true;
            return &g->slot[i];
        }
        if (!g->slot[i].key) {
            *found = false;
            g->slot[i].key = key;
            return &g->slot[i];
        }
    }
    give_up(g, "its memo is full"); /* around this key */
    return NULL;
}

/* Out of work, out of depth, or told to stop (looked at every 1024 nodes of the walk, as the
 * solver's own tick does: the walk runs after the proof, often close to a deadline). */
static bool dag_stop(Dag *g, int depth) {
    MateSolver *ms = g->ms;
    if ((++g->work & 1023) == 0) {
        const MateControl *c = ms->c;
        if ((c->stop && atomic_load(c->stop)) || (c->deadline_ms >= 0 && now_ms() >= c->deadline_ms))
            ms->aborted = true;
    }
    if (ms->aborted)
        give_up(g, "stopped or out of time");
    else if (depth >= g->depth_max - 1)
        give_up(g, "too deep");
    else if (g->work > g->work_max)
        give_up(g, "out of work");
    return g->gave_up;
}

static int and_value(Dag *g, int depth, int rem);

/* The memo key of the current node under the budget rem and free square fsq. */
static uint64_t dag_key(const Dag *g, int rem, int fsq) {
    uint64_t k = pos_key(g->ms->pos);
    if (rem != REM_NONE) k ^= ((uint64_t)(rem + 1) * 0x9e3779b97f4a7c15ULL) ^ ((uint64_t)(fsq + 3) << 48);
    return k ? k : 1;
}

/* The memo slot of the current node for a walk at depth: NULL when its value is known (in
 * *val: a finished value, or DAG_INF for a node on the path, i.e. a cycle) or the walk stops;
 * else a fresh slot, marked as on the path. WHY values that met a cycle are not kept: a node
 * reached again by another path may well be mated there (graph history interaction). */
static DagSlot *dag_enter(Dag *g, int depth, uint64_t key, int *val, int *low_save) {
    bool found;
    *val = DAG_INF;
    if (dag_stop(g, depth)) return NULL;
    DagSlot *s = dag_slot(g, key, &found);
    if (!s) return NULL;
    if (found && s->depth >= 0) { /* a cycle */
        if (s->depth < g->low) g->low = s->depth;
        return NULL;
    }
    if (found && !s->cyclic) {
        *val = s->val;
        return NULL;
    }
    s->val = DAG_INF;
    s->best = MOVE_NONE;
    s->depth = (int16_t)depth;
    s->cyclic = false;
    *low_save = g->low;
    g->low = 1 << 20;
    return s;
}

static int dag_leave(Dag *g, DagSlot *s, int depth, int low_save, int val, Move best) {
    s->val = val;
    s->best = best;
    s->depth = -1;
    s->cyclic = g->low < depth;
    if (low_save < g->low) g->low = low_save;
    return val;
}

/* Defender to move after the attacker's move, budget rem: mated at once (0), proven by the
 * table (its value), or DAG_INF. */
static int after_check(Dag *g, int depth, int rem) {
    MateSolver *ms = g->ms;
    if (mate_reply_count(ms->pos, ms->scratch) == 0) return 0;
    MateResult r;
    if (!dfpn_probe(ms, rem, FREE_NONE, &r) || r.pn) return DAG_INF;
    return and_value(g, depth, rem);
}

enum { CAND_MAX = 64, CYCLE_FIXES_MAX = 8 };

/* Attacker to move (budget rem, free square fsq): the checks proven within their budgets,
 * fewest stored plies first (at most CAND_MAX; their stored lengths in lens). Futility tests
 * (MF_VIRT) are not moves of a line and are left out. Returns how many. */
static int proven_checks(Dag *g, MoveList *list, int rem, int fsq, Move *cand, int *lens) {
    Position *pos = g->ms->pos;
    mate_gen(g->ms, rem, fsq, list);
    int n = 0;
    for (int i = 0; i < list->size; i++) {
        Move m = list->moves[i];
        if (m & MF_VIRT) continue;
        MateResult r;
        pos_do_move(pos, m);
        bool proven = dfpn_probe(g->ms, mate_child_rem(rem, m), FREE_NONE, &r) && r.pn == 0;
        pos_undo_move(pos);
        if (!proven || (n == CAND_MAX && r.len >= lens[n - 1])) continue;
        int j = n < CAND_MAX ? n++ : n - 1;
        for (; j > 0 && lens[j - 1] > r.len; j--) {
            cand[j] = cand[j - 1];
            lens[j] = lens[j - 1];
        }
        cand[j] = m;
        lens[j] = r.len;
    }
    return n;
}

/* The proofs of the cycle that failed the attacker node at depth (the walk's path from the
 * shallowest node a cycle reached, g->low, down to here, and the nodes the candidates lead
 * to) are forgotten, so that the search that follows proves the node afresh. WHY: stored
 * proofs can lean on each other in a circle. A node proven long ago keeps its entry while the
 * small proofs under it are collected (mtt_collect); a later proof of a sibling then leans on
 * that node, and the walk, following whichever checks are stored as proven, goes round: the
 * 1525-ply Microcosmos' walk failed after 147 nodes on a 4-ply cycle of a rook between 6a and 7a,
 * every node of it "proven". The search that follows counts the walk's path as its own
 * (dfpn_solve_below), so the proof it stores cannot come back to the line. */
static void forget_cycle(Dag *g, int depth, const Move *cand, int n) {
    MateSolver *ms = g->ms;
    Position *pos = ms->pos;
    g->cycle_fixes++;
    for (int i = 0; i < n; i++) {
        pos_do_move(pos, cand[i]);
        dfpn_forget(ms);
        pos_undo_move(pos);
    }
    dfpn_forget(ms);
    int back = depth - g->low;
    for (int i = 0; i < back; i++) {
        pos_undo_move(pos);
        dfpn_forget(ms);
    }
    /* an undone state keeps its move: the path is made again from the history itself */
    for (int i = 0; i < back; i++) pos_do_move(pos, pos->states[pos->sp + 1].move);
}

/* A node the walk found not mated on its path while the table holds a proof of it: the proof
 * is forgotten (the unlimited walk only). WHY: a stored proof is sound for a search that
 * starts at its node, but it may pass through a position the line has already been through
 * (graph history interaction: for the line that is a repetition, and the attacker may not
 * repeat). A search above that trusted it would prove its own node again by the same route,
 * so each failing node of the line is taken out of the table, and the search that follows
 * above must prove it afresh, with the walk's path, or go round it. */
static void forget_failed(Dag *g, int rem) {
    if (rem != REM_NONE || g->gave_up) return;
    MateResult r;
    if (!dfpn_probe(g->ms, rem, FREE_NONE, &r) || r.pn) return;
    if (g->forgotten == g->forgot_cap) {
        size_t cap = g->forgot_cap ? 2 * g->forgot_cap : 256;
        Forgot *f = realloc(g->forgot, cap * sizeof *f);
        if (!f) return; /* then the proof stays: the walk may fail here again, but the table is whole */
        g->forgot = f;
        g->forgot_cap = cap;
    }
    Forgot *f = &g->forgot[g->forgotten++];
    f->key = dfpn_key(g->ms);
    mate_hand_of(g->ms, &f->hand);
    f->r = r;
    mtt_forget_proof(g->ms->tt, f->key, &f->hand);
}

/* The walk gave no line: the proofs forget_failed took out are stored again. WHY: the answer
 * then falls back on the walk along stored lengths (line.c), which needs the table whole. */
static void restore_forgotten(Dag *g) {
    for (size_t i = g->forgotten; i-- > 0;)
        mtt_store(g->ms->tt, g->forgot[i].key, &g->forgot[i].hand, &g->forgot[i].r, 1);
}

/* The node searched again with the walk's path as the search's own; returns whether the cap
 * stopped it unresolved, in which case the node counts as failing on this path. WHY a cap: a
 * node whose stored proofs go round back to the path is mostly not mated on this path
 * (Microcosmos, session 19: 12,162 such searches, nearly all disproven), and such a disproof
 * can take millions of nodes (75 of a walk's 95 seconds); the walk needs only a check that
 * works, and the node above tries its others first. Other searches mostly prove the node
 * again, and get a hundred times the cap, but the few that fail are the costliest of all
 * (session 20: one disproof of 4.07M nodes, 71% of a walk's searching, against at most 0.5M
 * for a proof). A node that a capped search leaves unresolved counts as failing: for the rest
 * of the walk, or, when its proofs went round a cycle, on this path only (not kept in the
 * memo). A walk that the caps leave without a line is run again with caps WALK_CAP_GROWTH times
 * larger (mate_proof_line). */
static bool search_below(Dag *g, int rem, int fsq, bool cyclic, MateResult *r) {
    MateSolver *ms = g->ms;
    uint64_t outer, cap = mate_cap_push(ms, cyclic ? g->cycle_cap : g->cap, &outer);
    dfpn_solve_below(ms, g->root_sp, rem, fsq, r);
    if (!mate_cap_pop(ms, cap, outer)) return false;
    g->capped++;
    return true;
}

/* Attacker to move: the proven check of the fewest plies. WHY not every proven check: the
 * walk would cover every proof in the table; a check is looked at only while its stored
 * length promises less than the best found so far. */
static int or_value(Dag *g, int depth, int rem, int fsq) {
    Position *pos = g->ms->pos;
    int best, low_save = 0;
    MoveList *list = dag_list(g, depth);
    if (!list) return DAG_INF;
    DagSlot *s = dag_enter(g, depth, dag_key(g, rem, fsq), &best, &low_save);
    if (!s) return best;
    Move bm = rem == REM_NONE || rem >= 1 ? pos_mate_in_one(pos, list) : MOVE_NONE;
    if (bm) best = 1;
    Move cand[CAND_MAX];
    int lens[CAND_MAX], n = 0, low_seen = 1 << 20;
    uint64_t forgotten = g->forgotten;
    /* WHY several attempts: a search that proves the node again can lean on another circle
     * of proofs, or on another proof that the walk finds going back up its path; each
     * attempt forgets what failed the one before (forget_cycle, forget_failed) */
    for (int attempt = 0; attempt <= CYCLE_FIXES_MAX && best == DAG_INF && !g->gave_up; attempt++) {
        bool cyclic = g->low < depth, progress = g->forgotten != forgotten;
        if (attempt > 1 && !cyclic && !progress) break;
        if (attempt) {
            /* WHY search again: every node the walk reaches lies below a proven defender node
             * (or is the root), so it is mated; its proof or those below it fell out of the
             * table (a full cluster replaces its least searched entry), or they went round a
             * cycle (forget_cycle), or back up the walk's path (forget_failed). */
            if (rem == REM_NONE && cyclic) forget_cycle(g, depth, cand, n);
            if (g->low < low_seen) low_seen = g->low;
            g->low = 1 << 20; /* the cycles that failed the attempt before are gone */
            forgotten = g->forgotten;
            /* WHY: a disproof the solver stored because it met a repetition holds on the
             * path it was found on only (ENT_REP); trusted here it disproved nodes of the
             * line that are mated (Microcosmos: re-searches 14-26 plies in, none touching
             * the walk's path, came back disproven, and the walk failed up to the root) */
            if (!g->reps_cleared) {
                mtt_clear_rep(g->ms->tt);
                g->reps_cleared = true;
            }
            MateResult r;
            /* the walk's path counts as the search's: a proof may not come back to it */
            bool capped = search_below(g, rem, fsq, cyclic, &r);
            if (g->ms->aborted || capped) break; /* capped: a failure (of a cycle: low_seen < depth) */
            if (r.pn) {                          /* not mated on this path; a failure resting on the path is its own */
                int hit = g->ms->outer_hit - g->root_sp;
                if (hit < depth && hit < low_seen) low_seen = hit;
                break;
            }
        }
        n = proven_checks(g, list, rem, fsq, cand, lens);
        for (int i = 0; i < n && lens[i] + 1 < best && !g->gave_up; i++) {
            pos_do_move(pos, cand[i]);
            int v = after_check(g, depth + 1, mate_child_rem(rem, cand[i]));
            pos_undo_move(pos);
            if (v < DAG_INF && v + 1 < best) {
                best = v + 1;
                bm = cand[i];
            }
        }
    }
    if (best == DAG_INF) {
        /* a failure after cycles holds on this path only: not kept for others (dag_leave) */
        if (low_seen < g->low) g->low = low_seen;
        forget_failed(g, rem);
    }
    return dag_leave(g, s, depth, low_save, g->gave_up ? DAG_INF : best, bm);
}

/* Unlimited walk, attacker to move just after the defender's drop on sq: the least value of
 * the defender's position after a capture of the dropped piece with the piece handed back to
 * the defender (the futility test's position, MF_VIRT), DAG_INF when none is proven. WHY
 * handed back: an interposition is futile when the mate goes on without the piece it gives
 * the attacker; with the piece kept, a mate that needs it (the 117-ply row drops pawns it
 * took) made the drop look futile, the line could come out shorter than the mate, and "a mate
 * of at most its length" was not true (a two-thread run answered 113 plies for the 117-ply
 * row, session 21). With hand domination the stored proofs that do not need the piece answer
 * the position without it; where none does, the drop counts as a defence (a longer line, never
 * a shorter one). */
static int capture_value(Dag *g, int depth, int sq) {
    MateSolver *ms = g->ms;
    MoveList *list = dag_list(g, depth);
    if (!list) return DAG_INF;
    mate_gen(ms, REM_NONE, FREE_NONE, list);
    int best = DAG_INF;
    for (int i = 0; i < list->size && !g->gave_up; i++) {
        Move m = list->moves[i];
        if (move_is_drop(m) || move_to(m) != sq) continue;
        m |= MF_VIRT;
        mate_do(ms, m);
        int v = after_check(g, depth + 1, REM_NONE);
        mate_undo(ms, m);
        if (v < best) best = v;
    }
    return best;
}

/* Budgeted walk, attacker to move just after the defender's drop on sq, the defender's budget
 * having been rem: is the drop futile (a futility test, MF_VIRT, mated within rem)? The test
 * is searched again when its proof is not in the table and search is true. */
static bool drop_futile(Dag *g, int rem, int sq, bool search) {
    MateSolver *ms = g->ms;
    MoveList list;
    mate_gen(ms, rem - 1, sq, &list);
    for (int i = 0; i < list.size && !ms->aborted; i++) {
        Move m = list.moves[i];
        if (!(m & MF_VIRT)) continue;
        MateResult r;
        mate_do(ms, m);
        bool proven = dfpn_probe(ms, rem, FREE_NONE, &r) && r.pn == 0;
        if (!proven && search) {
            dfpn_solve(ms, rem, FREE_NONE, &r);
            proven = !ms->aborted && r.pn == 0;
        }
        mate_undo(ms, m);
        if (proven) return true;
    }
    return false;
}

/* Defender to move (in check, not mated), budget rem: its longest reply under the stored
 * proofs, futile drops not counted. Unlimited (rem REM_NONE): a drop is futile when taking the
 * dropped piece leaves a mate no longer than the longest board reply's (see the top of the
 * file); budgeted: when its futility test is proven within rem, as the search decides. */
static int and_value(Dag *g, int depth, int rem) {
    Position *pos = g->ms->pos;
    int value, low_save = 0;
    MoveList *list = dag_list(g, depth);
    if (!list) return DAG_INF;
    DagSlot *s = dag_enter(g, depth, dag_key(g, rem, FREE_NONE), &value, &low_save);
    if (!s) return value;
    mate_replies(pos, list);
    value = 0;
    Move best = MOVE_NONE;
    /* board replies first: in the unlimited walk the drops are measured against them */
    for (int pass = 0; pass < 2 && value < DAG_INF; pass++)
        for (int i = 0; i < list->size && value < DAG_INF && !g->gave_up; i++) {
            Move m = list->moves[i];
            if (move_is_drop(m) != (pass == 1)) continue;
            int crem = mate_child_rem(rem, m), fsq = mate_child_free(rem, m, false), v;
            pos_do_move(pos, m);
            if (pass == 0)
                v = or_value(g, depth + 1, crem, fsq);
            else if (rem == REM_NONE)
                v = capture_value(g, depth + 1, move_to(m)) <= value ? -1 : or_value(g, depth + 1, crem, fsq);
            else {
                v = drop_futile(g, rem, fsq, false) ? -1 : or_value(g, depth + 1, crem, fsq);
                if (v == DAG_INF && drop_futile(g, rem, fsq, true)) v = -1;
            }
            pos_undo_move(pos);
            if (v == DAG_INF)
                value = DAG_INF;
            else if (v >= 0 && (v + 1 > value || !best)) {
                value = v + 1;
                best = m;
            }
        }
    if (g->gave_up || value == DAG_INF) {
        value = DAG_INF;
        best = MOVE_NONE;
        forget_failed(g, rem);
    }
    return dag_leave(g, s, depth, low_save, value, best);
}

static int walk(MateSolver *ms, int rem, Move *line, int max, uint64_t cap_scale) {
    Position *pos = ms->pos;
    uint64_t first = ms->c->walk_cap_nodes ? ms->c->walk_cap_nodes : SEARCH_CAP;
    uint64_t first_cycle = first / (SEARCH_CAP / CYCLE_SEARCH_CAP);
    Dag g = {.ms = ms,
             .depth_max = HISTORY_MAX - pos->sp - 2,
             .root_sp = pos->sp,
             .cap = first * cap_scale,
             .cycle_cap = (first_cycle ? first_cycle : 1) * cap_scale};
    uint64_t nodes_before = ms->c->nodes;
    /* WHY: the walk's searches of lost proofs fill the table, and its collection took the very
     * proofs the walk was about to read (Microcosmos, session 15: 13 plies a minute) */
    bool kept = ms->tt->keep_proofs;
    ms->tt->keep_proofs = true;
    if (g.depth_max > max + 4) g.depth_max = max + 4;
    /* WHY sized by the table: a proof of a thousand plies (Microcosmos) spans millions of
     * stored nodes; a fixed 2^20 memo and 4M nodes of work gave up on it */
    int bits = DAG_BITS_MIN;
    while (bits < DAG_BITS_MAX && ((size_t)1 << (bits + 1)) <= (ms->tt->clusters * CLUSTER) >> DAG_TABLE_SHIFT) bits++;
    g.slot_mask = ((size_t)1 << bits) - 1;
    g.work_max = (uint64_t)DAG_WORK_PER_SLOT << bits;
    g.slot = calloc((size_t)1 << bits, sizeof *g.slot);
    int chunks = (g.depth_max > 0 ? g.depth_max : 1) / DAG_LIST_CHUNK + 1;
    g.lists = calloc((size_t)chunks, sizeof *g.lists);
    int n = 0, fsq = FREE_NONE;
    if (g.slot && g.lists && g.depth_max > 2 && or_value(&g, 0, rem, fsq) < DAG_INF && !g.gave_up) {
        while (n < max) {
            bool found, attacker = n % 2 == 0;
            DagSlot *s = dag_slot(&g, dag_key(&g, rem, fsq), &found);
            if (!s || !found || !s->best) break;
            Move m = s->best;
            line[n++] = m;
            pos_do_move(pos, m);
            fsq = mate_child_free(rem, m, attacker);
            rem = mate_child_rem(rem, m);
            if (attacker && mate_reply_count(pos, ms->scratch) == 0) break;
        }
        for (int i = 0; i < n; i++) pos_undo_move(pos);
    }
    if (!g.gave_up && !n) g.why = g.slot && g.lists ? "the stored proofs do not mate" : "no memory";
    if (g.gave_up || !n) restore_forgotten(&g);
    free(g.forgot);
    free(g.slot);
    for (int i = 0; g.lists && i < chunks; i++) free(g.lists[i]);
    free(g.lists);
    ms->tt->keep_proofs = kept;
    ms->c->walk_nodes += g.work;
    ms->c->walk_searched += ms->c->nodes - nodes_before;
    ms->c->walk_cycles += g.cycle_fixes;
    ms->c->walk_forgot += g.forgotten;
    ms->c->walk_capped += g.capped;
    if (cap_scale > ms->c->walk_scale) ms->c->walk_scale = cap_scale;
    ms->c->walk_fault = g.gave_up || !n ? g.why : NULL;
    return g.gave_up ? 0 : n;
}

int mate_proof_line(MateSolver *ms, int rem, Move *line, int max) {
    /* WHY caps that grow, not a last walk without any: on Microcosmos' proof in a 1,792-MB
     * table (docs/mate.md, session 47) the uncapped walk spent all its time (111M nodes and on)
     * searching one node 1,016 plies down, where walks with caps growing fourfold read a
     * 1,609-ply line at 64 times the first caps, after 33M nodes in all; each walk starts from
     * the proofs the last one's searches stored, and a walk none of whose searches reached its
     * cap would not change with larger ones */
    int n = 0;
    for (uint64_t scale = 1;; scale *= WALK_CAP_GROWTH) {
        uint64_t capped = ms->c->walk_capped;
        n = walk(ms, rem, line, max, scale);
        if (n || ms->aborted || ms->c->walk_capped == capped || scale >= WALK_SCALE_MAX) break;
    }
    return n;
}
