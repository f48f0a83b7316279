/* params_nana.h - evaluation parameters of nana; empty until tuned: every parameter starts from
 * the defaults in eval/layout.c. */
static const EvalParamRow params_nana[] = {
    {NULL, 0, 0},
};
