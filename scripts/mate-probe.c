/* mate-probe.c - development harness for the df-pn solver (docs/mate.md, "Fourth round"):
 * the nodes to the first proof of a tsume row, or of its tail after the first N plies of the
 * row's solution, plus what the table holds at the end. Not part of the build; it compiles the
 * solver's sources into itself to reach their static functions. Built (after `make`) and run
 * by scripts/mate-probe.sh.
 *
 * Run: scripts/mate-probe.sh TSV LENGTH PLAYED NODE_LIMIT [HASH_MB] ['extra moves']
 *   e.g. scripts/mate-probe.sh /work/shared/data/tsume/tsume_std.tsv 117 70 3000000 1024
 * Environment: PROG=1 prints, about once a second, the root's checks (pn/dn), the current
 * search path (CURPATH=1) and, along the row's solution from the root (PATHP=1), each OR
 * node's pn/dn against its best alternative and each AND node's [solution reply pn / sum].
 * REM=N limits the first search to N plies (default: unlimited). CURPATH=2 adds each frame's
 * pn/dn/children to the current path. PTREE=1 counts the proof tree (OR: shortest proven
 * check, AND: every reply), by distinct (board, proof hand). With PROBE_STATS=1 (scripts/mate-probe.sh): HEAVY=N follows from the root
 * the move with the most nodes spent below it, listing every move with at least N; SPENT=N
 * does the same along the row's solution. */
#include "../engine/mate/dfpn.c"
#include "../engine/mate/line.c"
#include "../engine/mate/mate_tt.c"
#include "../engine/mate/parallel.c"
#include "../src/notation.h"
#include "../src/variant.h"

#include <stdio.h>

static char *row(const char *tsv, int want, char **sol) {
    FILE *f = fopen(tsv, "r");
    static char buf[1 << 16];
    while (f && fgets(buf, sizeof buf, f)) {
        char *c[4] = {buf};
        int k = 1;
        for (char *p = buf; *p && k < 4; p++)
            if (*p == '\t') {
                *p = 0;
                c[k++] = p + 1;
            }
        if (k >= 3 && atoi(c[1]) == want) {
            *sol = c[2];
            fclose(f);
            return c[0];
        }
    }
    if (f) fclose(f);
    return NULL;
}

static int play(Position *pos, char *moves, int max) {
    char *save = NULL, err[256];
    int k = 0;
    for (char *tok = strtok_r(moves, " \n", &save); tok && k < max; tok = strtok_r(NULL, " \n", &save), k++) {
        Move m;
        if (move_parse(pos, tok, NOTATION_USI, &m, err, sizeof err)) {
            fprintf(stderr, "%s: %s\n", tok, err);
            exit(1);
        }
        pos_do_move(pos, m);
    }
    return k;
}

static Position *root0; /* a copy of the root, for reading the table while the search runs */
static const char *solution_rest;
static int nroot;

static void lookup_child(MateSolver *ms, Move m, MateResult *r) {
    pos_do_move(ms->pos, m);
    MateHand h;
    mate_hand_of(ms, &h);
    mtt_lookup(ms->tt, node_key(ms, FREE_NONE), &h, REM_NONE, r);
    if (ms->pos->stm != ms->attacker && mate_reply_count(ms->pos, ms->scratch) == 0) r->pn = 0;
    pos_undo_move(ms->pos);
}

/* Along the solution: OR nodes "ply:pn/dn(best alternative and its pn)", AND nodes
 * "ply:[solution reply pn/sum of the replies' pn]". */
