/* line.c - mate_search (mate.h): df-pn proves or disproves the root without a depth limit,
 * a line is read from the proof, then depth-limited df-pn runs for every shorter odd length
 * (up to EXACT_MAX plies) so the reported mate is the shortest; the line is rebuilt under
 * tsume conventions (attacker shortest, defender longest, futile interpositions skipped)
 * and replayed before it is returned. */
#include "mate_int.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../search.h"

/* Proven (1), disproven (0) or stopped (-1) with budget rem / free square fsq. */
static int prove(MateSolver *ms, int rem, int fsq, MateResult *r) {
    if (!dfpn_probe(ms, rem, fsq, r)) {
        if (fsq == FREE_NONE && ms->pos->sp == ms->root_sp)
            mate_root_solve(ms, rem, r, false); /* the root: on every thread */
        else
            dfpn_solve(ms, rem, fsq, r);
    }
    if (ms->aborted) return -1;
    return r->pn == 0;
}

/* The root's best line while the shortening runs: the walk's, then the line of each shorter
 * budget as soon as it is proven (root_line_take). */
typedef struct {
    Move *line;
    int n, max;
} RootLine;

static void root_line_take(MateSolver *ms, int budget, RootLine *rl);

/* The exact length of the current node's mate (the least budget that proves it), searching
 * down from the budget hi: -1 when not proven within hi, -2 when stopped. WHY downwards:
 * each proof stores the length it found, so the next budget starts below it, and the
 * disproof of the last budget answers every smaller one. *least (may be NULL): the least
 * budget proven so far, also when stopped. */
static int shortest_budget(MateSolver *ms, int hi, int fsq, int *least, RootLine *rl) {
    MateResult r;
    int p = prove(ms, hi, fsq, &r);
    if (p <= 0) return p < 0 ? -2 : -1;
    int best = r.len, lowest = ms->pos->stm != ms->attacker ? 0 : fsq != FREE_NONE ? -1 : 1;
    if (rl) root_line_take(ms, best, rl);
    while (best - 2 >= lowest) {
        if (least) *least = best;
        p = prove(ms, best - 2, fsq, &r);
        if (p < 0) return -2;
        if (!p) break;
        best = r.len;
        if (rl) root_line_take(ms, best, rl);
    }
    return best;
}

enum { CAND_MAX = 16 };

/* Attacker to move, mate within exactly rem plies (free square fsq): the checks proven within
 * their child's budget (pass 0: by stored proofs; pass 1: searched), shortest proof first, at
 * most CAND_MAX; lens gets each one's length. Returns how many. */
static int exact_checks(MateSolver *ms, int rem, int fsq, int pass, Move *cand, int *lens) {
    Position *pos = ms->pos;
    MoveList list;
    mate_gen(ms, rem, fsq, &list);
    int n = 0;
    int total[CAND_MAX];
    for (int i = 0; i < list.size && !ms->aborted; i++) {
        Move m = list.moves[i];
        if (m & MF_VIRT) continue; /* a futility test, not a move of the line */
        int crem = mate_child_rem(rem, m), step = crem > rem ? -1 : 1;
        MateResult r;
        pos_do_move(pos, m);
        bool proven =
            pass == 0 ? dfpn_probe(ms, crem, FREE_NONE, &r) && r.pn == 0 : prove(ms, crem, FREE_NONE, &r) == 1;
        pos_undo_move(pos);
        if (!proven) continue;
        int t = r.len + step, j = n;
        if (n == CAND_MAX) {
            if (t >= total[CAND_MAX - 1]) continue;
            j = CAND_MAX - 1;
        } else
            n++;
        for (; j > 0 && total[j - 1] > t; j--) {
            total[j] = total[j - 1];
            cand[j] = cand[j - 1];
            lens[j] = lens[j - 1];
        }
        total[j] = t;
        cand[j] = m;
        lens[j] = r.len;
    }
    return n;
}

