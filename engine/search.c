/* search.c - iterative deepening principal variation search in the Stockfish/Ethereal
 * manner: aspiration windows, a transposition table, staged move picking, null move, futility,
 * razoring, ProbCut, late-move reductions and pruning, SEE pruning, singular extensions, and
 * a quiescence search over captures (plus quiet checks at its first ply in drop games).
 * Written once for every game: what differs is read from the descriptor (drops, whether
 * check is allowed, zugzwang-prone boards, the repetition and declaration rules), never a
 * game's name. Lazy SMP: helper threads share only the TT. Never prints. */
#include "search.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../eval/eval.h"
#include "../src/declare.h"
#include "../src/mate1.h"
#include "../src/see.h"
#include "movepick.h"
#include "parked.h"
#include "timeman.h"

int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

enum {
    VALUE_NONE = VALUE_NONE_TT,
    DEPTH_STAND_PAT = -7,          /* TT depth of a stand-pat cut: below every real quiescence entry */
    STACK_BEFORE = 4,              /* sentinel entries below ply 0 (ss - 4 is read) */
    FRAMES_MAX = 2 * MAX_PLY + 16, /* picker buffers: one per search call on the stack */
    EXCLUDE_MAX = 256 + 64,        /* XBoard exclude list, then MultiPV lines reported */
    QUIETS_TRIED_MAX = 64,
    CAPTURES_TRIED_MAX = 32,
    EVAL_CACHE_SIZE = 16384 /* entries of the worker's evaluation cache (a power of two) */
};

/* Developer switch for measuring what a step is worth (docs/search.md): a build with
 * `make DEFS=-DSEARCH_ABLATE=<mask>` leaves out the steps in the mask; the compiler removes
 * the tests. The default leaves out only the singular extension: it did not measure positive
 * (-2 +/- 54 Elo over 160 games, docs/search.md), so it is built but off until it does
 * (`-DSEARCH_ABLATE=0` turns it on). */
#ifndef SEARCH_ABLATE
#define SEARCH_ABLATE ABL_SINGULAR
#endif
enum {
    ABL_MATE1 = 1 << 0,
    ABL_RAZOR = 1 << 1,
    ABL_RFP = 1 << 2,
    ABL_NMP = 1 << 3,
    ABL_PROBCUT = 1 << 4,
    ABL_IIR = 1 << 5,
    ABL_PRUNE = 1 << 6,
    ABL_SINGULAR = 1 << 7,
    ABL_CHECK_EXT = 1 << 8,
    ABL_LMR = 1 << 9,
    ABL_QS_CHECKS = 1 << 10,
    ABL_ASPIRATION = 1 << 11
};
static inline bool step_on(int step) { return !(SEARCH_ABLATE & step); }

/* One ply of the search stack. */
typedef struct {
    int ply;
    Move move;     /* the move made at this ply (MOVE_NONE for a null move) */
    Move excluded; /* singular-extension search: the move left out */
    Move killers[2];
    Value static_eval;
    int ctx; /* continuation slot of `move`, CONT_NONE for a null move */
    bool in_check, tt_pv;
} Stack;

struct SearchWorker {
    ParkedThread thread; /* its own, made at the first job and kept (parked.h) */
    SearchShared *sh;
    int id;
    Position pos;
    History hist;
    MoveBuffers *bufs; /* [FRAMES_MAX] */
    int frame;
    Stack stack[MAX_PLY + STACK_BEFORE + 4];
    Move pv[MAX_PLY + 2][MAX_PLY + 2];
    int pv_len[MAX_PLY + 2];
    uint64_t nodes, nodes_flushed;
    int seldepth, root_depth, nmp_min_ply;
    /* root */
    MoveList root_moves;
    Move excluded[EXCLUDE_MAX];
    int excluded_count;
    Move best_move, ponder_move;
    Value best_score;
    int completed_depth;
    double best_move_changes;
    /* static evaluations of recently seen positions (quiescence revisits many that the TT
     * does not keep); valid while the evaluation's parameters do not change */
    struct {
        Key key;
        Value value;
    } eval_cache[EVAL_CACHE_SIZE];
};

/* ---- tables -------------------------------------------------------------------------------- */

/* The static evaluation through the worker's cache. */
static inline Value static_eval(SearchWorker *w, const Position *pos) {
    Key key = pos_key(pos);
    unsigned slot = (unsigned)key & (EVAL_CACHE_SIZE - 1);
    if (w->eval_cache[slot].key == key) return w->eval_cache[slot].value;
    Value v = evaluate(pos);
    w->eval_cache[slot].key = key;
    w->eval_cache[slot].value = v;
    return v;
}

static int lmr_table[64][64];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* WHY these constants: Ethereal's reduction formula (0.77 + ln d ln m / 2.47), which needs
 * no tuning per game because it only scales with depth and move number. */
static void init_tables(void) {
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++) lmr_table[d][m] = (int)(0.77 + log(d) * log(m) / 2.47);
}

static inline int lmr(int depth, int move_count) {
    return lmr_table[depth < 63 ? depth : 63][move_count < 63 ? move_count : 63];
}

/* Late-move pruning: quiets after this many moves are skipped at shallow depth. */
static inline int lmp_limit(int depth, bool improving) { return (3 + depth * depth) / (2 - improving); }

/* ---- small helpers ---------------------------------------------------------------------------- */

static inline bool stopped(const SearchWorker *w) { return atomic_load_explicit(&w->sh->stop, memory_order_relaxed); }

