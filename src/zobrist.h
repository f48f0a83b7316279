/* zobrist.h - random keys for position hashing (board, hands, side, lion square).
 * Filled once by zobrist_init() (called from variants_init); read-only afterwards. */
#ifndef SHISHI_ZOBRIST_H
#define SHISHI_ZOBRIST_H

#include "types.h"

extern Key zob_psq[COLOR_NB][PT_MAX][SQ_MAX];
extern Key zob_hand[COLOR_NB][PT_MAX];
extern Key zob_lion[SQ_MAX];
extern Key zob_side;

void zobrist_init(void);

/* Key of holding n pieces of hand type h. Hands enter the position key by XOR like the
 * board, so the key is a function of the position alone, whatever path led to it (mixing
 * XOR for the board with + for hands made keys path-dependent, and repetitions through
 * captures and drops went unseen). */
static inline Key hand_key(Color c, PieceType h, int n) { return zob_hand[c][h] * (Key)n; }

#endif
