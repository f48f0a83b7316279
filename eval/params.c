/* params.c - the compiled-in parameter table of each game, found by the game's name (the
 * registry of tables, like the variant registry; nothing here branches on a game). */
#include <string.h>

#include "internal.h"

#include "params_chu.h"
#include "params_micro.h"
#include "params_nana.h"
#include "params_shogi.h"
#include "params_wa.h"
#include "params_wa_nodrop.h"

static const struct {
    const char *game;
    const EvalParamRow *rows;
} tables[] = {
    {"shogi", params_shogi}, {"micro", params_micro}, {"nana", params_nana},
    {"chu", params_chu},     {"wa", params_wa},       {"wa-nodrop", params_wa_nodrop},
};

const EvalParamRow *eval_compiled_rows(const Variant *v) {
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++)
        if (!strcmp(tables[i].game, v->name)) return tables[i].rows;
    return NULL;
}
