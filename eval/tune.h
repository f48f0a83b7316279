/* tune.h - Texel tuning of a game's evaluation parameters (docs/tuning.md): positions labelled
 * with game results (and optionally search scores) are traced once into a compact sparse
 * store; a sigmoid scale K is fitted to the evaluation; then full-batch Adam on every used
 * parameter's mg and eg minimises the mean squared error between label and sigmoid(K * eval).
 * Never prints: progress goes through TuneReporter, errors through (err, errlen). */
#ifndef SHISHI_TUNE_H
#define SHISHI_TUNE_H

#include "eval.h"

typedef struct TuneData TuneData;

/* How data files are read. */
typedef struct {
    long max_positions; /* stop after this many positions (0: no limit) */
    bool skip_bad;      /* skip malformed lines and SFENs that do not load, counting them */
} TuneLoadOptions;

/* How the optimiser runs; tune_config_default fills the documented defaults. */
typedef struct {
    int epochs;          /* full passes over the training positions (300) */
    int threads;         /* worker threads per pass (2) */
    double lr;           /* Adam step size, centipawns (1.5) */
    double lambda;       /* L2 pull toward the starting values: loss += lambda * sum (delta/100)^2 */
    double k;            /* sigmoid scale; <= 0: fit it with tune_fit_k */
    double validation;   /* held-out fraction 0 .. 0.5: every round(1/f)-th position (0.1) */
    double score_weight; /* W: target = (1-W) * result + W * sigmoid(K * score) (0) */
    int report_every;    /* epochs between on_epoch reports (10) */
    const char *only;    /* comma-separated name words ("mat,hand"): tune only those; NULL = all */
} TuneConfig;

/* One epoch's losses (mean squared error; the L2 term is not included). */
typedef struct {
    int epoch;         /* 0 = the starting parameters */
    double train_loss; /* before this epoch's step */
    double valid_loss; /* equals train_loss when there is no validation set */
    bool best;         /* the best validation loss so far: these parameters are kept */
} TuneEpoch;

/* What a run did. */
typedef struct {
    long positions, train, valid; /* loaded, used for the gradient, held out */
    int params_used, params_total;
    double k;
    double train_before, valid_before; /* starting parameters */
    double train_after, valid_after;   /* the kept parameters, rounded to integers */
    int best_epoch, epochs;
    double seconds;
} TuneSummary;

/* Progress callbacks; any may be NULL. Called from the thread that called tune_load/tune_run. */
typedef struct {
    void *user;
    /* after each file, and every 100000 positions within one */
    void (*on_loaded)(void *user, const char *file, long positions_so_far);
    void (*on_epoch)(void *user, const TuneEpoch *e);
} TuneReporter;

/* The defaults above. */
void tune_config_default(TuneConfig *c);

/* Read and trace every data line (`<sfen>;<result>[;<score>]`, '#' comments) of files for
 * game v (default rules). Returns the data, or NULL with "FILE:LINE: reason" in err. */
TuneData *tune_load(const Variant *v, const char *const *files, int nfiles, const TuneLoadOptions *opt,
                    const TuneReporter *r, char *err, size_t errlen);
void tune_free(TuneData *d);

/* Positions loaded, lines skipped (skip_bad), positions rejected (a count beyond int16). */
long tune_positions(const TuneData *d);
long tune_skipped(const TuneData *d);
long tune_rejected(const TuneData *d);
/* Bytes the store takes (positions and their counts). */
size_t tune_bytes(const TuneData *d);
/* Does some loaded position have a non-zero count of parameter i? */
bool tune_param_used(const TuneData *d, int i);

/* Evaluation of position i (load order) from Black's view under the current parameters,
 * computed from the stored trace, unrounded. */
double tune_eval(const TuneData *d, long i);
/* Mean squared error of result - sigmoid(k * eval) over all positions, current parameters. */
double tune_k_loss(const TuneData *d, double k);
/* The k in [0.1, 10] minimising tune_k_loss (golden-section search). */
double tune_fit_k(const TuneData *d);

/* Tune the game's parameters in place (eval_set_param, rounded; unused parameters untouched).
 * Fits K first when c->k <= 0. Returns 0, or -1 with a message (threads, memory). */
int tune_run(TuneData *d, const TuneConfig *c, const TuneReporter *r, TuneSummary *out, char *err, size_t errlen);

/* A one-line description of a run for eval_params_write's comment: data files, positions,
 * options, K and losses. */
void tune_origin(const TuneConfig *c, const TuneSummary *s, const char *const *files, int nfiles, char *buf,
                 size_t len);

#endif
