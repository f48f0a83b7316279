/* dfpn.c - df-pn+ (mate_int.h): depth-first proof-number search with thresholds, the 1+epsilon
 * widening of the second-best bound, hand domination through proof and disproof hands,
 * delayed expansion of interposing drops, repetition on the path as a (path-dependent)
 * disproof, and a mate-in-one probe of every new defender reply (a 3-ply look at the leaves). */
#include "mate_int.h"

#include <stdlib.h>
#include <string.h>

#include "../../src/mate1.h"
#include "../../src/zobrist.h"
#include "../search.h"

#ifdef SHISHI_FUZZ
/* Fuzz builds (Makefile, tests/fuzz/): the node and time limits are looked at every 32 nodes,
 * so that a capped `go mate` (engine.c) stops near its cap instead of 1024 nodes later. In a
 * fuzzed session the next command arrives at once and stops the solver at its next look, so
 * this interval is what a `go mate` costs there: 64 made the solver two thirds of the `usi`
 * target's time; 32 runs its sessions a quarter faster (docs/reliability.md, session 23). */
enum { TICK_MASK = 31, REPORT_MS = 1000 };
#else
/* WHY 1023: `stop` must be answered promptly; in the 1525-ply Microcosmos the solver runs at
 * 5-30k nodes/s (deep paths, a cold table), so 4096 nodes between looks took up to 0.9 s. */
enum { TICK_MASK = 1023, REPORT_MS = 1000 };
#endif
#define PN_CAP (PN_INF / 2)

/* Double-count elimination (see dc_check): 0 off, 1 at AND nodes (pn) only, 2 at AND and OR
 * nodes (dn); the slack is in units of pn/dn (docs/mate.md, fifth round: 8 measured best and
 * both 4 and 16 much worse). */
#ifndef MATE_DC
#define MATE_DC 2
#endif
#ifndef MATE_DC_SLACK
#define MATE_DC_SLACK 8
#endif

static uint32_t sat_add(uint32_t a, uint32_t b) {
    uint64_t s = (uint64_t)a + b;
    return s >= PN_CAP ? PN_CAP : (uint32_t)s;
}

/* A threshold at or past the saturation point means "until solved". WHY: values saturate at
 * PN_CAP (deep DAGs make disproof numbers sums of sums), and a child whose value sits at a
 * saturated threshold would return at once, again and again, without progress. */
static uint32_t cap_threshold(uint64_t th) { return th >= PN_CAP ? PN_INF - 1 : (uint32_t)th; }

/* Threshold for the best child: the second-best value times (1 + 1/4), at least one more. */
static uint32_t widen(uint32_t second) { return cap_threshold((uint64_t)second + second / 2 + 1); }

void mate_hand_of(const MateSolver *ms, MateHand *h) {
    const Position *pos = ms->pos;
    int run = ms->tt->hand_run, slots = ms->tt->hand_slots;
    if (run) { /* one copy of the counts, those past the slots cleared */
        MateHandVec x = hand_vec(&pos->hand[ms->attacker][run]) & hand_mask(slots);
        memcpy(h->n, &x, sizeof x);
        return;
    }
    memset(h, 0, sizeof *h);
    for (int k = 0; k < slots; k++) h->n[k] = pos->hand[ms->attacker][pos->t->hand_types[k]];
}

/* The board part of the table key: with domination the position key without the hands
 * (they are compared separately). */
static uint64_t board_key(const MateSolver *ms) {
    const StateInfo *st = pos_st(ms->pos);
    return ms->dominate ? st->key ^ st->hkey : st->key;
}

/* After an interposing drop in a depth-limited search the square whose capture is free is
 * part of the node (it changes the mate's length), so it salts the key. */
static uint64_t finish_key(uint64_t k, int fsq) {
    if (fsq != FREE_NONE) k ^= (uint64_t)(fsq + 7) * 0xc2b2ae3d27d4eb4fULL;
    return k ? k : 1;
}

static uint64_t node_key(const MateSolver *ms, int fsq) { return finish_key(board_key(ms), fsq); }

int mate_child_rem(int rem, Move m) {
    if (rem == REM_NONE) return REM_NONE;
    return m & MF_VIRT ? rem + 1 : rem - 1;
}

void mate_do(MateSolver *ms, Move m) {
    pos_do_move(ms->pos, m & ~MF_VIRT);
    if (m & MF_VIRT) mate_hand_back(ms->pos, ms->attacker);
}

void mate_undo(MateSolver *ms, Move m) {
    if (m & MF_VIRT) mate_hand_back(ms->pos, color_flip(ms->attacker));
    pos_undo_move(ms->pos);
}

int mate_child_free(int rem, Move m, bool attacker_node) {
    return rem != REM_NONE && !attacker_node && move_is_drop(m) ? move_to(m) : FREE_NONE;
}

static uint64_t mate_own_nodes(const MateSolver *ms);

/* The solver's list cache, made once the solver has searched LISTS_AFTER nodes (WHY: most
 * solves are short, the line reading's and the tests', and need none); NULL without one. */
enum { LISTS_AFTER = 1 << 16 };
static MateLists *lists(MateSolver *ms) {
    if (!ms->lists.slot && !ms->lists.off && !ms->c->no_lists && mate_own_nodes(ms) >= LISTS_AFTER)
        mate_lists_init(&ms->lists, ms->pos);
    return ms->lists.slot ? &ms->lists : NULL;
}

/* The current position's moves of a kind, generated: the replies (MATE_LIST_REPLIES), else
 * the checks (quiet false: the captures among them only). */
static void gen_fresh(MateSolver *ms, int kind, bool quiet, MoveList *list) {
    if (kind == MATE_LIST_REPLIES)
        mate_replies(ms->pos, list);
    else
        mate_attacks(ms->pos, quiet, list);
}

/* gen_fresh, through the cache where it holds whole lists (replies, or every check). */
static void gen_cached(MateSolver *ms, int kind, bool quiet, MoveList *list) {
    MateLists *l = quiet || kind == MATE_LIST_REPLIES ? lists(ms) : NULL;
    if (l && mate_lists_get(l, ms->pos, kind, list)) {
#ifdef MATE_LIST_CHECK /* development: every list the cache gives against a fresh one */
        MoveList *fresh = malloc(sizeof *fresh);
        gen_fresh(ms, kind, quiet, fresh);
        if (fresh->size != list->size || memcmp(fresh->moves, list->moves, (size_t)list->size * sizeof(Move))) abort();
        free(fresh);
#endif
        return;
    }
    gen_fresh(ms, kind, quiet, list);
    if (l) mate_lists_put(l, ms->pos, kind, list);
}

