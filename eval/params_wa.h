/* params_wa.h - evaluation parameters of wa; empty until tuned: every parameter starts from
 * the defaults in eval/layout.c. */
static const EvalParamRow params_wa[] = {
    {NULL, 0, 0},
};
