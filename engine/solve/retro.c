/* solve/retro.c - retrograde analysis of a small game (solve.h, docs/nana.md).
 *   1. forward pass: every position's legal moves (the engine's generator, so every special
 *      rule is the engine's) as a bit set, their count, and the positions without a move;
 *   2. levels d = 0, 1, ...: for each position decided at distance d, its candidate
 *      predecessors (un-roll, un-capture into the hand, un-drop; a superset), each kept only if
 *      the predecessor's move set holds the move that leads here; a lost position makes its
 *      predecessors won, a won one takes one from their count of undecided moves and a count
 *      reaching zero is a loss;
 *   3. the opening positions (royal in hand) from their children; reachability from the start. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/movegen.h"
#include "solve.h"

enum { BLOCK = 1 << 16 };

typedef struct Solver Solver;
typedef void (*BlockFn)(Solver *s, Position *pos, uint64_t begin, uint64_t end, uint64_t *found);

struct Solver {
    SolvedTable *table;
    const SolveIndex *ix;
    uint8_t *count;  /* undecided moves per main position */
    uint32_t *moves; /* [idx * words]: legal move set */
    int words;
    uint16_t reach_from[COLOR_NB][PT_MAX][SOLVE_SQ_MAX]; /* from squares reaching sq, empty board */
    uint64_t *reached, *expanded;                        /* bit sets over ix->size */
    int level;
    /* the parallel loop */
    BlockFn fn;
    uint64_t total;
    _Atomic uint64_t next, done, found;
    int threads;
    const SolveProgress *progress;
    const char *phase;
    pthread_mutex_t lock;
};

static void report(Solver *s, uint64_t done) {
    if (s->progress && s->progress->progress) s->progress->progress(s->progress->user, s->phase, done, s->total);
}

static void *worker(void *arg) {
    Solver *s = arg;
    Position *pos = malloc(sizeof *pos);
    if (!pos) abort();
    uint64_t found = 0;
    for (;;) {
        uint64_t b = atomic_fetch_add(&s->next, BLOCK);
        if (b >= s->total) break;
        uint64_t e = b + BLOCK < s->total ? b + BLOCK : s->total;
        s->fn(s, pos, b, e, &found);
        uint64_t d = atomic_fetch_add(&s->done, e - b) + (e - b);
        if (s->progress && (d / BLOCK) % 64 == 0) {
            pthread_mutex_lock(&s->lock);
            report(s, d);
            pthread_mutex_unlock(&s->lock);
        }
    }
    atomic_fetch_add(&s->found, found);
    free(pos);
    return NULL;
}

/* Run fn over [0, total) in blocks on every thread; returns the sum of what fn found. */
static uint64_t run_parallel(Solver *s, const char *phase, BlockFn fn, uint64_t total) {
    s->fn = fn;
    s->total = total;
    s->phase = phase;
    atomic_store(&s->next, 0);
    atomic_store(&s->done, 0);
    atomic_store(&s->found, 0);
    pthread_t tid[64];
    int n = s->threads < 1 ? 1 : s->threads > 64 ? 64 : s->threads;
    for (int i = 1; i < n; i++) pthread_create(&tid[i], NULL, worker, s);
    worker(s);
    for (int i = 1; i < n; i++) pthread_join(tid[i], NULL);
    report(s, total);
    return atomic_load(&s->found);
}

/* ---- 1. forward pass ----------------------------------------------------------------------- */

static void forward_block(Solver *s, Position *pos, uint64_t begin, uint64_t end, uint64_t *found) {
    MoveList list;
    for (uint64_t idx = begin; idx < end; idx++) {
        SolveState st;
        solve_state_of(s->ix, idx, &st);
        uint32_t *bits = &s->moves[idx * (uint64_t)s->words];
        if (!solve_to_pos(s->ix, &st, pos)) {
            s->table->value[idx] = SOLVE_ILLEGAL;
            continue;
        }
        movegen_legal(pos, &list);
        for (int i = 0; i < list.size; i++) {
            int bit = solve_move_bit(s->ix, list.moves[i]);
            bits[bit >> 5] |= 1u << (bit & 31);
        }
        s->count[idx] = (uint8_t)list.size;
        if (!list.size) {
            s->table->value[idx] = 1; /* loss in 0 */
            (*found)++;
        }
    }
}

/* ---- 2. levels ----------------------------------------------------------------------------- */