void mate_gen(MateSolver *ms, int rem, int fsq, MoveList *list) {
    Position *pos = ms->pos;
    if (pos->stm != ms->attacker) {
        gen_cached(ms, MATE_LIST_REPLIES, true, list);
        return;
    }
    gen_cached(ms, MATE_LIST_CHECKS, rem == REM_NONE || rem >= 1, list);
    if (rem == REM_NONE) return;
    int n = 0, size = list->size;
    for (int i = 0; i < size; i++) {
        Move m = list->moves[i];
        if (fsq != FREE_NONE && !move_is_drop(m) && move_to(m) == fsq && list->size < MOVES_MAX)
            list->moves[list->size++] = m | MF_VIRT;
        if (mate_child_rem(rem, m) >= 0) list->moves[n++] = m;
    }
    for (int i = size; i < list->size; i++) list->moves[n++] = list->moves[i];
    list->size = n;
}

/* ---- stop, progress, path ------------------------------------------------------------ */

/* This thread's restart (parallel.c solve_restarting): its own nodes reached restart_at. */
static void restart_check(MateSolver *ms) {
    if (!ms->aborted && ms->restart_at && mate_own_nodes(ms) >= ms->restart_at) ms->aborted = ms->restart_hit = true;
}

static void tick(MateSolver *ms) {
    MateControl *c = ms->c;
    if (ms->helper) { /* a helper thread: its nodes go to the shared count, its limits are the main thread's */
        if ((++ms->own_nodes & TICK_MASK) != 0) return;
        atomic_fetch_add_explicit(&ms->par->nodes, TICK_MASK + 1, memory_order_relaxed);
        if (atomic_load_explicit(&ms->par->stop, memory_order_relaxed)) ms->aborted = true;
        restart_check(ms);
        mtt_collect(ms->tt);
        return;
    }
    if ((++c->nodes & TICK_MASK) != 0) return;
    uint64_t total = c->nodes + (ms->par ? atomic_load_explicit(&ms->par->nodes, memory_order_relaxed) : 0);
    if (c->stop && atomic_load(c->stop)) ms->aborted = true;
    int64_t now = now_ms();
    if (c->deadline_ms >= 0 && now >= c->deadline_ms) ms->aborted = true;
    if (c->node_limit && total >= c->node_limit) ms->aborted = true;
    if (ms->node_cap && total >= ms->node_cap) ms->aborted = true;
    if (ms->par) {
        if (ms->aborted) atomic_store(&ms->par->stop, true);
        if (atomic_load(&ms->par->stop)) ms->aborted = true; /* a helper resolved the root */
    }
    /* WHY after the stop is passed on: a restart stops this thread's search, not the others' */
    restart_check(ms);
    mtt_collect(ms->tt);
    if (now >= ms->next_report_ms && c->on_progress) {
        ms->next_report_ms = now + REPORT_MS;
        MateProgress p = {.nodes = total, .time_ms = now - ms->start_ms, .hashfull = mtt_hashfull(ms->tt)};
        c->on_progress(c->user, &p);
    }
}

/* A helper's diversity (MateSolver.noise): now and then a child's unresolved values one higher.
 * WHY: the threads share one table, so without it they would follow the same path; a small
 * perturbation sends the helper elsewhere among near-equal children (docs/mate.md). */
static void perturb(MateSolver *ms, MateResult *r) {
    if (ms->noise && r->pn && r->dn && ++ms->noise_tick % ms->noise == 0) {
        r->pn = sat_add(r->pn, 1);
        r->dn = sat_add(r->dn, 1);
    }
}

static KeyFilter *path_filter(MateSolver *ms) { return (KeyFilter *)(ms->path + HISTORY_MAX); }

static bool filter_has(const KeyFilter *f, uint64_t key) {
    unsigned i = (unsigned)key & 0xffff;
    return f->bits[i >> 6] >> (i & 63) & 1;
}

static void filter_add(KeyFilter *f, uint64_t key, int delta) {
    unsigned i = (unsigned)key & 0xffff;
    f->count[i] = (uint16_t)(f->count[i] + delta);
    uint64_t bit = 1ULL << (i & 63);
    f->bits[i >> 6] = f->count[i] ? f->bits[i >> 6] | bit : f->bits[i >> 6] & ~bit;
}

/* Where key is on the path above depth: its depth, -2 when it is above the search's root (the
 * walk's outer path), -1 when it is not there. */
static int path_find(MateSolver *ms, uint64_t key, int depth) {
    if (!filter_has(path_filter(ms), key)) return -1;
    for (int i = 0; i < depth; i++)
        if (ms->path[i] == key) return i;
    for (int i = ms->outer_from; i < ms->outer_to; i++)
        if (ms->pos->states[i].key == key) {
            if (i < ms->outer_hit) ms->outer_hit = i;
            return -2;
        }
    return -1;
}

static void path_set(MateSolver *ms, uint64_t key, int depth, int delta) {
    filter_add(path_filter(ms), key, delta);
    if (delta > 0) ms->path[depth] = key;
}

/* ---- proof and disproof hands --------------------------------------------------------- */

/* Attacker's hand slot changed by the move just made from hand `before`, and by how much. */
static void hand_delta(const MateSolver *ms, const MateHand *before, MateChild *k) {
    MateHand after;
    mate_hand_of(ms, &after);
    k->dslot = 0;
    k->dval = 0;
    for (int i = 0; i < ms->tt->hand_slots; i++)
        if (after.n[i] != before->n[i]) {
            k->dslot = (uint8_t)(0x80 | i);
            k->dval = (int8_t)(after.n[i] - before->n[i]);
        }
}

/* The defender (to move, in check) may be able to interpose: then the proof must keep every
 * piece type the defender lacks, or with fewer of them the attacker would leave the defender
 * a drop. */
static void defender_drop_guard(const MateSolver *ms, MateHand *p) {
    const Position *pos = ms->pos;
    Color def = pos->stm;
    Bitboard chk = pos_st(pos)->checkers;
    if (pos->royal_count[def] == 1 && bb_any(chk) && !bb_more_than_one(chk) &&
        bb_is_empty(between_bb(pos->t, pos->royal_sq[def], bb_lsb(chk))))
        return;
    MateHand h;
    mate_hand_of(ms, &h);
    for (int k = 0; k < ms->tt->hand_slots; k++)
        if (!pos->hand[def][pos->t->hand_types[k]]) p->n[k] = h.n[k];
}

