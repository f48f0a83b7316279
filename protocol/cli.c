/* cli.c - command-line subcommands: perft, analyse, convert, mate, bench, tune, selfplay, check, run, help, version.
 * Errors go to stderr with a non-zero exit status; results to stdout. */
#include "cli.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../engine/bench.h"
#include "../engine/engine.h"
#include "../engine/perft.h"
#include "../eval/tune.h"
#include "../engine/selfplay.h"
#include "../src/notation.h"
#include "../src/textfile.h"
#include "../engine/analysis.h"
#include "common.h"

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void usage(FILE *f) {
    fprintf(f,
            "usage: shishi                      read USI or XBoard commands from stdin\n"
            "       shishi perft VARIANT POSITION DEPTH [--divide]\n"
            "       shishi analyse [--variant V] [--position P] [--depth N | --time S | --nodes N]\n"
            "                      [--multipv K] [--threads T] [--hash MB] [--search]\n"
            "                                   (a solved game: every move's value from its table)\n"
            "       shishi analyse --record FILE [--game K] [--depth N | --time S | --nodes N]\n"
            "                      [--threads T] [--hash MB] [--variant V] [-o OUT] [--svg FILE]\n"
            "                                   judge every move of a game (docs/analysis.md)\n"
            "       shishi eval [--variant V] [--position P] [--params FILE] [--terms]\n"
            "                                   the static evaluation by term family (--terms: every term;\n"
            "                                   --params: a table written by shishi tune instead)\n"
            "       shishi show [--variant V] [POSITION | --record FILE [--game K] [--move N]] [--ascii] [--svg FILE]\n"
            "                                   the position as a board diagram (--svg: also as SVG)\n"
            "       shishi mate --position P [--variant V] [--time S] [--hash MB] [--threads N] [--max-plies N]\n"
            "                   [--exact]\n"
            "                                   solve a mate problem (docs/mate.md)\n"
            "       shishi bench [DEPTH]        node-count signature (default depth %d)\n"
            "       shishi tune --variant V --data FILE [--data FILE ...] [--epochs N] [--threads T]\n"
            "                   [--lr X] [--lambda L] [--k K] [--validation F] [--score-weight W]\n"
            "                   [--max-positions N] [--skip-bad] [--from PARAMS.h] [--only WORDS]\n"
            "                   [--out FILE|-]\n"
            "                                   Texel-tune the evaluation (docs/tuning.md)\n"
            "       shishi selfplay [--variant V] [--games N] [--nodes N | --depth D] [--threads T]\n"
            "                       [--out FILE] [--openings FILE|none] [--random-plies N] [--seed S]\n"
            "                       [--max-plies N] [--hash MB]   training data for an eval tuner\n"
            "       shishi solve GAME [-o FILE] [--threads T] | --where GAME | --verify GAME [FILE]\n"
            "                                   strongly solve a small game (nana) into a table\n"
            "       shishi convert IN [-o OUT] [--to kif|ki2|csa|usi|pgn] [--from FMT]\n"
            "                      [--encoding utf-8|sjis] [--variant V]\n"
            "                                   convert a game record, checking every move (docs/records.md)\n"
            "       shishi book build --variant V (--from RECORDS... | --selfplay N) [--depth D | --nodes N]\n"
            "                  [--multipv K] [--plies P] [--threads T] [--hash MB] [--eval-diff CP]\n"
            "                  [--seed S] [--openings FILE] [--reply-nodes N] [--no-backup] -o FILE\n"
            "                                   build (or resume) an opening book\n"
            "       shishi book merge A B -o OUT      union of two books\n"
            "       shishi book backup FILE -o OUT    negamax a book's values through its positions\n"
            "       shishi check                validate every game descriptor\n"
            "       shishi run                  the first thing to try (make run): the start position drawn,\n"
            "                                   a 10-second analysis, the best move\n"
            "       shishi help | --version\n"
            "VARIANT: ",
            BENCH_DEFAULT_DEPTH);
    for (const Variant *const *v = variant_list(); *v; v++) fprintf(f, "%s%s", (*v)->name, v[1] ? " " : "\n");
    fprintf(f, "POSITION: startpos | sfen <SFEN> | fen <FEN> | <SFEN or FEN>, then optionally moves m1 m2 ...\n");
}

typedef struct {
    Notation notation;
} DivideCtx;

static void print_divide(const Position *pos, Move m, uint64_t nodes, void *user) {
    const DivideCtx *ctx = user;
    char buf[64];
    move_format(pos, m, ctx->notation, buf, sizeof buf);
    printf("%s: %llu\n", buf, (unsigned long long)nodes);
}

