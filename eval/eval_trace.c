/* eval_trace.c - the evaluator once more, recording each term's count for the tuner. */
#include <string.h>

#define EVAL_FN    eval_black_trace
#define EVAL_TRACE 1
#include "eval_impl.h"

Value eval_trace(const Position *pos, EvalTrace *tr) {
    const EvalGame *g = eval_game(pos->v);
    memset(tr->coef, 0, sizeof tr->coef[0] * (size_t)g->count);
    memset(tr->used, 0, sizeof tr->used[0] * (size_t)g->count);
    tr->count = 0;
    return eval_black_trace(pos, g, tr);
}