/* Proof hand of the parent of a child proven with hand p, reached by a move that changed
 * the attacker's hand as recorded in the child (slot, delta). */
static void proof_back(MateHand *p, uint8_t slot_flags, int delta) {
    if (!(slot_flags & 0x80)) return;
    int k = slot_flags & 0x7f, v = p->n[k] - delta;
    p->n[k] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
}

/* ---- the search ----------------------------------------------------------------------- */

static void search(MateSolver *ms, int rem, int fsq, uint32_t thpn, uint32_t thdn, int depth, MateResult *out);

/* A new defender reply (the position after it, attacker to move): mate in one? */
static bool probe_mate1(MateSolver *ms, int rem, int fsq, MateResult *r) {
    if (rem != REM_NONE && rem < 1) return false;
    Position *pos = ms->pos;
    Move m = pos_mate_in_one(pos, ms->scratch);
    if (!m) {
        /* WHY: the probe generated every check of the position (mate1.h), the list its first
         * expansion makes */
        MateLists *l = pos_mate_in_one_applies(pos) ? lists(ms) : NULL;
        if (l) mate_lists_put(l, pos, MATE_LIST_CHECKS, ms->scratch);
        return false;
    }
    MateHand before;
    mate_hand_of(ms, &before);
    MateChild k = {0};
    pos_do_move(pos, m);
    hand_delta(ms, &before, &k);
    MateResult t = {.pn = 0, .dn = PN_INF};
    defender_drop_guard(ms, &t.hand);
    pos_undo_move(pos);
    proof_back(&t.hand, k.dslot, k.dval);
    t.len = 1;
    *r = t;
    mtt_store(ms->tt, node_key(ms, fsq), &before, r, 1);
    return true;
}

/* A new interposing drop (just made, attacker to move): is taking the dropped piece, checking,
 * or (depth-limited) its futility test (MF_VIRT), already proven in the table? Then so is the
 * drop, without a search. WHY: the drops on one
 * square differ after the capture only in the piece the attacker gains, and hand domination
 * often answers the next drop's capture from the first one's proof (the expansion of the drop
 * node, with a first estimate for every check, is what this saves). */
static bool probe_capture(MateSolver *ms, Move drop, int rem, int fsq, MateResult *r) {
    Position *pos = ms->pos;
    MoveList *caps = ms->scratch;
    mate_attacks(pos, false, caps);
    MateHand before;
    mate_hand_of(ms, &before);
    for (int i = 0; i < caps->size * 2; i++) {
        /* each capture, then (depth-limited) its futility test */
        Move m = caps->moves[i / 2] | (i & 1 ? MF_VIRT : 0);
        if (move_is_drop(m) || move_to(m) != move_to(drop) || ((i & 1) && fsq == FREE_NONE)) continue;
        int crem = mate_child_rem(rem, m);
        if (crem != REM_NONE && crem < 0) continue;
        MateChild k = {0};
        MateResult t;
        mate_do(ms, m);
        hand_delta(ms, &before, &k);
        MateHand h;
        mate_hand_of(ms, &h);
        bool proven = mtt_lookup(ms->tt, node_key(ms, FREE_NONE), &h, crem, &t) && t.pn == 0;
        mate_undo(ms, m);
        if (!proven) continue;
        proof_back(&t.hand, k.dslot, k.dval);
        t.len = (int16_t)(t.len + (crem > rem && rem != REM_NONE ? -1 : 1));
        *r = t;
        mtt_store(ms->tt, node_key(ms, fsq), &before, r, 1);
        return true;
    }
    return false;
}

/* Attacker to move with one ply left and no free square, no mate in one found: is there
 * certainly no mate within one ply? Not when some check leaves the defender nothing but
 * drops (interpositions that may be futile: the search decides those). WHY: most nodes of a
 * depth-limited search sit at its horizon; settling them here saves two levels of search. */
static bool no_mate_within_one(MateSolver *ms) {
    Position *pos = ms->pos;
    MoveList *checks = malloc(sizeof *checks);
    if (!checks) return false;
    mate_gen(ms, 1, FREE_NONE, checks);
    bool none = true;
    for (int i = 0; i < checks->size && none; i++) {
        pos_do_move(pos, checks->moves[i]);
        mate_replies(pos, ms->scratch);
        bool board_reply = false;
        for (int j = 0; j < ms->scratch->size && !board_reply; j++) board_reply = !move_is_drop(ms->scratch->moves[j]);
        pos_undo_move(pos);
        none = board_reply;
    }
    free(checks);
    return none;
}

/* Grow the children arena to hold n more. */
static bool kids_reserve(MateSolver *ms, size_t n) {
    /* WHY ms->kids is tested: a first expansion with no children would otherwise leave it NULL
     * and the caller forms NULL + 0 (undefined behaviour; found by tests/fuzz/fuzz_xboard) */
    if (ms->kids && ms->kids_top + n <= ms->kids_cap) return true;
    size_t cap = ms->kids_cap ? ms->kids_cap : 4096;
    while (cap < ms->kids_top + n) cap *= 2;
    MateChild *k = realloc(ms->kids, cap * sizeof *k);
    if (!k) return false;
    ms->kids = k;
    ms->kids_cap = cap;
    return true;
}

#ifndef MATE_GROUP_FREE
#define MATE_GROUP_FREE 1
#endif
/* The delayed-expansion group of a defender's drop (the position before it): 2 + its square,
 * or (MATE_GROUP_FREE) 1 when no defender piece guards the square and the drop gives no
 * check. WHY one group over all such squares (as KomoringHeights does): the attacker takes
 * an unguarded interposition for nothing, so they are mostly alike, and counting one unit per
 * square made a distant check with a long open line look several times too hard (the 117-ply
 * row's tails: 16-43% fewer nodes, docs/mate.md sixth round). guard (NULL: none): a cache per
 * square, -1 = not yet known, else whether a defender piece attacks it. */
static uint8_t drop_group(const Position *pos, Move m, int8_t *guard) {
    int sq = move_to(m);
    if (!MATE_GROUP_FREE) return (uint8_t)(2 + sq);
    int8_t g = guard ? guard[sq] : -1;
    if (g < 0) g = (int8_t)bb_any(pos_attackers_to(pos, sq, pos->stm, pos_occupied(pos)));
    if (guard) guard[sq] = g;
    return !g && !pos_gives_check(pos, m) ? 1 : (uint8_t)(2 + sq);
}