/* Tsume convention: the defender's drop (just made, attacker to move) is futile when taking the
 * dropped piece, checking, and handing it back (MF_VIRT: the mate must not need it) leaves the
 * defender mated within the defender's budget rem. */
static bool futile(MateSolver *ms, Move drop, int rem) {
    MoveList list;
    mate_gen(ms, rem - 1, move_to(drop), &list);
    for (int i = 0; i < list.size; i++) {
        Move m = list.moves[i];
        if (!(m & MF_VIRT)) continue;
        MateResult r;
        mate_do(ms, m);
        int p = prove(ms, rem, FREE_NONE, &r);
        mate_undo(ms, m);
        if (p == 1) return true;
    }
    return false;
}

static int extract_exact(MateSolver *ms, int d, int fsq, Move *line, int max);

/* Tie-break of equally long defences (TIE_MAX: the longest remaining mate it looks at). */
enum { TIE_MAX = 31, TIE_LINE = 64 };

/* Attacker to move after a defence, mate of exactly len plies (free square fsq): does the
 * exact line from here end with the attacker holding nothing in hand? */
static bool ends_bare(MateSolver *ms, int len, int fsq) {
    Position *pos = ms->pos;
    Move line[TIE_LINE];
    ms->in_tiebreak = true;
    int n = extract_exact(ms, len, fsq, line, TIE_LINE);
    ms->in_tiebreak = false;
    for (int i = 0; i < n; i++) pos_do_move(pos, line[i]);
    bool bare = true;
    for (int k = 0; k < pos->t->hand_type_count; k++) bare &= !pos->hand[ms->attacker][pos->t->hand_types[k]];
    for (int i = 0; i < n; i++) pos_undo_move(pos);
    return bare;
}

/* Defender to move, mated within exactly rem plies: the longest non-futile defence; at equal
 * length one after which the attacker ends with nothing in hand (tsume convention, looked at
 * when at most TIE_MAX plies remain), else board moves before interpositions; MOVE_NONE when
 * nothing but futile drops is left. *child_len and *child_free: the exact length after it
 * and its free square. */
static Move exact_defence(MateSolver *ms, int rem, int *child_len, int *child_free) {
    Position *pos = ms->pos;
    MoveList list;
    mate_gen(ms, rem, FREE_NONE, &list);
    Move best = MOVE_NONE;
    int longest = -(1 << 20), best_bare = -1; /* -1: not looked at */
    bool tie = !ms->in_tiebreak && rem <= TIE_MAX;
    for (int pass = 0; pass < 2 && !ms->aborted; pass++) /* board moves, then drops */
        for (int i = 0; i < list.size && !ms->aborted && (longest < rem - 1 || (tie && best_bare != 1)); i++) {
            Move m = list.moves[i];
            bool drop = move_is_drop(m);
            if (drop != (pass == 1)) continue;
            int fsq = drop ? move_to(m) : FREE_NONE;
            pos_do_move(pos, m);
            int b = drop && futile(ms, m, rem) ? -1 : shortest_budget(ms, rem - 1, fsq, NULL, NULL);
            bool take = b >= 0 && b > longest;
            if (b >= 0 && b == longest && tie) {
                if (best_bare < 0) {
                    pos_undo_move(pos);
                    pos_do_move(pos, best);
                    best_bare = ends_bare(ms, *child_len, *child_free);
                    pos_undo_move(pos);
                    pos_do_move(pos, m);
                }
                take = !best_bare && ends_bare(ms, b, fsq);
            }
            pos_undo_move(pos);
            if (take) {
                best_bare = b > longest ? -1 : 1;
                longest = b;
                best = m;
                *child_len = b;
                *child_free = fsq;
            }
        }
    return best;
}

/* One attacker move of the exact line (made on return, MOVE_NONE when none) and, when
 * `defend`, the defender's reply to it (not made; *reply, *rem and *cfree as exact_defence
 * gives them). WHY not simply the shortest stored proof: a drop whose capture costs no depth
 * is skipped as futile, and behind such a check the longest remaining defence can be shorter
 * than the check's length, so the line would come out shorter than the mate; a check whose
 * defence keeps the length is looked for among the stored proofs, then among searched ones. */