static bool has_move(const Solver *s, uint64_t q, int bit) {
    return (s->moves[q * (uint64_t)s->words + (unsigned)(bit >> 5)] >> (bit & 31)) & 1;
}

/* Predecessor q (to move there) reaches a position decided at level d. */
static void touch(Solver *s, uint64_t q, bool child_lost, uint64_t *found) {
    _Atomic uint8_t *val = (_Atomic uint8_t *)&s->table->value[q];
    uint8_t zero = 0, mark = (uint8_t)(s->level + 2);
    if (atomic_load_explicit(val, memory_order_relaxed)) return;
    if (!child_lost) {
        _Atomic uint8_t *cnt = (_Atomic uint8_t *)&s->count[q];
        if (atomic_fetch_sub_explicit(cnt, 1, memory_order_relaxed) != 1) return;
    }
    if (atomic_compare_exchange_strong(val, &zero, mark)) (*found)++;
}

static void try_pred(Solver *s, const SolveState *q, int bit, bool child_lost, uint64_t *found) {
    uint64_t qi = solve_index_of(s->ix, q);
    if (qi < s->ix->main_size && has_move(s, qi, bit)) touch(s, qi, child_lost, found);
}

/* Un-moves of the board piece on `to` (colour `them` = the side that just moved). */
static void unmove_piece(Solver *s, const SolveState *p, int to, bool lost, uint64_t *found) {
    const SolveIndex *ix = s->ix;
    const VariantTables *t = ix->v->tables;
    Color them = (Color)(p->stm ^ 1), us = (Color)p->stm;
    PieceType pt = piece_type(p->board[to]);
    uint16_t empty = 0;
    for (int sq = 0; sq < ix->n; sq++)
        if (!p->board[sq]) empty |= (uint16_t)(1u << sq);
    for (int prev = 1; prev < t->type_count; prev++) {
        bool rolled = pt != ix->royal && ix->v->promotion == PROMO_ROLL;
        if (rolled ? t->changes_to[prev] != pt : prev != pt) continue;
        for (unsigned m = s->reach_from[them][prev][to] & empty; m; m &= m - 1) {
            int from = __builtin_ctz(m);
            SolveState q = *p;
            q.stm = (uint8_t)them;
            q.board[from] = piece_make(them, (PieceType)prev);
            q.board[to] = PIECE_NONE;
            if (prev == ix->royal) q.royal[them] = (uint8_t)from;
            try_pred(s, &q, from * ix->n + to, lost, found);
            for (int g = 0; g < ix->groups; g++) {
                if (!p->hand[them][g]) continue;
                q.hand[them][g]--;
                for (int k = 0; k < ix->states[g]; k++) {
                    q.board[to] = piece_make(us, ix->state_type[g][k]);
                    try_pred(s, &q, from * ix->n + to, lost, found);
                }
                q.hand[them][g]++;
            }
        }
    }
    if (pt != ix->royal && ix->drop_slot[pt] >= 0 && !bb_test(t->no_drop, to)) {
        SolveState q = *p;
        q.stm = (uint8_t)them;
        q.board[to] = PIECE_NONE;
        q.hand[them][ix->group_of[pt]]++;
        try_pred(s, &q, ix->n * ix->n + ix->drop_slot[pt] * ix->n + to, lost, found);
    }
}

static void level_block(Solver *s, Position *pos, uint64_t begin, uint64_t end, uint64_t *found) {
    (void)pos;
    const uint8_t want = (uint8_t)(s->level + 1);
    bool lost = s->level % 2 == 0;
    for (uint64_t idx = begin; idx < end; idx++) {
        if (s->table->value[idx] != want) continue;
        SolveState p;
        solve_state_of(s->ix, idx, &p);
        for (int to = 0; to < s->ix->n; to++)
            if (p.board[to] && piece_color(p.board[to]) != (Color)p.stm) unmove_piece(s, &p, to, lost, found);
    }
}

/* ---- 3. opening, reachability, statistics -------------------------------------------------- */

static uint8_t value_of_children(Solver *s, Position *pos, const SolveState *st) {
    MoveList list;
    uint8_t kids[MOVES_MAX];
    solve_to_pos(s->ix, st, pos);
    movegen_legal(pos, &list);
    for (int i = 0; i < list.size; i++) {
        SolveState next;
        solve_apply(s->ix, st, list.moves[i], &next);
        kids[i] = s->table->value[solve_index_of(s->ix, &next)];
    }
    return solve_combine(kids, list.size);
}

