/* search.c - iterative deepening PVS with a transposition table, quiescence search on
 * captures, killer and history ordering, and Lazy SMP helper threads.
 * Terminal rules come from the descriptor: no legal move (loss, or draw by option), last
 * royal captured (games where check is allowed), repetition (treated as a draw inside the
 * tree; the exact game verdict is pos_game_result's job at the root). */
#include "search.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../eval/eval.h"
#include "../src/declare.h"
#include "../src/movegen.h"
#include "timeman.h"

int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

enum { HIST_FROM = SQ_MAX + PT_MAX, QS_MAX_PLY = 12 };

typedef struct {
    SearchShared *sh;
    Position *pos;
    int id;
    uint64_t nodes, nodes_flushed;
    int seldepth;
    Move pv[MAX_PLY + 1][MAX_PLY + 1];
    int pv_len[MAX_PLY + 1];
    Move killers[MAX_PLY + 1][2];
    int history[COLOR_NB][HIST_FROM][SQ_MAX];
    /* root */
    MoveList root_moves;
    Move excluded[256 + 64]; /* XBoard exclude list, then MultiPV lines already reported */
    int excluded_count;
    Move best_move, ponder_move;
    Value best_score;
    int completed_depth;
} Thread;

static inline bool stopped(const Thread *th) { return atomic_load_explicit(&th->sh->stop, memory_order_relaxed); }

static void flush_nodes(Thread *th) {
    atomic_fetch_add(&th->sh->nodes, th->nodes - th->nodes_flushed);
    th->nodes_flushed = th->nodes;
}

/* Main thread: stop when the hard limit or the node limit is reached. */
static void check_limits(Thread *th) {
    SearchShared *sh = th->sh;
    flush_nodes(th);
    if (sh->limits.nodes && atomic_load(&sh->nodes) >= sh->limits.nodes) atomic_store(&sh->stop, true);
    int64_t hard = atomic_load(&sh->hard_ms);
    if (hard >= 0 && !atomic_load(&sh->pondering) && now_ms() - atomic_load(&sh->start_ms) >= hard)
        atomic_store(&sh->stop, true);
}

static inline Value mate_in(int ply) { return VALUE_MATE - ply; }
static inline Value mated_in(int ply) { return -VALUE_MATE + ply; }

static int score_to_tt(Value v, int ply) {
    return v >= VALUE_MATE_IN_MAX ? v + ply : v <= -VALUE_MATE_IN_MAX ? v - ply : v;
}
static Value score_from_tt(int v, int ply) {
    return v >= VALUE_MATE_IN_MAX ? v - ply : v <= -VALUE_MATE_IN_MAX ? v + ply : v;
}

/* Has the side to move lost every royal (games where royals can be captured)? */
static bool royal_lost(const Position *pos) { return pos->v->check_allowed && !pos_has_royal(pos, pos->stm); }

static bool is_capture(const Position *pos, Move m) {
    if (move_is_drop(m) || move_is_pass(m)) return false;
    if (move_is_double(m)) return true;
    return pos->board[move_to(m)] != PIECE_NONE;
}

static int captured_value(const Position *pos, Move m) {
    int v = 0;
    if (move_is_double(m) && pos->board[move_mid(m)]) v += pos->t->value[piece_type(pos->board[move_mid(m)])];
    if (!move_is_drop(m) && move_to(m) != move_from(m) && pos->board[move_to(m)])
        v += pos->t->value[piece_type(pos->board[move_to(m)])];
    return v;
}

static inline int hist_from(Move m) { return move_is_drop(m) ? SQ_MAX + move_drop_type(m) : move_from(m); }

/* Order moves: hash move, captures (most valuable victim, cheapest attacker), promotions,
 * killers, then history. */
static void score_moves(const Thread *th, const Position *pos, const MoveList *list, int *scores, Move tt_move,
                        int ply) {
    for (int i = 0; i < list->size; i++) {
        Move m = list->moves[i];
        int s;
        if (m == tt_move)
            s = 1 << 30;
        else if (is_capture(pos, m)) {
            int attacker = move_is_drop(m) ? 0 : pos->t->value[piece_type(pos->board[move_from(m)])];
            s = (1 << 28) + captured_value(pos, m) * 16 - attacker / 16;
        } else if (move_is_promo(m))
            s = (1 << 27);
        else if (m == th->killers[ply][0])
            s = (1 << 26);
        else if (m == th->killers[ply][1])
            s = (1 << 26) - 1;
        else
            s = th->history[pos->stm][hist_from(m)][move_to(m)];
        scores[i] = s;
    }
}