static Move exact_step(MateSolver *ms, int *rem, int fsq, bool defend, Move *reply, int *cfree) {
    Position *pos = ms->pos;
    Move first = MOVE_NONE, m = MOVE_NONE;
    int first_len = 0;
    for (int pass = 0; pass < 2 && !ms->aborted; pass++) {
        Move cand[CAND_MAX];
        int lens[CAND_MAX], k = exact_checks(ms, *rem, fsq, pass, cand, lens);
        for (int i = 0; i < k && !ms->aborted; i++) {
            int next = 0;
            pos_do_move(pos, cand[i]);
            Move r = defend ? exact_defence(ms, lens[i], &next, cfree) : MOVE_NONE;
            if (!r || next == lens[i] - 1) {
                *reply = r;
                *rem = next;
                return cand[i];
            }
            pos_undo_move(pos);
            if (!first) {
                first = cand[i];
                first_len = lens[i];
            }
        }
    }
    if (!first || ms->aborted) return MOVE_NONE;
    m = first;
    pos_do_move(pos, m);
    *reply = exact_defence(ms, first_len, rem, cfree);
    return m;
}

/* The line of a mate of exactly d plies (attacker to move, free square fsq), into
 * line[0..max). */
static int extract_exact(MateSolver *ms, int d, int fsq, Move *line, int max) {
    Position *pos = ms->pos;
    int n = 0, rem = d;
    while (n + 1 <= max && !ms->aborted) {
        int cfree = FREE_NONE, next = rem;
        Move r = MOVE_NONE, m = exact_step(ms, &next, fsq, n + 2 <= max, &r, &cfree);
        if (!m) break;
        line[n++] = m;
        if (!r) break;
        line[n++] = r;
        pos_do_move(pos, r);
        rem = next;
        fsq = cfree;
    }
    for (int i = 0; i < n; i++) pos_undo_move(pos);
    return n;
}

/* Length of the attacker's proven check m (0 when it mates at once), -1 if not known proven. */
static int check_len(MateSolver *ms, Move m) {
    MateResult r;
    pos_do_move(ms->pos, m);
    int len = mate_reply_count(ms->pos, ms->scratch) == 0            ? 0
              : dfpn_probe(ms, REM_NONE, FREE_NONE, &r) && r.pn == 0 ? r.len
                                                                     : -1;
    pos_undo_move(ms->pos);
    return len;
}

/* Attacker to move: the proven check with the shortest proof (the node is searched again
 * when its proof fell out of the table). */
static Move proof_check(MateSolver *ms, const MoveList *list) {
    for (int attempt = 0; attempt < 2 && !ms->aborted; attempt++) {
        Move best = MOVE_NONE;
        int best_len = 1 << 20;
        for (int i = 0; i < list->size; i++) {
            int len = check_len(ms, list->moves[i]);
            if (len >= 0 && len < best_len) {
                best_len = len;
                best = list->moves[i];
            }
        }
        if (best) return best;
        MateResult r;
        if (prove(ms, REM_NONE, FREE_NONE, &r) != 1) break;
    }
    return MOVE_NONE;
}

/* Defender to move: the reply with the longest proof, non-interpositions first. */
static Move proof_defence(MateSolver *ms, const MoveList *list) {
    Move best = MOVE_NONE;
    int best_len = -1;
    for (int i = 0; i < list->size && !ms->aborted; i++) {
        Move m = list->moves[i];
        MateResult r;
        pos_do_move(ms->pos, m);
        int len = prove(ms, REM_NONE, FREE_NONE, &r) == 1 ? r.len : -1;
        pos_undo_move(ms->pos);
        if (len > best_len || (len == best_len && len >= 0 && move_is_drop(best) && !move_is_drop(m))) {
            best_len = len;
            best = m;
        }
    }
    return best_len >= 0 ? best : MOVE_NONE;
}

