/* params_chu.h - evaluation parameters of chu; empty until tuned: every parameter starts from
 * the defaults in eval/layout.c. */
static const EvalParamRow params_chu[] = {
    {NULL, 0, 0},
};