/* Interposing drops last, grouped (drop_group, for their delayed expansion). */
static void order_kids(MateChild *k, int n) {
    for (int i = 1; i < n; i++) {
        MateChild x = k[i];
        int key = x.grp, j = i;
        while (j > 0 && k[j - 1].grp > key) {
            k[j] = k[j - 1];
            j--;
        }
        k[j] = x;
    }
}

/* The board key after move m and the attacker's hand slot it changes, found without making
 * the move (ms->fast_keys, not a double move or a pass): the side flips, the moving or
 * dropped piece changes square (and type), a taken piece leaves the board for the hand. */
static uint64_t fast_child_key(const MateSolver *ms, uint64_t bkey, Move m, MateChild *k) {
    const Position *pos = ms->pos;
    const VariantTables *t = pos->t;
    Color us = pos->stm, them = color_flip(us);
    bool attacker = us == ms->attacker;
    uint64_t key = bkey ^ zob_side;
    int to = move_to(m);
    k->dslot = 0;
    k->dval = 0;
    if (move_is_drop(m)) {
        PieceType pt = move_drop_type(m);
        int slot = ms->slot_of[t->hand_type[pt]];
        if (attacker && slot >= 0) {
            k->dslot = (uint8_t)(0x80 | slot);
            k->dval = -1;
        }
        return key ^ zob_psq[us][pt][to];
    }
    int from = move_from(m);
    PieceType pt = piece_type(pos->board[from]);
    Piece cap = to != from ? pos->board[to] : PIECE_NONE;
    if (cap) {
        key ^= zob_psq[them][piece_type(cap)][to];
        int slot = pos->v->drops ? ms->slot_of[t->hand_type[piece_type(cap)]] : -1;
        if (attacker && slot >= 0) {
            k->dslot = (uint8_t)(0x80 | slot);
            k->dval = 1;
        }
    }
    PieceType npt = pos_type_after(pos, pt, m, cap != PIECE_NONE);
    if (to != from || npt != pt) key ^= zob_psq[us][pt][from] ^ zob_psq[us][npt][to];
    return key;
}

/* First pass of an expansion: every child's key and hand change (made and unmade only when
 * the key cannot be computed directly), its table cluster prefetched. Returns -2 when a
 * defender reply escapes the depth budget. */
static int kid_keys(MateSolver *ms, int rem, bool or_node, const MateHand *hand, MateChild *kids, int n) {
    Position *pos = ms->pos;
    uint64_t bkey = ms->fast_keys ? board_key(ms) : 0;
    int8_t guard[SQ_MAX];
    if (!or_node && pos->v->drops) memset(guard, -1, sizeof guard);
    for (int i = 0; i < n; i++) {
        Move m = ms->gen->moves[i];
        int crem = mate_child_rem(rem, m), cfree = mate_child_free(rem, m, or_node);
        if (!or_node && rem != REM_NONE && crem < 0 && !move_is_drop(m)) return -2;
        MateChild *k = &kids[i];
        *k = (MateChild){.move = m, .grp = !or_node && move_is_drop(m) ? drop_group(pos, m, guard) : 0};
        if (ms->fast_keys && !move_is_double(m) && !move_is_pass(m)) {
            /* the futility test (MF_VIRT) hands the taken piece back: the board key and the
             * attacker's hand are the drop node's */
            k->key = finish_key(fast_child_key(ms, bkey, m & ~MF_VIRT, k), cfree);
            if ((m & MF_VIRT) && mate_hands_back(pos)) k->dslot = 0, k->dval = 0;
#ifdef MATE_CHECK_KEYS
            MateChild t = *k;
            mate_do(ms, m);
            hand_delta(ms, hand, &t);
            if (node_key(ms, cfree) != k->key || t.dslot != k->dslot || t.dval != k->dval) abort();
            mate_undo(ms, m);
#endif
        } else {
            mate_do(ms, m);
            hand_delta(ms, hand, k);
            k->key = node_key(ms, cfree);
            mate_undo(ms, m);
        }
        mtt_prefetch(ms->tt, k->key);
    }
    return n;
}

/* The first proof number of a check (defender to move): its replies, interposing drops counted
 * once per square. WHY: the AND node counts a square's drops as one until the first is
 * proven (delayed expansion), so counting every piece type would rate a distant check, which
 * leaves several squares to drop on, up to seven times too hard. */
static uint64_t reply_estimate(MateSolver *ms) {
    Position *pos = ms->pos;
    if (pos->v->check_allowed || !pos->v->drops) return mate_reply_count(pos, ms->scratch);
    /* WHY generated, not looked up: a new check's replies are rarely in the cache; kept there,
     * they are the list the check's first expansion needs */
    mate_replies(pos, ms->scratch);
    MateLists *l = lists(ms);
    if (l) mate_lists_put(l, pos, MATE_LIST_REPLIES, ms->scratch);
    uint64_t n = 0, seen[4] = {0};
    bool free_seen = false;
    for (int i = 0; i < ms->scratch->size; i++) {
        Move m = ms->scratch->moves[i];
        if (!move_is_drop(m)) {
            n++;
            continue;
        }
        int sq = move_to(m);
        uint64_t bit = 1ULL << (sq & 63);
        if (seen[(sq >> 6) & 3] & bit) continue;
        seen[(sq >> 6) & 3] |= bit;
        if (drop_group(pos, m, NULL) == 1) { /* once per square (seen): no cache */
            if (free_seen) continue;         /* one count for all the unguarded squares */
            free_seen = true;
        }
        n++;
    }
    return n;
}

/* A child the table knows nothing about (the move made, ckey/ch its key and hand): its first
 * estimate, stored. WHY stored: a node is expanded again at every visit, and the reply count
 * or the mate-in-one probe costs more than a table look-up. */
static void first_estimate(MateSolver *ms, Move m, bool or_node, int crem, int cfree, uint64_t ckey, const MateHand *ch,
                           MateResult *r) {
    if (!ms->helper) ms->c->estimates++;
    if (or_node) {
        uint64_t replies = reply_estimate(ms);
        if (!replies) {
            *r = (MateResult){.pn = 0, .dn = PN_INF, .len = 0};
            defender_drop_guard(ms, &r->hand);
        } else
            r->pn = (uint32_t)(replies < 64 ? replies : 64);
        mtt_store(ms->tt, ckey, ch, r, 0);
    } else if (!probe_mate1(ms, crem, cfree, r) && !(move_is_drop(m) && probe_capture(ms, m, crem, cfree, r))) {
        if (crem == 1 && cfree == FREE_NONE && no_mate_within_one(ms))
            *r = (MateResult){.pn = PN_INF, .dn = 0, .len = 1, .hand = *ch};
        mtt_store(ms->tt, ckey, ch, r, r->dn ? 0 : 1);
    }
}

