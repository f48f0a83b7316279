/* layout.c - which terms each game has and where their parameters sit, derived from the
 * descriptor: drops give hand values, the attacker's-hand axis of king danger, drop-check
 * squares and nifu; one royal per side gives the king terms; PF_LION pieces the lion terms;
 * entering-king points the entering-king terms; games without drops taper by material.
 * Values come from the game's compiled-in table (eval/params_<game>.h); a parameter that
 * table does not list starts from a neutral default (descriptor material, small priors). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../src/strbuf.h"
#include "internal.h"

#include "../src/textpos.h"

enum { GAMES_MAX = 16 };
static EvalGame games[GAMES_MAX];
static pthread_once_t games_once = PTHREAD_ONCE_INIT;

typedef struct {
    EvalGame *g;
    int n;
} Builder;

/* Append a parameter named "<term>[ <sym>][ <k>]" (no k when k < 0); returns its index. */
static int add_param(Builder *b, const char *term, const char *sym, int k, int value) {
    EvalGame *g = b->g;
    if (b->n >= EVAL_PARAMS_MAX) {
        fprintf(stderr, "shishi: eval: %s has more than %d parameters\n", g->v->name, EVAL_PARAMS_MAX);
        abort();
    }
    char name[64];
    StrBuf nb = strbuf_init(name, sizeof name);
    strbuf_printf(&nb, "%s%s%s", term, sym ? " " : "", sym ? sym : "");
    if (k >= 0) strbuf_printf(&nb, " %d", k);
    snprintf(g->name[b->n], EVAL_NAME_MAX, "%.*s", EVAL_NAME_MAX - 1, name);
    g->param[b->n] = (EvalScore){value, value};
    return b->n++;
}

/* A run of n parameters "<term>[ <sym>] <k0+i>", each starting at value(i, arg) (0 without
 * value); returns the first index. */
static int add_run(Builder *b, const char *term, const char *sym, int n, int k0, int (*value)(int i, int arg),
                   int arg) {
    int first = b->n;
    for (int i = 0; i < n; i++) add_param(b, term, sym, k0 + i, value ? value(i, arg) : 0);
    return first;
}

static int value_const(int i, int arg) { return (void)i, arg; }
static int value_advance(int i, int arg) { return arg ? 0 : 2 * i; } /* arg: royal */
static bool is_royal(const VariantTables *t, PieceType pt) { return (t->flags[pt] & PF_ROYAL) != 0; }

static void scan_start(EvalGame *g) {
    const Variant *v = g->v;
    Position *pos = malloc(sizeof *pos);
    char err[128];
    g->start_material = 0;
    g->single_royal = false;
    if (pos && !pos_set_sfen(pos, v, NULL, v->start, err, sizeof err)) {
        for (int s = 0; s < v->tables->sq_count; s++) {
            Piece p = pos->board[s];
            if (p && !is_royal(v->tables, piece_type(p))) g->start_material += v->tables->value[piece_type(p)];
        }
        g->single_royal = pos->royal_count[BLACK] == 1 && pos->royal_count[WHITE] == 1;
    }
    free(pos);
}

static void classify_types(EvalGame *g) {
    const VariantTables *t = g->v->tables;
    int cheapest = 1 << 30;
    for (int pt = 1; pt < t->type_count; pt++)
        if (!is_royal(t, pt) && t->value[pt] < cheapest) cheapest = t->value[pt];
    for (int pt = 1; pt < t->type_count; pt++) {
        g->cheap[pt] = !is_royal(t, pt) && t->value[pt] * 2 <= cheapest * 3;
        g->ranged[pt] = variant_type_ranged(t, BLACK, pt);
        g->lion[pt] = (t->flags[pt] & PF_LION) != 0;
        g->phase_value[pt] = is_royal(t, pt) ? 0 : t->value[pt];
        g->hand_weight[pt] = g->cheap[pt] ? 1 : 2;
        g->impasse_points[pt] = g->v->pieces[pt - 1].impasse_points;
        if (g->impasse_points[pt] && !is_royal(t, pt)) g->impasse = 1;
    }
}

