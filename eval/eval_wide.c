/* eval_wide.c - the evaluator for every board size (3-word bitboards: chu). */
#define EVAL_FN    eval_black_wide
#define EVAL_TRACE 0
#include "eval_impl.h"
