/* params_micro.h - evaluation parameters of micro; empty until tuned: every parameter starts from
 * the defaults in eval/layout.c. */
static const EvalParamRow params_micro[] = {
    {NULL, 0, 0},
};