static void print_solution_path(MateSolver *ms, int maxply) {
    char *line = strdup(solution_rest), *save = NULL, err[256];
    Position *pos = ms->pos;
    int k = 0;
    for (char *tok = strtok_r(line, " \n", &save); tok && k < maxply; tok = strtok_r(NULL, " \n", &save), k++) {
        Move sm;
        if (move_parse(pos, tok, NOTATION_USI, &sm, err, sizeof err)) break;
        MoveList ml;
        mate_gen(ms, REM_NONE, FREE_NONE, &ml);
        MateResult r, q;
        lookup_child(ms, sm, &r);
        bool or_node = pos->stm == ms->attacker;
        uint32_t alt = PN_INF, sum = 0;
        char altm[32] = "";
        for (int i = 0; i < ml.size; i++) {
            lookup_child(ms, ml.moves[i], &q);
            if (or_node && ml.moves[i] != sm && q.pn < alt) {
                alt = q.pn;
                move_format(pos, ml.moves[i], NOTATION_USI, altm, sizeof altm);
            }
            if (!or_node && q.pn < PN_INF) sum += q.pn;
        }
        if (or_node)
            fprintf(stderr, " %d:%u/%u(%s %u)", k, r.pn, r.dn, altm, alt == PN_INF ? 0 : alt);
        else
            fprintf(stderr, " %d:[%u/%u]", k, r.pn, sum);
        if (r.pn == 0) break;
        pos_do_move(pos, sm);
    }
    free(line);
    fprintf(stderr, "\n");
}

static void print_current_path(const MateSolver *ms) {
    Position *cp = malloc(sizeof *cp);
    memcpy(cp, root0, sizeof *cp);
    fprintf(stderr, "  path:");
    for (int i = root0->sp + 1; i <= ms->pos->sp; i++) {
        char b[32];
        Move m = ms->pos->states[i].move;
        move_format(cp, m, NOTATION_USI, b, sizeof b);
        const MateFrame *f = &ms->frames[i - root0->sp - 1];
        if (getenv("CURPATH")[0] == '2') fprintf(stderr, " %s[%u/%u/%d]", b, f->pn, f->dn, f->n);
        else fprintf(stderr, " %s", b);
        pos_do_move(cp, m);
    }
    fprintf(stderr, "\n");
    free(cp);
}

static void progress(void *user, const MateProgress *p) {
    MateSolver *ms = user;
    fprintf(stderr, "%llu nodes, hashfull %d:", (unsigned long long)p->nodes, p->hashfull);
    for (int i = 0; i < nroot && ms->kids; i++) {
        char b[32];
        move_format(root0, ms->kids[i].move, NOTATION_USI, b, sizeof b);
        if (ms->kids[i].pn < 1000) fprintf(stderr, " %s %u/%u", b, ms->kids[i].pn, ms->kids[i].dn);
    }
    fprintf(stderr, "\n");
    if (getenv("CURPATH")) print_current_path(ms);
    if (solution_rest) {
        Position *copy = malloc(sizeof *copy), *save = ms->pos;
        memcpy(copy, root0, sizeof *copy);
        ms->pos = copy;
        print_solution_path(ms, 60);
        ms->pos = save;
        free(copy);
    }
}

/* ---- the proof tree, counted by distinct (board, proof hand) ----------------------------- */

enum { SEEN_BITS = 24 };
static uint64_t *seen, tree_or, tree_and, tree_missing;

static bool seen_add(uint64_t k) {
    size_t m = (1u << SEEN_BITS) - 1, i = k & m;
    for (; seen[i]; i = (i + 1) & m)
        if (seen[i] == k) return false;
    seen[i] = k;
    return true;
}

static Move shortest_proven_check(MateSolver *ms, const MoveList *ml) {
    Move best = MOVE_NONE;
    int best_len = 1 << 20;
    for (int i = 0; i < ml->size; i++) {
        MateResult r;
        pos_do_move(ms->pos, ml->moves[i]);
        bool p = dfpn_probe(ms, REM_NONE, FREE_NONE, &r) && r.pn == 0;
        if (!p && mate_reply_count(ms->pos, ms->scratch) == 0) p = true, r.len = 0;
        pos_undo_move(ms->pos);
        if (p && r.len < best_len) best_len = r.len, best = ml->moves[i];
    }
    return best;
}

