/* tune.c - the Texel tuner (tune.h, docs/tuning.md): a sparse store of traced positions, the
 * sigmoid fit, and full-batch Adam whose passes are split over worker threads.
 * Uses src/ and eval/ only; never prints (progress goes through TuneReporter). */
#include "tune.h"

#include "data_line.h"

#include "../src/textfile.h"
#include "../src/textpos.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { TUNE_THREADS_MAX = 64 };

/* One non-zero parameter count of one position. */
typedef struct {
    uint16_t index;
    int16_t coef;
} TuneEntry;

/* WHY one entry array with per-position offsets: ~2 million positions of ~100 counts each
 * fit in a few hundred megabytes this way; a struct per position would double that. */
struct TuneData {
    const Variant *v;
    int param_count;
    long count, cap; /* positions stored, allocated */
    size_t *start;   /* [count + 1]: first entry of each position, start[count] = entry_count */
    uint16_t *phase; /* 0 .. EVAL_PHASE_MAX */
    uint8_t *result; /* Black's half-points: 0, 1, 2 */
    float *score;    /* search score from Black's view, NAN when the line has none */
    uint32_t *game;  /* the game a position comes from: `# game` lines seen before it */
    uint32_t games;  /* `# game` lines seen so far (a file without them is one game per line) */
    TuneEntry *entries;
    size_t entry_count, entry_cap;
    long skipped, rejected;
    bool used[EVAL_PARAMS_MAX];
};

typedef double Param[2]; /* mg, eg while tuning */

