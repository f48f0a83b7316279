/* movepick.c - the staged move picker (movepick.h). */
#include "movepick.h"

#include "../src/see.h"

enum {
    ST_TT,
    ST_CAPTURE_INIT,
    ST_GOOD_CAPTURE,
    ST_REFUTATION,
    ST_QUIET_INIT,
    ST_QUIET,
    ST_BAD_CAPTURE,
    ST_EVASION_TT,
    ST_EVASION_INIT,
    ST_EVASION,
    ST_PROBCUT_TT,
    ST_PROBCUT_INIT,
    ST_PROBCUT,
    ST_QS_TT,
    ST_QS_CAPTURE_INIT,
    ST_QS_CAPTURE,
    ST_QS_CHECK_INIT,
    ST_QS_CHECK,
    ST_END
};

int move_captured_value(const Position *pos, Move m) {
    const VariantTables *t = pos->t;
    int v = 0;
    if (move_is_drop(m) || move_is_pass(m)) return 0;
    if (move_is_double(m) && pos->board[move_mid(m)]) v += t->value[piece_type(pos->board[move_mid(m)])];
    if (move_to(m) != move_from(m) && pos->board[move_to(m)]) v += t->value[piece_type(pos->board[move_to(m)])];
    return v;
}

PieceType move_captured_type(const Position *pos, Move m) {
    if (move_is_drop(m) || move_is_pass(m)) return 0;
    if (move_to(m) != move_from(m) && pos->board[move_to(m)]) return piece_type(pos->board[move_to(m)]);
    if (move_is_double(m) && pos->board[move_mid(m)]) return piece_type(pos->board[move_mid(m)]);
    return 0;
}

/* Value a promotion adds (0 for other moves). */
static int promo_gain(const Position *pos, Move m) {
    if (!move_is_promo(m)) return 0;
    PieceType pt = piece_type(pos->board[move_from(m)]);
    return pos->t->value[pos->t->promotes_to[pt]] - pos->t->value[pt];
}

static int capture_score(const MovePicker *mp, Move m) {
    const Position *pos = mp->pos;
    PieceType cap = move_captured_type(pos, m);
    int s = 7 * (move_captured_value(pos, m) + promo_gain(pos, m));
    if (!move_is_drop(m)) s += mp->h->capture[move_piece_type(pos, m)][move_to(m)][cap];
    return s;
}

static int quiet_score(const MovePicker *mp, Move m) {
    const Position *pos = mp->pos;
    const History *h = mp->h;
    int s = 2 * h->butterfly[pos->stm][history_from(m)][move_to(m)];
    int cur = history_slot(h, move_piece_type(pos, m), move_to(m));
    if (mp->ctx[0] != CONT_NONE) s += 2 * *history_cont(h, mp->ctx[0], cur);
    if (mp->ctx[1] != CONT_NONE) s += *history_cont(h, mp->ctx[1], cur);
    return s;
}

static int evasion_score(const MovePicker *mp, Move m) {
    const Position *pos = mp->pos;
    if (move_is_capture(pos, m)) {
        int attacker = move_is_drop(m) ? 0 : pos->t->value[move_piece_type(pos, m)];
        return (1 << 28) + 16 * move_captured_value(pos, m) - attacker / 16;
    }
    return quiet_score(mp, m);
}

/* Insertion sort of the scored moves [0, n) in descending order for those at or above
 * limit; the rest stay behind them unsorted (WHY: late quiets are mostly pruned anyway). */
static void partial_sort(Move *moves, int *scores, int n, int limit) {
    int sorted_end = 0;
    for (int i = 0; i < n; i++) {
        if (scores[i] < limit) continue;
        Move m = moves[i];
        int s = scores[i];
        moves[i] = moves[sorted_end];
        scores[i] = scores[sorted_end];
        int j = sorted_end++;
        for (; j > 0 && scores[j - 1] < s; j--) {
            moves[j] = moves[j - 1];
            scores[j] = scores[j - 1];
        }
        moves[j] = m;
        scores[j] = s;
    }
}