static int cmd_perft(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "shishi perft: need VARIANT POSITION DEPTH\n");
        return 2;
    }
    const Variant *v = variant_find(argv[2]);
    if (!v) {
        fprintf(stderr, "shishi perft: unknown variant '%s'\n", argv[2]);
        return 2;
    }
    char *end;
    long depth = strtol(argv[4], &end, 10);
    if (*end || end == argv[4] || depth < 0 || depth > 20) {
        fprintf(stderr, "shishi perft: depth must be a number from 0 to 20, not '%s'\n", argv[4]);
        return 2;
    }
    bool divide = false;
    for (int i = 5; i < argc; i++) {
        if (!strcmp(argv[i], "--divide"))
            divide = true;
        else {
            fprintf(stderr, "shishi perft: unknown argument '%s'\n", argv[i]);
            return 2;
        }
    }
    Position *pos = malloc(sizeof *pos);
    char err[256];
    if (position_parse_spec(pos, v, NULL, argv[3], err, sizeof err)) {
        fprintf(stderr, "shishi perft: %s\n", err);
        free(pos);
        return 2;
    }
    DivideCtx ctx = {.notation = spec_notation(v, argv[3])};
    double t0 = now_seconds();
    uint64_t nodes = divide ? perft_divide(pos, (int)depth, print_divide, &ctx) : perft(pos, (int)depth);
    double dt = now_seconds() - t0;
    printf("Time: %.3f s, %.0f nodes/s\n", dt, dt > 0 ? nodes / dt : 0.0);
    printf("Nodes searched: %llu\n", (unsigned long long)nodes);
    free(pos);
    return 0;
}

static int cmd_check(void) {
    int bad = 0;
    for (const Variant *const *v = variant_list(); *v; v++) {
        char err[256];
        if (variant_validate(*v, err, sizeof err)) {
            printf("%s: FAIL: %s\n", (*v)->name, err);
            bad++;
        } else
            printf("%s: ok (%dx%d, %d piece types)\n", (*v)->name, (*v)->files, (*v)->ranks, (*v)->piece_count);
    }
    return bad ? 1 : 0;
}

/* ---- analyse ---------------------------------------------------------------------------- */

typedef struct {
    Notation notation;
    int multipv;
    Position *scratch;
} AnalyseCtx;

static void analyse_info(void *user, const SearchInfo *info) {
    AnalyseCtx *ctx = user;
    char pv[4096];
    format_moves(ctx->scratch, info->root, info->pv, info->pv_length, ctx->notation, pv, sizeof pv);
    char score[32], line[16] = "";
    analysis_format_score(info->score, score, sizeof score);
    if (ctx->multipv > 1) snprintf(line, sizeof line, "line %d  ", info->multipv);
    printf("depth %2d/%-2d  %sscore %-9s nodes %10llu  time %6lld ms  pv%s%s\n", info->depth, info->seldepth, line,
           score, (unsigned long long)info->nodes, (long long)info->time_ms, pv[0] ? " " : "", pv);
    fflush(stdout);
}

static void analyse_best(void *user, const BestMove *bm) {
    const AnalyseCtx *ctx = user;
    char m[64];
    if (bm->kind == BEST_RESIGN) {
        printf("bestmove none (no legal move: the side to move has lost)\n");
        return;
    }
    if (bm->kind == BEST_DECLARE_WIN) {
        printf("bestmove win (entering-king declaration)\n");
        return;
    }
    move_format(bm->root, bm->best, ctx->notation, m, sizeof m);
    printf("bestmove %s\n", m);
}

/* `shishi analyse`'s arguments (without --record). */
typedef struct {
    const char *variant, *position, *threads, *hash; /* hash NULL: the engine default */
    SearchLimits limits;
    long multipv;
    int limit_count;
    bool search_anyway;
} AnalyseArgs;

/* One `--name value` of `shishi analyse`: 0, or 2 after a message. */
static int analyse_option(AnalyseArgs *a, const char *name, const char *val) {
    long x = 0;
    bool ok = true;
    if (!strcmp(name, "--variant"))
        a->variant = val;
    else if (!strcmp(name, "--position"))
        a->position = val;
    else if (!strcmp(name, "--threads"))
        a->threads = val;
    else if (!strcmp(name, "--hash"))
        a->hash = val;
    else if (!strcmp(name, "--depth")) {
        ok = parse_long(val, 1, MAX_PLY - 1, &x);
        a->limits.depth = (int)x;
        a->limit_count++;
    } else if (!strcmp(name, "--nodes")) {
        ok = parse_long(val, 1, 2000000000L, &x);
        a->limits.nodes = (uint64_t)x;
        a->limit_count++;
    } else if (!strcmp(name, "--time")) {
        char *end;
        double sec = strtod(val, &end);
        ok = *val && !*end && sec > 0 && sec <= 1e6;
        a->limits.movetime = (int)(sec * 1000) + 250; /* the time manager keeps a 250 ms margin */
        a->limit_count++;
    } else if (!strcmp(name, "--multipv"))
        ok = parse_long(val, 1, 64, &a->multipv);
    else {
        fprintf(stderr, "shishi analyse: unknown option '%s'\n", name);
        return 2;
    }
    if (!ok) {
        fprintf(stderr, "shishi analyse: bad value '%s' for %s\n", val, name);
        return 2;
    }
    return 0;
}

