/* eval.h - static evaluation, owned by eval/ (src/ knows nothing of it).
 *
 * One evaluator serves every game; what it evaluates is derived from the descriptor (which
 * terms a game has: drops, a single royal, lions, entering-king points, ranged pieces) and
 * how much each term is worth is a per-game parameter table, eval/params_<game>.h, that the
 * tuner (eval/tune.c) rewrites. The evaluation is linear in its parameters: every term is a
 * parameter times an integer count (one-hot tables give the non-linear shapes), tapered
 * between a middle-game and an end-game value by a material phase in games where material
 * leaves the board. That makes the trace (eval_trace) exact, so the tuner's gradient is exact.
 * docs/evaluation.md lists the terms per game and how the tables were tuned. */
#ifndef SHISHI_EVAL_H
#define SHISHI_EVAL_H

#include <stdio.h>

#include "../src/position.h"

/* A parameter's middle-game and end-game value, centipawns. */
typedef struct {
    int32_t mg, eg;
} EvalScore;

enum {
    EVAL_PHASE_MAX = 256,   /* phase of a full board (middle game) */
    EVAL_PARAMS_MAX = 4096, /* parameters of one game */
    EVAL_NAME_MAX = 24,     /* a parameter's name, with its terminator */
    /* WHY bounds: a parameter file is input (shishi eval --params, tune --from). The tables'
     * largest value is under 2,000; a file's values beyond EVAL_PARAM_LIMIT are refused (and
     * eval_set_param, the tuner's way in, holds a value to it), so that no sum of terms can
     * overflow, and the evaluation is clamped to EVAL_LIMIT, so that
     * whatever the parameters the search never reads a static score as a mate (mate scores
     * start at 31,000; chu's whole army is worth about 16,000 with the shipped table). */
    EVAL_PARAM_LIMIT = 10000,
    EVAL_LIMIT = 28000
};

/* Score of the position from the side to move's point of view, in centipawns. */
Value evaluate(const Position *pos);

/* ---- parameters (for the tuner and the tests) ----------------------------------------- */

/* Number of parameters of game v and the name of parameter i ("mat R", "ks 3 1"). */
int eval_param_count(const Variant *v);
const char *eval_param_name(const Variant *v, int i);
/* Index of a parameter by name, -1 if the game has none of that name. */
int eval_param_index(const Variant *v, const char *name);
EvalScore eval_param(const Variant *v, int i);
/* Change a parameter: for the tuner, `shishi eval --params` and tests, only before the first
 * search (eval_params_freeze). */
void eval_set_param(const Variant *v, int i, EvalScore s);
/* Does game v taper between middle game and end game? (False where no material leaves the
 * game, i.e. in drop games: there only mg is used and the writer keeps eg equal to mg.) */
bool eval_tapered(const Variant *v);
/* Restore the compiled-in table of game v. */
void eval_reset_params(const Variant *v);
/* From now on the parameters are read-only (search_run calls it): eval_set_param,
 * eval_reset_params and eval_params_read abort after it. */
void eval_params_freeze(void);

/* ---- the trace: the evaluation as parameter counts ------------------------------------ */

/* evaluate(pos), seen from Black, equals
 *     sum over k < count of coef[index[k]] * (mg * phase + eg * (MAX - phase)) / MAX
 * rounded toward zero once over the whole sum (mg/eg of parameter index[k]). */
typedef struct {
    int count;                       /* parameters used */
    uint16_t index[EVAL_PARAMS_MAX]; /* which, in first-use order */
    int32_t coef[EVAL_PARAMS_MAX];   /* dense: Black's count minus White's, by parameter */
    uint8_t used[EVAL_PARAMS_MAX];   /* index[] already lists it (coef may still be 0) */
    int phase;                       /* 0 .. EVAL_PHASE_MAX */
    Value black_eval;                /* the evaluation from Black's view */
} EvalTrace;

/* Fill tr for pos; returns evaluate(pos) from Black's point of view. */
Value eval_trace(const Position *pos, EvalTrace *tr);

/* ---- parameter files ------------------------------------------------------------------ */

/* Write game v's current table as the C header eval/params_<game>.h (comment says how it
 * was made: `origin`, may be NULL). Returns 0 or -1 on a write error. */
int eval_params_write(const Variant *v, FILE *f, const char *origin);
/* Read a table written by eval_params_write into game v's parameters. Unknown names are an
 * error (message names the line); parameters the file does not list keep their value.
 * Returns 0, or -1 with a message. */
int eval_params_read(const Variant *v, FILE *f, char *err, size_t errlen);

#endif