/* Index of the best-scored move in [from, n), swapped to from. */
static Move pick_best(Move *moves, int *scores, int from, int n) {
    int best = from;
    for (int j = from + 1; j < n; j++)
        if (scores[j] > scores[best]) best = j;
    Move m = moves[best];
    int s = scores[best];
    moves[best] = moves[from];
    scores[best] = scores[from];
    moves[from] = m;
    scores[from] = s;
    return m;
}

static void score_all(MovePicker *mp, MoveList *l, int *scores, int (*fn)(const MovePicker *, Move)) {
    for (int i = 0; i < l->size; i++) scores[i] = fn(mp, l->moves[i]);
}

static bool tt_ok(Position *pos, Move m) { return m != MOVE_NONE && movegen_is_pseudo_legal(pos, m); }

void mp_init(MovePicker *mp, Position *pos, const History *h, MoveBuffers *buf, Move tt_move, const Move killers[2],
             Move counter, const int ctx[2], int depth) {
    mp->pos = pos;
    mp->h = h;
    mp->buf = buf;
    mp->ctx[0] = ctx[0];
    mp->ctx[1] = ctx[1];
    mp->depth = depth;
    mp->tt_move = tt_ok(pos, tt_move) ? tt_move : MOVE_NONE;
    mp->refutation[0] = killers[0];
    mp->refutation[1] = killers[1] != killers[0] ? killers[1] : MOVE_NONE;
    mp->refutation[2] = counter != killers[0] && counter != killers[1] ? counter : MOVE_NONE;
    bool evasion = pos_in_check(pos) && !pos->v->check_allowed;
    mp->stage = evasion ? ST_EVASION_TT : ST_TT;
    if (!mp->tt_move) mp->stage++;
}

void mp_init_qsearch(MovePicker *mp, Position *pos, const History *h, MoveBuffers *buf, Move tt_move, const int ctx[2],
                     bool checks) {
    mp->pos = pos;
    mp->h = h;
    mp->buf = buf;
    mp->ctx[0] = ctx[0];
    mp->ctx[1] = ctx[1];
    mp->checks = checks;
    mp->refutation[0] = mp->refutation[1] = mp->refutation[2] = MOVE_NONE;
    bool evasion = pos_in_check(pos) && !pos->v->check_allowed;
    if (evasion) {
        mp->tt_move = tt_ok(pos, tt_move) ? tt_move : MOVE_NONE;
        mp->stage = mp->tt_move ? ST_EVASION_TT : ST_EVASION_INIT;
        return;
    }
    bool usable = tt_ok(pos, tt_move) && (move_is_capture(pos, tt_move) || (checks && pos_gives_check(pos, tt_move)));
    mp->tt_move = usable ? tt_move : MOVE_NONE;
    mp->stage = mp->tt_move ? ST_QS_TT : ST_QS_CAPTURE_INIT;
}

void mp_init_probcut(MovePicker *mp, Position *pos, const History *h, MoveBuffers *buf, Move tt_move, int threshold) {
    mp->pos = pos;
    mp->h = h;
    mp->buf = buf;
    mp->ctx[0] = mp->ctx[1] = CONT_NONE;
    mp->threshold = threshold;
    bool usable = tt_ok(pos, tt_move) && move_is_capture(pos, tt_move) && pos_see_ge(pos, tt_move, threshold);
    mp->tt_move = usable ? tt_move : MOVE_NONE;
    mp->stage = mp->tt_move ? ST_PROBCUT_TT : ST_PROBCUT_INIT;
}

/* Is m one of the moves already returned ahead of its stage? */
static bool is_special(const MovePicker *mp, Move m) {
    return m == mp->tt_move || m == mp->refutation[0] || m == mp->refutation[1] || m == mp->refutation[2];
}