/* Follow the unlimited proof: shortest proven check, longest proven reply. */
static int extract_proof(MateSolver *ms, Move *line, int max) {
    Position *pos = ms->pos;
    int n = 0;
    MoveList *list = malloc(sizeof *list);
    while (list && n < max && !ms->aborted) {
        mate_gen(ms, REM_NONE, FREE_NONE, list);
        bool attacker = pos->stm == ms->attacker;
        if (!list->size || (n > 0 && pos_repetitions(pos) > 0)) break;
        Move best = attacker ? proof_check(ms, list) : proof_defence(ms, list);
        if (!best) break;
        line[n++] = best;
        pos_do_move(pos, best);
    }
    free(list);
    for (int i = 0; i < n; i++) pos_undo_move(pos);
    return n;
}

bool mate_line_valid(Position *pos, const Move *line, int length) {
    int done = 0;
    bool ok = length % 2 == 1;
    for (; ok && done < length; done++) {
        if (!movegen_is_legal(pos, line[done])) {
            ok = false;
            break;
        }
        pos_do_move(pos, line[done]);
        if (done % 2 == 0 && !mate_attacks_royal(pos)) ok = false;
    }
    if (ok) {
        MoveList list;
        mate_replies(pos, &list);
        for (int i = 0; i < list.size && ok; i++) ok = move_is_drop(list.moves[i]);
    }
    while (done-- > 0) pos_undo_move(pos);
    return ok;
}

static int solver_init(MateSolver *ms, MateTable *tt, Position *pos, MateControl *c) {
    memset(ms, 0, sizeof *ms);
    ms->pos = pos;
    ms->c = c;
    ms->tt = tt;
    ms->root_sp = pos->sp;
    ms->attacker = pos->stm;
    const Variant *v = pos->v;
    /* WHY these exclusions: with nana's mate ban a bigger hand can forbid a mating move, so
     * more pieces in hand is not always better and hands must match exactly. */
    ms->dominate = v->drops && !v->no_mate_with_hand && !pos->rules.no_stalemate_with_hand &&
                   pos->t->hand_type_count <= MATE_HAND_SLOTS;
    ms->store_rep = true;
    ms->start_ms = now_ms();
    ms->next_report_ms = ms->start_ms + 1000;
    if (mtt_init(ms->tt, mate_hash_kb(c)) < 0) return -1;
    ms->tt->hand_slots = ms->dominate ? pos->t->hand_type_count : 0;
    for (int i = 0; i < PT_MAX; i++) ms->slot_of[i] = -1;
    for (int k = 0; k < ms->tt->hand_slots; k++) ms->slot_of[pos->t->hand_types[k]] = k;
    /* WHY: where the hand types are consecutive (shogi's seven), a hand is one copy */
    int run = ms->tt->hand_slots && pos->t->hand_types[0] + MATE_HAND_SLOTS <= PT_MAX ? pos->t->hand_types[0] : 0;
    for (int k = 0; k < ms->tt->hand_slots && run; k++)
        if (pos->t->hand_types[k] != run + k) run = 0;
    ms->tt->hand_run = run;
    /* WHY: with hands outside the key and no lion state, a move's key change is a few XORs */
    ms->fast_keys = ms->dominate && !v->lion_rules;
    ms->eager_drops = c->eager_drops;
    return mate_solver_alloc(ms);
}

enum {
    PATH_BYTES = HISTORY_MAX * sizeof(uint64_t) + sizeof(KeyFilter),
    FRAMES_BYTES = HISTORY_MAX * sizeof(MateFrame) + sizeof(KeyFilter),
    SPARE_SETS = 8,          /* sets kept: the main solver and helpers of one or two searches */
    SPARE_KIDS_MAX = 1 << 16 /* a children arena grown past this many is freed, not kept */
};