/* The repetition disproof of a node under budget rem with hand h; at: where on the path the
 * repeated position is (path_find: its depth, -2 above the search's root). */
static MateResult rep_disproof(int rem, const MateHand *h, int at) {
    return (MateResult){
        .pn = PN_INF, .dn = 0, .len = (int16_t)rem, .flags = ENT_REP, .hand = *h, .rep_at = (int16_t)at};
}

/* A child's values from a look-up or a search of it. */
static void kid_take(MateChild *k, const MateResult *r) {
    k->pn = r->pn;
    k->dn = r->dn;
    k->len = r->len;
    k->flags = r->flags;
    k->hand = r->hand;
    k->rep_at = r->rep_at;
}

static KeyFilter *frame_filter(MateSolver *ms);

/* Is the position after child k (from the node at depth) one of the path's above the node?
 * Then it is a repetition: its values are the repetition disproof search() would return, and
 * the result is where on the path (path_find: its depth, -2 above the search's root; -1 when
 * it is not a repetition).
 * WHY at the expansion and not only when the child is searched: the table holds the path
 * node's own unresolved values, so a node re-expanded from the table saw that child as open
 * and returned at once past the threshold its parent had set from its repetition-disproof
 * values, and the two values took turns for ever (Microcosmos on one thread, from 78M nodes:
 * docs/mate.md, session 18). The table key (board and free square; with domination no hands)
 * filters; the full key after the move decides. */
static int kid_on_path(MateSolver *ms, const MateChild *k, int depth) {
    if (!filter_has(frame_filter(ms), k->key)) return -1;
    int d = 0;
    while (d < depth && ms->frames[d].tkey != k->key) d++;
    if (d == depth) return -1;
    mate_do(ms, k->move);
    int at = path_find(ms, pos_key(ms->pos), depth);
    mate_undo(ms, k->move);
    return at;
}

/* The attacker's hand after child k, from the node's. */
static MateHand kid_hand(const MateHand *hand, const MateChild *k) {
    MateHand ch = *hand;
    if (k->dslot & 0x80) ch.n[k->dslot & 0x7f] = (uint8_t)(ch.n[k->dslot & 0x7f] + k->dval);
    return ch;
}

/* A later drop of a delayed-expansion group (order_kids) whose predecessor is not yet proven.
 * and_result counts it nowhere, so it is neither looked up nor estimated until that one is
 * (MateChild.lazy; kids_wake). WHY: the first estimate of a defender reply is a mate-in-one
 * probe, most of a new node's cost, and most later drops never count: the node is left, or the
 * first drop disproved, before the drop ahead of them is proven. Estimated once it is, a later
 * drop often needs no probe at all (probe_capture: taking it is the proven capture of the drop
 * before, with another piece in hand). The 117-ply row's tails: 13 of 14 first-proven within
 * 8M nodes where 10 were, 21.3M nodes against 36.0M (docs/mate.md, session 48). */
static bool kid_waits(const MateSolver *ms, const MateChild *k, int i) {
    return !ms->eager_drops && i > 0 && k[i].grp && k[i].grp == k[i - 1].grp && (k[i - 1].lazy || k[i - 1].pn != 0);
}

/* Child k's values (the current node's, at depth, with the attacker's hand `hand`): a
 * repetition, the table's, or a first estimate. */
static void kid_eval(MateSolver *ms, MateChild *k, int rem, bool or_node, const MateHand *hand, uint64_t key,
                     const MatePath *path) {
    int crem = mate_child_rem(rem, k->move), cfree = mate_child_free(rem, k->move, or_node);
    MateHand ch = kid_hand(hand, k);
    MateResult r;
    int at = kid_on_path(ms, k, path->depth);
    if (at != -1)
        r = rep_disproof(crem, &ch, at);
    else if (!mtt_lookup_path(ms->tt, k->key, &ch, crem, path, &r) && r.pn && r.dn) {
        mate_do(ms, k->move);
        r.parent = key;
        first_estimate(ms, k->move, or_node, crem, cfree, k->key, &ch, &r);
        mate_undo(ms, k->move);
    }
    perturb(ms, &r);
    kid_take(k, &r);
    k->lazy = 0;
}

/* The waiting drops whose predecessor has since been proven, in order (one proven in turn
 * wakes the next). */
static void kids_wake(MateSolver *ms, MateChild *k, int n, int rem, const MateHand *hand, uint64_t key,
                      const MatePath *path) {
    for (int i = 1; i < n; i++)
        if (k[i].lazy && !kid_waits(ms, k, i)) kid_eval(ms, &k[i], rem, false, hand, key, path);
}

/* Fill the children of the current node from the table or first estimates (a defender's later
 * drops only once they count: kid_waits). Returns how many,
 * -1 when out of memory, -2 when a defender reply escapes the depth budget. */
static int expand(MateSolver *ms, int rem, int fsq, bool or_node, const MateHand *hand, uint64_t key, int depth,
                  uint64_t full) {
    const MatePath path = {.keys = ms->path, .depth = depth, .self = full};
    mate_gen(ms, rem, fsq, ms->gen);
    int n = ms->gen->size;
    if (!kids_reserve(ms, (size_t)n)) return -1;
    MateChild *kids = ms->kids + ms->kids_top;
    if (kid_keys(ms, rem, or_node, hand, kids, n) < 0) return -2;
    if (!or_node) order_kids(kids, n);
    for (int i = 0; i < n; i++) {
        if (kid_waits(ms, kids, i)) { /* never at an attacker's node: its checks have no group */
            kids[i].lazy = 1;
            kids[i].pn = kids[i].dn = 1; /* read nowhere while it waits: not a proof or disproof */
            continue;
        }
        kid_eval(ms, &kids[i], rem, or_node, hand, key, &path);
    }
    return n;
}