static void flush_nodes(SearchWorker *w) {
    atomic_fetch_add(&w->sh->nodes, w->nodes - w->nodes_flushed);
    w->nodes_flushed = w->nodes;
}

/* Main thread: stop at the hard time limit or the node limit. */
static void check_limits(SearchWorker *w) {
    SearchShared *sh = w->sh;
    flush_nodes(w);
    if (sh->limits.nodes && atomic_load(&sh->nodes) >= sh->limits.nodes) atomic_store(&sh->stop, true);
    int64_t hard = atomic_load(&sh->hard_ms);
    if (hard >= 0 && !atomic_load(&sh->pondering) && now_ms() - atomic_load(&sh->start_ms) >= hard)
        atomic_store(&sh->stop, true);
}

static inline void count_node(SearchWorker *w, int ply) {
    w->nodes++;
    if ((w->nodes & 1023) == 0) {
        if (w->id == 0)
            check_limits(w);
        else
            flush_nodes(w); /* WHY: so that `info nodes` and nps count the helpers' work too */
    }
    if (ply > w->seldepth) w->seldepth = ply;
}

static inline Value mate_in(int ply) { return VALUE_MATE - ply; }
static inline Value mated_in(int ply) { return -VALUE_MATE + ply; }
_Static_assert(EVAL_LIMIT + 2000 < VALUE_MATE_IN_MAX, "a static evaluation never passes for a mate");
static inline bool is_mate_score(Value v) { return v >= VALUE_MATE_IN_MAX || v <= -VALUE_MATE_IN_MAX; }

static int score_to_tt(Value v, int ply) {
    return v >= VALUE_MATE_IN_MAX ? v + ply : v <= -VALUE_MATE_IN_MAX ? v - ply : v;
}
static Value score_from_tt(int v, int ply) {
    return v >= VALUE_MATE_IN_MAX ? v - ply : v <= -VALUE_MATE_IN_MAX ? v + ply : v;
}

/* Has the side to move lost every royal (games where royals can be captured)? */
static bool royal_lost(const Position *pos) { return pos->v->check_allowed && !pos_has_royal(pos, pos->stm); }
/* Can the side to move capture the opponent's last royal (games where royals can be
 * captured)? Then it wins with its next move. WHY asked before the stand-pat: a quiescence
 * node whose static evaluation is above beta returned without looking at the en-prise royal,
 * so at the horizon the search left its own king hanging (chu, even at depth 2). */
static bool royal_capturable(const Position *pos) {
    Color them = color_flip(pos->stm);
    return pos->v->check_allowed && pos->royal_count[them] == 1 && bb_any(pos_compute_checkers(pos, them));
}

/* The check rule applies and the side to move must answer a check. */
static bool must_evade(const Position *pos) { return !pos->v->check_allowed && pos_in_check(pos); }

/* The repetition rules' verdict on a position that occurred before inside the current line
 * (a null move ends the line: positions across it are not a real repetition). */
static GameResult tree_repetition(const Position *pos) {
    Key k = pos_key(pos);
    for (int i = pos->sp - 2; i >= 0; i -= 2) {
        if (pos->states[i + 1].move == MOVE_NONE || pos->states[i + 2].move == MOVE_NONE) break;
        if (pos->states[i].key == k) return pos_repetition_result(pos, 2, NULL, 0);
    }
    return RESULT_NONE;
}

/* The bare-king rule (chu): asked only when some side is down to a few pieces. */
static GameResult tree_bare_king(Position *pos) {
    if (!pos->rules.bare_king) return RESULT_NONE;
    if (bb_popcount(pos->by_color[BLACK]) > 4 && bb_popcount(pos->by_color[WHITE]) > 4) return RESULT_NONE;
    return pos_bare_king_result(pos);
}

static Value result_value(GameResult r, int ply) {
    return r == RESULT_DRAW ? VALUE_ZERO : r == RESULT_WIN ? mate_in(ply) : mated_in(ply);
}

/* The side to move may declare a win by the entering-king rule (cheap test first). */
static bool can_declare(const Position *pos) {
    Color us = pos->stm;
    if (!pos->rules.impasse || pos->royal_count[us] != 1 || !bb_test(pos->t->zone[us], pos->royal_sq[us])) return false;
    return pos_declaration_win(pos, NULL);
}

/* Pieces that may make a null move unsound: the side to move has nothing but its royals and
 * pawn-like pieces on the board and nothing in hand, or the game is zugzwang-prone. */
static bool zugzwang_risk(const Position *pos) {
    if (pos->v->zugzwang_prone) return true;
    Color us = pos->stm;
    if (pos->hand_total[us]) return false;
    Bitboard b = pos->by_color[us];
    int s;
    BB_FOREACH (s, b)
        if (!(pos->t->flags[piece_type(pos->board[s])] & (PF_ROYAL | PF_WEAK))) return false;
    return true;
}

static void update_pv(SearchWorker *w, int ply, Move m) {
    w->pv[ply][0] = m;
    memcpy(&w->pv[ply][1], w->pv[ply + 1], sizeof(Move) * (size_t)w->pv_len[ply + 1]);
    w->pv_len[ply] = w->pv_len[ply + 1] + 1;
}

static bool root_move_allowed(const SearchWorker *w, Move m) {
    for (int i = 0; i < w->excluded_count; i++)
        if (w->excluded[i] == m) return false;
    return true;
}

static void ctx_of(const Stack *ss, int ctx[2]) {
    ctx[0] = (ss - 1)->ctx;
    ctx[1] = (ss - 2)->ctx;
}