/* Solver buffers kept from one solve for the next. WHY: each `go mate` allocated about 600 KB of
 * path, frames and children, and freed them at its end; under AddressSanitizer every block over
 * 128 KB is an mmap and an munmap (a TLB flush on every CPU), a fifth of the USI fuzz target's
 * time. Kept, they cost a memset. At most SPARE_SETS sets (about 5 MB) are kept. */
typedef struct {
    uint64_t *path;
    MateFrame *frames;
    MoveList *gen, *scratch;
    struct MateChild *kids;
    size_t kids_cap;
} SpareSet;
static SpareSet spares[SPARE_SETS];
static int spare_count;
static pthread_mutex_t spare_lock = PTHREAD_MUTEX_INITIALIZER;

int mate_solver_alloc(MateSolver *ms) {
    pthread_mutex_lock(&spare_lock);
    bool kept = spare_count > 0;
    if (kept) {
        SpareSet *k = &spares[--spare_count];
        ms->path = k->path;
        ms->frames = k->frames;
        ms->gen = k->gen;
        ms->scratch = k->scratch;
        ms->kids = k->kids;
        ms->kids_cap = k->kids_cap;
    }
    pthread_mutex_unlock(&spare_lock);
    if (kept) {
        memset(ms->path, 0, PATH_BYTES);
        memset(ms->frames, 0, FRAMES_BYTES);
        ms->kids_top = 0;
        return 0;
    }
    ms->path = calloc(1, PATH_BYTES);
    ms->frames = calloc(1, FRAMES_BYTES);
    ms->gen = malloc(sizeof *ms->gen);
    ms->scratch = malloc(sizeof *ms->scratch);
    return ms->path && ms->frames && ms->gen && ms->scratch ? 0 : -1;
}

void mate_solver_release(MateSolver *ms) {
    mate_lists_free(&ms->lists);
    bool whole = ms->path && ms->frames && ms->gen && ms->scratch;
    pthread_mutex_lock(&spare_lock);
    bool keep = whole && spare_count < SPARE_SETS;
    if (keep) {
        bool small = ms->kids_cap <= SPARE_KIDS_MAX;
        spares[spare_count++] =
            (SpareSet){ms->path, ms->frames, ms->gen, ms->scratch, small ? ms->kids : NULL, small ? ms->kids_cap : 0};
        if (!small) free(ms->kids);
    }
    pthread_mutex_unlock(&spare_lock);
    if (!keep) {
        free(ms->path);
        free(ms->frames);
        free(ms->gen);
        free(ms->scratch);
        free(ms->kids);
    }
    ms->path = NULL;
    ms->frames = NULL;
    ms->gen = ms->scratch = NULL;
    ms->kids = NULL;
    ms->kids_cap = ms->kids_top = 0;
}

static void solver_free(MateSolver *ms) {
    ms->c->list_hits = ms->lists.hits;
    ms->c->hashfull = ms->tt->c ? mtt_hashfull(ms->tt) : 0;
    mtt_free(ms->tt);
    mate_solver_release(ms);
}

/* From a proof of len plies at the root, the shortest mate: prove with budgets len - 2,
 * len - 4, ... (each proof stores its own, possibly shorter, length) until one is disproven;
 * then its line. Returns the line's length, or -1 (stopped, or no line verified). */
static int shorten(MateSolver *ms, int len, Move *line, int line_max, int *least, RootLine *rl) {
    int exact = shortest_budget(ms, len, FREE_NONE, least, rl);
    if (exact < 0) return -1;
    int n = extract_exact(ms, exact, FREE_NONE, line, line_max);
    return !ms->aborted && mate_line_valid(ms->pos, line, n) ? n : -1;
}

/* Node count at which the shortening stops (0: never), the first proof having just been found. */
static uint64_t shorten_cap(const MateControl *c) {
    if (c->shorten_nodes == MATE_SHORTEN_ALL) return 0;
    uint64_t spend = c->shorten_nodes;
    if (!spend) {
        spend = c->first_nodes * MATE_SHORTEN_FACTOR;
        if (spend < MATE_SHORTEN_MIN) spend = MATE_SHORTEN_MIN;
    }
    return c->nodes + spend;
}

