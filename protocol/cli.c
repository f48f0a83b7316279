/* cli.c - command-line subcommands: perft, check, run, help, version.
 * Errors go to stderr with a non-zero exit status; results to stdout. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../engine/engine.h"
#include "../engine/perft.h"
#include "../src/notation.h"

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void usage(FILE *f) {
    fprintf(f,
            "usage: shishi                      read USI or XBoard commands from stdin\n"
            "       shishi perft VARIANT POSITION DEPTH [--divide]\n"
            "       shishi check                validate every game descriptor\n"
            "       shishi run                  the default job (start position and perft)\n"
            "       shishi help | --version\n"
            "VARIANT: ");
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
    const char *spec = argv[3];
    DivideCtx ctx = {.notation = (!strncmp(spec, "sfen ", 5) || (!v->xboard_default && strncmp(spec, "fen ", 4)))
                                     ? NOTATION_USI
                                     : NOTATION_XBOARD};
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
    const Variant *v = variant_find("shogi");
    Position *pos = malloc(sizeof *pos);
    char err[256], sfen[512];
    if (pos_set_sfen(pos, v, NULL, v->start, err, sizeof err)) {
        fprintf(stderr, "shishi: %s\n", err);
        free(pos);
        return 1;
    }
    pos_to_sfen(pos, sfen, sizeof sfen);
    printf("%s %s: standard shogi start position\nsfen %s\n", SHISHI_NAME, SHISHI_VERSION, sfen);
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
} AnalyseCtx;

static void analyse_info(void *user, const SearchInfo *info) {
    const AnalyseCtx *ctx = user;
    char pv[4096];
    size_t o = 0;
    Position *p = malloc(sizeof *p);
    memcpy(p, info->root, sizeof *p);
    pv[0] = 0;
    for (int i = 0; i < info->pv_length && o < sizeof pv - 80; i++) {
        char m[64];
        move_format(p, info->pv[i], ctx->notation, m, sizeof m);
        o += (size_t)snprintf(pv + o, sizeof pv - o, " %s", m);
        pos_do_move(p, info->pv[i]);
    }
    free(p);
    char score[32];
    if (info->score >= VALUE_MATE_IN_MAX)
        snprintf(score, sizeof score, "mate %d", (VALUE_MATE - info->score + 1) / 2);
    else if (info->score <= -VALUE_MATE_IN_MAX)
        snprintf(score, sizeof score, "mate -%d", (VALUE_MATE + info->score) / 2);
    else
        snprintf(score, sizeof score, "%+.2f", info->score / 100.0);
    printf("depth %2d/%-2d  score %-9s nodes %10llu  time %6lld ms  pv%s\n", info->depth, info->seldepth, score,
           (unsigned long long)info->nodes, (long long)info->time_ms, pv);
    fflush(stdout);
}

static void analyse_best(void *user, const BestMove *bm) {
    const AnalyseCtx *ctx = user;
    char m[64];
    if (bm->kind == BEST_RESIGN) {
        printf("bestmove none (no legal move)\n");
        return;
    }
    move_format(bm->root, bm->best, ctx->notation, m, sizeof m);
    printf("bestmove %s\n", m);
}

static int cmd_analyse(int argc, char **argv) {
    const char *variant = "shogi", *position = "startpos";
    SearchLimits limits;
    memset(&limits, 0, sizeof limits);
    limits.time[BLACK] = limits.time[WHITE] = -1;
    int multipv = 1;
    for (int i = 2; i < argc; i += 2) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!val) {
            fprintf(stderr, "shishi analyse: %s needs a value\n", a);
            return 2;
        }
        char *end = NULL;
        if (!strcmp(a, "--variant"))
            variant = val;
        else if (!strcmp(a, "--position"))
            position = val;
        else if (!strcmp(a, "--depth"))
            limits.depth = (int)strtol(val, &end, 10);
        else if (!strcmp(a, "--time"))
            limits.movetime = (int)(strtod(val, &end) * 1000) + 120;
        else if (!strcmp(a, "--nodes"))
            limits.nodes = strtoull(val, &end, 10);
        else if (!strcmp(a, "--multipv"))
            multipv = (int)strtol(val, &end, 10);
        else {
            fprintf(stderr, "shishi analyse: unknown argument '%s'\n", a);
            return 2;
        }
        if (end && *end) {
            fprintf(stderr, "shishi analyse: bad number '%s' for %s\n", val, a);
            return 2;
        }
    }
    if (!limits.depth && !limits.movetime && !limits.nodes) limits.depth = 8;
    const Variant *v = variant_find(variant);
    if (!v) {
        fprintf(stderr, "shishi analyse: unknown variant '%s'\n", variant);
        return 2;
    }
    EngineContext *e = engine_create();
    char err[256], num[16];
    snprintf(num, sizeof num, "%d", multipv);
    if (engine_set_variant(e, v, err, sizeof err) || engine_set_option(e, "MultiPV", num, err, sizeof err) ||
        engine_set_position(e, position, err, sizeof err)) {
        fprintf(stderr, "shishi analyse: %s\n", err);
        engine_destroy(e);
        return 2;
    }
    AnalyseCtx ctx = {.notation = v->xboard_default ? NOTATION_XBOARD : NOTATION_USI};
    Reporter r = {.user = &ctx, .on_info = analyse_info, .on_bestmove = analyse_best};
    engine_go(e, &limits, &r);
    engine_wait(e);
    engine_destroy(e);
    return 0;
}

int cli_main(int argc, char **argv) {
    const char *cmd = argv[1];
    if (!strcmp(cmd, "perft")) return cmd_perft(argc, argv);
    if (!strcmp(cmd, "check")) return cmd_check();
    if (!strcmp(cmd, "analyse") || !strcmp(cmd, "analyze")) return cmd_analyse(argc, argv);
    if (!strcmp(cmd, "run")) return cmd_run();
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
