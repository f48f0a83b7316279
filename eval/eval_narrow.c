/* eval_narrow.c - the evaluator for boards of at most 128 squares (2-word bitboards). */
#define BB_ACTIVE  2
#define EVAL_FN    eval_black_narrow
#define EVAL_TRACE 0
#include "eval_impl.h"
