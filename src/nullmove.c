/* nullmove.c - the search's null move: the side to move passes without moving a piece.
 * Not a move of any game (chu's lion pass is a real move, MF_PASS); only the search makes it,
 * and always takes it back at once. Knows no game by name. */
#include "position.h"
#include "zobrist.h"

void pos_do_null_move(Position *pos) {
    const StateInfo *prev = &pos->states[pos->sp];
    StateInfo *st = &pos->states[++pos->sp];
    Key k = prev->key ^ zob_side;
    if (prev->lion_sq != SQ_NONE) k ^= zob_lion[prev->lion_sq];
    st->key = k;
    st->hkey = prev->hkey;
    st->move = MOVE_NONE; /* WHY: repetition scans in the search stop at a null move */
    st->captured = st->captured_mid = st->moved = PIECE_NONE;
    st->lion_sq = SQ_NONE;
    pos->stm = color_flip(pos->stm);
    st->checkers = pos_compute_checkers(pos, pos->stm);
}

void pos_undo_null_move(Position *pos) {
    pos->sp--;
    pos->stm = color_flip(pos->stm);
}