/* ---- history updates ----------------------------------------------------------------------------- */

static void update_quiet(SearchWorker *w, Stack *ss, Move m, int bonus) {
    Position *pos = &w->pos;
    History *h = &w->hist;
    history_update(&h->butterfly[pos->stm][history_from(m)][move_to(m)], bonus);
    int cur = history_slot(h, move_piece_type(pos, m), move_to(m));
    for (int k = 1; k <= 2; k++)
        if ((ss - k)->ctx != CONT_NONE) history_cont_update(h, (ss - k)->ctx, cur, bonus);
}

static void update_capture(SearchWorker *w, Move m, int bonus) {
    Position *pos = &w->pos;
    if (move_is_drop(m)) return;
    history_update(&w->hist.capture[move_piece_type(pos, m)][move_to(m)][move_captured_type(pos, m)], bonus);
}

/* A cut-off by best: reward it, punish the moves tried before it, note killer and counter. */
static void update_stats(SearchWorker *w, Stack *ss, Move best, int depth, const Move *quiets, int nq, const Move *caps,
                         int nc) {
    Position *pos = &w->pos;
    int bonus = history_bonus(depth);
    if (!move_is_noisy(pos, best)) {
        update_quiet(w, ss, best, bonus);
        for (int i = 0; i < nq; i++) update_quiet(w, ss, quiets[i], -bonus);
        if (ss->killers[0] != best) {
            ss->killers[1] = ss->killers[0];
            ss->killers[0] = best;
        }
        Move prev = (ss - 1)->move;
        if (prev && !move_is_pass(prev)) {
            Piece moved = pos->board[move_to(prev)];
            if (moved) w->hist.counter[piece_color(moved)][piece_type(moved)][move_to(prev)] = best;
        }
    } else
        update_capture(w, best, bonus);
    for (int i = 0; i < nc; i++) update_capture(w, caps[i], -bonus);
}

static Move counter_move(const SearchWorker *w, const Stack *ss) {
    Move prev = (ss - 1)->move;
    if (!prev || move_is_pass(prev)) return MOVE_NONE;
    Piece moved = w->pos.board[move_to(prev)];
    return moved ? w->hist.counter[piece_color(moved)][piece_type(moved)][move_to(prev)] : MOVE_NONE;
}

/* ---- quiescence ---------------------------------------------------------------------------------- */

static Value qsearch(SearchWorker *w, Stack *ss, Value alpha, Value beta, int qdepth) {
    Position *pos = &w->pos;
    const int ply = ss->ply;
    const bool pv_node = beta - alpha > 1;
    w->pv_len[ply] = 0;
    count_node(w, ply);
    if (stopped(w)) return 0;

    /* Step 1: terminal rules */
    if (royal_lost(pos)) return mated_in(ply);
    if (royal_capturable(pos)) return mate_in(ply + 1);
    GameResult bare = tree_bare_king(pos);
    if (bare != RESULT_NONE) return result_value(bare, ply);
    bool in_check = must_evade(pos);
    ss->in_check = in_check;
    if (in_check) {
        GameResult rep = tree_repetition(pos);
        if (rep != RESULT_NONE) return result_value(rep, ply);
    }
    if (ply >= MAX_PLY) return in_check ? VALUE_ZERO : evaluate(pos);

    /* Step 2: transposition table (depth 0 with quiet checks, -1 without) */
    bool checks = step_on(ABL_QS_CHECKS) && qdepth == 0 && pos->v->drops && !pos->v->check_allowed && !in_check;
    int tt_depth = checks || in_check ? 0 : -1;
    TTHit tte;
    Key key = pos_key(pos);
    bool tt_hit = tt_probe(w->sh->tt, key, &tte);
    Value tt_value = tt_hit ? score_from_tt(tte.score, ply) : VALUE_NONE;
    if (tt_hit && !pv_node && tte.depth >= tt_depth && (tte.bound & (tt_value >= beta ? BOUND_LOWER : BOUND_UPPER)))
        return tt_value;

    /* Step 3: stand pat */
    Value best, futility_base;
    if (in_check) {
        best = futility_base = -VALUE_INFINITE;
        ss->static_eval = VALUE_NONE;
    } else {
        Value eval = tt_hit && tte.eval != VALUE_NONE ? tte.eval : static_eval(w, pos);
        ss->static_eval = eval;
        if (tt_hit && !is_mate_score(tt_value) && (tte.bound & (tt_value > eval ? BOUND_LOWER : BOUND_UPPER)))
            eval = tt_value;
        best = eval;
        if (best >= beta) {
            if (!tt_hit)
                tt_store(w->sh->tt, key, MOVE_NONE, score_to_tt(best, ply), ss->static_eval, DEPTH_STAND_PAT,
                         BOUND_LOWER, false);
            return best;
        }
        if (best > alpha) alpha = best;
        futility_base = best + 150;
    }

    /* Step 4: captures (evasions in check), quiet checks at the first ply of drop games */
    MovePicker mp;
    int ctx[2];
    ctx_of(ss, ctx);
    mp_init_qsearch(&mp, pos, &w->hist, &w->bufs[w->frame++], tt_hit ? tte.move : MOVE_NONE, ctx, checks);
    Move best_move = MOVE_NONE, m;
    int move_count = 0;
    while ((m = mp_next(&mp, false)) != MOVE_NONE) {
        move_count++;
        /* Step 5: pruning: hopeless captures (futility) and losing exchanges (SEE) */
        if (!in_check && best > -VALUE_MATE_IN_MAX) {
            bool gives_check = pos_gives_check(pos, m);
            if (!gives_check) {
                Value fv = futility_base + move_captured_value(pos, m);
                if (move_is_promo(m)) fv += 200;
                if (fv <= alpha) {
                    if (fv > best) best = fv;
                    continue;
                }
            }
            if (!pos_see_ge(pos, m, move_is_capture(pos, m) ? -50 : 0)) continue;
        }
        ss->move = m;
        ss->ctx = history_slot(&w->hist, move_piece_type(pos, m), move_to(m));
        pos_do_move(pos, m);
        Value v = -qsearch(w, ss + 1, -beta, -alpha, qdepth + 1);
        pos_undo_move(pos);
        if (stopped(w)) {
            w->frame--;
            return 0;
        }
        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                if (pv_node) update_pv(w, ply, m);
                if (v >= beta) break;
                alpha = v;
            }
        }
    }
    w->frame--;

    /* Step 6: no evasion is mate */
    if (in_check && move_count == 0) return mated_in(ply);
    int bound = best >= beta ? BOUND_LOWER : BOUND_UPPER;
    tt_store(w->sh->tt, key, best_move, score_to_tt(best, ply), ss->static_eval, tt_depth, bound, pv_node);
    return best;
}

