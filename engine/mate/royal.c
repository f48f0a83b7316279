/* royal.c - what counts as a check, a reply and a mate for the solvers (mate_int.h). In games
 * with the check rule: a check leaves the defender in check and its replies are its legal
 * moves. Where royals may stand attacked (descriptor check_allowed) the royal has to be
 * captured, so the tsume rule becomes (docs/mate.md, "Conventions"): every attacker move
 * attacks the defender's only royal (or takes its last one), and a defender's reply counts
 * only when it takes the attacker's last royal or leaves no royal of its own to be taken at
 * once (its single royal unattacked, or a second royal on the board). */
#include "mate_int.h"

/* The single royal of colour c stands attacked by the other side. */
static bool single_royal_attacked(const Position *pos, Color c) {
    return bb_any(pos_attackers_to(pos, pos->royal_sq[c], color_flip(c), pos_occupied(pos)));
}

bool mate_royal_lost(const Position *pos) {
    const StateInfo *st = pos_st(pos);
    const unsigned *flags = pos->t->flags;
    bool took = (st->captured && (flags[piece_type(st->captured)] & PF_ROYAL)) ||
                (st->captured_mid && (flags[piece_type(st->captured_mid)] & PF_ROYAL));
    return took && !pos_has_royal(pos, pos->stm);
}

bool mate_attacks_royal(const Position *pos) {
    if (!pos->v->check_allowed) return pos_in_check(pos);
    Color def = pos->stm;
    if (!pos_has_royal(pos, def)) return true; /* the last royal was taken */
    /* pos_do_move computed the attackers of the single royal of the side to move */
    return pos->royal_count[def] == 1 && pos_in_check(pos);
}

/* A reply just made by the defender (the attacker to move) that counts (check_allowed). */
static bool reply_counts(const Position *pos) {
    Color att = pos->stm, def = color_flip(att);
    if (mate_royal_lost(pos)) return true; /* took the attacker's last royal: a win */
    return pos->royal_count[def] >= 2 || !single_royal_attacked(pos, def);
}

/* The squares a move must touch (its from, to or middle square) to leave royal k attacked when
 * it was not: k itself (taken), the lines from k in the eight directions (a slider arrives or
 * is uncovered: every slide, limited or not, runs along them) and the squares a leaper of any
 * group attacks k from. WHY: where check is allowed, every move of a position is a candidate
 * check, and in chu most of its hundred-odd moves touch none of these squares (docs/mate.md,
 * session 25); the rest are asked exactly (pos_gives_new_check), so the list is the one that
 * making every move would give, move for move (tests/check_mate.c chu_attack_lists). */
static Bitboard royal_reach(const Position *pos, int k, Color def) {
    const VariantTables *t = pos->t;
    const int n = t->sq_count;
    Bitboard r = bb_square(k);
    for (int d = 0; d < 8; d++) r = bb_or(r, t->ray[d * n + k]);
    for (int g = 0; g < t->leap_group_count; g++) r = bb_or(r, t->leap[(g * 2 + def) * n + k]);
    return r;
}

static bool move_touches(Move m, Bitboard squares) {
    if (bb_test(squares, move_to(m))) return true;
    if (move_is_drop(m)) return false;
    return bb_test(squares, move_from(m)) || (move_is_double(m) && bb_test(squares, move_mid(m)));
}

/* The squares a reply of the defender (royal k, attacked by `checkers`) must reach to end the
 * attack, besides moving k: a checker's square (taken there or on the way) or a square between
 * k and a checker on a line (interposed). */
static Bitboard reply_squares(const Position *pos, int k, Bitboard checkers) {
    const VariantTables *t = pos->t;
    const int n = t->sq_count;
    Bitboard r = checkers;
    for (Bitboard c = checkers; bb_any(c);) {
        int s = bb_pop(&c), d = t->dir_between[k * n + s];
        if (d >= 0) r = bb_or(r, bb_andnot(t->ray[d * n + k], bb_or(t->ray[d * n + s], bb_square(s))));
    }
    return r;
}