void tune_config_default(TuneConfig *c) {
    *c = (TuneConfig){.epochs = 300,
                      .threads = 2,
                      .lr = 1.5,
                      .lambda = 0.0,
                      .k = 0.0,
                      .validation = 0.1,
                      .score_weight = 0.0,
                      .report_every = 10};
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* sigmoid(x) = 1 / (1 + 10^(-x/400)): the expected score of a side x centipawns ahead. */
static inline double sigmoid(double x) { return 1.0 / (1.0 + exp(-x * (M_LN10 / 400.0))); }

/* ---- the store ------------------------------------------------------------------------------ */

/* Make room for one more position and `more` entries. */
static bool store_reserve(TuneData *d, size_t more) {
    if (d->count + 1 >= d->cap) {
        long cap = d->cap ? d->cap + d->cap / 2 : 4096;
        size_t *start = realloc(d->start, (size_t)(cap + 1) * sizeof *start);
        if (start) d->start = start;
        uint16_t *phase = realloc(d->phase, (size_t)cap * sizeof *phase);
        if (phase) d->phase = phase;
        uint8_t *result = realloc(d->result, (size_t)cap);
        if (result) d->result = result;
        float *score = realloc(d->score, (size_t)cap * sizeof *score);
        if (score) d->score = score;
        uint32_t *game = realloc(d->game, (size_t)cap * sizeof *game);
        if (game) d->game = game;
        if (!start || !phase || !result || !score || !game) return false;
        d->cap = cap;
    }
    if (d->entry_count + more > d->entry_cap) {
        size_t cap = d->entry_cap ? d->entry_cap + d->entry_cap / 2 : 65536;
        while (cap < d->entry_count + more) cap += cap / 2;
        TuneEntry *e = realloc(d->entries, cap * sizeof *e);
        if (!e) return false;
        d->entries = e;
        d->entry_cap = cap;
    }
    return true;
}

/* Append the traced position (non-zero counts only). A count outside int16 rejects the
 * position. Returns false when memory runs out. */
static bool store_position(TuneData *d, const EvalTrace *tr, uint8_t half_points, float score) {
    bool fits = true;
    for (int k = 0; k < tr->count; k++)
        fits &= tr->coef[tr->index[k]] >= INT16_MIN && tr->coef[tr->index[k]] <= INT16_MAX;
    bool ok = !fits || store_reserve(d, (size_t)tr->count);
    if (fits && ok) {
        for (int k = 0; k < tr->count; k++) {
            int i = tr->index[k];
            if (!tr->coef[i]) continue; /* Black's and White's counts cancelled */
            d->entries[d->entry_count++] = (TuneEntry){(uint16_t)i, (int16_t)tr->coef[i]};
            d->used[i] = true;
        }
        d->phase[d->count] = (uint16_t)tr->phase;
        d->result[d->count] = half_points;
        d->score[d->count] = score;
        d->game[d->count] = d->games;
        d->start[++d->count] = d->entry_count;
    } else if (!fits)
        d->rejected++;
    return ok;
}

/* ---- the loader ----------------------------------------------------------------------------- */

typedef struct {
    TuneData *d;
    Position *pos;
    EvalTrace *tr;
    const TuneLoadOptions *opt;
    const TuneReporter *r;
    long reported; /* positions at the last on_loaded call */
} Loader;

enum { LOAD_REPORT_EVERY = 100000 }; /* positions between on_loaded calls inside a file */

enum { LINE_STORED, LINE_BLANK, LINE_BAD, LINE_NO_MEMORY };

static int load_line(Loader *ld, const char *line, char *why, size_t len) {
    char sfen[2048], perr[200];
    double result;
    int score;
    bool has_score;
    const char *p = line + strspn(line, " \t");
    if (!strncmp(p, "# game", 6)) ld->d->games++;
    int kind = data_line_parse(line, sfen, sizeof sfen, &result, &score, &has_score, why, len);
    if (kind <= 0) return kind ? LINE_BAD : LINE_BLANK;
    if (pos_set_sfen(ld->pos, ld->d->v, NULL, sfen, perr, sizeof perr)) {
        snprintf(why, len, "bad SFEN: %s", perr);
        return LINE_BAD;
    }
    eval_trace(ld->pos, ld->tr);
    return store_position(ld->d, ld->tr, (uint8_t)(result * 2), has_score ? (float)score : NAN) ? LINE_STORED
                                                                                                : LINE_NO_MEMORY;
}

static bool loader_full(const Loader *ld) {
    return ld->opt->max_positions > 0 && ld->d->count >= ld->opt->max_positions;
}

static void report_loaded(Loader *ld, const char *path) {
    if (ld->r && ld->r->on_loaded && ld->d->count != ld->reported) ld->r->on_loaded(ld->r->user, path, ld->d->count);
    ld->reported = ld->d->count;
}

static int load_file(Loader *ld, const char *path, char *err, size_t errlen) {
    char why[256];
    FILE *f = textfile_open(path, "r", why, sizeof why);
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, why);
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0;
    int rc = 0;
    while (!rc && !loader_full(ld) && getline(&line, &cap, f) >= 0) {
        lineno++;
        int st = load_line(ld, line, why, sizeof why);
        if (st == LINE_STORED && ld->d->count % LOAD_REPORT_EVERY == 0) report_loaded(ld, path);
        if (st == LINE_BAD && ld->opt->skip_bad)
            ld->d->skipped++;
        else if (st == LINE_BAD || st == LINE_NO_MEMORY) {
            snprintf(err, errlen, "%s:%ld: %s", path, lineno, st == LINE_BAD ? why : "out of memory");
            rc = -1;
        }
    }
    if (!rc && ferror(f)) {
        snprintf(err, errlen, "%s:%ld: read error", path, lineno);
        rc = -1;
    }
    free(line);
    fclose(f);
    return rc;
}

