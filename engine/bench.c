/* bench.c - see bench.h. The positions: the start position of every registered game, plus
 * the standard-shogi rows of shared/data/bench/bench_positions.tsv, kept here so that the
 * signature does not depend on where the shared data lives. */
#include "bench.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    const char *game; /* NULL: the start position of every registered game */
    const char *spec;
} BenchPosition;

static const BenchPosition bench_positions[] = {
    {NULL, "startpos"},
    {"shogi", "sfen lnsgkgsnl/1r7/p1ppp1bpp/1p3pp2/7P1/2P6/PP1PPPP1P/1B3S1R1/LNSGKG1NL b - 9"},
    {"shogi", "sfen l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1"},
    {"shogi", "sfen 6n1l/2+S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2+pPP+p1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1"},
    {"shogi", "sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"},
    /* middle games of every game: an opening line of shared/tools/match/openings played on by
     * the search at depth 5 (scripts/gen-bench-positions.py) */
    {"shogi", "sfen +L1sgkg3/4r2s1/+P1pp1p+Ppn/1p2p3l/4b1L1p/2PP1N3/+pP2PP1PP/4G1SR1/2SK2gNL w BNP 46"},
    {"micro", "sfen 1k1+l/p1+r1/1+B1P/r+LKB/4 w - 16"},
    {"nana", "sfen K1s/1Dk/Wc1 w - 10"},
    {"chu", "sfen lfcsgekgscfl/a5ot1b1a/mvrtdq1d1rvm/pp1p1pp2npp/3i3p1p2/2pxpB3h2/6NB4/2PIP2PQ3/PP1PXPP1PPPP/"
            "MVR1D2D1RVM/A2STO1T3A/LFC1GKEGSCFL w - 48"},
    {"wa",
     "sfen hmlc2wgudo/1e1vks5/p1p1pp2p1p/1p1p1rFp1p1/3r7/11/11/PP1PP2P3/O1PXxP1VPPP/4W1S1CE1/1DUG1K2LMH w FPp 38"},
    {"wa-nodrop", "sfen 1mlcvk1gud1/1e3s1w3/1pp1ppp1p1o/h2p3p2p/3r5p1/px5f3/3P1R5/P1X1PP1P2P/OPP1WSP1PPH/1FD3V1LE1/"
                  "2UG1K1C1M1 b - 39"},
};

static void ignore_info(void *user, const SearchInfo *info) {
    (void)user;
    (void)info;
}
static void ignore_best(void *user, const BestMove *bm) {
    (void)user;
    (void)bm;
}

/* One search: fresh TT, fixed depth; 0 and its node count in *nodes, or -1 with err. */
static int bench_one(EngineContext *e, const Variant *v, const char *spec, int depth, uint64_t *nodes, char *err,
                     size_t errlen) {
    if (engine_set_variant(e, v, err, errlen) || engine_set_position(e, spec, err, errlen)) return -1;
    engine_new_game(e);
    SearchLimits limits;
    memset(&limits, 0, sizeof limits);
    limits.time[BLACK] = limits.time[WHITE] = -1;
    limits.depth = depth;
    Reporter r = {.on_info = ignore_info, .on_bestmove = ignore_best};
    engine_go(e, &limits, &r);
    engine_wait(e);
    int64_t ms;
    int d;
    engine_progress(e, nodes, &ms, &d);
    return 0;
}

uint64_t bench_run(int depth, BenchProgressFn progress, void *user, char *err, size_t errlen) {
    EngineContext *e = engine_create();
    if (engine_set_option(e, "Threads", "1", err, errlen) || engine_set_option(e, "Hash", "16", err, errlen) ||
        engine_set_option(e, "MultiPV", "1", err, errlen) ||
        engine_set_option(e, "SolvedTables", "false", err, errlen)) { /* the same signature with or without tables */
        engine_destroy(e);
        return 0;
    }
    /* A row with a game is one search; a row without one is a search per registered game. */
    enum { ROWS = sizeof bench_positions / sizeof bench_positions[0] };
    int games = 0;
    for (const Variant *const *v = variant_list(); *v; v++) games++;
    int count = 0;
    for (int i = 0; i < ROWS; i++) count += bench_positions[i].game ? 1 : games;
    uint64_t total = 0;
    int index = 0;
    for (int i = 0; i < ROWS; i++) {
        const BenchPosition *b = &bench_positions[i];
        for (int k = 0; k < (b->game ? 1 : games); k++) {
            const Variant *g = b->game ? variant_find(b->game) : variant_list()[k];
            uint64_t nodes = 0;
            if (!g || bench_one(e, g, b->spec, depth, &nodes, err, errlen)) {
                if (!g) snprintf(err, errlen, "bench: no game '%s'", b->game);
                engine_destroy(e);
                return 0;
            }
            total += nodes;
            if (progress) progress(user, ++index, count, g, b->spec, nodes);
        }
    }
    engine_destroy(e);
    return total;
}
