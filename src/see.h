/* see.h - static exchange evaluation: the material balance of the captures on one square that
 * a move starts, both sides taking with their least valuable board piece and free to stop.
 * Values are the descriptor's PieceDef.value (VariantTables.value), royals SEE_ROYAL_VALUE. */
#ifndef SHISHI_SEE_H
#define SHISHI_SEE_H

#include "position.h"

/* A royal's stake in an exchange: above any material an exchange on one square can win, so
 * where capturing a royal is legal (check allowed) taking it dominates every other gain. */
enum { SEE_ROYAL_VALUE = 100000 };

/* Static exchange value of the legal move m, in centipawns from the mover's point of view. */
int pos_see(const Position *pos, Move m);
/* pos_see(pos, m) >= threshold, usually decided before the exchange is played out. */
bool pos_see_ge(const Position *pos, Move m, int threshold);

#endif