static void proof_tree(MateSolver *ms, int depth) {
    Position *pos = ms->pos;
    MateResult pr;
    dfpn_probe(ms, REM_NONE, FREE_NONE, &pr);
    uint64_t hk = node_key(ms, FREE_NONE);
    for (int i = 0; i < MATE_HAND_SLOTS; i++) hk = hk * 1000003 + pr.hand.n[i] + 1;
    if (!seen_add(hk) || depth > 400) return;
    MoveList ml;
    mate_gen(ms, REM_NONE, FREE_NONE, &ml);
    if (pos->stm == ms->attacker) {
        tree_or++;
        Move best = shortest_proven_check(ms, &ml);
        if (!best) {
            tree_missing++;
            return;
        }
        ml.moves[0] = best;
        ml.size = 1;
    } else
        tree_and++;
    for (int i = 0; i < ml.size; i++) {
        pos_do_move(pos, ml.moves[i]);
        proof_tree(ms, depth + 1);
        pos_undo_move(pos);
    }
}

#ifdef MATE_STATS
/* calls spent below each move along the solution (inclusive counts) */
static void spent_walk(MateSolver *ms, const char *rest, int maxply, uint64_t min) {
    char *line = strdup(rest), *save = NULL, err[256];
    Position *pos = ms->pos;
    int k = 0, done = 0;
    for (char *tok = strtok_r(line, " \n", &save); tok && k < maxply; tok = strtok_r(NULL, " \n", &save), k++) {
        Move sm;
        if (move_parse(pos, tok, NOTATION_USI, &sm, err, sizeof err)) break;
        MoveList ml;
        mate_gen(ms, REM_NONE, FREE_NONE, &ml);
        printf("ply %d %s:", k, pos->stm == ms->attacker ? "OR" : "AND");
        for (int i = 0; i < ml.size; i++) {
            uint64_t v = mst_spent_get(pos_key(pos) ^ (uint64_t)ml.moves[i] * 0x9E3779B97F4A7C15ULL);
            char b[32];
            move_format(pos, ml.moves[i], NOTATION_USI, b, sizeof b);
            if (v >= min || ml.moves[i] == sm)
                printf(" %s%s=%llu", b, ml.moves[i] == sm ? "*" : "", (unsigned long long)v);
        }
        printf("\n");
        pos_do_move(pos, sm);
        done++;
    }
    while (done--) pos_undo_move(pos);
    free(line);
}
#endif

#ifdef MATE_STATS
/* from the root, follow the child with the most calls below it, listing the heavy children */
static void heavy_walk(MateSolver *ms, int maxply, uint64_t min) {
    Position *pos = ms->pos;
    int done = 0;
    for (int k = 0; k < maxply; k++) {
        MoveList ml;
        mate_gen(ms, REM_NONE, FREE_NONE, &ml);
        uint64_t best = 0;
        Move bm = MOVE_NONE;
        printf("ply %d %s:", k, pos->stm == ms->attacker ? "OR" : "AND");
        for (int i = 0; i < ml.size; i++) {
            uint64_t v = mst_spent_get(pos_key(pos) ^ (uint64_t)ml.moves[i] * 0x9E3779B97F4A7C15ULL);
            char b[32];
            MateResult r;
            lookup_child(ms, ml.moves[i], &r);
            move_format(pos, ml.moves[i], NOTATION_USI, b, sizeof b);
            if (v >= min) printf(" %s=%llu%s", b, (unsigned long long)v, r.pn == 0 ? "P" : r.dn == 0 ? "D" : "?");
            if (v > best) best = v, bm = ml.moves[i];
        }
        printf("\n");
        if (!bm || best < min) break;
        pos_do_move(pos, bm);
        done++;
    }
    while (done--) pos_undo_move(pos);
}
#endif