static Move pick_next(MoveList *list, int *scores, int i) {
    int best = i;
    for (int j = i + 1; j < list->size; j++)
        if (scores[j] > scores[best]) best = j;
    Move m = list->moves[best];
    int s = scores[best];
    list->moves[best] = list->moves[i];
    scores[best] = scores[i];
    list->moves[i] = m;
    scores[i] = s;
    return m;
}

static Value qsearch(Thread *th, Value alpha, Value beta, int ply, int qply) {
    Position *pos = th->pos;
    th->nodes++;
    if ((th->nodes & 1023) == 0 && th->id == 0) check_limits(th);
    if (stopped(th)) return 0;
    if (ply > th->seldepth) th->seldepth = ply;
    if (royal_lost(pos)) return mated_in(ply);
    bool in_check = pos_in_check(pos) && !pos->v->check_allowed;
    Value stand = evaluate(pos);
    if (ply >= MAX_PLY || qply >= QS_MAX_PLY) return stand;
    if (!in_check) {
        if (stand >= beta) return stand;
        if (stand > alpha) alpha = stand;
    }
    MoveList list;
    movegen_legal(pos, &list);
    if (list.size == 0) return pos->rules.stalemate_draws && !in_check ? 0 : mated_in(ply);
    int scores[MOVES_MAX];
    score_moves(th, pos, &list, scores, MOVE_NONE, ply);
    Value best = in_check ? -VALUE_INFINITE : stand;
    for (int i = 0; i < list.size; i++) {
        Move m = pick_next(&list, scores, i);
        if (!in_check && !is_capture(pos, m)) continue;
        pos_do_move(pos, m);
        Value v = -qsearch(th, -beta, -alpha, ply + 1, qply + 1);
        pos_undo_move(pos);
        if (stopped(th)) return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (v >= beta) break;
            }
        }
    }
    return best;
}

static bool root_move_allowed(const Thread *th, Move m) {
    for (int i = 0; i < th->excluded_count; i++)
        if (th->excluded[i] == m) return false;
    return true;
}

