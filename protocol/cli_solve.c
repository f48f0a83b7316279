/* cli_solve.c - `shishi solve GAME [-o FILE] [--threads T]`: strongly solve a small game by
 * retrograde analysis (engine/solve/, docs/nana.md) and write its table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../engine/solve/solve.h"
#include "cli.h"
#include "common.h"

static double seconds_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void solve_progress(void *user, const char *phase, uint64_t done, uint64_t total) {
    double *start = user;
    fprintf(stderr, "\r%-14s %5.1f%%  %7.1f s", phase, total ? 100.0 * (double)done / (double)total : 100.0,
            seconds_now() - *start);
    if (done == total) fprintf(stderr, "\n");
}

static void print_stats(const SolvedTable *t, const SolveStats *st, double secs) {
    const SolveIndex *ix = &t->ix;
    Position *pos = malloc(sizeof *pos);
    SolveState s;
    char sfen[256];
    printf("index size %llu (%llu royal placements x %llu contents x 2 sides + %d opening positions)\n",
           (unsigned long long)ix->size, (unsigned long long)ix->kpairs, (unsigned long long)ix->configs,
           ix->opening_count);
    printf("legal %llu: wins %llu, losses %llu, draws %llu\n", (unsigned long long)st->legal,
           (unsigned long long)st->wins, (unsigned long long)st->losses, (unsigned long long)st->draws);
    printf("reachable from the start %llu: wins %llu, losses %llu, draws %llu\n", (unsigned long long)st->reachable,
           (unsigned long long)st->reach_wins, (unsigned long long)st->reach_losses,
           (unsigned long long)st->reach_draws);
    uint8_t b = t->value[solve_index_of(ix, &ix->start)];
    printf("start position: %s", solve_is_win(b) ? "win" : solve_is_loss(b) ? "loss" : "draw");
    if (b) printf(" in %d plies", solve_distance(b));
    printf(" for the side to move\n");
    if (st->longest_index != UINT64_MAX) {
        solve_state_of(ix, st->longest_index, &s);
        solve_to_pos(ix, &s, pos);
        pos_to_sfen(pos, sfen, sizeof sfen);
        printf("longest win %d plies (%s): %s\n", st->longest, st->longest_reachable ? "reachable" : "unreachable",
               sfen);
    }
    printf("levels %d, time %.1f s, checksum %016llx\n", st->levels, secs, (unsigned long long)t->checksum);
    free(pos);
}

/* `shishi solve --where GAME`: the table file the engine would use. */
static int where(const char *game) {
    const Variant *v = variant_find(game);
    char path[2048];
    if (!v) {
        fprintf(stderr, "shishi solve: unknown game '%s'\n", game);
        return 2;
    }
    if (solve_table_find(v, path, sizeof path)) {
        fprintf(stderr, "shishi solve: %s\n", path);
        return 1;
    }
    printf("%s\n", path);
    return 0;
}

/* `shishi solve --verify GAME [FILE]`: every position of a table against its children. */
static int verify(const char *game, const char *file) {
    const Variant *v = variant_find(game);
    char path[2048], err[512];
    if (!v) {
        fprintf(stderr, "shishi solve: unknown game '%s'\n", game);
        return 2;
    }
    if (file)
        snprintf(path, sizeof path, "%s", file);
    else if (solve_table_find(v, path, sizeof path)) {
        fprintf(stderr, "shishi solve: %s\n", path);
        return 1;
    }
    SolvedTable t;
    if (solve_table_read(&t, v, path, err, sizeof err)) {
        fprintf(stderr, "shishi solve: %s\n", err);
        return 1;
    }
    double start = seconds_now();
    SolveProgress prog = {.user = &start, .progress = solve_progress};
    uint64_t bad = solve_verify(&t, 2, &prog);
    printf("%s: %llu positions, %llu inconsistent, %.1f s\n", path, (unsigned long long)t.ix.size,
           (unsigned long long)bad, seconds_now() - start);
    solved_free(&t);
    return bad ? 1 : 0;
}

