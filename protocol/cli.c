/* cli.c - command-line subcommands: perft, analyse, bench, check, run, help, version.
 * Errors go to stderr with a non-zero exit status; results to stdout. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../engine/bench.h"
#include "../engine/engine.h"
#include "../engine/perft.h"
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

int cli_main(int argc, char **argv) {
    const char *cmd = argv[1];
    if (!strcmp(cmd, "perft")) return cmd_perft(argc, argv);
    if (!strcmp(cmd, "check")) return cmd_check();
    if (!strcmp(cmd, "analyse") || !strcmp(cmd, "analyze")) return cmd_analyse(argc, argv);
    if (!strcmp(cmd, "run")) return cmd_run();
    if (!strcmp(cmd, "bench")) return cmd_bench(argc, argv);
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