/* ---- the main search -------------------------------------------------------------------------------- */

static Value search(SearchWorker *w, Stack *ss, Value alpha, Value beta, int depth, bool cut_node) {
    Position *pos = &w->pos;
    SearchShared *sh = w->sh;
    const int ply = ss->ply;
    const bool root = ply == 0, pv_node = beta - alpha > 1;

    /* Step 1: at the horizon, the quiescence search */
    if (depth <= 0) return qsearch(w, ss, alpha, beta, 0);
    w->pv_len[ply] = 0;
    count_node(w, ply);
    if (stopped(w)) return 0;

    /* Step 2: terminal rules and draws inside the tree, mate distance pruning */
    bool in_check = must_evade(pos);
    ss->in_check = in_check;
    if (!root) {
        if (royal_lost(pos)) return mated_in(ply);
        if (royal_capturable(pos)) return mate_in(ply + 1);
        GameResult rep = tree_repetition(pos);
        if (rep == RESULT_NONE) rep = tree_bare_king(pos);
        if (rep != RESULT_NONE) return result_value(rep, ply);
        if (ply >= MAX_PLY) return in_check ? VALUE_ZERO : evaluate(pos);
        if (can_declare(pos)) return mate_in(ply);
        if (sh->solved) { /* a solved game: the table's exact value */
            uint8_t b = solved_probe(sh->solved, pos);
            if (b != SOLVE_ILLEGAL) return solved_score(b, ply);
        }
        Value a = alpha > mated_in(ply) ? alpha : mated_in(ply);
        Value b = beta < mate_in(ply + 1) ? beta : mate_in(ply + 1);
        if (a >= b) return a;
    }
    (ss + 1)->killers[0] = (ss + 1)->killers[1] = MOVE_NONE;
    (ss + 1)->excluded = MOVE_NONE;

    /* Step 3: transposition table: a deep enough entry ends a non-PV node */
    Move excluded = ss->excluded;
    Key key = pos_key(pos);
    TTHit tte;
    bool tt_hit = !excluded && tt_probe(sh->tt, key, &tte);
    Value tt_value = tt_hit ? score_from_tt(tte.score, ply) : VALUE_NONE;
    Move tt_move = root ? w->best_move : tt_hit ? tte.move : MOVE_NONE;
    ss->tt_pv = excluded ? ss->tt_pv : pv_node || (tt_hit && tte.pv);
    if (!pv_node && tt_hit && tte.depth >= depth && (tte.bound & (tt_value >= beta ? BOUND_LOWER : BOUND_UPPER))) {
        if (tt_move && tt_value >= beta && !move_is_noisy(pos, tt_move) && movegen_is_pseudo_legal(pos, tt_move))
            update_quiet(w, ss, tt_move, history_bonus(depth));
        return tt_value;
    }

    /* Step 4: static evaluation, and whether it improves on two plies ago */
    Value eval;
    bool improving = false;
    if (in_check) {
        ss->static_eval = eval = VALUE_NONE;
    } else {
        eval = ss->static_eval = tt_hit && tte.eval != VALUE_NONE ? tte.eval : static_eval(w, pos);
        if (tt_hit && !is_mate_score(tt_value) && (tte.bound & (tt_value > eval ? BOUND_LOWER : BOUND_UPPER)))
            eval = tt_value;
        Value prev2 = (ss - 2)->static_eval != VALUE_NONE ? (ss - 2)->static_eval : (ss - 4)->static_eval;
        improving = prev2 == VALUE_NONE || ss->static_eval > prev2;
    }

    /* Step 5: a mate at once (games with the check rule; worth ~every tactical game in shogi) */
    if (step_on(ABL_MATE1) && !root && !in_check && !excluded && !pos->v->check_allowed && !tt_hit) {
        Move mate = pos_mate_in_one(pos, &w->bufs[w->frame].quiets);
        w->nodes++;
        if (mate) {
            tt_store(sh->tt, key, mate, score_to_tt(mate_in(ply + 1), ply), ss->static_eval, depth, BOUND_EXACT,
                     ss->tt_pv);
            if (pv_node) {
                w->pv_len[ply + 1] = 0;
                update_pv(w, ply, mate);
            }
            return mate_in(ply + 1);
        }
    }

    if (!in_check && !pv_node && !excluded && !is_mate_score(beta)) {
        /* Step 6: razoring: far below alpha, only captures can save the node */
        if (step_on(ABL_RAZOR) && depth <= 3 && eval + 200 + 250 * depth < alpha) {
            Value v = qsearch(w, ss, alpha, alpha + 1, 0);
            if (v <= alpha) return v;
        }
        /* Step 7: reverse futility: far above beta at shallow depth */
        if (step_on(ABL_RFP) && depth <= 8 && eval - 90 * (depth - improving) >= beta && eval < VALUE_MATE_IN_MAX)
            return eval;

        /* Step 8: null move, with verification at high depth */
        if (step_on(ABL_NMP) && depth >= 3 && eval >= beta && ss->static_eval >= beta - 20 * depth + 150 &&
            (ss - 1)->move != MOVE_NONE && ply >= w->nmp_min_ply && !zugzwang_risk(pos)) {
            int r = 3 + depth / 3 + ((eval - beta) / 200 < 3 ? (eval - beta) / 200 : 3);
            ss->move = MOVE_NONE;
            ss->ctx = CONT_NONE;
            pos_do_null_move(pos);
            Value v = -search(w, ss + 1, -beta, -beta + 1, depth - r, !cut_node);
            pos_undo_null_move(pos);
            if (stopped(w)) return 0;
            if (v >= beta) {
                if (v >= VALUE_MATE_IN_MAX) v = beta;
                if (w->nmp_min_ply || depth < 14) return v;
                w->nmp_min_ply = ply + 3 * (depth - r) / 4;
                Value vv = search(w, ss, beta - 1, beta, depth - r, false);
                w->nmp_min_ply = 0;
                if (vv >= beta) return v;
            }
        }

        /* Step 9: ProbCut: a good capture that beats beta by a margin in a reduced search */
        Value pc_beta = beta + 180 - 50 * improving;
        if (step_on(ABL_PROBCUT) && depth >= 5 && !(tt_hit && tte.depth >= depth - 3 && tt_value < pc_beta)) {
            MovePicker mp;
            mp_init_probcut(&mp, pos, &w->hist, &w->bufs[w->frame++], tt_move, pc_beta - ss->static_eval);
            Move m;
            while ((m = mp_next(&mp, false)) != MOVE_NONE) {
                ss->move = m;
                ss->ctx = history_slot(&w->hist, move_piece_type(pos, m), move_to(m));
                pos_do_move(pos, m);
                Value v = -qsearch(w, ss + 1, -pc_beta, -pc_beta + 1, 0);
                if (v >= pc_beta) v = -search(w, ss + 1, -pc_beta, -pc_beta + 1, depth - 4, !cut_node);
                pos_undo_move(pos);
                if (stopped(w)) {
                    w->frame--;
                    return 0;
                }
                if (v >= pc_beta) {
                    w->frame--;
                    tt_store(sh->tt, key, m, score_to_tt(v, ply), ss->static_eval, depth - 3, BOUND_LOWER, ss->tt_pv);
                    return v;
                }
            }
            w->frame--;
        }
    }

    /* Step 10: internal iterative reduction: no TT move in a node expected to matter */
    if (step_on(ABL_IIR) && (pv_node || cut_node) && depth >= 4 && !tt_move) depth--;

    /* Step 11: the moves */
    MovePicker mp;
    int ctx[2];
    ctx_of(ss, ctx);
    mp_init(&mp, pos, &w->hist, &w->bufs[w->frame++], tt_move, ss->killers, counter_move(w, ss), ctx, depth);
    Move quiets[QUIETS_TRIED_MAX], caps[CAPTURES_TRIED_MAX];
    int nq = 0, nc = 0, move_count = 0;
    Value best = -VALUE_INFINITE, orig_alpha = alpha;
    Move best_move = MOVE_NONE, m;
    bool skip_quiets = false;
    while ((m = mp_next(&mp, skip_quiets)) != MOVE_NONE) {
        if (m == excluded) continue;
        if (root && !root_move_allowed(w, m)) continue;
        move_count++;
        bool capture = move_is_capture(pos, m), noisy = capture || move_is_promo(m);
        bool gives_check = pos_gives_check(pos, m);
        int new_depth = depth - 1;
        const History *h = &w->hist;
        int cur = history_slot(h, move_piece_type(pos, m), move_to(m));
        int hist_score = 0;
        if (!noisy) {
            hist_score = 2 * h->butterfly[pos->stm][history_from(m)][move_to(m)];
            for (int k = 0; k < 2; k++)
                if (ctx[k] != CONT_NONE) hist_score += *history_cont(h, ctx[k], cur);
        }

        /* Step 12: pruning at shallow depth (never before a move has been searched) */
        if (step_on(ABL_PRUNE) && !root && best > -VALUE_MATE_IN_MAX) {
            int lmr_depth = new_depth - lmr(depth, move_count);
            if (move_count >= lmp_limit(depth, improving)) skip_quiets = true;
            if (noisy || gives_check) {
                if (!gives_check && !in_check && lmr_depth < 7 &&
                    ss->static_eval + 200 + 250 * lmr_depth + move_captured_value(pos, m) <= alpha)
                    continue;
                if (!pos_see_ge(pos, m, -200 * depth)) continue;
            } else {
                if (lmr_depth < 4 && hist_score < -3000 * depth) continue;
                if (!in_check && lmr_depth < 9 && ss->static_eval + 100 + 120 * lmr_depth <= alpha) continue;
                int ld = lmr_depth > 0 ? lmr_depth : 0;
                if (!pos_see_ge(pos, m, -25 * ld * ld)) continue;
            }
        }

        /* Step 13: extensions: singular TT move, checks that do not lose material */
        int ext = 0;
        if (step_on(ABL_SINGULAR) && !root && m == tt_move && !excluded && depth >= 7 && tt_hit &&
            (tte.bound & BOUND_LOWER) && tte.depth >= depth - 3 && !is_mate_score(tt_value) &&
            ply < 2 * w->root_depth && w->frame < FRAMES_MAX - 4) {
            Value s_beta = tt_value - 2 * depth;
            ss->excluded = m;
            Value v = search(w, ss, s_beta - 1, s_beta, (depth - 1) / 2, cut_node);
            ss->excluded = MOVE_NONE;
            if (stopped(w)) {
                w->frame--;
                return 0;
            }
            if (v < s_beta)
                ext = 1;
            else if (s_beta >= beta) {
                w->frame--;
                return s_beta; /* multi-cut: another move beats beta as well */
            } else if (tt_value >= beta)
                ext = -1;
        } else if (step_on(ABL_CHECK_EXT) && gives_check && ply < 2 * w->root_depth && depth >= 2 &&
                   pos_see_ge(pos, m, 0))
            ext = 1;
        new_depth += ext;

        /* Step 14: make the move; late moves first get a reduced null-window search */
        ss->move = m;
        ss->ctx = cur;
        pos_do_move(pos, m);
        Value v = -VALUE_INFINITE;
        if (step_on(ABL_LMR) && depth >= 2 && move_count > 1 + root && (!noisy || !ss->tt_pv)) {
            int r = lmr(depth, move_count);
            r += cut_node;
            r -= ss->tt_pv;
            r += !improving;
            r -= gives_check;
            if (!noisy) r -= hist_score / 8000;
            if (m == mp.refutation[0] || m == mp.refutation[1]) r--;
            int d = new_depth - r;
            d = d < 1 ? 1 : d > new_depth ? new_depth : d;
            v = -search(w, ss + 1, -alpha - 1, -alpha, d, true);
            if (v > alpha && d < new_depth) v = -search(w, ss + 1, -alpha - 1, -alpha, new_depth, !cut_node);
        } else if (!pv_node || move_count > 1)
            v = -search(w, ss + 1, -alpha - 1, -alpha, new_depth, !cut_node);
        if (pv_node && (move_count == 1 || (v > alpha && (root || v < beta))))
            v = -search(w, ss + 1, -beta, -alpha, new_depth, false);
        pos_undo_move(pos);
        if (stopped(w)) {
            w->frame--;
            return 0;
        }

        /* Step 15: the best so far */
        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                if (pv_node) update_pv(w, ply, m);
                if (v >= beta) break;
                alpha = v;
            }
        }
        if (m != best_move) {
            if (!noisy && nq < QUIETS_TRIED_MAX)
                quiets[nq++] = m;
            else if (capture && nc < CAPTURES_TRIED_MAX)
                caps[nc++] = m;
        }
    }
    w->frame--;

    /* Step 16: no legal move ends the game; a cut-off teaches the histories */
    if (move_count == 0) {
        if (excluded || root) return alpha;
        return pos->rules.stalemate_draws && !in_check ? VALUE_ZERO : mated_in(ply);
    }
    if (best >= beta && best_move) update_stats(w, ss, best_move, depth + (best > beta + 80), quiets, nq, caps, nc);

    /* Step 17: store (not for a singular test, nor a root searched with moves left out) */
    if (!excluded && !(root && w->excluded_count)) {
        int bound = best >= beta ? BOUND_LOWER : pv_node && best > orig_alpha ? BOUND_EXACT : BOUND_UPPER;
        tt_store(sh->tt, key, best_move, score_to_tt(best, ply), ss->static_eval, depth, bound, ss->tt_pv);
    }
    return best;
}