/* Attacker to move: prove with one child, disprove with all. */
static void or_result(MateSolver *ms, MateChild *k, int n, const MateHand *h, int rem, MateResult *r) {
    uint32_t pn = PN_INF, dn = 0;
    int best_len = 0x7fff;
    uint8_t rep = 0;
    uint32_t dmax = 0, open = 0;
    int imax = -1;
    for (int i = 0; i < n; i++) {
        if (k[i].pn < pn) pn = k[i].pn;
        if (k[i].dn > dmax) {
            dmax = k[i].dn;
            imax = i;
        }
        open += k[i].dn != 0 && !k[i].maxc; /* flagged (shared) children add nothing but their max */
        rep |= k[i].flags & ENT_REP;
    }
    if (imax >= 0 && k[imax].maxc) open++; /* the largest counts once (below: open - 1) */
    /* WHY the largest child plus one per other open child, not the sum: in a DAG the checks
     * share their subtrees, and sums of sums grow with the depth until they saturate (the
     * 117-ply row: disproof numbers at PN_CAP from ply 40 on, and below them thresholds that
     * never stop a dive of thousands of plies). */
    dn = dmax == PN_INF ? PN_INF : open ? sat_add(dmax, open - 1) : 0;
    *r = (MateResult){.pn = pn, .dn = dn, .hand = *h};
    if (pn == 0) {
        r->dn = PN_INF;
        for (int i = 0; i < n; i++) {
            if (k[i].pn) continue;
            int step = mate_child_rem(rem, k[i].move) > rem && rem != REM_NONE ? -1 : 1;
            if (k[i].len + step >= best_len) continue;
            best_len = k[i].len + step;
            r->hand = k[i].hand;
            proof_back(&r->hand, k[i].dslot, k[i].dval);
        }
        r->len = (int16_t)best_len;
    } else if (dn == 0) {
        r->pn = PN_INF;
        r->flags = rep;
        if (!rep) {
            memset(r->hand.n, 255, sizeof r->hand.n);
            for (int i = 0; i < n; i++) {
                MateHand d = k[i].hand;
                proof_back(&d, k[i].dslot, k[i].dval);
                for (int s = 0; s < ms->tt->hand_slots; s++)
                    if (d.n[s] < r->hand.n[s]) r->hand.n[s] = d.n[s];
            }
            for (int s = 0; s < ms->tt->hand_slots; s++) {
                if (!h->n[s]) r->hand.n[s] = 0; /* a first piece of a new kind brings new drops */
                if (r->hand.n[s] < h->n[s]) r->hand.n[s] = h->n[s];
            }
        }
    }
}

/* Defender to move: disprove with one child, prove with all. A drop on a square counts only
 * once every earlier drop on that square is proven (delayed expansion). */
static void and_result(MateSolver *ms, MateChild *k, int n, const MateHand *h, MateResult *r) {
    uint32_t pn = 0, dn = PN_INF, pmax = 0;
    int len = 0;
    for (int i = 0; i < n; i++) {
        bool later = i > 0 && k[i].grp && k[i].grp == k[i - 1].grp;
        k[i].active = !later || (k[i - 1].active && k[i - 1].pn == 0);
        if (!k[i].active) continue;
        if (k[i].maxc) { /* shares its subtree with another flagged child: the largest counts */
            if (k[i].pn > pmax) pmax = k[i].pn;
        } else
            pn = k[i].pn == PN_INF ? PN_INF : pn == PN_INF ? PN_INF : sat_add(pn, k[i].pn);
        if (k[i].dn < dn) dn = k[i].dn;
        if (k[i].pn == 0 && k[i].len + 1 > len) len = k[i].len + 1;
    }
    pn = pmax == PN_INF || pn == PN_INF ? PN_INF : sat_add(pn, pmax);
    *r = (MateResult){.pn = pn, .dn = dn, .hand = *h};
    if (pn == 0) {
        memset(&r->hand, 0, sizeof r->hand);
        for (int i = 0; i < n; i++)
            for (int s = 0; s < ms->tt->hand_slots; s++)
                if (k[i].hand.n[s] > r->hand.n[s]) r->hand.n[s] = k[i].hand.n[s];
        defender_drop_guard(ms, &r->hand);
        r->len = (int16_t)len;
        r->dn = PN_INF;
    } else if (dn == 0) {
        r->pn = PN_INF;
        for (int i = 0; i < n; i++)
            if (k[i].active && k[i].dn == 0) {
                r->flags = k[i].flags & ENT_REP;
                r->hand = move_is_drop(k[i].move) || r->flags ? *h : k[i].hand;
                break;
            }
    }
}

/* Index of the child to search and the threshold pair for it, from the node's own. */
static int select_kid(MateChild *k, int n, bool or_node, const MateResult *r, uint32_t thpn, uint32_t thdn,
                      uint32_t *cpn, uint32_t *cdn) {
    int best = -1;
    uint32_t v1 = PN_INF + 1, v2 = PN_INF;
    for (int i = 0; i < n; i++) {
        if (!or_node && !k[i].active) continue;
        uint32_t v = or_node ? k[i].pn : k[i].dn;
        if (v < v1) {
            v2 = v1;
            v1 = v;
            best = i;
        } else if (v < v2)
            v2 = v;
    }
    if (v2 > PN_CAP) v2 = PN_CAP;
    if (or_node) {
        *cpn = widen(v2) < thpn ? widen(v2) : thpn;
        *cdn = (uint32_t)((uint64_t)thdn - r->dn + k[best].dn);
    } else {
        *cdn = widen(v2) < thdn ? widen(v2) : thdn;
        if (k[best].maxc) {
            /* pn = (sum of the others) + max(flagged): the child reaches the node's threshold
             * when it alone reaches it past the sum */
            uint32_t pmax = 0;
            for (int i = 0; i < n; i++)
                if (k[i].active && k[i].maxc && k[i].pn > pmax) pmax = k[i].pn;
            *cpn = (uint32_t)((uint64_t)thpn - (r->pn - pmax));
        } else
            *cpn = (uint32_t)((uint64_t)thpn - r->pn + k[best].pn);
    }
    *cpn = cap_threshold(*cpn);
    *cdn = cap_threshold(*cdn);
    return best;
}

/* After the search below child `skip`, its siblings' values again from the table by their
 * stored keys (no move made). WHY: in a DAG the search below one child settles or raises
 * positions a sibling reaches too; stale sibling values would send the next iteration the
 * wrong way (halves the nodes of long problems). A sibling the table lost keeps its value.
 * Then the waiting drops a new proof lets count are looked up (kids_wake). */
