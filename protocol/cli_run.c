/* cli_run.c - `shishi run`, what `make run` shows a newcomer first: the standard-shogi start
 * position drawn as a board, a short analysis printing each finished depth (score, nodes,
 * speed, principal variation) and the best move. --time S and --depth N (not advertised)
 * shorten it for the tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/diagram.h"
#include "cli.h"
#include "../engine/analysis.h"
#include "common.h"

enum { RUN_SECONDS = 10, RUN_PV_MOVES = 12 };

typedef struct {
    Position *scratch;
    int last_depth;
    Value score;
    uint64_t nodes;
    int64_t time_ms;
} RunView;

static void speed_text(uint64_t nodes, int64_t ms, char *buf, size_t len) {
    double nps = ms > 0 ? nodes * 1000.0 / (double)ms : 0;
    if (nps >= 1e6)
        snprintf(buf, len, "%.2fM", nps / 1e6);
    else
        snprintf(buf, len, "%.0fk", nps / 1e3);
}

/* One line per finished depth; fail-high/low reports and repeats of a depth are left out. */
static void run_info(void *user, const SearchInfo *info) {
    RunView *view = user;
    if (info->bound != BOUND_EXACT || info->depth <= view->last_depth) return;
    view->last_depth = info->depth;
    view->score = info->score;
    view->nodes = info->nodes;
    view->time_ms = info->time_ms;
    char score[32], nps[32], pv[2048];
    analysis_format_score(info->score, score, sizeof score);
    speed_text(info->nodes, info->time_ms, nps, sizeof nps);
    int plies = info->pv_length < RUN_PV_MOVES ? info->pv_length : RUN_PV_MOVES;
    format_moves(view->scratch, info->root, info->pv, plies, NOTATION_USI, pv, sizeof pv);
    printf("%5d  %7s  %11llu  %8s  %6.1f s  %s%s\n", info->depth, score, (unsigned long long)info->nodes, nps,
           info->time_ms / 1000.0, pv, info->pv_length > plies ? " ..." : "");
    fflush(stdout);
}

static void run_best(void *user, const BestMove *bm) {
    const RunView *view = user;
    char move[64], score[32];
    if (bm->kind != BEST_MOVE) {
        printf("\nNo move to play: %s.\n",
               bm->kind == BEST_RESIGN ? "the side to move has lost" : "the side to move declares a win");
        return;
    }
    move_format(bm->root, bm->best, NOTATION_USI, move, sizeof move);
    analysis_format_score(view->score, score, sizeof score);
    printf("\nBest move: %s (score %s after depth %d, %llu nodes in %.1f s)\n", move, score, view->last_depth,
           (unsigned long long)view->nodes, view->time_ms / 1000.0);
}

/* The hidden overrides: --time S or --depth N. */
static int run_args(int argc, char **argv, SearchLimits *limits) {
    limits->movetime = RUN_SECONDS * 1000 + 250; /* the time manager keeps a 250 ms margin */
    for (int i = 2; i < argc; i += 2) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : "";
        long x;
        char *end;
        double sec = strtod(val, &end);
        if (!strcmp(a, "--depth") && parse_long(val, 1, MAX_PLY - 1, &x)) {
            limits->depth = (int)x;
            limits->movetime = 0;
        } else if (!strcmp(a, "--time") && *val && !*end && sec > 0 && sec <= 3600)
            limits->movetime = (int)(sec * 1000) + 250;
        else {
            fprintf(stderr, "shishi run: takes no arguments (see shishi help), not '%s'\n", a);
            return 2;
        }
    }
    return 0;
}

int cli_run(int argc, char **argv) {
    SearchLimits limits;
    memset(&limits, 0, sizeof limits);
    limits.time[BLACK] = limits.time[WHITE] = -1;
    if (run_args(argc, argv, &limits)) return 2;
    EngineContext *e = engine_create(); /* the default game, standard shogi, at its start */
    const Position *root = engine_position(e);
    DiagramStyle style = {.ascii = false, .notation = NOTATION_USI};
    char *board = diagram_text(root, &style);
    printf("%s %s - %s, the start position\n\n%s\n", SHISHI_NAME, SHISHI_VERSION, root->v->name, board ? board : "");
    free(board);
    if (limits.depth)
        printf("Analysing to depth %d (one thread). Scores are in pawns for the side to move.\n\n", limits.depth);
    else
        printf("Analysing for %g seconds (one thread). Scores are in pawns for the side to move.\n\n",
               (limits.movetime - 250) / 1000.0);
    printf("depth    score        nodes     speed      time  principal variation\n");
    RunView view = {.scratch = malloc(sizeof *view.scratch)};
    Reporter r = {.user = &view, .on_info = run_info, .on_bestmove = run_best};
    engine_go(e, &limits, &r);
    engine_wait(e);
    engine_destroy(e);
    free(view.scratch);
    printf("\nMore: ./shishi help, docs/usage.md; ./shishi analyse --variant chu; a GUI: docs/usi.md.\n");
    return 0;
}
