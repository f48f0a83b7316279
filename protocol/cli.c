/* cli.c - command-line subcommands: perft, analyse, bench, selfplay, check, run, help, version.
 * Errors go to stderr with a non-zero exit status; results to stdout. */
#include "cli.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../engine/bench.h"
#include "../engine/engine.h"
#include "../engine/perft.h"
#include "../engine/selfplay.h"
#include "../src/notation.h"
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
            "                      [--multipv K] [--threads T] [--hash MB]\n"
            "       shishi bench [DEPTH]        node-count signature (default depth %d)\n"
            "       shishi selfplay [--variant V] [--games N] [--nodes N | --depth D] [--threads T]\n"
            "                       [--out FILE] [--openings FILE|none] [--random-plies N] [--seed S]\n"
            "                       [--max-plies N] [--hash MB]   training data for an eval tuner\n"
            "       shishi check                validate every game descriptor\n"
            "       shishi run                  the default job (start position and perft)\n"
            "       shishi help | --version\n"
            "VARIANT: ",
            BENCH_DEFAULT_DEPTH);
    for (const Variant *const *v = variant_list(); *v; v++) fprintf(f, "%s%s", (*v)->name, v[1] ? " " : "\n");
    fprintf(f, "POSITION: startpos | sfen <SFEN> | fen <FEN> | <SFEN or FEN>, then optionally moves m1 m2 ...\n");
}

/* Moves are printed in the notation the position was given in: USI for "sfen ..." and for
 * games whose home is USI, XBoard for "fen ..." and for XBoard's default games. */
static Notation spec_notation(const Variant *v, const char *spec) {
    return (!strncmp(spec, "sfen ", 5) || (!v->xboard_default && strncmp(spec, "fen ", 4))) ? NOTATION_USI
                                                                                            : NOTATION_XBOARD;
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
    if (*end || depth < 0 || depth > 20) {
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

/* The default job (make run): the standard start position and its perft, timed. */
static int cmd_run(void) {
    const Variant *v = variant_list()[0]; /* the default game: first in the registry */
    Position *pos = malloc(sizeof *pos);
    char err[256], sfen[512];
    if (pos_set_sfen(pos, v, NULL, v->start, err, sizeof err)) {
        fprintf(stderr, "shishi: %s\n", err);
        free(pos);
        return 1;
    }
    pos_to_sfen(pos, sfen, sizeof sfen);
    printf("%s %s: %s start position\nsfen %s\n", SHISHI_NAME, SHISHI_VERSION, v->name, sfen);
    for (int d = 1; d <= 4; d++) {
        double t0 = now_seconds();
        uint64_t n = perft(pos, d);
        double dt = now_seconds() - t0;
        printf("perft %d: %llu nodes, %.3f s, %.0f nodes/s\n", d, (unsigned long long)n, dt, dt > 0 ? n / dt : 0.0);
    }
    free(pos);
    return 0;
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
    if (info->score >= VALUE_MATE_IN_MAX)
        snprintf(score, sizeof score, "mate %d", (VALUE_MATE - info->score + 1) / 2);
    else if (info->score <= -VALUE_MATE_IN_MAX)
        snprintf(score, sizeof score, "mate -%d", (VALUE_MATE + info->score) / 2);
    else
        snprintf(score, sizeof score, "%+.2f", info->score / 100.0);
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

static int cmd_analyse(int argc, char **argv) {
    const char *variant = variant_list()[0]->name, *position = "startpos", *threads = "1", *hash = "64";
    SearchLimits limits;
    memset(&limits, 0, sizeof limits);
    limits.time[BLACK] = limits.time[WHITE] = -1;
    long multipv = 1, x = 0;
    int limit_count = 0;
    for (int i = 2; i < argc; i += 2) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strncmp(a, "--", 2)) {
            fprintf(stderr, "shishi analyse: unexpected argument '%s' (options start with --)\n", a);
            return 2;
        }
        if (!val) {
            fprintf(stderr, "shishi analyse: %s needs a value\n", a);
            return 2;
        }
        bool ok = true;
        if (!strcmp(a, "--variant"))
            variant = val;
        else if (!strcmp(a, "--position"))
            position = val;
        else if (!strcmp(a, "--threads"))
            threads = val;
        else if (!strcmp(a, "--hash"))
            hash = val;
        else if (!strcmp(a, "--depth")) {
            ok = parse_long(val, 1, MAX_PLY - 1, &x);
            limits.depth = (int)x;
            limit_count++;
        } else if (!strcmp(a, "--nodes")) {
            ok = parse_long(val, 1, 2000000000L, &x);
            limits.nodes = (uint64_t)x;
            limit_count++;
        } else if (!strcmp(a, "--time")) {
            char *end;
            double sec = strtod(val, &end);
            ok = *val && !*end && sec > 0 && sec <= 1e6;
            limits.movetime = (int)(sec * 1000) + 250; /* the time manager keeps a 250 ms margin */
            limit_count++;
        } else if (!strcmp(a, "--multipv"))
            ok = parse_long(val, 1, 64, &multipv);
        else {
            fprintf(stderr, "shishi analyse: unknown option '%s'\n", a);
            return 2;
        }
        if (!ok) {
            fprintf(stderr, "shishi analyse: bad value '%s' for %s\n", val, a);
            return 2;
        }
    }
    if (limit_count > 1) {
        fprintf(stderr, "shishi analyse: give only one of --depth, --time, --nodes\n");
        return 2;
    }
    if (!limit_count) limits.depth = 8;
    const Variant *v = variant_find(variant);
    if (!v) {
        fprintf(stderr, "shishi analyse: unknown variant '%s' (see shishi help)\n", variant);
        return 2;
    }
    EngineContext *e = engine_create();
    char err[256], num[16];
    snprintf(num, sizeof num, "%ld", multipv);
    if (engine_set_variant(e, v, err, sizeof err) || engine_set_option(e, "MultiPV", num, err, sizeof err) ||
        engine_set_option(e, "Threads", threads, err, sizeof err) ||
        engine_set_option(e, "Hash", hash, err, sizeof err) || engine_set_position(e, position, err, sizeof err)) {
        fprintf(stderr, "shishi analyse: %s\n", err);
        engine_destroy(e);
        return 2;
    }
    AnalyseCtx ctx = {.notation = spec_notation(v, position), .multipv = (int)multipv};
    ctx.scratch = malloc(sizeof *ctx.scratch);
    char sfen[1024];
    pos_to_sfen(engine_position(e), sfen, sizeof sfen);
    printf("%s, sfen %s\n", v->name, sfen);
    Reporter r = {.user = &ctx, .on_info = analyse_info, .on_bestmove = analyse_best};
    engine_go(e, &limits, &r);
    engine_wait(e);
    engine_destroy(e);
    free(ctx.scratch);
    return 0;
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

int cli_main(int argc, char **argv) {
    const char *cmd = argv[1];
    if (!strcmp(cmd, "perft")) return cmd_perft(argc, argv);
    if (!strcmp(cmd, "check")) return cmd_check();
    if (!strcmp(cmd, "analyse") || !strcmp(cmd, "analyze")) return cmd_analyse(argc, argv);
    if (!strcmp(cmd, "run")) return cmd_run();
    if (!strcmp(cmd, "bench")) return cmd_bench(argc, argv);
    if (!strcmp(cmd, "selfplay")) return cmd_selfplay(argc, argv);
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