TuneData *tune_load(const Variant *v, const char *const *files, int nfiles, const TuneLoadOptions *opt,
                    const TuneReporter *r, char *err, size_t errlen) {
    TuneLoadOptions none = {0};
    Loader ld = {.d = calloc(1, sizeof(TuneData)),
                 .pos = malloc(sizeof(Position)),
                 .tr = calloc(1, sizeof(EvalTrace)),
                 .opt = opt ? opt : &none,
                 .r = r,
                 .reported = -1};
    int rc = ld.d && ld.pos && ld.tr && store_reserve(ld.d, 0) ? 0 : -1;
    if (rc)
        snprintf(err, errlen, "out of memory");
    else {
        ld.d->v = v;
        ld.d->param_count = eval_param_count(v);
        ld.d->start[0] = 0;
    }
    for (int i = 0; !rc && i < nfiles; i++) {
        rc = load_file(&ld, files[i], err, errlen);
        if (!rc) report_loaded(&ld, files[i]);
    }
    if (!rc && !ld.d->count) {
        snprintf(err, errlen, "no positions in the data");
        rc = -1;
    }
    free(ld.pos);
    free(ld.tr);
    if (rc) {
        tune_free(ld.d);
        return NULL;
    }
    return ld.d;
}

void tune_free(TuneData *d) {
    if (!d) return;
    free(d->start);
    free(d->phase);
    free(d->result);
    free(d->score);
    free(d->game);
    free(d->entries);
    free(d);
}

long tune_positions(const TuneData *d) { return d->count; }
long tune_skipped(const TuneData *d) { return d->skipped; }
long tune_rejected(const TuneData *d) { return d->rejected; }
size_t tune_bytes(const TuneData *d) {
    size_t per_position = sizeof *d->start + sizeof *d->phase + sizeof *d->result + sizeof *d->score;
    return (size_t)d->cap * per_position + d->entry_cap * sizeof *d->entries;
}
bool tune_param_used(const TuneData *d, int i) { return i >= 0 && i < d->param_count && d->used[i]; }

/* ---- evaluation and the sigmoid scale ------------------------------------------------------- */

/* The trace's evaluation of position i under parameters p, unrounded. */
static inline double stored_eval(const TuneData *d, long i, const Param *p) {
    double mg = 0, eg = 0;
    for (size_t k = d->start[i]; k < d->start[i + 1]; k++) {
        const TuneEntry *e = &d->entries[k];
        mg += e->coef * p[e->index][0];
        eg += e->coef * p[e->index][1];
    }
    int ph = d->phase[i];
    return (mg * ph + eg * (EVAL_PHASE_MAX - ph)) / EVAL_PHASE_MAX;
}

static Param *current_params(const TuneData *d) {
    Param *p = malloc((size_t)d->param_count * sizeof *p);
    if (!p) return NULL;
    for (int i = 0; i < d->param_count; i++) {
        EvalScore s = eval_param(d->v, i);
        p[i][0] = s.mg;
        p[i][1] = s.eg;
    }
    return p;
}

double tune_eval(const TuneData *d, long i) {
    Param *p = current_params(d);
    double e = p ? stored_eval(d, i, p) : NAN;
    free(p);
    return e;
}

static double k_loss(const TuneData *d, const double *eval, double k) {
    double sum = 0;
    for (long i = 0; i < d->count; i++) {
        double diff = d->result[i] * 0.5 - sigmoid(k * eval[i]);
        sum += diff * diff;
    }
    return sum / (double)d->count;
}

/* Evaluations of every position under the current parameters (NULL when out of memory). */
static double *all_evals(const TuneData *d) {
    Param *p = current_params(d);
    double *e = p ? malloc((size_t)d->count * sizeof *e) : NULL;
    for (long i = 0; e && i < d->count; i++) e[i] = stored_eval(d, i, p);
    free(p);
    return e;
}

double tune_k_loss(const TuneData *d, double k) {
    double *e = all_evals(d);
    double loss = e ? k_loss(d, e, k) : NAN;
    free(e);
    return loss;
}

double tune_fit_k(const TuneData *d) {
    double *e = all_evals(d);
    if (!e) return 1.0;
    const double g = (sqrt(5.0) - 1) / 2;
    double a = 0.1, b = 10.0, x1 = b - g * (b - a), x2 = a + g * (b - a);
    double f1 = k_loss(d, e, x1), f2 = k_loss(d, e, x2);
    while (b - a > 1e-4) {
        if (f1 <= f2) {
            b = x2, x2 = x1, f2 = f1;
            x1 = b - g * (b - a);
            f1 = k_loss(d, e, x1);
        } else {
            a = x1, x1 = x2, f1 = f2;
            x2 = a + g * (b - a);
            f2 = k_loss(d, e, x2);
        }
    }
    free(e);
    return (a + b) / 2;
}