/* The line of the first proof (attacker to move): the stored proofs' minimax (proofline.c),
 * else the walk that follows stored lengths; 0 when neither gives a mate. */
static int proof_line(MateSolver *ms, Move *buf, int max) {
    int n = mate_proof_line(ms, REM_NONE, buf, max);
    ms->c->bounded = n > 0 && mate_line_valid(ms->pos, buf, n);
    if (ms->c->bounded) return n;
    ms->aborted = false; /* the walk's searches may have hit the deadline: answer all the same */
    n = extract_proof(ms, buf, max);
    return n > 0 && mate_line_valid(ms->pos, buf, n) ? n : 0;
}

/* The solver stopped at its own node cap (the shortening's budget, the walk's caps on its
 * searches, a restart's), not at a limit of the caller (stop, deadline, node limit). */
bool mate_cap_stopped(const MateSolver *ms) {
    const MateControl *c = ms->c;
    return ms->node_cap && c->nodes >= ms->node_cap && !(c->stop && atomic_load(c->stop)) &&
           (c->deadline_ms < 0 || now_ms() < c->deadline_ms) && (!c->node_limit || c->nodes < c->node_limit);
}

uint64_t mate_cap_push(MateSolver *ms, uint64_t extra, uint64_t *outer) {
    *outer = ms->node_cap;
    uint64_t cap = ms->c->nodes + extra;
    if (*outer && *outer <= cap) return 0;
    ms->node_cap = cap;
    return cap;
}

bool mate_cap_pop(MateSolver *ms, uint64_t cap, uint64_t outer) {
    /* stopped by this cap, not by the outer one or the caller's limits */
    bool stopped = cap && ms->aborted && mate_cap_stopped(ms);
    ms->node_cap = outer;
    if (stopped) ms->aborted = false;
    return stopped;
}

/* A budget proven at the root, shorter than the best line so far: its line, read from the
 * stored proofs (at most MATE_SHORTEN_MIN more nodes), becomes the best and is shown.
 * WHY at once: the shortening usually ends at the deadline or at `stop`, in the middle of a
 * shorter budget, and the line of the least proven one was read only when it ended at its
 * node budget, so a run stopped at its deadline answered the walk's longer line (the whole
 * 117-ply row: 117 proven by 12M nodes, 119 answered after 22.8M in 120 s). */
static void root_line_take(MateSolver *ms, int budget, RootLine *rl) {
    if (budget >= rl->n || ms->aborted) return;
    Move *buf = malloc((size_t)rl->max * sizeof *buf);
    if (!buf) return;
    uint64_t outer, cap = mate_cap_push(ms, MATE_SHORTEN_MIN, &outer);
    int k = mate_proof_line(ms, budget, buf, rl->max);
    bool own_cap = mate_cap_pop(ms, cap, outer);
    if (!ms->aborted && !own_cap && k > 0 && k < rl->n && mate_line_valid(ms->pos, buf, k)) {
        memcpy(rl->line, buf, (size_t)k * sizeof *buf);
        rl->n = k;
        if (ms->c->on_line) ms->c->on_line(ms->c->user, rl->line, k, ms->c->nodes, ms->pos);
    }
    free(buf);
}

/* After the root's first proof r: its line, then the shortest mate the budget allows
 * (shorten); the line goes to line[0..*length). */