/* Every argument after `shishi analyse`: 0, or 2 after a message. */
static int analyse_args(int argc, char **argv, AnalyseArgs *a) {
    memset(a, 0, sizeof *a);
    a->variant = variant_list()[0]->name;
    a->position = "startpos";
    a->threads = "1";
    a->multipv = 1;
    a->limits.time[BLACK] = a->limits.time[WHITE] = -1;
    for (int i = 2; i < argc; i += 2) {
        const char *name = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(name, "--search")) { /* a solved game: search instead of reading the table */
            a->search_anyway = true;
            i--;
            continue;
        }
        if (strncmp(name, "--", 2)) {
            fprintf(stderr, "shishi analyse: unexpected argument '%s' (options start with --)\n", name);
            return 2;
        }
        if (!val) {
            fprintf(stderr, "shishi analyse: %s needs a value\n", name);
            return 2;
        }
        if (analyse_option(a, name, val)) return 2;
    }
    if (a->limit_count > 1) {
        fprintf(stderr, "shishi analyse: give only one of --depth, --time, --nodes\n");
        return 2;
    }
    if (!a->limit_count) a->limits.depth = 8;
    return 0;
}

static int cmd_analyse(int argc, char **argv) {
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--record")) return cli_analyse_record(argc, argv);
    AnalyseArgs a;
    if (analyse_args(argc, argv, &a)) return 2;
    const Variant *v = variant_find(a.variant);
    if (!v) {
        fprintf(stderr, "shishi analyse: unknown variant '%s' (see shishi help)\n", a.variant);
        return 2;
    }
    EngineContext *e = engine_create();
    char err[256], num[16];
    snprintf(num, sizeof num, "%ld", a.multipv);
    if (engine_set_variant(e, v, err, sizeof err) || engine_set_option(e, "MultiPV", num, err, sizeof err) ||
        engine_set_option(e, "Threads", a.threads, err, sizeof err) ||
        (a.hash && engine_set_option(e, "Hash", a.hash, err, sizeof err)) ||
        engine_set_position(e, a.position, err, sizeof err)) {
        fprintf(stderr, "shishi analyse: %s\n", err);
        engine_destroy(e);
        return 2;
    }
    AnalyseCtx ctx = {.notation = spec_notation(v, a.position), .multipv = (int)a.multipv};
    ctx.scratch = malloc(sizeof *ctx.scratch);
    char sfen[1024];
    pos_to_sfen(engine_position(e), sfen, sizeof sfen);
    printf("%s, sfen %s\n", v->name, sfen);
    if (a.search_anyway || cli_analyse_solved(engine_position(e), ctx.notation) != 0) {
        Reporter r = {.user = &ctx, .on_info = analyse_info, .on_bestmove = analyse_best};
        engine_go(e, &a.limits, &r);
        engine_wait(e);
    }
    engine_destroy(e);
    free(ctx.scratch);
    return 0;
}

/* ---- mate ------------------------------------------------------------------------------- */

typedef struct {
    Notation notation;
    Position *scratch;
    int status;
} MateCtx;

static void mate_progress(void *user, uint64_t nodes, int64_t time_ms, int hashfull) {
    (void)user;
    fprintf(stderr, "info nodes %llu nps %llu hashfull %d time %lld\n", (unsigned long long)nodes,
            (unsigned long long)(time_ms > 0 ? nodes * 1000 / (uint64_t)time_ms : nodes), hashfull, (long long)time_ms);
}

static void mate_answer(void *user, MateStatus status, const Move *line, int length, const Position *root) {
    MateCtx *ctx = user;
    ctx->status = status == MATE_FOUND || status == MATE_NONE ? 0 : status == MATE_TIMEOUT ? 3 : 2;
    if (status == MATE_FOUND) {
        char *text = malloc(65536);
        if (!text) return;
        format_moves(ctx->scratch, root, line, length, ctx->notation, text, 65536);
        printf("mate %d\n%s\n", length, text);
        free(text);
    } else if (status == MATE_NONE)
        printf("nomate\n");
    else if (status == MATE_TIMEOUT)
        printf("timeout\n");
    else
        fprintf(stderr, "shishi mate: the mate solver does not support %s yet\n", root->v->name);
}