static Value search(Thread *th, Value alpha, Value beta, int depth, int ply, bool pv_node) {
    Position *pos = th->pos;
    SearchShared *sh = th->sh;
    th->pv_len[ply] = 0;
    if (depth <= 0) return qsearch(th, alpha, beta, ply, 0);
    th->nodes++;
    if ((th->nodes & 1023) == 0 && th->id == 0) check_limits(th);
    if (stopped(th)) return 0;
    if (ply > th->seldepth) th->seldepth = ply;

    /* Step 1: terminal rules and draws inside the tree */
    if (ply > 0) {
        if (royal_lost(pos)) return mated_in(ply);
        /* a repeated position is scored by the verdict its 4th occurrence would get */
        GameResult rep = pos_repetition_result(pos, 2, NULL, 0);
        if (rep != RESULT_NONE)
            return rep == RESULT_DRAW ? VALUE_ZERO : rep == RESULT_WIN ? mate_in(ply) : mated_in(ply);
        if (ply >= MAX_PLY) return evaluate(pos);
        /* mate distance pruning */
        Value a = alpha > mated_in(ply) ? alpha : mated_in(ply);
        Value b = beta < mate_in(ply + 1) ? beta : mate_in(ply + 1);
        if (a >= b) return a;
    }

    /* Step 2: transposition table */
    Key key = pos_key(pos);
    TTHit tte;
    bool tt_hit = tt_probe(sh->tt, key, &tte);
    Move tt_move = tt_hit ? tte.move : MOVE_NONE;
    if (tt_hit && !pv_node && ply > 0 && tte.depth >= depth) {
        Value v = score_from_tt(tte.score, ply);
        int bound = tte.bound;
        if ((bound == BOUND_EXACT) || (bound == BOUND_LOWER && v >= beta) || (bound == BOUND_UPPER && v <= alpha))
            return v;
    }
    bool in_check = pos_in_check(pos) && !pos->v->check_allowed;

    /* Step 3: generate; no legal move ends the game */
    MoveList list;
    movegen_legal(pos, &list);
    if (list.size == 0) return pos->rules.stalemate_draws && !in_check ? 0 : mated_in(ply);
    int scores[MOVES_MAX];
    score_moves(th, pos, &list, scores, tt_move, ply);

    /* Step 4: the moves, principal variation search with late-move reductions */
    Value best = -VALUE_INFINITE, orig_alpha = alpha;
    Move best_move = MOVE_NONE;
    int searched = 0;
    for (int i = 0; i < list.size; i++) {
        Move m = pick_next(&list, scores, i);
        if (ply == 0 && !root_move_allowed(th, m)) continue;
        bool quiet = !is_capture(pos, m) && !move_is_promo(m);
        pos_do_move(pos, m);
        bool gives_check = pos_in_check(pos);
        int ext = gives_check && ply < 2 * depth ? 1 : 0;
        Value v;
        if (searched == 0)
            v = -search(th, -beta, -alpha, depth - 1 + ext, ply + 1, pv_node);
        else {
            int r = 0;
            if (depth >= 3 && searched >= 3 && quiet && !in_check && !gives_check)
                r = 1 + (searched >= 8) + (depth >= 8 && searched >= 16);
            v = -search(th, -alpha - 1, -alpha, depth - 1 + ext - r, ply + 1, false);
            if (v > alpha && r) v = -search(th, -alpha - 1, -alpha, depth - 1 + ext, ply + 1, false);
            if (v > alpha && v < beta && pv_node) v = -search(th, -beta, -alpha, depth - 1 + ext, ply + 1, true);
        }
        pos_undo_move(pos);
        if (stopped(th)) return 0;
        searched++;
        if (v > best) {
            best = v;
            best_move = m;
            if (v > alpha) {
                alpha = v;
                th->pv[ply][0] = m;
                memcpy(&th->pv[ply][1], th->pv[ply + 1], sizeof(Move) * (size_t)th->pv_len[ply + 1]);
                th->pv_len[ply] = th->pv_len[ply + 1] + 1;
                if (v >= beta) {
                    if (quiet) {
                        if (th->killers[ply][0] != m) {
                            th->killers[ply][1] = th->killers[ply][0];
                            th->killers[ply][0] = m;
                        }
                        int *h = &th->history[pos->stm][hist_from(m)][move_to(m)];
                        *h += depth * depth;
                        if (*h > (1 << 20)) *h /= 2;
                    }
                    break;
                }
            }
        }
    }
    if (searched == 0) return alpha; /* every root move excluded */

    /* Step 5: store */
    int bound = best >= beta ? BOUND_LOWER : best > orig_alpha ? BOUND_EXACT : BOUND_UPPER;
    if (!(ply == 0 && th->excluded_count))
        tt_store(sh->tt, key, best_move, score_to_tt(best, ply), VALUE_NONE_TT, depth, bound, pv_node);
    return best;
}

static void report(Thread *th, int depth, int multipv, Value score, const Move *pv, int pv_len) {
    SearchShared *sh = th->sh;
    if (!sh->reporter.on_info) return;
    flush_nodes(th);
    SearchInfo info = {
        .depth = depth,
        .seldepth = th->seldepth,
        .multipv = multipv,
        .score = score,
        .bound = BOUND_EXACT,
        .nodes = atomic_load(&sh->nodes),
        .time_ms = now_ms() - atomic_load(&sh->start_ms),
        .hashfull = tt_hashfull(sh->tt),
        .pv_length = pv_len,
        .pv = pv,
        .root = th->pos,
    };
    sh->reporter.on_info(sh->reporter.user, &info);
}