static void refresh_kids(MateSolver *ms, int rem, const MateHand *hand, MateChild *k, int n, int skip, int depth) {
    const MatePath path = {.keys = ms->path, .depth = depth, .self = ms->path[depth]};
    for (int j = 0; j < n; j++)
        if (j != skip && k[j].pn && k[j].dn && !k[j].lazy) mtt_prefetch(ms->tt, k[j].key);
    for (int j = 0; j < n; j++) {
        if (j == skip || k[j].pn == 0 || k[j].dn == 0 || k[j].lazy) continue;
        int crem = mate_child_rem(rem, k[j].move);
        MateHand ch = kid_hand(hand, &k[j]);
        MateResult r;
        if (!mtt_lookup_path(ms->tt, k[j].key, &ch, crem, &path, &r) && r.pn && r.dn) continue;
        perturb(ms, &r);
        kid_take(&k[j], &r);
    }
    if (!ms->frames[depth].or_node) kids_wake(ms, k, n, rem, hand, ms->frames[depth].tkey, &path);
}

/* ---- double-count elimination ----------------------------------------------------------
 * WHY: a defender node's pn is the sum of its replies' (an attacker node's dn the largest plus
 * one per other open check), but in the DAG two children often lead through transpositions to
 * the same positions, and the shared subtree is then counted twice, at every such branching
 * above it (source-node detection, as KomoringHeights does it). Each unresolved entry records
 * the node that last searched it (for a first estimate: the node that expanded it). Before a
 * child is searched, the recorded parents are followed upwards from it; when they lead to a
 * node on the current path other than through the current node, that node is where the two
 * paths branch, and it counts its two children on them as one (MateChild.maxc: by their max;
 * kept in its entry's maxmask). The walk gives up where a node on either path takes most of its
 * value from elsewhere (its value past its child's on the path by more than MATE_DC_SLACK): the
 * shared part is then not what is counted twice. The parents above the child are found by board
 * only (the most searched entry of the board, whatever the hand; following exact hands measured
 * worse). A heuristic only: no proof or disproof depends on it. */

static KeyFilter *frame_filter(MateSolver *ms) { return (KeyFilter *)(ms->frames + HISTORY_MAX); }

static int frame_find(MateSolver *ms, uint64_t tkey, int depth) {
    if (!filter_has(frame_filter(ms), tkey)) return -1;
    for (int d = depth; d >= 0; d--)
        if (ms->frames[d].tkey == tkey) return d;
    return -1;
}

static uint32_t frame_delta(const MateSolver *ms, const MateFrame *f) {
    const MateChild *c = &ms->kids[f->base + f->sel];
    uint32_t v = f->or_node ? f->dn : f->pn, cv = f->or_node ? c->dn : c->pn;
    return v > cv ? v - cv : 0;
}

/* Before the node at depth searches its child kid (attacker's hand ch there): the walk above.
 * Returns the depth of the branching node whose flags it changed, else -1. */
static int dc_check(MateSolver *ms, int depth, const MateChild *kid, const MateHand *ch) {
    uint64_t cur = kid->key;
    uint32_t last_pn = PN_INF, last_dn = PN_INF;
    bool pflag = true, dflag = true, par_or = ms->frames[depth].or_node;
    for (int step = 0; step <= depth + 1 && (pflag || dflag); step++, par_or = !par_or) {
        uint64_t par;
        uint32_t pn, dn;
        if (!mtt_parent(ms->tt, cur, step ? NULL : ch, &par, &pn, &dn)) return -1;
        if (step == 0 && par == ms->frames[depth].tkey) return -1;
        if (pn > last_pn && pn - last_pn > MATE_DC_SLACK) pflag = false;
        if (dn > last_dn && dn - last_dn > MATE_DC_SLACK) dflag = false;
        int d = frame_find(ms, par, depth);
        if (d >= 0) {
            if (par_or ? !dflag || MATE_DC < 2 : !pflag) return -1;
            for (int j = depth; j > d; j--)
                if (ms->frames[j].or_node == par_or && frame_delta(ms, &ms->frames[j]) > MATE_DC_SLACK) return -1;
            MateFrame *f = &ms->frames[d];
            MateChild *k = ms->kids + f->base;
            bool changed = !k[f->sel].maxc;
            k[f->sel].maxc = 1;
            for (int i = 0; i < f->n; i++)
                if (k[i].key == cur && !k[i].maxc) {
                    k[i].maxc = 1;
                    changed = true;
                }
            return changed ? d : -1;
        }
        cur = par;
        last_pn = pn;
        last_dn = dn;
    }
    return -1;
}

/* The node's values from its children (attacker: or_result, defender: and_result). */
static void node_result(MateSolver *ms, MateChild *k, int n, bool or_node, const MateHand *hand, int rem,
                        MateResult *r) {
    if (or_node)
        or_result(ms, k, n, hand, rem, r);
    else
        and_result(ms, k, n, hand, r);
}

/* The child to search next and its thresholds (recorded in the node's frame); -1 when the node
 * is done. WHY twice: when the double-count check finds this node to be where two paths to
 * the chosen child branch, its values change and the choice is made again. */
static int pick_child(MateSolver *ms, int depth, int rem, const MateHand *hand, uint32_t thpn, uint32_t thdn,
                      MateResult *r, uint32_t *cpn, uint32_t *cdn) {
    MateFrame *fr = &ms->frames[depth];
    MateChild *k = ms->kids + fr->base;
    int n = fr->n;
    for (int pass = 0; pass < 2; pass++) {
        node_result(ms, k, n, fr->or_node, hand, rem, r);
        if (r->pn >= thpn || r->dn >= thdn || ((r->pn == 0 || r->dn == 0 || ms->aborted) && pass == 0)) return -1;
        int i = select_kid(k, n, fr->or_node, r, thpn, thdn, cpn, cdn);
        fr->sel = i;
        fr->pn = r->pn;
        fr->dn = r->dn;
        if (!MATE_DC || pass == 1) return i;
        MateHand ch = kid_hand(hand, &k[i]);
        if (dc_check(ms, depth, &k[i], &ch) != depth) return i;
    }
    return -1;
}

/* Before the node's loop: the children a stored entry of this node counted by max. */
static void dc_restore(MateSolver *ms, uint64_t key, const MateHand *hand, int rem, size_t base, int n) {
    MateResult self;
    if (!MATE_DC || !mtt_lookup(ms->tt, key, hand, rem, &self) || !self.mask) return;
    for (int i = 0; i < n && i < 64; i++) ms->kids[base + i].maxc = (uint8_t)((self.mask >> i) & 1);
}

/* A repetition disproof of the node at depth: the shallowest path depth above the node that its
 * children's repetitions lean on; -1 when none (the repetitions go through the node itself: the
 * disproof holds wherever the node is met), -2 when one is above the search's root. */