/* ---- iterative deepening --------------------------------------------------------------------------- */

static void report(SearchWorker *w, int depth, int multipv, Value score, Bound bound, const Move *pv, int pv_len) {
    SearchShared *sh = w->sh;
    if (!sh->reporter.on_info) return;
    flush_nodes(w);
    SearchInfo info = {
        .depth = depth,
        .seldepth = w->seldepth,
        .multipv = multipv,
        .score = score,
        .bound = bound,
        .nodes = atomic_load(&sh->nodes),
        .time_ms = now_ms() - atomic_load(&sh->start_ms),
        .hashfull = tt_hashfull(sh->tt),
        .pv_length = pv_len,
        .pv = pv,
        .root = &w->pos,
    };
    sh->reporter.on_info(sh->reporter.user, &info);
}

/* One root search of `line` with an aspiration window around the previous score. */
static Value aspiration(SearchWorker *w, int depth, int line, Value prev) {
    Stack *ss = &w->stack[STACK_BEFORE];
    Value alpha = -VALUE_INFINITE, beta = VALUE_INFINITE, delta = 18 + abs(prev) / 16;
    if (step_on(ABL_ASPIRATION) && depth >= 4 && prev != VALUE_NONE && !is_mate_score(prev)) {
        alpha = prev - delta > -VALUE_INFINITE ? prev - delta : -VALUE_INFINITE;
        beta = prev + delta < VALUE_INFINITE ? prev + delta : VALUE_INFINITE;
    }
    for (;;) {
        w->seldepth = 0;
        Value v = search(w, ss, alpha, beta, depth, false);
        if (stopped(w)) return v;
        bool slow = now_ms() - atomic_load(&w->sh->start_ms) > 3000;
        if (v <= alpha) {
            /* at the floor of the window no move was searched (an analysis with every root
             * move excluded returns alpha): widening cannot change that, and looping on would
             * grow delta until it overflows */
            if (alpha <= -VALUE_INFINITE) return v;
            if (w->id == 0 && slow && w->pv_len[0]) report(w, depth, line + 1, v, BOUND_UPPER, w->pv[0], w->pv_len[0]);
            beta = (alpha + beta) / 2;
            alpha = v - delta > -VALUE_INFINITE ? v - delta : -VALUE_INFINITE;
        } else if (v >= beta) {
            if (w->id == 0 && slow && w->pv_len[0]) report(w, depth, line + 1, v, BOUND_LOWER, w->pv[0], w->pv_len[0]);
            beta = v + delta < VALUE_INFINITE ? v + delta : VALUE_INFINITE;
            if (w->pv_len[0]) { /* a new best move brings its own reply (or none) as the ponder move */
                if (w->pv[0][0] != w->best_move || w->pv_len[0] > 1)
                    w->ponder_move = w->pv_len[0] > 1 ? w->pv[0][1] : MOVE_NONE;
                w->best_move = w->pv[0][0];
            }
        } else
            return v;
        delta += delta / 2;
        if (delta > 1000) alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
    }
}

