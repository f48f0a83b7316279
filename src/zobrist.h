/* zobrist.h - random keys for position hashing (board, hands, side, lion square).
 * Filled once by zobrist_init() (called from variants_init); read-only afterwards. */
#ifndef SHISHI_ZOBRIST_H
#define SHISHI_ZOBRIST_H

#include "types.h"

extern Key zob_psq[COLOR_NB][PT_MAX][SQ_MAX];
/* One independent key per (colour, hand type, count); count 0 has the key 0, so an empty
 * hand adds nothing. The count axis covers HAND_MAX, the most the position parser accepts
 * for one hand type; variants_init() checks that every game's legal hands fit under it. */
extern Key zob_hand[COLOR_NB][PT_MAX][HAND_MAX + 1];
extern Key zob_lion[SQ_MAX];
extern Key zob_side;

void zobrist_init(void);

/* Key of holding n pieces of hand type h. Hands enter the position key by XOR like the
 * board, so the key is a function of the position alone, whatever path led to it. Each count
 * has its own key: keys that were multiples of one key per type (n * k) made different hands
 * collide far more often than random keys do. */
static inline Key hand_key(Color c, PieceType h, int n) { return zob_hand[c][h][n]; }

#endif