static int rep_anchor(const MateChild *k, int n, int depth) {
    int at = -1;
    for (int i = 0; i < n; i++) {
        if (k[i].dn != 0 || !(k[i].flags & ENT_REP)) continue;
        if (k[i].rep_at == -2) return -2;
        if (k[i].rep_at >= 0 && k[i].rep_at < depth && (at < 0 || k[i].rep_at < at)) at = k[i].rep_at;
    }
    return at;
}

/* Whether a result is stored, and an anchored repetition disproof made ready for it (ENT_ANCHOR:
 * the anchor's depth in mask, the path's keys from there down to the parent in parent). WHY
 * anchored: a repetition disproof holds only while the positions it repeated are on the path,
 * and one that was not stored at all made the node that leaned on it read a stale open value
 * when it was expanded again, and return past the threshold its parent had set from the
 * disproof, for ever (Microcosmos, the third loop of session 18, docs/mate.md). Unanchored
 * ones (the repetition goes through the node itself) are stored as before, while store_rep. */
static bool rep_storable(MateSolver *ms, MateResult *r, int depth) {
    if (!(r->flags & ENT_REP)) return true;
    if (r->rep_at == -2) return false;
    if (r->rep_at < 0) return ms->store_rep;
    const MatePath up = {.keys = ms->path, .depth = depth - 1, .self = ms->path[depth - 1]};
    r->parent = mtt_path_seg(&up, r->rep_at);
    r->mask = (uint64_t)r->rep_at;
    r->flags |= ENT_ANCHOR;
    return true;
}

static void search(MateSolver *ms, int rem, int fsq, uint32_t thpn, uint32_t thdn, int depth, MateResult *out) {
    Position *pos = ms->pos;
    tick(ms);
    MateHand hand;
    mate_hand_of(ms, &hand);
    uint64_t full = pos_key(pos);
    int at = path_find(ms, full, depth);
    if (at != -1 || depth >= HISTORY_MAX - 1 || pos->sp >= HISTORY_MAX - 2) {
        *out = rep_disproof(rem, &hand, at != -1 ? at : -2); /* too deep: never stored (-2) */
        return;
    }
    bool or_node = pos->stm == ms->attacker;
    uint64_t key = node_key(ms, fsq), nodes0 = mate_own_nodes(ms);
    /* WHY: the two counters are written after the expansion; fetched now, they are there then */
    __builtin_prefetch(&path_filter(ms)->count[full & 0xffff], 1);
    __builtin_prefetch(&frame_filter(ms)->count[key & 0xffff], 1);
    size_t base = ms->kids_top;
    int n = expand(ms, rem, fsq, or_node, &hand, key, depth, full);
    if (n < 0) {
        if (n == -1) ms->aborted = true;
        *out = (MateResult){.pn = PN_INF, .dn = 0, .len = (int16_t)rem, .hand = hand};
        if (n == -2) mtt_store(ms->tt, key, &hand, out, 1);
        return;
    }
    ms->kids_top += (size_t)n;
    path_set(ms, full, depth, 1);
    ms->frames[depth] = (MateFrame){.tkey = key, .base = base, .n = n, .or_node = or_node};
    filter_add(frame_filter(ms), key, 1);
    dc_restore(ms, key, &hand, rem, base, n);
    MateResult r;
    uint32_t cpn, cdn;
    for (int i; (i = pick_child(ms, depth, rem, &hand, thpn, thdn, &r, &cpn, &cdn)) >= 0;) {
        Move m = ms->kids[base + i].move;
        int crem = mate_child_rem(rem, m), cfree = mate_child_free(rem, m, or_node);
        MateResult cr;
        mate_do(ms, m);
        search(ms, crem, cfree, cpn, cdn, depth + 1, &cr);
        mate_undo(ms, m);
        MateChild *k = ms->kids + base; /* the arena may have moved */
        kid_take(&k[i], &cr);
        refresh_kids(ms, rem, &hand, k, n, i, depth);
    }
    path_set(ms, full, depth, -1);
    filter_add(frame_filter(ms), key, -1);
    r.parent = depth ? ms->frames[depth - 1].tkey : 0;
    r.mask = 0;
    for (int i = 0; i < n && i < 64; i++) r.mask |= (uint64_t)ms->kids[base + i].maxc << i;
    r.rep_at = r.dn == 0 && (r.flags & ENT_REP) ? rep_anchor(ms->kids + base, n, depth) : -1;
    ms->kids_top = base;
    if (r.pn) r.len = (int16_t)rem; /* disproof bound, or the budget of the estimates */
    uint64_t spent = mate_own_nodes(ms) - nodes0 + 1;
    if (rep_storable(ms, &r, depth)) mtt_store(ms->tt, key, &hand, &r, spent > PN_INF ? PN_INF : (uint32_t)spent);
    r.flags &= ENT_REP;
    *out = r;
}

bool dfpn_probe(MateSolver *ms, int rem, int fsq, MateResult *out) {
    MateHand h;
    mate_hand_of(ms, &h);
    mtt_lookup(ms->tt, node_key(ms, fsq), &h, rem, out);
    return out->pn == 0 || out->dn == 0;
}

void dfpn_solve_below(MateSolver *ms, int from_sp, int rem, int fsq, MateResult *out) {
    KeyFilter *f = path_filter(ms);
    const StateInfo *st = ms->pos->states;
    int to_sp = ms->pos->sp;
    for (int i = from_sp; i < to_sp; i++) filter_add(f, st[i].key, 1);
    bool store_rep = ms->store_rep;
    ms->store_rep = false;
    ms->outer_from = from_sp;
    ms->outer_to = ms->outer_hit = to_sp;
    dfpn_solve(ms, rem, fsq, out);
    ms->outer_from = ms->outer_to = 0;
    ms->store_rep = store_rep;
    for (int i = from_sp; i < to_sp; i++) filter_add(f, st[i].key, -1);
}

void dfpn_forget(MateSolver *ms) {
    MateHand h;
    mate_hand_of(ms, &h);
    mtt_forget_proof(ms->tt, node_key(ms, FREE_NONE), &h);
}

uint64_t dfpn_key(const MateSolver *ms) { return node_key(ms, FREE_NONE); }

void dfpn_solve(MateSolver *ms, int rem, int fsq, MateResult *out) {
    do {
        search(ms, rem, fsq, PN_INF - 1, PN_INF - 1, 0, out);
    } while (out->pn && out->dn && !ms->aborted);
    if (ms->helper) { /* the nodes tick has not yet added to the shared count */
        atomic_fetch_add_explicit(&ms->par->nodes, ms->own_nodes & TICK_MASK, memory_order_relaxed);
        ms->own_nodes &= ~(uint64_t)TICK_MASK;
    }
}
