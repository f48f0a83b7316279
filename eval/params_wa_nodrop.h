/* params_wa_nodrop.h - evaluation parameters of wa_nodrop; empty until tuned: every parameter starts from
 * the defaults in eval/layout.c. */
static const EvalParamRow params_wa_nodrop[] = {
    {NULL, 0, 0},
};
