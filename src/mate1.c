/* mate1.c - mate in one (mate1.h): every checking move is tried; a cheap look at the checked
 * royal's own flight squares rejects most of them before the full count of replies.
 * WHY in the search at all: in drop games a mating drop is one of dozens of quiet drops,
 * which late-move pruning and reductions would skip at shallow depth. */
#include "mate1.h"

#ifdef MATE1_CHECK_FLEE
#include <stdlib.h>
#endif

/* After a checking move: can the side to move's single royal step to a safe square?
 * (Only ever says yes when a legal escape exists; "no" still needs the full count.) */
static bool royal_can_flee(const Position *pos) {
    Color us = pos->stm, them = color_flip(us);
    if (pos->royal_count[us] != 1) return false;
    int k = pos->royal_sq[us];
    PieceType rt = piece_type(pos->board[k]);
    Bitboard occ = pos_occupied(pos);
    bb_clear(&occ, k);
    Bitboard steps = bb_andnot(pos_piece_attacks(pos, rt, us, k, occ), pos->by_color[us]);
    int s;
    BB_FOREACH (s, steps)
        if (bb_is_empty(pos_attackers_to(pos, s, them, occ))) return true;
    return false;
}

/* WHY the flight test before the move: about 97% of the checks tried leave the royal a flight
 * (the 117-ply tsume's tails), and the test on the unmade move saves their make and unmake. */
static bool mates(Position *pos, Move m) {
    bool fast = pos->royal_count[color_flip(pos->stm)] == 1 && !move_is_double(m) && !move_is_pass(m);
#ifdef MATE1_CHECK_FLEE /* development: the test before the move against the one after it */
    if (fast) {
        bool pre = pos_royal_flees_after(pos, m);
        pos_do_move(pos, m);
        if (pre != royal_can_flee(pos)) abort();
        pos_undo_move(pos);
    }
#endif
    if (fast && pos_royal_flees_after(pos, m)) return false;
    pos_do_move(pos, m);
    bool mate = (fast || !royal_can_flee(pos)) && movegen_count(pos) == 0;
    pos_undo_move(pos);
    return mate;
}

Move pos_mate_in_one(Position *pos, MoveList *scratch) {
    if (pos->v->check_allowed || pos->royal_count[color_flip(pos->stm)] == 0) return MOVE_NONE;
    movegen_stage(pos, GEN_QUIET_CHECKS, scratch);
    for (int i = 0; i < scratch->size; i++)
        if (mates(pos, scratch->moves[i])) return scratch->moves[i];
    movegen_stage(pos, GEN_CAPTURE_CHECKS, scratch);
    for (int i = 0; i < scratch->size; i++)
        if (mates(pos, scratch->moves[i])) return scratch->moves[i];
    return MOVE_NONE;
}