static void solve_opening(Solver *s, Position *pos) {
    for (int i = s->ix->opening_count - 1; i >= 0; i--)
        s->table->value[s->ix->main_size + (uint64_t)i] = value_of_children(s, pos, &s->ix->opening[i]);
}

static bool bit_get(const uint64_t *set, uint64_t i) { return (set[i >> 6] >> (i & 63)) & 1; }
static bool bit_mark(uint64_t *set, uint64_t i) {
    uint64_t b = 1ull << (i & 63);
    return !(atomic_fetch_or((_Atomic uint64_t *)&set[i >> 6], b) & b);
}

static Move move_of_bit(const SolveIndex *ix, int bit) {
    int n = ix->n;
    if (bit < n * n) return move_make((Square)(bit / n), (Square)(bit % n));
    int k = bit - n * n, slot = k / n;
    for (int pt = 1; pt < PT_MAX; pt++)
        if (ix->drop_slot[pt] == slot) return move_make_drop((PieceType)pt, (Square)(k % n));
    return MOVE_NONE;
}

static void reach_block(Solver *s, Position *pos, uint64_t begin, uint64_t end, uint64_t *found) {
    MoveList list;
    for (uint64_t idx = begin; idx < end; idx++) {
        if (!bit_get(s->reached, idx) || bit_get(s->expanded, idx)) continue;
        bit_mark(s->expanded, idx);
        (*found)++;
        SolveState st, next;
        solve_state_of(s->ix, idx, &st);
        list.size = 0;
        if (idx >= s->ix->main_size) {
            solve_to_pos(s->ix, &st, pos);
            movegen_legal(pos, &list);
        } else
            for (int w = 0; w < s->words; w++)
                for (uint32_t m = s->moves[idx * (uint64_t)s->words + (unsigned)w]; m; m &= m - 1)
                    list.moves[list.size++] = move_of_bit(s->ix, w * 32 + __builtin_ctz(m));
        for (int i = 0; i < list.size; i++) {
            solve_apply(s->ix, &st, list.moves[i], &next);
            uint64_t child = solve_index_of(s->ix, &next);
            if (child < s->ix->size) bit_mark(s->reached, child);
        }
    }
}

static void compute_stats(Solver *s, SolveStats *st) {
    memset(st, 0, sizeof *st);
    const uint8_t *val = s->table->value;
    for (uint64_t i = 0; i < s->ix->size; i++) {
        uint8_t b = val[i];
        if (b == SOLVE_ILLEGAL) continue;
        bool r = bit_get(s->reached, i);
        st->legal++;
        st->reachable += r;
        if (solve_is_win(b)) {
            st->wins++, st->reach_wins += r;
            if (solve_distance(b) > st->longest) st->longest = solve_distance(b);
        } else if (solve_is_loss(b))
            st->losses++, st->reach_losses += r;
        else
            st->draws++, st->reach_draws += r;
    }
    /* an example of the longest win: a reachable one if there is one */
    st->longest_index = UINT64_MAX;
    for (uint64_t i = 0; i < s->ix->size; i++) {
        if (val[i] == SOLVE_ILLEGAL || !solve_is_win(val[i]) || solve_distance(val[i]) != st->longest) continue;
        if (st->longest_index == UINT64_MAX) st->longest_index = i;
        if (bit_get(s->reached, i)) {
            st->longest_index = i;
            st->longest_reachable = true;
            break;
        }
    }
}

/* ---- verification ------------------------------------------------------------------------- */

/* Is every legal position's value what its children's values make it (and every illegal one
 * illegal)? With the terminal positions that is a proof of the whole table, by induction on
 * the distance (docs/nana.md, "Verification"). */
static void verify_block(Solver *s, Position *pos, uint64_t begin, uint64_t end, uint64_t *found) {
    MoveList list;
    uint8_t kids[MOVES_MAX];
    for (uint64_t idx = begin; idx < end; idx++) {
        SolveState st, next;
        solve_state_of(s->ix, idx, &st);
        if (!solve_to_pos(s->ix, &st, pos)) {
            *found += s->table->value[idx] != SOLVE_ILLEGAL;
            continue;
        }
        movegen_legal(pos, &list);
        for (int i = 0; i < list.size; i++) {
            solve_apply(s->ix, &st, list.moves[i], &next);
            uint64_t child = solve_index_of(s->ix, &next);
            kids[i] = child < s->ix->size ? s->table->value[child] : SOLVE_ILLEGAL;
        }
        *found += solve_combine(kids, list.size) != s->table->value[idx];
    }
}