/* Solver notes (the first proof's node count) go to stderr with the progress lines. */
static void mate_note(void *user, const char *text) {
    (void)user;
    fprintf(stderr, "info string %s\n", text);
}

typedef struct {
    const char *variant, *position, *hash, *threads; /* NULL: the default */
    bool exact;
    SearchLimits limits;
} MateArgs;

/* `shishi mate`'s options into a; 0, or 2 after a message on stderr. */
static int parse_mate_args(int argc, char **argv, MateArgs *a) {
    memset(a, 0, sizeof *a);
    a->variant = variant_list()[0]->name;
    a->limits.time[BLACK] = a->limits.time[WHITE] = -1;
    a->limits.mate = -1;
    for (int i = 2; i < argc; i += 2) {
        const char *o = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(o, "--exact")) { /* the one flag without a value */
            a->exact = true;
            i--;
            continue;
        }
        if (!val || strncmp(o, "--", 2)) {
            fprintf(stderr, "shishi mate: %s '%s'\n", val ? "unexpected argument" : "missing value after", o);
            return 2;
        }
        if (!strcmp(o, "--variant"))
            a->variant = val;
        else if (!strcmp(o, "--position"))
            a->position = val;
        else if (!strcmp(o, "--hash"))
            a->hash = val;
        else if (!strcmp(o, "--threads"))
            a->threads = val;
        else if (!strcmp(o, "--max-plies")) {
            char *end;
            long n = strtol(val, &end, 10);
            if (!*val || *end || n < 1 || n > 30000) {
                fprintf(stderr, "shishi mate: bad value '%s' for --max-plies\n", val);
                return 2;
            }
            a->limits.mate_plies = (int)n;
        } else if (!strcmp(o, "--time")) {
            char *end;
            double sec = strtod(val, &end);
            if (!*val || *end || !(sec > 0 && sec <= 1e7)) { /* NaN fails too */
                fprintf(stderr, "shishi mate: bad value '%s' for --time (seconds)\n", val);
                return 2;
            }
            a->limits.mate = (int)(sec * 1000);
        } else {
            fprintf(stderr, "shishi mate: unknown option '%s'\n", o);
            return 2;
        }
    }
    return 0;
}

/* shishi mate --variant V --position P [--time S] [--hash MB] [--threads N] [--max-plies N] [--exact]:
 * the tsume solver (--threads: of the first proof; --exact: rule out every shorter mate however
 * long that takes, up to --time). */

static int cmd_mate(int argc, char **argv) {
    MateArgs a;
    if (parse_mate_args(argc, argv, &a)) return 2;
    const Variant *v = variant_find(a.variant);
    if (!v || !a.position) {
        fprintf(stderr, v ? "shishi mate: give the problem with --position (startpos, sfen ..., or an SFEN)\n"
                          : "shishi mate: unknown variant (see shishi help)\n");
        return 2;
    }
    EngineContext *e = engine_create();
    char err[256];
    if (engine_set_variant(e, v, err, sizeof err) ||
        (a.hash && engine_set_option(e, "Hash", a.hash, err, sizeof err)) ||
        (a.threads && engine_set_option(e, "Threads", a.threads, err, sizeof err)) ||
        (a.exact && engine_set_option(e, "MateExact", "true", err, sizeof err)) ||
        engine_set_position(e, a.position, err, sizeof err)) {
        fprintf(stderr, "shishi mate: %s\n", err);
        engine_destroy(e);
        return 2;
    }
    MateCtx ctx = {.notation = spec_notation(v, a.position), .status = 2};
    ctx.scratch = malloc(sizeof *ctx.scratch);
    Reporter r = {.user = &ctx, .on_mate = mate_answer, .on_mate_progress = mate_progress, .on_string = mate_note};
    engine_go(e, &a.limits, &r);
    engine_wait(e);
    uint64_t nodes = 0;
    int64_t ms = 0;
    int depth = 0;
    engine_progress(e, &nodes, &ms, &depth);
    fprintf(stderr, "info nodes %llu\n", (unsigned long long)nodes); /* the final count */
    engine_destroy(e);
    free(ctx.scratch);
    return ctx.status;
}

/* ---- bench ------------------------------------------------------------------------------ */

static void bench_progress(void *user, int index, int count, const Variant *v, const char *spec, uint64_t nodes) {
    (void)user;
    fprintf(stderr, "position %2d/%d  %-10s %-12llu %.60s\n", index, count, v->name, (unsigned long long)nodes, spec);
}

