/* options.c - the engine option table (options.h) and reading option values. */
#include "options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const book_variety_names[] = {"best", "count", "value", NULL};

const EngineOption engine_options[EOPT_COUNT] = {
    {EOPT_HASH, "Hash", "USI_Hash", EOPT_SPIN, ENGINE_HASH_DEFAULT_MB, 1, ENGINE_HASH_MAX_MB, EOPT_XB_MEMORY, NULL},
    {EOPT_PONDER, "Ponder", "USI_Ponder", EOPT_CHECK, 0, 0, 1, EOPT_XB_NONE, NULL}, /* XBoard: hard/easy */
    {EOPT_MULTIPV, "MultiPV", "MultiPV", EOPT_SPIN, 1, 1, ENGINE_MULTIPV_MAX, EOPT_XB_FEATURE, NULL},
    {EOPT_VARIANT, "UCI_Variant", "UCI_Variant", EOPT_GAME, 0, 0, 0, EOPT_XB_NONE, NULL}, /* XBoard: variant */
    {EOPT_THREADS, "Threads", "Threads", EOPT_SPIN, 1, 1, ENGINE_THREADS_MAX, EOPT_XB_CORES, NULL},
    {EOPT_SOLVED, "SolvedTables", "SolvedTables", EOPT_CHECK, 1, 0, 1, EOPT_XB_NONE, NULL},
    {EOPT_MATE_EXACT, "MateExact", "MateExact", EOPT_CHECK, 0, 0, 1, EOPT_XB_NONE, NULL},
    /* WHY: fixed-node games (YaneuraOu's NodesLimit) are reproducible and need no clock */
    {EOPT_NODES_LIMIT, "NodesLimit", "NodesLimit", EOPT_SPIN, 0, 0, 1000000000, EOPT_XB_FEATURE, NULL},
    {EOPT_BOOK_FILE, "BookFile", "BookFile", EOPT_STRING, 0, 0, 0, EOPT_XB_FEATURE, NULL},
    {EOPT_BOOK_MOVES, "BookMoves", "BookMoves", EOPT_SPIN, 16, 0, 10000, EOPT_XB_FEATURE, NULL},
    {EOPT_BOOK_VARIETY, "BookVariety", "BookVariety", EOPT_COMBO, BOOK_VARIETY_BEST, 0, BOOK_VARIETY_NB - 1,
     EOPT_XB_FEATURE, book_variety_names},
    {EOPT_BOOK_EVAL_DIFF, "BookEvalDiff", "BookEvalDiff", EOPT_SPIN, 30, 0, 100000, EOPT_XB_FEATURE, NULL},
    {EOPT_BOOK_DEPTH_LIMIT, "BookDepthLimit", "BookDepthLimit", EOPT_SPIN, 0, 0, 1000, EOPT_XB_FEATURE, NULL},
    /* WHY not announced: a knob for tests and reproducible matches, settable by name */
    {EOPT_BOOK_SEED, "BookSeed", NULL, EOPT_SPIN, 0, 0, 999999999, EOPT_XB_NONE, NULL},
};

const EngineOption *engine_option_find(const char *name) {
    if (!name) return NULL;
    for (int i = 0; i < EOPT_COUNT; i++) {
        const EngineOption *o = &engine_options[i];
        if (!strcasecmp(name, o->name) || (o->usi_name && !strcasecmp(name, o->usi_name))) return o;
    }
    if (!strcasecmp(name, "USI_Variant")) return &engine_options[EOPT_VARIANT];
    return NULL;
}

const EngineOption *engine_option_for_xboard(EngineOptionXboard x) {
    for (int i = 0; i < EOPT_COUNT; i++)
        if (engine_options[i].xboard == x) return &engine_options[i];
    return NULL;
}

int engine_option_parse(const EngineOption *o, const char *called, const char *text, int *out, char *err,
                        size_t errlen) {
    if (o->type == EOPT_CHECK) {
        if (!strcasecmp(text, "true") || !strcmp(text, "1"))
            *out = 1;
        else if (!strcasecmp(text, "false") || !strcmp(text, "0"))
            *out = 0;
        else {
            snprintf(err, errlen, "%s takes true or false, not '%s'", called, text);
            return -1;
        }
        return 0;
    }
    if (o->type == EOPT_COMBO) {
        for (int i = 0; o->choices[i]; i++)
            if (!strcasecmp(text, o->choices[i])) {
                *out = i;
                return 0;
            }
        snprintf(err, errlen, "%s: unknown value '%s'", called, text);
        return -1;
    }
    char *end;
    errno = 0;
    long x = strtol(text, &end, 10);
    if (o->type != EOPT_SPIN || end == text || *end || errno || x < o->min || x > o->max) {
        snprintf(err, errlen, "%s must be from %d to %d, not '%s'", called, o->min, o->max, text);
        return -1;
    }
    *out = (int)x;
    return 0;
}

void engine_option_value_text(const EngineOption *o, int x, char *buf, size_t len) {
    if (o->type == EOPT_CHECK)
        snprintf(buf, len, "%s", x ? "true" : "false");
    else if (o->type == EOPT_COMBO && x >= o->min && x <= o->max)
        snprintf(buf, len, "%s", o->choices[x]);
    else
        snprintf(buf, len, "%d", x);
}