static void table_census(const MateTable *t) {
    uint64_t n[3] = {0}, searched[3] = {0};
    for (size_t i = 0; i < t->clusters * CLUSTER; i++) {
        const MateEntry *e = &t->c[i / CLUSTER].e[i % CLUSTER];
        if (!t->c[i / CLUSTER].key[i % CLUSTER]) continue;
        int c = e->pn == 0 ? 0 : e->dn == 0 ? 1 : 2;
        n[c]++;
        searched[c] += e->amount > 1;
    }
    printf("table: proven %llu (searched %llu), disproven %llu (%llu), open %llu (%llu)\n", (unsigned long long)n[0],
           (unsigned long long)searched[0], (unsigned long long)n[1], (unsigned long long)searched[1],
           (unsigned long long)n[2], (unsigned long long)searched[2]);
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: mate-probe TSV LENGTH PLAYED NODE_LIMIT [HASH_MB] ['extra moves']\n");
        return 2;
    }
    variants_init();
    int played = atoi(argv[3]), extra = 0;
    char *sol, *sfen = row(argv[1], atoi(argv[2]), &sol), err[256], spec[1 << 17];
    if (!sfen) return 1;
    char *rest = strdup(sol);
    const Variant *v = variant_find("shogi");
    Rules rules = v->defaults;
    snprintf(spec, sizeof spec, "sfen %s", sfen);
    Position *pos = malloc(sizeof *pos);
    if (position_parse_spec(pos, v, &rules, spec, err, sizeof err)) return 1;
    play(pos, sol, played);
    if (argc > 6) extra = play(pos, argv[6], 1 << 20);
    for (int skip = played + extra; skip-- > 0 && rest;) rest = strchr(rest, ' ') ? strchr(rest, ' ') + 1 : NULL;
    solution_rest = getenv("PATHP") ? rest : NULL;
    root0 = malloc(sizeof *pos);
    memcpy(root0, pos, sizeof *pos);
    MoveList ml;
    mate_attacks(pos, true, &ml);
    nroot = extra & 1 ? 0 : ml.size;
    MateControl c = {
        .deadline_ms = -1, .node_limit = strtoull(argv[4], 0, 10), .hash_kb = (size_t)(argc > 5 ? atoi(argv[5]) : 1024) << 10};
    c.on_progress = getenv("PROG") ? progress : NULL;
    c.threads = getenv("THREADS") ? atoi(getenv("THREADS")) : 1;
    MateSolver ms;
    MateTable tt = {0};
    if (solver_init(&ms, &tt, pos, &c) < 0) return 1;
    c.user = &ms;
    if (extra & 1) ms.attacker = color_flip(pos->stm); /* an odd number of extra moves: a defender root */
    MateResult res;
    mate_root_solve(&ms, getenv("REM") ? atoi(getenv("REM")) : REM_NONE, &res, false);
    printf("%d-ply row after %d+%d plies: %s after %llu nodes, length %d, root pn %u dn %u, hashfull %d\n",
           atoi(argv[2]), played, extra,
           res.pn == 0   ? "proven"
           : res.dn == 0 ? "disproven"
                         : "open",
           (unsigned long long)c.nodes, res.len, res.pn, res.dn, mtt_hashfull(ms.tt));
    table_census(ms.tt);
#ifdef MATE_STATS
    if (getenv("HEAVY")) heavy_walk(&ms, 200, (uint64_t)atoll(getenv("HEAVY")));
    if (getenv("SPENT")) spent_walk(&ms, rest, 200, (uint64_t)atoll(getenv("SPENT")));
#endif
    if (getenv("PTREE") && res.pn == 0) {
        seen = calloc(1u << SEEN_BITS, sizeof *seen);
        proof_tree(&ms, 0);
        printf("proof tree: %llu OR, %llu AND nodes, %llu checks not found proven\n", (unsigned long long)tree_or,
               (unsigned long long)tree_and, (unsigned long long)tree_missing);
    }
    solver_free(&ms);
    return 0;
}