/* ---- the optimiser -------------------------------------------------------------------------- */

/* One thread's share of a pass: positions [lo, hi), its own gradient, its loss sums. */
typedef struct {
    const TuneData *d;
    const Param *p;
    const float *target;
    double k;
    long lo, hi;
    int valid_every;
    Param *grad;
    double train_sum, valid_sum;
} Worker;

typedef struct {
    TuneData *d;
    const TuneConfig *cfg;
    int n;                                      /* parameters */
    Param *param, *start, *best, *grad, *m, *v; /* Adam's moments m and v */
    float *target;
    Worker w[TUNE_THREADS_MAX];
    int threads, valid_every;
    long ntrain, nvalid;
    double k, train_loss, valid_loss; /* means of the last pass */
    bool tuned[EVAL_PARAMS_MAX];      /* used by the data and selected by TuneConfig.only */
} Tuner;

/* Does the parameter name start with one of the comma-separated words of `only` (a whole
 * word: "mat" selects "mat R", not "mate")? NULL or "" selects everything. */
static bool selected(const char *only, const char *name) {
    if (!only || !*only) return true;
    for (const char *p = only; *p;) {
        size_t len = strcspn(p, ",");
        if (len && !strncmp(name, p, len) && (name[len] == ' ' || name[len] == 0)) return true;
        p += len + (p[len] == ',');
    }
    return false;
}

/* WHY by game: the positions of one game are alike, so holding out single positions measures
 * over-fitting to positions, not to games; data without `# game` lines count each position
 * as its own game. */
static inline bool is_valid(const TuneData *d, long i, int every) {
    long g = d->games ? (long)d->game[i] : i;
    return every && g % every == every - 1;
}

static void *worker_pass(void *arg) {
    Worker *w = arg;
    const TuneData *d = w->d;
    memset(w->grad, 0, (size_t)d->param_count * sizeof *w->grad);
    w->train_sum = w->valid_sum = 0;
    const double c = w->k * (M_LN10 / 400.0); /* d sigmoid(K e) / d e = c * s * (1 - s) */
    for (long i = w->lo; i < w->hi; i++) {
        double s = sigmoid(w->k * stored_eval(d, i, w->p)), diff = w->target[i] - s;
        if (is_valid(d, i, w->valid_every)) {
            w->valid_sum += diff * diff;
            continue;
        }
        w->train_sum += diff * diff;
        /* d (t - s)^2 / d e, split into the parts reaching mg and eg */
        double g = -2 * diff * s * (1 - s) * c, ph = d->phase[i] * (1.0 / EVAL_PHASE_MAX);
        double gm = g * ph, ge = g * (1 - ph);
        for (size_t k = d->start[i]; k < d->start[i + 1]; k++) {
            const TuneEntry *e = &d->entries[k];
            w->grad[e->index][0] += e->coef * gm;
            w->grad[e->index][1] += e->coef * ge;
        }
    }
    return NULL;
}

/* Losses (and the summed gradient) at t->param, the positions split over the threads. */
static void run_pass(Tuner *t) {
    pthread_t th[TUNE_THREADS_MAX];
    bool started[TUNE_THREADS_MAX] = {false};
    long n = t->d->count;
    for (int k = 0; k < t->threads; k++) {
        Worker *w = &t->w[k];
        w->p = t->param;
        w->k = t->k;
        w->lo = n * k / t->threads;
        w->hi = n * (k + 1) / t->threads;
        /* WHY no error path: a thread that cannot be started does its share here instead */
        if (k) started[k] = pthread_create(&th[k], NULL, worker_pass, w) == 0;
    }
    worker_pass(&t->w[0]);
    for (int k = 1; k < t->threads; k++) {
        if (started[k])
            pthread_join(th[k], NULL);
        else
            worker_pass(&t->w[k]);
    }
    /* summed in thread order, so a run is reproducible for a given thread count */
    double train = 0, valid = 0;
    memset(t->grad, 0, (size_t)t->n * sizeof *t->grad);
    for (int k = 0; k < t->threads; k++) {
        train += t->w[k].train_sum;
        valid += t->w[k].valid_sum;
        for (int i = 0; i < t->n; i++) t->grad[i][0] += t->w[k].grad[i][0], t->grad[i][1] += t->w[k].grad[i][1];
    }
    t->train_loss = train / (double)t->ntrain;
    t->valid_loss = t->nvalid ? valid / (double)t->nvalid : t->train_loss;
}

