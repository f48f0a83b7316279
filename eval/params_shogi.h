/* params_shogi.h - evaluation parameters of shogi; empty until tuned: every parameter starts from
 * the defaults in eval/layout.c. */
static const EvalParamRow params_shogi[] = {
    {NULL, 0, 0},
};