uint64_t solve_verify(SolvedTable *t, int threads, const SolveProgress *progress) {
    Solver s = {.table = t, .ix = &t->ix, .threads = threads, .progress = progress};
    pthread_mutex_init(&s.lock, NULL);
    uint64_t bad = run_parallel(&s, "verify", verify_block, t->ix.size);
    pthread_mutex_destroy(&s.lock);
    return bad;
}

/* ---- driver -------------------------------------------------------------------------------- */

static int prepare(Solver *s, SolvedTable *out, char *err, size_t errlen) {
    const SolveIndex *ix = &out->ix;
    s->table = out;
    s->ix = ix;
    s->words = (ix->move_bits + 31) / 32;
    out->value = calloc(ix->size, 1);
    s->count = calloc(ix->main_size, 1);
    s->moves = calloc(ix->main_size * (uint64_t)s->words, sizeof *s->moves);
    s->reached = calloc(ix->size / 64 + 1, sizeof *s->reached);
    s->expanded = calloc(ix->size / 64 + 1, sizeof *s->expanded);
    if (!out->value || !s->count || !s->moves || !s->reached || !s->expanded) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    Position *pos = malloc(sizeof *pos);
    if (!pos) return snprintf(err, errlen, "out of memory"), -1;
    solve_to_pos(ix, &ix->start, pos);
    for (int c = 0; c < 2; c++)
        for (int pt = 1; pt < ix->v->tables->type_count; pt++)
            for (int from = 0; from < ix->n; from++) {
                Bitboard a = pos_piece_attacks(pos, (PieceType)pt, (Color)c, from, bb_empty());
                for (int to = 0; to < ix->n; to++)
                    if (bb_test(a, to)) s->reach_from[c][pt][to] |= (uint16_t)(1u << from);
            }
    free(pos);
    return 0;
}

static int run_levels(Solver *s, char *err, size_t errlen) {
    char phase[32];
    for (s->level = 0;; s->level++) {
        if (s->level >= SOLVE_DIST_MAX) {
            snprintf(err, errlen, "a distance beyond %d plies", SOLVE_DIST_MAX);
            return -1;
        }
        snprintf(phase, sizeof phase, "level %d", s->level);
        if (!run_parallel(s, phase, level_block, s->ix->main_size)) break;
    }
    return 0;
}

int solve_game(const Variant *v, int threads, const SolveProgress *progress, SolvedTable *out, SolveStats *stats,
               char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    if (solve_index_init(&out->ix, v, 1ull << 32, err, errlen)) return -1;
    Solver s = {.threads = threads, .progress = progress};
    pthread_mutex_init(&s.lock, NULL);
    int rc = prepare(&s, out, err, errlen);
    if (!rc) {
        run_parallel(&s, "moves", forward_block, out->ix.main_size);
        rc = run_levels(&s, err, errlen);
    }
    if (!rc) {
        Position *pos = malloc(sizeof *pos);
        if (!pos) abort();
        solve_opening(&s, pos);
        free(pos);
        bit_mark(s.reached, solve_index_of(&out->ix, &out->ix.start));
        while (run_parallel(&s, "reachable", reach_block, out->ix.size)) {
        }
        out->checksum = solve_checksum(out->value, out->ix.size);
        if (stats) {
            compute_stats(&s, stats);
            stats->levels = s.level;
        }
    }
    free(s.count);
    free(s.moves);
    free(s.reached);
    free(s.expanded);
    pthread_mutex_destroy(&s.lock);
    if (rc) solved_free(out);
    return rc;
}

void solved_free(SolvedTable *t) {
    free(t->value);
    t->value = NULL;
    solve_index_free(&t->ix);
}

uint64_t solve_checksum(const uint8_t *values, uint64_t n) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (uint64_t i = 0; i < n; i++) h = (h ^ values[i]) * 0x100000001b3ull;
    return h;
}

int solve_rank(uint8_t b) {
    if (solve_is_win(b)) return 1000 - solve_distance(b);
    if (solve_is_loss(b)) return -1000 + solve_distance(b);
    return 0;
}

uint8_t solve_combine(const uint8_t *children, int n) {
    int best = -1;
    for (int i = 0; i < n; i++)
        if (children[i] != SOLVE_ILLEGAL && (best < 0 || solve_rank(children[i]) < solve_rank(children[best])))
            best = i;
    if (best < 0) return 1;
    uint8_t c = children[best];
    return c ? (uint8_t)(c + 1) : 0;
}