static int cmd_bench(int argc, char **argv) {
    long depth = BENCH_DEFAULT_DEPTH;
    if (argc > 3 || (argc == 3 && !parse_long(argv[2], 1, 30, &depth))) {
        fprintf(stderr, "shishi bench: usage: shishi bench [DEPTH], DEPTH from 1 to 30\n");
        return 2;
    }
    char err[256] = "";
    double t0 = now_seconds();
    uint64_t nodes = bench_run((int)depth, bench_progress, NULL, err, sizeof err);
    double dt = now_seconds() - t0;
    if (!nodes) {
        fprintf(stderr, "shishi bench: %s\n", err);
        return 1;
    }
    fprintf(stderr, "Total time (ms) : %.0f\nNodes/second    : %.0f\n", dt * 1000, dt > 0 ? nodes / dt : 0.0);
    printf("Nodes searched: %llu\n", (unsigned long long)nodes);
    return 0;
}

/* ---- tune ------------------------------------------------------------------------------- */

enum { TUNE_FILES_MAX = 64 };

typedef struct {
    const char *variant, *from, *out;
    const char *files[TUNE_FILES_MAX];
    int nfiles;
    TuneConfig cfg;
    TuneLoadOptions load;
} TuneArgs;

/* Parse s as a whole finite number in [lo, hi]. */
static bool parse_double(const char *s, double lo, double hi, double *out) {
    char *end;
    double x = strtod(s, &end);
    if (end == s || *end || !(x >= lo && x <= hi)) return false;
    *out = x;
    return true;
}

/* One `--name value` option into a; false on a bad value, true with *known = false if unknown. */
static bool tune_option(TuneArgs *a, const char *name, const char *val, bool *known) {
    long x = 0;
    bool ok = true;
    *known = true;
    if (!strcmp(name, "--variant"))
        a->variant = val;
    else if (!strcmp(name, "--from"))
        a->from = val;
    else if (!strcmp(name, "--only"))
        a->cfg.only = val;
    else if (!strcmp(name, "--out"))
        a->out = val;
    else if (!strcmp(name, "--epochs"))
        ok = parse_long(val, 0, 1000000, &x), a->cfg.epochs = (int)x;
    else if (!strcmp(name, "--threads"))
        ok = parse_long(val, 1, 64, &x), a->cfg.threads = (int)x;
    else if (!strcmp(name, "--max-positions"))
        ok = parse_long(val, 1, 2000000000L, &a->load.max_positions);
    else if (!strcmp(name, "--lr"))
        ok = parse_double(val, 1e-6, 1e4, &a->cfg.lr);
    else if (!strcmp(name, "--lambda"))
        ok = parse_double(val, 0, 1e6, &a->cfg.lambda);
    else if (!strcmp(name, "--k"))
        ok = parse_double(val, 1e-3, 1e3, &a->cfg.k);
    else if (!strcmp(name, "--validation"))
        ok = parse_double(val, 0, 0.5, &a->cfg.validation);
    else if (!strcmp(name, "--score-weight"))
        ok = parse_double(val, 0, 1, &a->cfg.score_weight);
    else
        *known = false;
    return ok;
}

static int tune_parse_args(int argc, char **argv, TuneArgs *a) {
    memset(a, 0, sizeof *a);
    tune_config_default(&a->cfg);
    for (int i = 2; i < argc; i++) {
        const char *name = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(name, "--skip-bad")) {
            a->load.skip_bad = true;
            continue;
        }
        bool known = strncmp(name, "--", 2) == 0;
        if (known && !val) {
            fprintf(stderr, "shishi tune: %s needs a value\n", name);
            return 2;
        }
        if (known && !strcmp(name, "--data")) {
            if (a->nfiles == TUNE_FILES_MAX) {
                fprintf(stderr, "shishi tune: at most %d data files\n", TUNE_FILES_MAX);
                return 2;
            }
            a->files[a->nfiles++] = val;
        } else if (known && !tune_option(a, name, val, &known)) {
            fprintf(stderr, "shishi tune: bad value '%s' for %s\n", val, name);
            return 2;
        }
        if (!known) {
            fprintf(stderr, "shishi tune: unknown argument '%s'\n", name);
            return 2;
        }
        i++;
    }
    if (!a->variant || !a->nfiles) {
        fprintf(stderr, "shishi tune: need --variant V and at least one --data FILE\n");
        return 2;
    }
    return 0;
}

static void tune_loaded(void *user, const char *file, long positions) {
    (void)user;
    fprintf(stderr, "reading %s: %ld positions so far\n", file, positions);
}

static void tune_epoch(void *user, const TuneEpoch *e) {
    (void)user;
    fprintf(stderr, "epoch %4d  train %.6f  validation %.6f%s\n", e->epoch, e->train_loss, e->valid_loss,
            e->best ? "  (best)" : "");
}

/* --from: start from a parameter file instead of the compiled-in table. */
static int tune_read_from(const Variant *v, const char *path) {
    char err[256], why[128];
    FILE *f = textfile_open(path, "r", why, sizeof why);
    int rc = f ? eval_params_read(v, f, err, sizeof err) : -1;
    if (!f) snprintf(err, sizeof err, "cannot open: %s", why);
    if (rc) fprintf(stderr, "shishi tune: %s: %s\n", path, err);
    if (f) fclose(f);
    return rc;
}