int cli_solve(int argc, char **argv) {
    if (argc == 4 && !strcmp(argv[2], "--where")) return where(argv[3]);
    if ((argc == 4 || argc == 5) && !strcmp(argv[2], "--verify")) return verify(argv[3], argc == 5 ? argv[4] : NULL);
    const char *game = NULL, *out = NULL;
    long threads = 2;
    for (int i = 2; i < argc; i++) {
        if ((!strcmp(argv[i], "-o") || !strcmp(argv[i], "--out")) && i + 1 < argc)
            out = argv[++i];
        else if (!strcmp(argv[i], "--variant") && i + 1 < argc && !game)
            game = argv[++i];
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
            if (!parse_long(argv[++i], 1, 64, &threads)) { /* atoi took "2x" as 2 and "x" as 0 */
                fprintf(stderr, "shishi solve: bad value '%s' for --threads (from 1 to 64)\n", argv[i]);
                return 2;
            }
        } else if (argv[i][0] != '-' && !game)
            game = argv[i];
        else {
            fprintf(stderr, "shishi solve: unexpected argument '%s'\n", argv[i]);
            return 2;
        }
    }
    const Variant *v = game ? variant_find(game) : NULL;
    if (game && !v) {
        fprintf(stderr, "shishi solve: unknown game '%s'\n", game);
        return 2;
    }
    if (!v) {
        fprintf(stderr, "usage: shishi solve GAME [-o FILE] [--threads T]  (GAME: a small game, e.g. nana)\n");
        return 2;
    }
    char name[64], err[256];
    solve_table_name(v, name, sizeof name);
    if (!out) out = name;
    double start = seconds_now();
    SolveProgress prog = {.user = &start, .progress = solve_progress};
    SolvedTable t;
    SolveStats st;
    if (solve_game(v, (int)threads, &prog, &t, &st, err, sizeof err)) {
        fprintf(stderr, "shishi solve: %s: %s\n", v->name, err);
        return 1;
    }
    print_stats(&t, &st, seconds_now() - start);
    int rc = solve_table_write(&t, out, err, sizeof err);
    if (rc)
        fprintf(stderr, "shishi solve: %s\n", err);
    else
        printf("wrote %s (%llu bytes of values)\n", out, (unsigned long long)t.ix.size);
    solved_free(&t);
    return rc ? 1 : 0;
}

static void value_text(uint8_t b, char *buf, size_t len) {
    if (solve_is_win(b))
        snprintf(buf, len, "win in %d", solve_distance(b));
    else if (solve_is_loss(b))
        snprintf(buf, len, "loss in %d", solve_distance(b));
    else
        snprintf(buf, len, "draw");
}

int cli_analyse_solved(const Position *root, Notation n) {
    char path[2048], err[512], text[64], val[32], line[4096];
    SolvedTable t;
    SolveIndex ix;
    if (solve_index_init(&ix, root->v, 1ull << 32, err, sizeof err)) return -1; /* not a solvable game */
    solve_index_free(&ix);
    if (memcmp(&root->rules, &root->v->defaults, sizeof root->rules)) return -1;
    if (solve_table_find(root->v, path, sizeof path)) {
        fprintf(stderr, "shishi analyse: %s; searching\n", path);
        return -1;
    }
    if (solve_table_read(&t, root->v, path, err, sizeof err)) {
        fprintf(stderr, "shishi analyse: error: %s; searching\n", err);
        return -1;
    }
    Position *pos = malloc(sizeof *pos), *scratch = malloc(sizeof *scratch);
    SolvedMove *moves = malloc(MOVES_MAX * sizeof *moves);
    Move pv[SOLVE_DIST_MAX + 1];
    pos_copy(pos, root);
    uint8_t b = solved_probe(&t, pos);
    value_text(b, val, sizeof val);
    printf("solved table %s: the side to move has a %s\n", path, val);
    int count = solved_root_moves(&t, pos, moves);
    for (int i = 0; i < count; i++) {
        move_format(pos, moves[i].move, n, text, sizeof text);
        value_text(moves[i].value, val, sizeof val);
        int len = solved_line(&t, pos, moves[i].move, pv, moves[i].value ? solve_distance(moves[i].value) : 8);
        format_moves(scratch, pos, pv, len < 12 ? len : 12, n, line, sizeof line);
        printf("  %-6s %-12s %s%s\n", text, val, line, len > 12 ? " ..." : "");
    }
    if (count) move_format(pos, moves[0].move, n, text, sizeof text);
    printf("bestmove %s\n", count ? text : "none");
    free(moves);
    free(pos);
    free(scratch);
    solved_free(&t);
    return 0;
}