Move mp_next(MovePicker *mp, bool skip_quiets) {
    MoveBuffers *b = mp->buf;
    Position *pos = mp->pos;
    for (;;) {
        switch (mp->stage) {
        case ST_TT:
        case ST_EVASION_TT:
        case ST_PROBCUT_TT:
        case ST_QS_TT: mp->stage++; return mp->tt_move;

        case ST_CAPTURE_INIT:
        case ST_PROBCUT_INIT:
        case ST_QS_CAPTURE_INIT:
            movegen_stage(pos, GEN_CAPTURES, &b->caps);
            score_all(mp, &b->caps, b->cap_score, capture_score);
            mp->cur = mp->bad_end = 0;
            mp->stage++;
            continue;

        case ST_GOOD_CAPTURE:
            while (mp->cur < b->caps.size) {
                Move m = pick_best(b->caps.moves, b->cap_score, mp->cur, b->caps.size);
                int s = b->cap_score[mp->cur++];
                if (m == mp->tt_move) continue;
                if (pos_see_ge(pos, m, -s / 16)) return m;
                /* WHY keep them: a losing capture is still tried after the quiets */
                b->caps.moves[mp->bad_end++] = m;
            }
            /* refutations that are not quiet legal moves here are dropped */
            for (int i = 0; i < 3; i++) {
                Move r = mp->refutation[i];
                if (r && (r == mp->tt_move || move_is_noisy(pos, r) || !movegen_is_pseudo_legal(pos, r)))
                    mp->refutation[i] = MOVE_NONE;
            }
            mp->cur = 0;
            mp->stage++;
            continue;

        case ST_REFUTATION:
            while (mp->cur < 3) {
                Move r = mp->refutation[mp->cur++];
                if (r) return r;
            }
            mp->stage++;
            continue;

        case ST_QUIET_INIT:
            if (!skip_quiets) {
                movegen_stage(pos, GEN_QUIETS, &b->quiets);
                score_all(mp, &b->quiets, b->quiet_score, quiet_score);
                partial_sort(b->quiets.moves, b->quiet_score, b->quiets.size, -3500 * mp->depth);
            } else
                b->quiets.size = 0;
            mp->cur = 0;
            mp->stage++;
            continue;

        case ST_QUIET:
            while (!skip_quiets && mp->cur < b->quiets.size) {
                Move m = b->quiets.moves[mp->cur++];
                if (!is_special(mp, m)) return m;
            }
            mp->cur = 0;
            mp->stage++;
            continue;

        case ST_BAD_CAPTURE:
            while (mp->cur < mp->bad_end) return b->caps.moves[mp->cur++];
            mp->stage = ST_END;
            continue;

        case ST_EVASION_INIT:
            movegen_stage(pos, GEN_EVASIONS, &b->caps);
            score_all(mp, &b->caps, b->cap_score, evasion_score);
            mp->cur = 0;
            mp->stage++;
            continue;

        case ST_EVASION:
            while (mp->cur < b->caps.size) {
                Move m = pick_best(b->caps.moves, b->cap_score, mp->cur++, b->caps.size);
                if (m != mp->tt_move) return m;
            }
            mp->stage = ST_END;
            continue;

        case ST_PROBCUT:
            while (mp->cur < b->caps.size) {
                Move m = pick_best(b->caps.moves, b->cap_score, mp->cur++, b->caps.size);
                if (m != mp->tt_move && pos_see_ge(pos, m, mp->threshold)) return m;
            }
            mp->stage = ST_END;
            continue;

        case ST_QS_CAPTURE:
            while (mp->cur < b->caps.size) {
                Move m = pick_best(b->caps.moves, b->cap_score, mp->cur++, b->caps.size);
                if (m != mp->tt_move) return m;
            }
            mp->stage = mp->checks ? ST_QS_CHECK_INIT : ST_END;
            continue;

        case ST_QS_CHECK_INIT:
            movegen_stage(pos, GEN_QUIET_CHECKS, &b->quiets);
            mp->cur = 0;
            mp->stage++;
            continue;

        case ST_QS_CHECK:
            while (mp->cur < b->quiets.size) {
                Move m = b->quiets.moves[mp->cur++];
                if (m != mp->tt_move) return m;
            }
            mp->stage = ST_END;
            continue;

        default: return MOVE_NONE;
        }
    }
}