/* Write the table to path ("-": stdout). WHY through a temporary file: a failed write must
 * never leave a half-written header where the build would pick it up. Only a regular file
 * (or a new one) is replaced that way: renaming over a device, a pipe or a symlink would
 * replace the node itself, so those are written in place. */
static int tune_write(const Variant *v, const char *path, const char *origin) {
    if (!strcmp(path, "-")) return eval_params_write(v, stdout, origin) ? 1 : 0;
    struct stat st;
    bool via_tmp = lstat(path, &st) != 0 || S_ISREG(st.st_mode);
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(via_tmp ? tmp : path, "w");
    bool ok = f && !eval_params_write(v, f, origin);
    ok = f && !fclose(f) && ok && (!via_tmp || !rename(tmp, path));
    if (!ok) {
        fprintf(stderr, "shishi tune: cannot write %s\n", path);
        if (via_tmp) remove(tmp);
    }
    return ok ? 0 : 1;
}

static void tune_print_summary(const TuneSummary *s) {
    fprintf(stderr, "positions %ld (train %ld, validation %ld), parameters used %d of %d, K %.4f\n", s->positions,
            s->train, s->valid, s->params_used, s->params_total, s->k);
    fprintf(stderr, "loss train %.6f -> %.6f, validation %.6f -> %.6f (kept epoch %d of %d), %.1f s\n", s->train_before,
            s->train_after, s->valid_before, s->valid_after, s->best_epoch, s->epochs, s->seconds);
}

static int cmd_tune(int argc, char **argv) {
    TuneArgs a;
    if (tune_parse_args(argc, argv, &a)) return 2;
    const Variant *v = variant_find(a.variant);
    if (!v) {
        fprintf(stderr, "shishi tune: unknown variant '%s' (see shishi help)\n", a.variant);
        return 2;
    }
    if (a.from && tune_read_from(v, a.from)) return 2;
    TuneReporter r = {.on_loaded = tune_loaded, .on_epoch = tune_epoch};
    char err[512], out[256], origin[2048];
    double t0 = now_seconds();
    TuneData *d = tune_load(v, a.files, a.nfiles, &a.load, &r, err, sizeof err);
    if (!d) {
        fprintf(stderr, "shishi tune: %s\n", err);
        return 2;
    }
    fprintf(stderr, "loaded %ld positions in %.1f s, %.0f MB (%ld bad lines skipped, %ld positions rejected)\n",
            tune_positions(d), now_seconds() - t0, tune_bytes(d) / 1e6, tune_skipped(d), tune_rejected(d));
    if (a.cfg.k <= 0) {
        a.cfg.k = tune_fit_k(d);
        fprintf(stderr, "K %.4f (fitted: loss %.6f)\n", a.cfg.k, tune_k_loss(d, a.cfg.k));
    }
    TuneSummary s;
    int rc = tune_run(d, &a.cfg, &r, &s, err, sizeof err);
    tune_free(d);
    if (rc) {
        fprintf(stderr, "shishi tune: %s\n", err);
        return 1;
    }
    tune_print_summary(&s);
    tune_origin(&a.cfg, &s, a.files, a.nfiles, origin, sizeof origin);
    if (!a.out) {
        snprintf(out, sizeof out, "eval/params_%s.h", v->name);
        for (char *p = out + strlen("eval/params_"); *p != '.'; p++)
            if (!isalnum((unsigned char)*p)) *p = '_';
    }
    return tune_write(v, a.out ? a.out : out, origin);
}

/* ---- selfplay --------------------------------------------------------------------------- */

/* The progress display: a bar redrawn in place on a terminal, else a line every 10%. */
typedef struct {
    bool tty, started, drawn;
    int base_games; /* games the file held at the start */
    long base_positions;
    int done, total, next_tenth;
    long positions;
    double elapsed, last_draw;
} SelfplayView;

static void format_duration(double s, char *buf, size_t len) {
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, len, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else if (t >= 60)
        snprintf(buf, len, "%ldm%02lds", t / 60, t % 60);
    else
        snprintf(buf, len, "%lds", t);
}

/* "123/1000 games  45210 positions  12.3 games/min  ETA 5m12s" */
static void selfplay_status(const SelfplayView *s, char *buf, size_t len) {
    double rate = s->elapsed > 0 ? (s->done - s->base_games) * 60.0 / s->elapsed : 0;
    char eta[32] = "--";
    if (rate > 0) format_duration((s->total - s->done) * 60.0 / rate, eta, sizeof eta);
    snprintf(buf, len, "%d/%d games  %ld positions  %.1f games/min  ETA %s", s->done, s->total, s->positions, rate,
             eta);
}

