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
    return pos->royal_count[def] == 1 && single_royal_attacked(pos, def);
}

/* A reply just made by the defender (the attacker to move) that counts (check_allowed). */
static bool reply_counts(const Position *pos) {
    Color att = pos->stm, def = color_flip(att);
    if (mate_royal_lost(pos)) return true; /* took the attacker's last royal: a win */
    return pos->royal_count[def] >= 2 || !single_royal_attacked(pos, def);
}

void mate_replies(Position *pos, MoveList *list) {
    if (!pos->v->check_allowed) {
        movegen_stage(pos, GEN_EVASIONS, list);
        return;
    }
    list->size = 0;
    if (!pos_has_royal(pos, pos->stm) || mate_royal_lost(pos)) return;
    movegen_legal(pos, list);
    int n = 0;
    for (int i = 0; i < list->size; i++) {
        pos_do_move(pos, list->moves[i]);
        if (reply_counts(pos)) list->moves[n++] = list->moves[i];
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
        movegen_stage(pos, GEN_CAPTURE_CHECKS, list);
        if (!quiet) return;
        MoveList q;
        movegen_stage(pos, GEN_QUIET_CHECKS, &q);
        for (int i = 0; i < q.size && list->size < MOVES_MAX; i++) list->moves[list->size++] = q.moves[i];
        return;
    }
    list->size = 0;
    Color def = color_flip(pos->stm);
    if (mate_royal_lost(pos) || !pos_has_royal(pos, def)) return;
    movegen_stage(pos, quiet ? GEN_ALL : GEN_CAPTURES, list);
    int n = 0;
    for (int i = 0; i < list->size; i++) {
        pos_do_move(pos, list->moves[i]);
        if (mate_attacks_royal(pos)) list->moves[n++] = list->moves[i];
        pos_undo_move(pos);
    }
    list->size = n;
}

bool mate_hands_back(const Position *pos) { return !pos->v->no_mate_with_hand; }

void mate_hand_back(Position *pos, Color from) {
    if (mate_hands_back(pos)) pos_hand_transfer(pos, from, pos->t->hand_type[piece_type(pos_st(pos)->captured)]);
}