/* Main thread, after an iteration: has the time for this move been used? The budget's soft
 * part stretches when the best move keeps changing or the score falls, and shrinks when
 * both are stable (Stockfish's idea of instability and falling-eval factors). */
static bool time_is_up(SearchWorker *w, Value prev_score, int stable_iterations) {
    SearchShared *sh = w->sh;
    int64_t soft = atomic_load(&sh->soft_ms);
    if (soft < 0 || soft >= atomic_load(&sh->hard_ms) || atomic_load(&sh->pondering)) return false;
    double falling = 1.0 + (prev_score == VALUE_NONE ? 0 : (prev_score - w->best_score) / 150.0);
    falling = falling < 0.8 ? 0.8 : falling > 1.6 ? 1.6 : falling;
    double instability = 1.0 + 1.2 * w->best_move_changes;
    double stable = stable_iterations >= 6 ? 0.7 : stable_iterations >= 3 ? 0.85 : 1.0;
    int64_t elapsed = now_ms() - atomic_load(&sh->start_ms);
    return elapsed >= (int64_t)((double)soft * falling * instability * stable);
}

/* Iterative deepening for one thread; helper threads start one ply deeper on odd ids. */
static void iterate(SearchWorker *w) {
    SearchShared *sh = w->sh;
    int max_depth = sh->limits.depth > 0 ? sh->limits.depth : MAX_PLY - 1;
    int multipv = sh->multipv < w->root_moves.size ? sh->multipv : w->root_moves.size;
    if (multipv < 1) multipv = 1;
    Value line_scores[64 + 1];
    for (int i = 0; i <= 64; i++) line_scores[i] = VALUE_NONE;
    Value prev_score = VALUE_NONE;
    int stable = 0;
    for (int depth = 1 + (w->id & 1); depth <= max_depth; depth++) {
        w->root_depth = depth;
        w->best_move_changes *= 0.5;
        Move prev_best = w->best_move;
        w->excluded_count = 0;
        for (int k = 0; k < sh->limits.exclude_count && w->excluded_count < 256; k++)
            w->excluded[w->excluded_count++] = sh->limits.exclude[k];
        int lines = w->id == 0 ? multipv : 1;
        for (int line = 0; line < lines; line++) {
            Value v = aspiration(w, depth, line, line_scores[line < 64 ? line : 64]);
            if (stopped(w) && (depth > 1 || w->completed_depth > 0)) return;
            if (w->pv_len[0] == 0) break;
            line_scores[line < 64 ? line : 64] = v;
            if (line == 0) {
                if (w->pv[0][0] != w->best_move) w->best_move_changes += 1.0;
                w->best_move = w->pv[0][0];
                w->ponder_move = w->pv_len[0] > 1 ? w->pv[0][1] : MOVE_NONE;
                w->best_score = v;
                w->completed_depth = depth;
            }
            if (w->id == 0) report(w, depth, line + 1, v, BOUND_EXACT, w->pv[0], w->pv_len[0]);
            if (w->excluded_count < EXCLUDE_MAX) w->excluded[w->excluded_count++] = w->pv[0][0];
        }
        if (w->id != 0) continue;
        atomic_store(&sh->depth, depth);
        stable = w->best_move == prev_best ? stable + 1 : 0;
        /* stop early: a mate found within the depth, a forced move, or the time used up */
        if (abs(w->best_score) >= VALUE_MATE_IN_MAX && VALUE_MATE - abs(w->best_score) <= depth) break;
        if (w->root_moves.size == 1 && atomic_load(&sh->soft_ms) >= 0 && depth >= 4) break;
        if (time_is_up(w, prev_score, stable)) break;
        prev_score = w->best_score;
    }
}

