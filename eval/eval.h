/* eval.h - static evaluation. The generic evaluation reads piece values from the variant
 * descriptor; a game may plug in its own through Variant.evaluate. */
#ifndef SHISHI_EVAL_H
#define SHISHI_EVAL_H

#include "../src/position.h"

/* Score of the position from the side to move's point of view, in centipawns. */
Value evaluate(const Position *pos);
/* The generic evaluation: material on board and in hand, plus advancement. */
Value eval_material(const Position *pos);

#endif
