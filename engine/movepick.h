/* movepick.h - the staged move picker: hands the search one move at a time, generating each
 * stage only when the previous one is used up (most cut-offs come from the first moves, so
 * the quiet moves of most nodes are never generated). Stages of the main search: TT move,
 * good captures (MVV plus capture history, SEE >= a margin), killers, counter move, quiets by
 * history, bad captures; in check: the TT move, then every evasion; quiescence: TT move,
 * captures, then (first ply of drop games) quiet checks. Knows no game by name. */
#ifndef SHISHI_MOVEPICK_H
#define SHISHI_MOVEPICK_H

#include "../src/movegen.h"
#include "history.h"

/* The per-ply buffers a picker fills (held by the thread, not in a stack frame). */
typedef struct {
    MoveList caps, quiets;
    int cap_score[MOVES_MAX], quiet_score[MOVES_MAX];
} MoveBuffers;

typedef struct {
    Position *pos;
    const History *h;
    MoveBuffers *buf;
    int ctx[2]; /* continuation contexts: the moves 1 and 2 plies back (CONT_NONE if none) */
    Move tt_move, refutation[3];
    int stage, cur, bad_end, depth, threshold;
    bool checks; /* quiescence: quiet checks after the captures */
} MovePicker;

/* Is m a capture (a piece stands on its destination, or it is a lion double move)? */
static inline bool move_is_capture(const Position *pos, Move m) {
    if (move_is_drop(m) || move_is_pass(m)) return false;
    if (move_is_double(m)) return true;
    return pos->board[move_to(m)] != PIECE_NONE;
}
/* Captures and promotions: what the capture stage produces. */
static inline bool move_is_noisy(const Position *pos, Move m) { return move_is_promo(m) || move_is_capture(pos, m); }
/* Material a capture takes (both victims of a lion double move). */
int move_captured_value(const Position *pos, Move m);
/* The type a capture takes on its destination, else its middle square (0 = none). */
PieceType move_captured_type(const Position *pos, Move m);
/* Type of the piece that moves (the dropped type for a drop). */
static inline PieceType move_piece_type(const Position *pos, Move m) {
    return move_is_drop(m) ? move_drop_type(m) : piece_type(pos->board[move_from(m)]);
}

/* Main search (and evasions when in check). killers/counter may be MOVE_NONE or stale. */
void mp_init(MovePicker *mp, Position *pos, const History *h, MoveBuffers *buf, Move tt_move, const Move killers[2],
             Move counter, const int ctx[2], int depth);
/* Quiescence: captures (all evasions in check); quiet checks too when checks is set. */
void mp_init_qsearch(MovePicker *mp, Position *pos, const History *h, MoveBuffers *buf, Move tt_move, const int ctx[2],
                     bool checks);
/* ProbCut: captures whose SEE is at least threshold. */
void mp_init_probcut(MovePicker *mp, Position *pos, const History *h, MoveBuffers *buf, Move tt_move, int threshold);
/* The next move, MOVE_NONE when exhausted. skip_quiets drops the remaining quiet moves
 * (late-move pruning) but still returns bad captures. */
Move mp_next(MovePicker *mp, bool skip_quiets);

#endif