/* Has done passed the next tenth of the games? (then the plain progress line is due) */
static bool passed_tenth(SelfplayView *s, int done) {
    bool passed = false;
    for (; s->next_tenth < 10 && (long)s->total * (s->next_tenth + 1) / 10 <= done; s->next_tenth++) passed = true;
    return passed;
}

static void selfplay_progress(void *user, int done, int total, long positions, double elapsed) {
    SelfplayView *s = user;
    s->total = total;
    if (!s->started) {
        s->started = true;
        s->base_games = done;
        s->base_positions = positions;
        passed_tenth(s, done);
    }
    s->done = done;
    s->positions = positions;
    s->elapsed = elapsed;
    char status[160];
    if (s->tty) {
        if (s->drawn && elapsed - s->last_draw < 0.25 && done < total) return;
        enum { BAR = 20 };
        char bar[BAR + 1];
        for (int i = 0; i < BAR; i++) bar[i] = i < (long)done * BAR / total ? '#' : '.';
        bar[BAR] = 0;
        selfplay_status(s, status, sizeof status);
        fprintf(stderr, "\r[%s] %s   ", bar, status);
        s->drawn = true;
        s->last_draw = elapsed;
    } else if (passed_tenth(s, done)) {
        selfplay_status(s, status, sizeof status);
        fprintf(stderr, "selfplay: %s\n", status);
    }
    fflush(stderr);
}

/* One --option value into cfg; false after a message on stderr. */
static bool selfplay_option(SelfplayConfig *cfg, const char *a, const char *val, int *budgets) {
    const char **text = !strcmp(a, "--variant")    ? &cfg->variant
                        : !strcmp(a, "--out")      ? &cfg->out
                        : !strcmp(a, "--openings") ? &cfg->openings
                                                   : NULL;
    if (text) {
        *text = val;
        return true;
    }
    /* WHY a table of targets: each number has its range and its field (int or 64-bit) */
    const struct {
        const char *name;
        long lo, hi;
        int *i;
        uint64_t *u;
    } numbers[] = {
        {"--games", 1, 100000000, &cfg->games, NULL},
        {"--nodes", 1, 2000000000L, NULL, &cfg->nodes},
        {"--depth", 1, MAX_PLY - 1, &cfg->depth, NULL},
        {"--threads", 1, 64, &cfg->threads, NULL},
        {"--hash", 1, 65536, &cfg->hash_mb, NULL},
        {"--random-plies", 0, 200, &cfg->random_plies, NULL},
        {"--seed", 0, LONG_MAX, NULL, &cfg->seed},
        {"--max-plies", 1, SELFPLAY_MAX_PLIES_LIMIT, &cfg->max_plies, NULL},
    };
    int i = 0, count = (int)(sizeof numbers / sizeof numbers[0]);
    while (i < count && strcmp(a, numbers[i].name)) i++;
    long x;
    if (i == count) {
        fprintf(stderr, "shishi selfplay: unknown option '%s'\n", a);
        return false;
    }
    if (!parse_long(val, numbers[i].lo, numbers[i].hi, &x)) {
        fprintf(stderr, "shishi selfplay: bad value '%s' for %s (from %ld to %ld)\n", val, a, numbers[i].lo,
                numbers[i].hi);
        return false;
    }
    if (numbers[i].i) *numbers[i].i = (int)x;
    if (numbers[i].u) *numbers[i].u = (uint64_t)x;
    if (numbers[i].u == &cfg->nodes || numbers[i].i == &cfg->depth) ++*budgets;
    return true;
}

/* The options into cfg, with the defaults that depend on the game (output and openings file
 * names, in the buffers given); false after a message on stderr. */
static bool selfplay_args(int argc, char **argv, SelfplayConfig *cfg, char *out, char *openings, size_t len) {
    int budgets = 0;
    for (int i = 2; i < argc; i += 2) {
        if (strncmp(argv[i], "--", 2) || i + 1 >= argc) {
            fprintf(stderr, "shishi selfplay: %s '%s'\n",
                    strncmp(argv[i], "--", 2) ? "unexpected argument" : "no value for", argv[i]);
            return false;
        }
        if (!selfplay_option(cfg, argv[i], argv[i + 1], &budgets)) return false;
    }
    if (budgets > 1) {
        fprintf(stderr, "shishi selfplay: give only one of --nodes, --depth\n");
        return false;
    }
    const Variant *v = variant_find(cfg->variant);
    if (!v) {
        fprintf(stderr, "shishi selfplay: unknown variant '%s' (see shishi help)\n", cfg->variant);
        return false;
    }
    if (!cfg->out) snprintf(out, len, "selfplay-%s.txt", v->name), cfg->out = out;
    snprintf(openings, len, "../shared/tools/match/openings/%s.txt", v->name);
    if (!cfg->openings && !access(openings, R_OK)) cfg->openings = openings;
    if (cfg->openings && !strcmp(cfg->openings, "none")) cfg->openings = NULL;
    return true;
}