static void helper_main(void *arg) {
    SearchWorker *w = arg;
    iterate(w);
    flush_nodes(w);
}

SearchWorker *search_worker_new(const Variant *v) {
    pthread_once(&tables_once, init_tables);
    SearchWorker *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    if (parked_init(&w->thread, WORKER_STACK)) {
        free(w);
        return NULL;
    }
    w->bufs = malloc(sizeof(MoveBuffers) * FRAMES_MAX);
    if (!w->bufs || history_init(&w->hist, v)) {
        search_worker_free(w);
        return NULL;
    }
    return w;
}

void search_worker_free(SearchWorker *w) {
    if (!w) return;
    parked_destroy(&w->thread);
    history_free(&w->hist);
    free(w->bufs);
    free(w);
}

bool search_worker_spawn(SearchWorker *w, void (*job)(void *), void *arg) { return parked_run(&w->thread, job, arg); }

void search_worker_join(SearchWorker *w) { parked_wait(&w->thread); }

int search_worker_new_game(SearchWorker *w, const Variant *v) {
    memset(w->eval_cache, 0, sizeof w->eval_cache);
    return history_init(&w->hist, v);
}

/* Prepare a worker for one search of root. */
static void worker_start(SearchWorker *w, SearchShared *sh, const Position *root, int id) {
    w->sh = sh;
    w->id = id;
    pos_copy(&w->pos, root);
    movegen_legal(&w->pos, &w->root_moves);
    w->nodes = w->nodes_flushed = 0;
    w->frame = 0;
    w->nmp_min_ply = 0;
    w->best_move = w->ponder_move = MOVE_NONE;
    w->best_score = -VALUE_INFINITE;
    w->completed_depth = 0;
    w->best_move_changes = 0;
    memset(w->stack, 0, sizeof w->stack);
    for (int i = 0; i < MAX_PLY + STACK_BEFORE + 4; i++) {
        w->stack[i].ply = i - STACK_BEFORE;
        w->stack[i].ctx = CONT_NONE;
        w->stack[i].static_eval = VALUE_NONE;
    }
}