static void layout_piece_terms(Builder *b) {
    EvalGame *g = b->g;
    const Variant *v = g->v;
    const VariantTables *t = v->tables;
    EvalLayout *L = &g->at;
    bool any_cheap = false;
    for (int pt = 1; pt < t->type_count; pt++) any_cheap |= g->cheap[pt];
    for (int pt = 1; pt < t->type_count; pt++) {
        const char *sym = variant_symbol(v, pt);
        bool royal = is_royal(t, pt);
        L->mat[pt] = royal ? -1 : add_param(b, "mat", sym, -1, t->value[pt]);
        L->rank[pt] = add_run(b, "rank", sym, v->ranks, 0, value_advance, royal);
        L->file[pt] = add_run(b, "file", sym, (v->files + 1) / 2, 0, NULL, 0);
        if (royal) continue;
        if (g->single_royal) {
            L->kown[pt] = add_run(b, "kown", sym, KDIST_MAX, 1, NULL, 0);
            L->kopp[pt] = add_run(b, "kopp", sym, KDIST_MAX, 1, NULL, 0);
        }
        if (g->ranged[pt]) L->mob[pt] = add_param(b, "mob", sym, -1, 0);
        L->hang[pt] = add_param(b, "hang", sym, -1, -t->value[pt] / 4);
        L->hangm[pt] = add_param(b, "hangm", sym, -1, 0);
        if (any_cheap && !g->cheap[pt]) L->cheapatk[pt] = add_param(b, "cheapatk", sym, -1, 0);
    }
}

static void layout_hand_terms(Builder *b) {
    EvalGame *g = b->g;
    const Variant *v = g->v;
    const VariantTables *t = v->tables;
    EvalLayout *L = &g->at;
    if (!v->drops) return;
    for (int k = 0; k < t->hand_type_count; k++) {
        PieceType h = t->hand_types[k];
        const char *sym = variant_symbol(v, h);
        L->hand[h] = add_run(b, "hand", sym, HAND_STEPS, 1, value_const, t->value[h] * 11 / 10);
        if (g->single_royal && !v->drop_check_banned) {
            L->dropchk[h] = add_param(b, "dropchk", sym, -1, 0);
            L->dropchkd[h] = add_param(b, "dropchkd", sym, -1, 0);
        }
        if (t->flags[h] & PF_NIFU) L->nifu[h] = add_param(b, "nifu", sym, -1, 0);
    }
}

static void layout_global_terms(Builder *b) {
    EvalGame *g = b->g;
    EvalLayout *L = &g->at;
    if (g->single_royal) {
        L->ks = b->n;
        for (int u = 0; u < KS_UNITS; u++)
            for (int h = 0; h < g->ks_hands; h++) {
                char row[16];
                snprintf(row, sizeof row, "%d", u);
                add_param(b, "ks", row, h, -u * u * (2 + h) / 2);
            }
        L->kdef = add_run(b, "kdef", NULL, KZONE_MAX, 0, NULL, 0);
        L->kesc = add_run(b, "kesc", NULL, KZONE_MAX, 0, NULL, 0);
        if (g->impasse) {
            L->ek_king = add_param(b, "ek king", NULL, -1, 0);
            L->ek_points = add_param(b, "ek points", NULL, -1, 0);
        }
    }
    bool lions = false;
    for (int pt = 1; pt < g->v->tables->type_count; pt++) lions |= g->lion[pt];
    if (lions) {
        L->lion_atk = add_param(b, "lion atk", NULL, -1, 0);
        L->lion_hang = add_param(b, "lion hang", NULL, -1, 0);
    }
    L->tempo = add_param(b, "tempo", NULL, -1, 20);
}

static void build_squares(EvalGame *g) {
    const Variant *v = g->v;
    int n = v->tables->sq_count;
    g->kbucket = malloc((size_t)n * n);
    for (int a = 0; a < n; a++) {
        int y = sq_y(v, a), x = sq_x(v, a);
        g->rel_rank[BLACK][a] = (uint8_t)y;
        g->rel_rank[WHITE][a] = (uint8_t)(v->ranks - 1 - y);
        g->edge_file[a] = (uint8_t)(x < v->files - 1 - x ? x : v->files - 1 - x);
        g->file_of[a] = (uint8_t)x;
        for (int bq = 0; bq < n; bq++) {
            int dx = abs(x - sq_x(v, bq)), dy = abs(y - sq_y(v, bq));
            int d = dx > dy ? dx : dy;
            g->kbucket[a * n + bq] = (uint8_t)((d < KDIST_MAX ? d : KDIST_MAX) - 1);
        }
    }
}

/* Does any of the n parameters from first (-1: none) have a non-zero weight? */
static bool run_nonzero(const EvalGame *g, int first, int n) {
    for (int i = 0; first >= 0 && i < n; i++)
        if (g->param[first + i].mg || g->param[first + i].eg) return true;
    return false;
}