/* One Adam step (Kingma & Ba) on every used parameter; step is 1-based. Only mg in games
 * without taper, where eg follows mg. */
static void adam_step(Tuner *t, int step) {
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    double c1 = 1 - pow(b1, step), c2 = 1 - pow(b2, step);
    int sides = eval_tapered(t->d->v) ? 2 : 1;
    for (int i = 0; i < t->n; i++) {
        if (!t->tuned[i]) continue;
        for (int s = 0; s < sides; s++) {
            double delta = t->param[i][s] - t->start[i][s];
            double g = t->grad[i][s] / (double)t->ntrain + 2 * t->cfg->lambda * delta / 1e4;
            t->m[i][s] = b1 * t->m[i][s] + (1 - b1) * g;
            t->v[i][s] = b2 * t->v[i][s] + (1 - b2) * g * g;
            t->param[i][s] -= t->cfg->lr * (t->m[i][s] / c1) / (sqrt(t->v[i][s] / c2) + eps);
        }
        if (sides == 1) t->param[i][1] = t->param[i][0];
    }
}

/* Labels: the result, blended with the sigmoid of the search score where the line has one. */
static void fill_targets(Tuner *t) {
    const TuneData *d = t->d;
    double w = t->cfg->score_weight;
    for (long i = 0; i < d->count; i++) {
        double r = d->result[i] * 0.5;
        t->target[i] = (float)(w > 0 && !isnan(d->score[i]) ? (1 - w) * r + w * sigmoid(t->k * d->score[i]) : r);
    }
}

static void tuner_free(Tuner *t) {
    free(t->param);
    free(t->start);
    free(t->best);
    free(t->grad);
    free(t->m);
    free(t->v);
    free(t->target);
    for (int k = 0; k < TUNE_THREADS_MAX; k++) free(t->w[k].grad);
}

static int tuner_init(Tuner *t, TuneData *d, const TuneConfig *c, char *err, size_t errlen) {
    memset(t, 0, sizeof *t);
    t->d = d;
    t->cfg = c;
    t->n = d->param_count;
    for (int i = 0; i < t->n; i++) t->tuned[i] = d->used[i] && selected(c->only, eval_param_name(d->v, i));
    t->threads = c->threads < 1 ? 1 : c->threads > TUNE_THREADS_MAX ? TUNE_THREADS_MAX : c->threads;
    t->valid_every = c->validation > 0 ? (int)fmax(2, lround(1 / fmin(c->validation, 0.5))) : 0;
    t->nvalid = 0;
    for (long i = 0; t->valid_every && i < d->count; i++) t->nvalid += is_valid(d, i, t->valid_every);
    t->ntrain = d->count - t->nvalid;
    size_t psize = (size_t)t->n * sizeof(Param);
    t->param = current_params(d);
    t->start = current_params(d);
    t->best = current_params(d);
    t->grad = malloc(psize);
    t->m = calloc(1, psize);
    t->v = calloc(1, psize);
    t->target = malloc((size_t)d->count * sizeof *t->target);
    bool ok = t->param && t->start && t->best && t->grad && t->m && t->v && t->target;
    for (int k = 0; k < t->threads; k++) {
        t->w[k] = (Worker){.d = d, .target = t->target, .valid_every = t->valid_every, .grad = malloc(psize)};
        ok &= t->w[k].grad != NULL;
    }
    if (!ok)
        snprintf(err, errlen, "out of memory");
    else if (t->ntrain < 1)
        snprintf(err, errlen, "no training positions");
    return ok && t->ntrain >= 1 ? 0 : -1;
}