static MateStatus answer_proven(MateSolver *ms, const MateResult *r, int budget, Move *line, int line_max,
                                int *length) {
    MateControl *c = ms->c;
    Position *pos = ms->pos;
    /* the proof's own line first: the answer if shortening runs out of time */
    Move *buf = malloc((size_t)line_max * sizeof *buf);
    int n = buf ? proof_line(ms, buf, line_max) : 0;
    bool valid = n > 0 && n <= budget;
    if (valid && c->on_line) c->on_line(c->user, buf, n, c->nodes, pos);
    /* WHY only with a line to fall back on: without one, stopping early answers nothing */
    ms->node_cap = valid ? shorten_cap(c) : 0;
    /* WHY from the walk's length: its line shows a mate within that many plies, and the
     * budgets between it and the first proof's stored length (117-ply row: 137 down to
     * 125) would each be proven again before a shorter one is tried */
    int from = valid && c->bounded && n < r->len ? n : r->len;
    RootLine rl = {.line = buf, .n = n, .max = line_max};
    int least = 0, m = shorten(ms, from, line, line_max, &least, valid ? &rl : NULL);
    if (m < 0 && from < r->len && !ms->aborted) { /* the budget semantics disagree with the walk's */
        least = 0;
        m = shorten(ms, r->len, line, line_max, &least, valid ? &rl : NULL);
    }
    c->shortest = m > 0;
    if (m > 0)
        *length = m;
    else if (valid) {
        n = rl.n;
        memcpy(line, buf, (size_t)n * sizeof *buf);
        *length = n;
        /* WHY: the shortening stopped at its budget after proving shorter budgets than
         * the proof's line; the least of them has a line of its own (at most that long) */
        if (least > 0 && least < n && mate_cap_stopped(ms)) {
            ms->aborted = false;
            ms->node_cap = c->nodes + (c->first_nodes > MATE_SHORTEN_MIN ? c->first_nodes : MATE_SHORTEN_MIN);
            int k = mate_proof_line(ms, least, buf, line_max);
            if (!ms->aborted && k > 0 && k < n && mate_line_valid(pos, buf, k)) {
                memcpy(line, buf, (size_t)k * sizeof *buf);
                *length = k;
            }
        }
    }
    free(buf);
    /* WHY never MATE_NONE here: the root is proven, so a mate exists; without a line read
     * from the table the honest answer is that none was found in time */
    return *length ? MATE_FOUND : MATE_TIMEOUT;
}

MateStatus mate_search(Position *pos, MateControl *c, Move *line, int line_max, int *length) {
    *length = 0;
    c->nodes = 0;
    c->first_nodes = 0;
    c->first_len = 0;
    c->shortest = false;
    c->bounded = false;
    c->walk_nodes = c->walk_searched = c->walk_cycles = c->walk_forgot = c->walk_capped = 0;
    c->restarts = 0;
    int budget = c->max_plies > 0 && c->max_plies < REM_NONE ? c->max_plies : REM_NONE;
    MateSolver ms;
    MateTable tt = {0};
    if (solver_init(&ms, &tt, pos, c) < 0) {
        solver_free(&ms);
        return MATE_TIMEOUT;
    }
    /* WHY from the environment: a developer's tool for the walk after a long first proof */
    const char *load = getenv("SHISHI_MATE_LOAD"), *save = getenv("SHISHI_MATE_SAVE");
    if (load && *load) c->table_loaded = mtt_load(ms.tt, load, pos_key(pos)) == 0 ? 1 : -1;
    MateResult r;
    mate_root_solve(&ms, budget, &r, true);
    if (!ms.aborted && r.dn == 0 && (r.flags & ENT_REP)) { /* GHI: retry without path-dependent results */
        mtt_clear_rep(ms.tt);
        ms.store_rep = false;
        mate_root_solve(&ms, budget, &r, true);
    }
    MateStatus status = ms.aborted ? MATE_TIMEOUT : MATE_NONE;
    if (!ms.aborted && r.pn == 0) {
        c->first_nodes = c->nodes;
        c->first_len = r.len;
        if (save && *save) c->table_saved = mtt_save(ms.tt, save, pos_key(pos)) == 0 ? 1 : -1;
        status = answer_proven(&ms, &r, budget, line, line_max, length);
    }
    solver_free(&ms);
    return status;
}
