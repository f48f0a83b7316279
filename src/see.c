/* see.c - static exchange evaluation on top of pos_attackers_to. The exchange runs on an
 * occupancy from which each capturer is lifted, so sliders (and range-limited sliders) behind it
 * join in; jumpers never need that. Not in the hot core: it calls the dispatched attack code.
 * Simplifications, all deliberate (the search only needs a cheap estimate):
 *  - only the first move's promotion or forced change counts; later capturers keep their type;
 *  - drops are never recaptures (the exchange is judged by board pieces only);
 *  - pins, lion trading (chu 7) and nana's drop rules are ignored for the recaptures; a royal
 *    under the check rule only recaptures when no enemy piece could take it back;
 *  - a lion double move gains both victims; the exchange then goes on on its destination. */
#include "see.h"

#include <limits.h>

/* The exchange on one square: what stands on it, who still attacks it, through what. */
typedef struct {
    const Position *pos;
    int to;
    Bitboard occ;       /* the board as the exchange has left it */
    Bitboard attackers; /* pieces of both colours attacking `to` through occ, all still in occ */
    int on_to;          /* value of the piece on `to`, the next victim */
    Color side;         /* the side to capture next */
} Exchange;

static int see_value(const VariantTables *t, PieceType pt) {
    return (t->flags[pt] & PF_ROYAL) ? SEE_ROYAL_VALUE : t->value[pt];
}

static Bitboard attackers_both(const Position *pos, int to, Bitboard occ) {
    Bitboard a = bb_or(pos_attackers_to(pos, to, BLACK, occ), pos_attackers_to(pos, to, WHITE, occ));
    /* pieces lifted from occ (the mover's origin, victims, earlier capturers) still sit in the
     * position's sets: only what is in occ attacks */
    return bb_and(a, occ);
}

/* Play the first move m onto the exchange; returns its immediate gain. The attackers are left
 * for exchange_attackers, so pos_see_ge can often answer without them. */
static int exchange_start(Exchange *x, const Position *pos, Move m) {
    const VariantTables *t = pos->t;
    x->pos = pos;
    x->to = move_to(m);
    x->occ = pos_occupied(pos);
    x->side = color_flip(pos->stm);
    int gain = 0;
    if (move_is_drop(m)) {
        x->on_to = see_value(t, move_drop_type(m));
    } else {
        int from = move_from(m);
        PieceType pt = piece_type(pos->board[from]);
        bool captures = false;
        if (move_is_double(m) && pos->board[move_mid(m)]) {
            gain += see_value(t, piece_type(pos->board[move_mid(m)]));
            bb_clear(&x->occ, move_mid(m));
            captures = true;
        }
        if (x->to != from && pos->board[x->to]) {
            gain += see_value(t, piece_type(pos->board[x->to]));
            captures = true;
        }
        PieceType npt = pos_type_after(pos, pt, m, captures);
        /* WHY descriptor values: promoting into a royal (chu's crown prince) gains its material,
         * not the royal stake */
        gain += t->value[npt] - t->value[pt];
        x->on_to = see_value(t, npt);
        bb_clear(&x->occ, from);
    }
    bb_set(&x->occ, x->to);
    return gain;
}

static void exchange_attackers(Exchange *x) { x->attackers = attackers_both(x->pos, x->to, x->occ); }

/* The next capturer of x->side: its square, or -1 when that side has none (or only a royal
 * that may not step into the enemy's attack); *value gets its value. */
static int next_capturer(const Exchange *x, int *value) {
    const Position *pos = x->pos;
    Bitboard mine = bb_and(x->attackers, pos->by_color[x->side]);
    int best = -1, s;
    *value = INT_MAX;
    BB_FOREACH (s, mine) {
        int v = see_value(pos->t, piece_type(pos->board[s]));
        if (v < *value) *value = v, best = s;
    }
    if (best >= 0 && (pos->t->flags[piece_type(pos->board[best])] & PF_ROYAL) && !pos->v->check_allowed) {
        Bitboard occ = x->occ;
        bb_clear(&occ, best);
        if (bb_any(bb_and(pos_attackers_to(pos, x->to, color_flip(x->side), occ), occ))) best = -1;
    }
    return best;
}

/* The capturer on sq takes: it becomes the piece on `to`, and whatever stood behind it joins. */
static void exchange_capture(Exchange *x, int sq, int value) {
    const VariantTables *t = x->pos->t;
    bb_clear(&x->occ, sq);
    if (t->dir_between[x->to * t->sq_count + sq] >= 0)
        x->attackers = attackers_both(x->pos, x->to, x->occ);
    else
        bb_clear(&x->attackers, sq); /* nothing can stand behind a square off every line */
    x->on_to = value;
    x->side = color_flip(x->side);
}

int pos_see(const Position *pos, Move m) {
    if (move_is_pass(m)) return 0;
    Exchange x;
    int gain[SQ_MAX + 2], d = 0;
    gain[0] = exchange_start(&x, pos, m);
    exchange_attackers(&x);
    int sq, value;
    while (d < SQ_MAX && (sq = next_capturer(&x, &value)) >= 0) {
        d++;
        gain[d] = x.on_to - gain[d - 1]; /* the capturer's balance if the exchange stops here */
        exchange_capture(&x, sq, value);
    }
    /* each capturer could also have stopped: back up the best choice from the end */
    for (; d > 0; d--)
        if (-gain[d] < gain[d - 1]) gain[d - 1] = -gain[d];
    return gain[0];
}

bool pos_see_ge(const Position *pos, Move m, int threshold) {
    if (move_is_pass(m)) return 0 >= threshold;
    Exchange x;
    /* balance: the mover's result minus threshold if the exchange stops now */
    int balance = exchange_start(&x, pos, m) - threshold;
    if (balance < 0) return false;           /* the opponent just stops */
    if (balance - x.on_to >= 0) return true; /* even losing the mover keeps the threshold */
    exchange_attackers(&x);
    Color mover = pos->stm;
    for (int n = 0; n < SQ_MAX; n++) {
        bool mover_next = x.side == mover;
        /* invariant: the side to capture misses its goal if it stops here (the mover: balance
         * < 0; the opponent: balance >= 0). When even taking the piece on `to` cannot reach the
         * goal, or nothing can take it, the exchange is decided against that side. */
        if (mover_next ? balance + x.on_to < 0 : balance - x.on_to >= 0) return !mover_next;
        int sq, value;
        if ((sq = next_capturer(&x, &value)) < 0) return !mover_next;
        balance += mover_next ? x.on_to : -x.on_to;
        exchange_capture(&x, sq, value);
    }
    return balance >= 0;
}