/* Iterative deepening for one thread; helpers start at staggered depths. */
static void iterate(Thread *th) {
    SearchShared *sh = th->sh;
    int max_depth = sh->limits.depth > 0 ? sh->limits.depth : MAX_PLY - 1;
    int multipv = sh->multipv < th->root_moves.size ? sh->multipv : th->root_moves.size;
    if (multipv < 1) multipv = 1;
    for (int depth = 1 + (th->id & 1); depth <= max_depth; depth++) {
        th->excluded_count = 0;
        for (int k = 0; k < sh->limits.exclude_count && th->excluded_count < 256; k++)
            th->excluded[th->excluded_count++] = sh->limits.exclude[k];
        for (int line = 0; line < (th->id == 0 ? multipv : 1); line++) {
            th->seldepth = 0;
            Value v = search(th, -VALUE_INFINITE, VALUE_INFINITE, depth, 0, true);
            if (stopped(th) && (depth > 1 || th->completed_depth > 0)) return;
            if (th->pv_len[0] == 0) break;
            if (line == 0) {
                th->best_move = th->pv[0][0];
                th->ponder_move = th->pv_len[0] > 1 ? th->pv[0][1] : MOVE_NONE;
                th->best_score = v;
                th->completed_depth = depth;
            }
            if (th->id == 0) report(th, depth, line + 1, v, th->pv[0], th->pv_len[0]);
            if (th->excluded_count < 256 + 64) th->excluded[th->excluded_count++] = th->pv[0][0];
        }
        if (th->id != 0) continue;
        atomic_store(&sh->depth, depth);
        /* stop early: mate found within the depth, or the soft limit is used up */
        int64_t soft = atomic_load(&sh->soft_ms);
        if (!atomic_load(&sh->pondering) && soft >= 0 && now_ms() - atomic_load(&sh->start_ms) >= soft) break;
        if (abs(th->best_score) >= VALUE_MATE_IN_MAX && VALUE_MATE - abs(th->best_score) <= depth) break;
        if (th->root_moves.size == 1 && soft >= 0 && depth >= 4) break;
    }
}

static void *helper_main(void *arg) {
    Thread *th = arg;
    iterate(th);
    flush_nodes(th);
    return NULL;
}

static Thread *thread_new(SearchShared *sh, const Position *root, int id) {
    Thread *th = calloc(1, sizeof *th);
    th->sh = sh;
    th->id = id;
    th->pos = malloc(sizeof *th->pos);
    pos_copy(th->pos, root);
    movegen_legal(th->pos, &th->root_moves);
    return th;
}

static void thread_free(Thread *th) {
    free(th->pos);
    free(th);
}

/* USI and XBoard: an infinite or ponder search gives its answer only after stop (or, when
 * pondering, ponderhit), even when it has nothing left to search. */
static void await_release(const Thread *th) {
    const SearchShared *sh = th->sh;
    while (!stopped(th) && (sh->limits.infinite || atomic_load(&sh->pondering))) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
}

void search_run(SearchShared *sh, const Position *root) {
    Thread *main_th = thread_new(sh, root, 0);
    BestMove bm = {.kind = BEST_MOVE, .root = root};
    if (main_th->root_moves.size == 0 || pos_declaration_win(root, NULL)) {
        /* Nothing to search: lost, or a won declaration. */
        bm.kind = main_th->root_moves.size == 0 ? BEST_RESIGN : BEST_DECLARE_WIN;
        bm.score = bm.kind == BEST_RESIGN ? -VALUE_MATE : VALUE_MATE;
        await_release(main_th);
    } else {
        /* Step 1: helpers (Lazy SMP), sharing only the TT */
        int helpers = sh->threads > 1 ? sh->threads - 1 : 0;
        Thread **hs = calloc((size_t)helpers + 1, sizeof *hs);
        pthread_t *tids = calloc((size_t)helpers + 1, sizeof *tids);
        int started = 0;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setstacksize(&attr, 64 << 20); /* deep recursion with big move lists */
        for (int i = 0; i < helpers; i++) {
            hs[i] = thread_new(sh, root, i + 1);
            if (pthread_create(&tids[i], &attr, helper_main, hs[i]) == 0)
                started++;
            else {
                thread_free(hs[i]);
                break;
            }
        }
        pthread_attr_destroy(&attr);
        /* Step 2: the main thread's iterative deepening */
        iterate(main_th);
        /* Step 3: infinite and ponder searches wait for stop / ponderhit */
        await_release(main_th);
        atomic_store(&sh->stop, true);
        for (int i = 0; i < started; i++) pthread_join(tids[i], NULL);
        for (int i = 0; i < started; i++) thread_free(hs[i]);
        free(hs);
        free(tids);
        flush_nodes(main_th);
        bm.best = main_th->best_move ? main_th->best_move : main_th->root_moves.moves[0];
        bm.ponder = main_th->best_move ? main_th->ponder_move : MOVE_NONE;
        bm.score = main_th->best_score;
    }
    if (sh->reporter.on_bestmove) sh->reporter.on_bestmove(sh->reporter.user, &bm);
    thread_free(main_th);
}
