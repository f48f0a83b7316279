/* mate1.h - mate in one: a move that checks and leaves the opponent without a legal reply.
 * Game-independent (reads the descriptor through the move generator); only meaningful for
 * games with the check rule, where a side in check with no legal move has lost. */
#ifndef SHISHI_MATE1_H
#define SHISHI_MATE1_H

#include "movegen.h"

/* Whether pos_mate_in_one looks at all: not in games where check is allowed (there the royal
 * must be captured), nor without an enemy royal. */
static inline bool pos_mate_in_one_applies(const Position *pos) {
    return !pos->v->check_allowed && pos->royal_count[color_flip(pos->stm)] != 0;
}

/* A legal move of the side to move that mates at once, or MOVE_NONE (always where it does not
 * apply). The position is used for trial moves and restored. Where it applies, scratch holds
 * afterwards every check of the position (movegen_checks' list), mating or not. */
Move pos_mate_in_one(Position *pos, MoveList *scratch);

#endif
