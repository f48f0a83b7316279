/* cli_eval.c - `shishi eval`: the static evaluation of one position, term by term, from the
 * evaluator's trace (eval/eval.h). For players who want to know why the engine likes a
 * position, and for developers comparing tables. Results on stdout, errors on stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../eval/eval.h"
#include "../src/notation.h"
#include "../src/textfile.h"
#include "cli.h"

/* One family of terms: the parameter names up to the first space ("mat", "ks", "hang"). */
typedef struct {
    char name[EVAL_NAME_MAX];
    long total;
} Family;

static long term_value(const EvalTrace *tr, EvalScore s, int coef) {
    long mg = (long)coef * s.mg, eg = (long)coef * s.eg;
    return (mg * tr->phase + eg * (EVAL_PHASE_MAX - tr->phase)) / EVAL_PHASE_MAX;
}

static void family_of(const char *param, char *out, size_t len) {
    size_t n = strcspn(param, " ");
    if (n >= len) n = len - 1;
    memcpy(out, param, n);
    out[n] = 0;
}

static void print_terms(const Position *pos, const EvalTrace *tr, bool verbose) {
    const Variant *v = pos->v;
    Family *fam = calloc(EVAL_PARAMS_MAX, sizeof *fam); /* owned by this call, not a static */
    if (!fam) {
        fprintf(stderr, "shishi eval: out of memory\n");
        return;
    }
    int nf = 0;
    if (verbose) printf("%-24s %6s %8s %8s %9s\n", "term", "count", "mg", "eg", "value");
    for (int k = 0; k < tr->count; k++) {
        int i = tr->index[k], coef = tr->coef[i];
        if (!coef) continue;
        EvalScore s = eval_param(v, i);
        long val = term_value(tr, s, coef);
        if (verbose) printf("%-24s %+6d %8d %8d %+9ld\n", eval_param_name(v, i), coef, s.mg, s.eg, val);
        char f[EVAL_NAME_MAX];
        family_of(eval_param_name(v, i), f, sizeof f);
        int j = 0;
        while (j < nf && strcmp(fam[j].name, f)) j++;
        if (j == nf) {
            snprintf(fam[nf].name, sizeof fam[nf].name, "%s", f);
            fam[nf++].total = 0;
        }
        fam[j].total += val;
    }
    if (verbose) printf("\n");
    printf("%-24s %9s\n", "family", "value");
    for (int j = 0; j < nf; j++) printf("%-24s %+9ld\n", fam[j].name, fam[j].total);
    free(fam);
}

int cli_eval(int argc, char **argv) {
    const char *variant = NULL, *position = "startpos", *params = NULL;
    bool verbose = false;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--terms")) {
            verbose = true;
            continue;
        }
        if (strcmp(a, "--variant") && strcmp(a, "--position") && strcmp(a, "--params")) {
            fprintf(stderr, "shishi eval: unknown option '%s' (see shishi help)\n", a);
            return 2;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "shishi eval: %s needs a value\n", a);
            return 2;
        }
        if (!strcmp(a, "--variant"))
            variant = argv[++i];
        else if (!strcmp(a, "--params"))
            params = argv[++i];
        else
            position = argv[++i];
    }
    const Variant *v = variant ? variant_find(variant) : variant_list()[0];
    if (!v) {
        fprintf(stderr, "shishi eval: unknown variant '%s' (see shishi help)\n", variant);
        return 2;
    }
    if (params) {
        char why[128];
        FILE *f = textfile_open(params, "r", why, sizeof why);
        if (!f) {
            fprintf(stderr, "shishi eval: cannot open '%s': %s\n", params, why);
            return 2;
        }
        char perr[256];
        int rc = eval_params_read(v, f, perr, sizeof perr);
        fclose(f);
        if (rc) {
            fprintf(stderr, "shishi eval: %s: %s\n", params, perr);
            return 2;
        }
    }
    Position *pos = malloc(sizeof *pos);
    EvalTrace *tr = malloc(sizeof *tr);
    char err[256];
    if (!pos || !tr || position_parse_spec(pos, v, NULL, position, err, sizeof err)) {
        fprintf(stderr, "shishi eval: %s\n", pos && tr ? err : "out of memory");
        free(pos);
        free(tr);
        return 2;
    }
    Value black = eval_trace(pos, tr);
    char sfen[1024];
    pos_to_sfen(pos, sfen, sizeof sfen);
    printf("%s, sfen %s\n", v->name, sfen);
    if (eval_tapered(v)) printf("phase %d of %d (middle game)\n", tr->phase, EVAL_PHASE_MAX);
    print_terms(pos, tr, verbose);
    printf("\nevaluation %+d for Black, %+d for the side to move (%s)\n", black, pos->stm == BLACK ? black : -black,
           pos->stm == BLACK ? "Black" : "White");
    free(pos);
    free(tr);
    return 0;
}
