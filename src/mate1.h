/* mate1.h - mate in one: a move that checks and leaves the opponent without a legal reply.
 * Game-independent (reads the descriptor through the move generator); only meaningful for
 * games with the check rule, where a side in check with no legal move has lost. */
#ifndef SHISHI_MATE1_H
#define SHISHI_MATE1_H

#include "movegen.h"

/* A legal move of the side to move that mates at once, or MOVE_NONE. scratch is overwritten;
 * the position is used for trial moves and restored. Returns MOVE_NONE in games where check
 * is allowed (there the royal must be captured). */
Move pos_mate_in_one(Position *pos, MoveList *scratch);

#endif