/* USI and XBoard: an infinite or ponder search gives its answer only after stop (or, when
 * pondering, ponderhit), even when it has nothing left to search. WHY stop_requested and not
 * stop: a node limit (`go infinite nodes 10`, `go ponder nodes N`) sets stop too, and then
 * the best move went out before the GUI's stop or ponderhit. */
static void await_release(const SearchWorker *w) {
    const SearchShared *sh = w->sh;
    while (!atomic_load(&sh->stop_requested) && (sh->limits.infinite || atomic_load(&sh->pondering))) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
}

/* The ponder move goes out only if it is legal after the best move. WHY: a root fail-high
 * used to change the best move but keep the previous iteration's ponder move, and a search
 * stopped in the re-search then sent that pair (found by the USI fuzz replays in nana: best
 * K*1b with the ponder K*1c of the earlier best K*3c). The aspiration loop now updates both;
 * this check keeps any other such slip from ever reaching a GUI. */
static Move checked_ponder(Position *pos, const TT *tt, Move best, Move ponder) {
    if (!best || !movegen_is_legal(pos, best)) return MOVE_NONE;
    pos_do_move(pos, best);
    bool ok = ponder && movegen_is_legal(pos, ponder);
    /* WHY the table: a search stopped on time may play a move found after its last PV, with
     * no reply of its own; the table usually has one, and without a ponder move a GUI does
     * not ponder (XBoard: 1 search in about 16 under load, seen in xboard_commands.sh) */
    TTHit hit;
    if (!ok && tt_probe(tt, pos_key(pos), &hit) && hit.move && movegen_is_legal(pos, hit.move)) {
        ponder = hit.move;
        ok = true;
    }
    pos_undo_move(pos);
    return ok ? ponder : MOVE_NONE;
}

void search_run(SearchShared *sh, const Position *root, SearchWorker *const *workers) {
    eval_params_freeze(); /* the threads below read the parameter tables without locks */
    SearchWorker *main_w = workers[0];
    worker_start(main_w, sh, root, 0);
    BestMove bm = {.kind = BEST_MOVE, .root = root};
    /* WHY the game's verdict too: without a referee (a match runner trusting the engines) a
     * chu side whose last royal was taken was asked to move, and it played on: 1,775 plies of
     * a decided game until the move limit called it a draw */
    bool lost = main_w->root_moves.size == 0 || pos_game_result(&main_w->pos, NULL, 0) == RESULT_LOSS;
    if (lost || pos_declaration_win(root, NULL)) {
        /* Nothing to search: lost, or a won declaration. */
        bm.kind = lost ? BEST_RESIGN : BEST_DECLARE_WIN;
        bm.score = bm.kind == BEST_RESIGN ? -VALUE_MATE : VALUE_MATE;
        await_release(main_w);
    } else {
        /* Step 1: helpers (Lazy SMP), sharing only the TT */
        int helpers = sh->threads > 1 ? sh->threads - 1 : 0;
        int started = 0;
        for (int i = 0; i < helpers && i < 63; i++) {
            worker_start(workers[i + 1], sh, root, i + 1);
            if (!search_worker_spawn(workers[i + 1], helper_main, workers[i + 1])) break;
            started++;
        }
        /* Step 2: the main thread's iterative deepening */
        iterate(main_w);
        /* Step 3: infinite and ponder searches wait for stop / ponderhit */
        await_release(main_w);
        atomic_store(&sh->stop, true);
        for (int i = 0; i < started; i++) search_worker_join(workers[i + 1]);
        flush_nodes(main_w);
        bm.best = main_w->best_move ? main_w->best_move : main_w->root_moves.moves[0];
        bm.ponder = main_w->best_move ? main_w->ponder_move : MOVE_NONE;
        bm.score = main_w->best_score;
        bm.ponder = checked_ponder(&main_w->pos, sh->tt, bm.best, bm.ponder);
    }
    if (sh->reporter.on_bestmove) sh->reporter.on_bestmove(sh->reporter.user, &bm);
}