static int cmd_selfplay(int argc, char **argv) {
    SelfplayConfig cfg;
    selfplay_config_default(&cfg);
    char out[512], openings[512], err[512] = "";
    if (!selfplay_args(argc, argv, &cfg, out, openings, sizeof out)) return 2;
    fprintf(stderr, "selfplay: %s, %d games, %s %llu per move, %d threads, openings %s, into %s\n", cfg.variant,
            cfg.games, cfg.depth ? "depth" : "nodes",
            cfg.depth ? (unsigned long long)cfg.depth : (unsigned long long)cfg.nodes, cfg.threads,
            cfg.openings ? cfg.openings : "none (start position)", cfg.out);
    SelfplayView view = {.tty = isatty(STDERR_FILENO)};
    int rc = selfplay_run(&cfg, selfplay_progress, &view, err, sizeof err);
    if (view.drawn) fprintf(stderr, "\n");
    if (rc) {
        fprintf(stderr, "shishi selfplay: %s\n", err);
        return 2;
    }
    int games = view.done - view.base_games;
    long positions = view.positions - view.base_positions;
    double minutes = view.elapsed / 60;
    printf("selfplay: %d games, %ld positions in %.1f s (%.1f games/min, %.0f positions/min); %s holds %d games, "
           "%ld positions\n",
           games, positions, view.elapsed, minutes > 0 ? games / minutes : 0.0, minutes > 0 ? positions / minutes : 0.0,
           cfg.out, view.done, view.positions);
    return 0;
}

/* Commands without arguments refuse any, as `run` does. */
static bool stray_argument(int argc, char **argv) {
    if (argc <= 2) return false;
    fprintf(stderr, "shishi %s: takes no arguments (see shishi help), not '%s'\n", argv[1], argv[2]);
    return true;
}

/* An option given twice is refused. WHY: every subcommand's parser kept the last value
 * without a word (`eval --variant shogi --variant micro` evaluated micro), and which of two
 * the user meant is no guess to make. Options that collect a list may repeat: tune's --data,
 * book build's --from. `-o` is `--out`. */
static bool repeated_option(int argc, char **argv) {
    bool book = !strcmp(argv[1], "book"), tune = !strcmp(argv[1], "tune");
    for (int i = 2; i < argc; i++) {
        const char *a = !strcmp(argv[i], "-o") ? "--out" : argv[i];
        if (strncmp(a, "--", 2) || (tune && !strcmp(a, "--data")) || (book && !strcmp(a, "--from"))) continue;
        for (int k = 2; k < i; k++)
            if (!strcmp(a, !strcmp(argv[k], "-o") ? "--out" : argv[k])) {
                fprintf(stderr, "shishi %s: %s given twice\n", argv[1], argv[i]);
                return true;
            }
    }
    return false;
}

int cli_main(int argc, char **argv) {
    const char *cmd = argv[1];
    if (repeated_option(argc, argv)) return 2;
    if ((!strcmp(cmd, "check") || !strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h") ||
         !strcmp(cmd, "--version") || !strcmp(cmd, "version")) &&
        stray_argument(argc, argv))
        return 2;
    if (!strcmp(cmd, "perft")) return cmd_perft(argc, argv);
    if (!strcmp(cmd, "check")) return cmd_check();
    if (!strcmp(cmd, "analyse") || !strcmp(cmd, "analyze")) return cmd_analyse(argc, argv);
    if (!strcmp(cmd, "run")) return cli_run(argc, argv);
    if (!strcmp(cmd, "eval")) return cli_eval(argc, argv);
    if (!strcmp(cmd, "show")) return cli_show(argc, argv);
    if (!strcmp(cmd, "convert")) return cli_convert(argc, argv);
    if (!strcmp(cmd, "mate")) return cmd_mate(argc, argv);
    if (!strcmp(cmd, "bench")) return cmd_bench(argc, argv);
    if (!strcmp(cmd, "tune")) return cmd_tune(argc, argv);
    if (!strcmp(cmd, "selfplay")) return cmd_selfplay(argc, argv);
    if (!strcmp(cmd, "solve")) return cli_solve(argc, argv);
    if (!strcmp(cmd, "book")) return cli_book(argc, argv);
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
        printf("%s %s\n", SHISHI_NAME, SHISHI_VERSION);
        return 0;
    }
    fprintf(stderr, "shishi: unknown command '%s' (try 'shishi help')\n", cmd);
    return 2;
}