/* Round the kept parameters and hand the used ones to the evaluator. */
static void set_params(Tuner *t) {
    bool tapered = eval_tapered(t->d->v);
    for (int i = 0; i < t->n; i++) {
        if (!t->tuned[i]) continue;
        EvalScore s = {(int32_t)lround(t->best[i][0]), (int32_t)lround(t->best[i][1])};
        if (!tapered) s.eg = s.mg;
        eval_set_param(t->d->v, i, s);
        t->param[i][0] = s.mg;
        t->param[i][1] = s.eg;
    }
}

static void report(const TuneReporter *r, int epoch, const Tuner *t, bool best) {
    TuneEpoch e = {epoch, t->train_loss, t->valid_loss, best};
    if (r && r->on_epoch) r->on_epoch(r->user, &e);
}

int tune_run(TuneData *d, const TuneConfig *c, const TuneReporter *r, TuneSummary *out, char *err, size_t errlen) {
    double t0 = now_seconds();
    Tuner *t = malloc(sizeof *t);
    if (!t || tuner_init(t, d, c, err, errlen)) {
        if (!t) snprintf(err, errlen, "out of memory");
        if (t) tuner_free(t);
        free(t);
        return -1;
    }
    t->k = c->k > 0 ? c->k : tune_fit_k(d);
    fill_targets(t);
    TuneSummary s = {.positions = d->count,
                     .train = t->ntrain,
                     .valid = t->nvalid,
                     .params_total = t->n,
                     .k = t->k,
                     .epochs = c->epochs};
    for (int i = 0; i < t->n; i++) s.params_used += d->used[i];
    double best_loss = INFINITY;
    for (int epoch = 0;; epoch++) {
        run_pass(t);
        bool best = t->valid_loss < best_loss;
        if (best) {
            best_loss = t->valid_loss;
            s.best_epoch = epoch;
            memcpy(t->best, t->param, (size_t)t->n * sizeof *t->best);
        }
        if (!epoch) s.train_before = t->train_loss, s.valid_before = t->valid_loss;
        if (epoch == c->epochs || (c->report_every > 0 && epoch % c->report_every == 0)) report(r, epoch, t, best);
        if (epoch == c->epochs) break;
        adam_step(t, epoch + 1);
    }
    set_params(t);
    run_pass(t);
    s.train_after = t->train_loss;
    s.valid_after = t->valid_loss;
    s.seconds = now_seconds() - t0;
    if (out) *out = s;
    tuner_free(t);
    free(t);
    return 0;
}

/* Append to buf, keeping it a valid one-line C comment ("*" of a file name becomes "?"). */
static void append(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void append(char *buf, size_t len, const char *fmt, ...) {
    size_t used = strlen(buf);
    if (used + 1 >= len) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
    for (char *p = buf + used; *p; p++)
        if (*p == '*' || *p == '\n' || *p == '\r') *p = *p == '*' ? '?' : ' ';
}

void tune_origin(const TuneConfig *c, const TuneSummary *s, const char *const *files, int nfiles, char *buf,
                 size_t len) {
    if (!len) return;
    buf[0] = 0;
    append(buf, len, "shishi tune: %ld positions (%ld held out) from", s->positions, s->valid);
    for (int i = 0; i < nfiles; i++) append(buf, len, " %s", files[i]);
    append(buf, len, "; epochs %d (kept %d), lr %g, lambda %g, validation %g, score weight %g; K %.4f;", c->epochs,
           s->best_epoch, c->lr, c->lambda, c->validation, c->score_weight, s->k);
    if (c->only && *c->only) append(buf, len, " only %s;", c->only);
    append(buf, len, " loss train %.6f -> %.6f, validation %.6f -> %.6f", s->train_before, s->train_after,
           s->valid_before, s->valid_after);
}
