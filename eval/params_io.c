/* params_io.c - a game's parameter table as C source (eval/params_<game>.h): written by the
 * tuner, compiled into the engine, and read back by the tuner (--from) and the tests. One row
 * per line, `{"name", mg, eg},`, so the file is also easy to diff and to edit by hand. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static void identifier(const Variant *v, char *buf, size_t len) {
    snprintf(buf, len, "params_%s", v->name);
    for (char *p = buf; *p; p++)
        if (!isalnum((unsigned char)*p)) *p = '_';
}

int eval_params_write(const Variant *v, FILE *f, const char *origin) {
    const EvalGame *g = eval_game(v);
    char id[64];
    identifier(v, id, sizeof id);
    fprintf(f, "/* %s.h - evaluation parameters of %s (eval/layout.c names the terms, docs/evaluation.md\n", id + 0,
            v->name);
    fprintf(f, " * explains them). Written by eval_params_write%s%s.\n", origin ? ": " : "", origin ? origin : "");
    fprintf(f, " * Each row: name, middle-game value, end-game value, in centipawns%s. */\n",
            g->tapered ? "" : " (no taper in this game: the end-game value repeats the middle-game one)");
    fprintf(f, "static const EvalParamRow %s[] = {\n", id);
    for (int i = 0; i < g->count; i++) {
        EvalScore s = g->param[i];
        fprintf(f, "    {\"%s\", %d, %d},\n", g->name[i], s.mg, g->tapered ? s.eg : s.mg);
    }
    fprintf(f, "    {NULL, 0, 0},\n};\n");
    return fflush(f) || ferror(f) ? -1 : 0;
}

/* One row {"name", mg, eg} (the rest of the line is not read): true with its fields. WHY strtol,
 * not sscanf's %d: a number past the int range is undefined behaviour there; here it
 * saturates, and the caller's range test refuses it. */
static bool parse_row(const char *p, char name[EVAL_NAME_MAX + 1], long *mg, long *eg) {
    int n = 0;
    if (sscanf(p, "{\"%24[^\"]\",%n", name, &n) != 1 || !n) return false;
    long *out[2] = {mg, eg};
    p += n;
    for (int k = 0; k < 2; k++) {
        while (*p == ' ' || *p == '\t') p++;
        char *end;
        if (!(isdigit((unsigned char)*p) || ((*p == '-' || *p == '+') && isdigit((unsigned char)p[1])))) return false;
        *out[k] = strtol(p, &end, 10);
        p = end;
        while (*p == ' ' || *p == '\t') p++;
        if (*p++ != (k == 0 ? ',' : '}')) return false;
    }
    return true;
}

int eval_params_read(const Variant *v, FILE *f, char *err, size_t errlen) {
    EvalGame *g = eval_game_mut(v);
    char line[256];
    int lineno = 0;
    EvalScore *next = malloc(sizeof *next * (size_t)g->count);
    if (!next) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    memcpy(next, g->param, sizeof *next * (size_t)g->count);
    int rc = 0, rows = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        const char *p = line;
        while (isspace((unsigned char)*p)) p++;
        if (strncmp(p, "{\"", 2)) continue;
        char name[EVAL_NAME_MAX + 1];
        long mg, eg;
        if (!parse_row(p, name, &mg, &eg)) {
            snprintf(err, errlen, "line %d: not a parameter row: %.60s", lineno, p);
            rc = -1;
            break;
        }
        if (labs(mg) > EVAL_PARAM_LIMIT || labs(eg) > EVAL_PARAM_LIMIT) {
            snprintf(err, errlen, "line %d: %s: a value beyond %d centipawns either way", lineno, name,
                     EVAL_PARAM_LIMIT);
            rc = -1;
            break;
        }
        int i = eval_param_index(v, name);
        if (i < 0) {
            snprintf(err, errlen, "line %d: %s has no parameter \"%s\"", lineno, v->name, name);
            rc = -1;
            break;
        }
        next[i] = (EvalScore){(int32_t)mg, (int32_t)(g->tapered ? eg : mg)};
        rows++;
    }
    if (!rc && !rows) { /* an empty or foreign file used to leave the table as it was, silently */
        snprintf(err, errlen, "no parameter rows ({\"name\", mg, eg}) in %d lines", lineno);
        rc = -1;
    }
    if (!rc) {
        memcpy(g->param, next, sizeof *next * (size_t)g->count);
        eval_game_refresh(g);
    }
    free(next);
    return rc;
}