/* A reply that counts whatever squares it touches: it moves the royal, promotes (a piece may
 * become a second royal), or takes a royal (the attacker's last). */
static bool reply_always_made(const Position *pos, Move m, int k) {
    if (move_is_drop(m)) return false;
    if (move_from(m) == k || move_is_promo(m)) return true;
    const unsigned *flags = pos->t->flags;
    Piece at = pos->board[move_to(m)], mid = move_is_double(m) ? pos->board[move_mid(m)] : 0;
    return (at && (flags[piece_type(at)] & PF_ROYAL)) || (mid && (flags[piece_type(mid)] & PF_ROYAL));
}

void mate_replies(Position *pos, MoveList *list) {
    if (!pos->v->check_allowed) {
        movegen_stage(pos, GEN_EVASIONS, list);
        return;
    }
    list->size = 0;
    if (!pos_has_royal(pos, pos->stm) || mate_royal_lost(pos)) return;
    movegen_legal(pos, list);
    Color def = pos->stm;
    if (pos->royal_count[def] >= 2) return; /* a second royal on the board: every reply counts */
    int k = pos->royal_sq[def];
    Bitboard checkers = pos_st(pos)->checkers; /* the attackers of the single royal (pos_do_move) */
    bool filter = bb_any(checkers);
    Bitboard reach = filter ? reply_squares(pos, k, checkers) : bb_empty();
    int n = 0;
    for (int i = 0; i < list->size; i++) {
        Move m = list->moves[i];
        if (filter && !reply_always_made(pos, m, k)) {
            if (move_touches(m, reach) && !pos_royal_attacked_after(pos, m)) list->moves[n++] = m;
            continue;
        }
        pos_do_move(pos, m);
        if (reply_counts(pos)) list->moves[n++] = m;
        pos_undo_move(pos);
    }
    list->size = n;
}

uint64_t mate_reply_count(Position *pos, MoveList *scratch) {
    if (!pos->v->check_allowed) return movegen_count(pos);
    mate_replies(pos, scratch);
    return (uint64_t)scratch->size;
}

void mate_attacks(Position *pos, bool quiet, MoveList *list) {
    if (!pos->v->check_allowed) {
        if (quiet)
            (void)movegen_checks(pos, list);
        else
            movegen_stage(pos, GEN_CAPTURE_CHECKS, list);
        return;
    }
    list->size = 0;
    Color def = color_flip(pos->stm);
    if (mate_royal_lost(pos) || !pos_has_royal(pos, def)) return;
    movegen_stage(pos, quiet ? GEN_ALL : GEN_CAPTURES, list);
    /* one royal, not attacked yet: only moves that touch its reach can attack it */
    bool filter = pos->royal_count[def] == 1 && !single_royal_attacked(pos, def);
    int k = pos->royal_sq[def];
    Bitboard reach = filter ? royal_reach(pos, k, def) : bb_empty();
    int n = 0;
    for (int i = 0; i < list->size; i++) {
        Move m = list->moves[i];
        if (filter) { /* taking the royal, or attacking it (not attacked before: no make) */
            bool takes = move_to(m) == k || (move_is_double(m) && move_mid(m) == k);
            if (move_touches(m, reach) && (takes || pos_gives_new_check(pos, m))) list->moves[n++] = m;
            continue;
        }
        pos_do_move(pos, m);
        if (mate_attacks_royal(pos)) list->moves[n++] = m;
        pos_undo_move(pos);
    }
    list->size = n;
}

bool mate_hands_back(const Position *pos) { return !pos->v->no_mate_with_hand; }

void mate_hand_back(Position *pos, Color from) {
    if (mate_hands_back(pos)) pos_hand_transfer(pos, from, pos->t->hand_type[piece_type(pos_st(pos)->captured)]);
}