void eval_game_refresh(EvalGame *g) {
    const VariantTables *t = g->v->tables;
    const EvalLayout *L = &g->at;
    for (int c = 0; c < COLOR_NB; c++)
        for (int pt = 1; pt < t->type_count; pt++)
            for (int sq = 0; sq < t->sq_count; sq++) {
                int idx[3] = {L->mat[pt], L->rank[pt] + g->rel_rank[c][sq], L->file[pt] + g->edge_file[sq]};
                EvalScore s = {0, 0};
                for (int k = 0; k < 3; k++)
                    if (idx[k] >= 0) s.mg += g->param[idx[k]].mg, s.eg += g->param[idx[k]].eg;
                g->psq[c][pt][sq] = c == BLACK ? s : (EvalScore){-s.mg, -s.eg};
            }
    for (int pt = 1; pt < t->type_count; pt++) {
        g->kdist_used[pt] = run_nonzero(g, L->kown[pt], KDIST_MAX) || run_nonzero(g, L->kopp[pt], KDIST_MAX);
        g->mob_used[pt] = run_nonzero(g, L->mob[pt], 1);
    }
}

static void apply_rows(EvalGame *g, const EvalParamRow *rows) {
    for (int r = 0; rows && rows[r].name; r++)
        for (int i = 0; i < g->count; i++)
            if (!strcmp(g->name[i], rows[r].name)) {
                g->param[i] = (EvalScore){rows[r].mg, rows[r].eg};
                break;
            }
}

static void build_game(EvalGame *g, const Variant *v) {
    g->v = v;
    g->tapered = !v->drops;
    g->ks_hands = v->drops ? KS_HAND : 1;
    memset(&g->at, -1, sizeof g->at);
    g->name = calloc(EVAL_PARAMS_MAX, sizeof *g->name);
    g->param = calloc(EVAL_PARAMS_MAX, sizeof *g->param);
    g->psq = calloc(COLOR_NB, sizeof *g->psq);
    if (!g->name || !g->param || !g->psq) abort();
    scan_start(g);
    classify_types(g);
    build_squares(g);
    Builder b = {g, 0};
    layout_piece_terms(&b);
    layout_hand_terms(&b);
    layout_global_terms(&b);
    g->count = b.n;
    apply_rows(g, eval_compiled_rows(v));
    g->initial = malloc(sizeof *g->initial * (size_t)g->count);
    if (!g->initial) abort();
    memcpy(g->initial, g->param, sizeof *g->initial * (size_t)g->count);
    eval_game_refresh(g);
}

static void build_all(void) {
    variants_init();
    const Variant *const *list = variant_list();
    for (int i = 0; i < GAMES_MAX && list[i]; i++) build_game(&games[list[i]->tables->index], list[i]);
}

static EvalGame *game_of(const Variant *v) {
    pthread_once(&games_once, build_all);
    return &games[v->tables->index];
}
const EvalGame *eval_game(const Variant *v) { return game_of(v); }

/* WHY a freeze: the parameter tables are process-wide and read by every search thread without
 * locks. They may change only in a single-threaded set-up phase (shishi tune, shishi eval
 * --params, tests) before the first search; a change after it is a bug, stopped here. */
static atomic_bool params_frozen;

void eval_params_freeze(void) { atomic_store_explicit(&params_frozen, true, memory_order_relaxed); }

EvalGame *eval_game_mut(const Variant *v) {
    if (atomic_load_explicit(&params_frozen, memory_order_relaxed)) {
        fprintf(stderr, "shishi: eval: parameters of %s changed after a search started\n", v->name);
        abort();
    }
    return game_of(v);
}

/* ---- the public face --------------------------------------------------------------------- */

static inline int clamp(int v, int limit) { return v < -limit ? -limit : v > limit ? limit : v; }

Value evaluate(const Position *pos) {
    const EvalGame *g = eval_game(pos->v);
    Value v = pos->t->narrow ? eval_black_narrow(pos, g) : eval_black_wide(pos, g);
    v = clamp(v, EVAL_LIMIT);
    return pos->stm == BLACK ? v : -v;
}

int eval_param_count(const Variant *v) { return eval_game(v)->count; }
const char *eval_param_name(const Variant *v, int i) { return eval_game(v)->name[i]; }
EvalScore eval_param(const Variant *v, int i) { return eval_game(v)->param[i]; }
bool eval_tapered(const Variant *v) { return eval_game(v)->tapered; }

int eval_param_index(const Variant *v, const char *name) {
    const EvalGame *g = eval_game(v);
    for (int i = 0; i < g->count; i++)
        if (!strcmp(g->name[i], name)) return i;
    return -1;
}

void eval_set_param(const Variant *v, int i, EvalScore s) {
    EvalGame *g = eval_game_mut(v);
    if (i < 0 || i >= g->count) return;
    s.mg = clamp(s.mg, EVAL_PARAM_LIMIT);
    s.eg = clamp(s.eg, EVAL_PARAM_LIMIT);
    g->param[i] = s;
    eval_game_refresh(g);
}

void eval_reset_params(const Variant *v) {
    EvalGame *g = eval_game_mut(v);
    memcpy(g->param, g->initial, sizeof *g->param * (size_t)g->count);
    eval_game_refresh(g);
}
