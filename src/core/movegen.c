/* movegen.c - the generic legal-move generator (whole, or in search stages), the fast legality
 * test of a single move, and the game-end verdict.
 * Compiled twice through src/core_narrow.c and src/core_wide.c (see src/core.h).
 * Fast path: moves are produced as target bitboards per piece, with pins and check evasion
 * applied to whole sets, so perft leaves are counted with popcounts (bulk counting).
 * Slow paths (a trial move) exist only for rules that need one: pawn-drop mate, nana's
 * "no mate while holding pieces", and two-leg moves under a check rule.
 * Rules cited as shared/rules/<game>.md sections; decisions are recorded in docs/rules.md. */
#include "../movegen.h"

#include <stdio.h>
#include <string.h>
#ifdef MOVEGEN_CHECK_SURE
#include <stdlib.h>
#endif

typedef struct {
    Position *pos;
    const Variant *v;
    const VariantTables *t;
    Color us, them;
    Bitboard occ, own, enemy, empty;
    int ksq; /* our royal when the check rule applies, else -1 */
    Bitboard pinned;
    Bitboard target;      /* allowed destinations of non-royal board moves */
    Bitboard drop_target; /* allowed drop squares before per-piece bans */
    Bitboard enemy_lions; /* lion-trading rules only */
    bool can_pass;
    bool nested;            /* inside a mate test: nana 3.6 is not applied (depth-1 rule) */
    bool checks_only;       /* GEN_*_CHECKS: only moves that may give check (see check_targets) */
    Bitboard eroyals;       /* checks_only: the enemy royals */
    Bitboard discoverers;   /* checks_only: own pieces alone between an own slider and an enemy royal */
    Bitboard royal_sight;   /* checks_only: the first piece on each line from an enemy royal */
    Bitboard *check_cache;  /* checks_only: check_targets per type, valid where check_known has its bit */
    MoveList *qlist;        /* ST_SPLIT: the list of the quiet pass */
    const Bitboard *near;   /* checks_only, one enemy royal: its box tables (t->box + its square), else NULL */
    Bitboard royal_rays[8]; /* near: what a slider on the royal's square sees in each direction */
    uint64_t check_known;
    Bitboard movers; /* the own pieces whose board moves are generated (step 2) */
    bool counting;
    uint64_t count;
    MoveList *list;
} Gen;

static void generate(Gen *g);

/* A generator of pos's moves into list (NULL when counting) with every option off. WHY not
 * `Gen g = {...}`: that zeroes the whole state (about 580 bytes, a memset call) at every
 * generation, 1% of the mate solver's instructions; these are the fields read before a
 * generation writes them (setup, generate_stage and stage_checks write the others first). */
CORE_INLINE void gen_init(Gen *g, Position *pos, MoveList *list) {
    g->pos = pos;
    g->list = list;
    g->nested = false;
    g->checks_only = false;
    g->check_cache = NULL;
    g->qlist = NULL;
    g->near = NULL;
    g->check_known = 0;
    g->counting = false;
    g->count = 0;
}

/* Out of a single check with at most this many target squares (the checker and the squares
 * between), only the pieces that reach one of them are walked (generate_stage step 2). */
#ifndef EVASION_ASK_MAX
#define EVASION_ASK_MAX 3
#endif

static inline void push(Gen *g, Move m) {
    if (g->counting)
        g->count++;
    else if (g->list->size < MOVES_MAX)
        g->list->moves[g->list->size++] = m;
}

CORE_INLINE void push_targets(Gen *g, int from, Bitboard b, Move flags) {
    if (g->counting) {
        g->count += (uint64_t)bb_popcount(b);
        return;
    }
    int to;
    BB_FOREACH (to, b) push(g, move_make((Square)from, (Square)to) | flags);
}

/* Count the replies of the side to move with the plain rules (for mate tests). */
static uint64_t count_replies(Position *pos) {
    Gen g;
    gen_init(&g, pos, NULL);
    g.counting = true;
    g.nested = true;
    generate(&g);
    return g.count;
}

/* ---- board moves ------------------------------------------------------------------------- */

/* What one generator pass emits (GenType maps onto these): captures and every MF_PROMO move,
 * the other moves, or both. Each pass is its own inlined instance of the generator, so the
 * whole-list pass (perft) carries no test of the stage. */
enum { ST_CAP = 1, ST_QUIET = 2, ST_ALL = ST_CAP | ST_QUIET };
/* Both stage passes in one walk over the pieces (each piece's attacks found once), the
 * captures into g->list and the other moves into g->qlist, each list in its own pass's order. */
enum { ST_SPLIT = 4 };

/* The squares of att (attacks of a pt of colour us on from) where moving there may promote. */
CORE_INLINE Bitboard promo_targets(const Position *pos, Color us, int from, PieceType pt, Bitboard att,
                                   Bitboard enemy) {
    const VariantTables *t = pos->t;
    Bitboard zone = t->zone[us];
    /* shogi/wa: start or end in the zone */
    if (pos->v->promotion == PROMO_ZONE) return bb_test(zone, from) ? att : bb_and(att, zone);
    /* chu 5: entering the zone, or capturing from/into it; pawn last-rank exception */
    if (!bb_test(zone, from)) return bb_and(att, zone);
    Bitboard promo = bb_and(att, enemy);
    unsigned f = t->flags[pt];
    if ((f & PF_QUIET_LAST_RANK_PROMO) || ((f & PF_GOBETWEEN) && pos->rules.gobetween_last_rank))
        promo = bb_or(promo, bb_andnot(bb_and(att, t->last_rank[us]), enemy));
    return promo;
}

/* Emit moves of a piece to the squares in att with the game's promotion choices: all of them
 * (ST_ALL), the captures and promotions (ST_CAP) or the rest (ST_QUIET, att holds only empty
 * squares). */
CORE_INLINE void emit_board(Gen *g, int from, PieceType pt, Bitboard att, const int stage) {
    const VariantTables *t = g->t;
    if (t->can_promote[pt]) {
        if (stage & ST_CAP) push_targets(g, from, promo_targets(g->pos, g->us, from, pt, att, g->enemy), MF_PROMO);
        att = bb_andnot(att, t->dead[g->us][pt]); /* forced promotion where it could never move */
    }
    if (stage == ST_CAP) att = bb_and(att, g->enemy);
    push_targets(g, from, att, 0);
}

static inline bool is_protected(const Gen *g, int sq, Bitboard occ) {
    return bb_any(attackers_to(g->pos, sq, g->them, occ));
}

/* chu 7: may a piece from `from` capture the enemy lion on sq? occ_after has the mover (and
 * a first-leg victim) removed; bridge = the first leg took a piece that is a valid bridge. */
static bool lion_capture_ok(const Gen *g, int from, PieceType pt, int sq, Bitboard occ_after, bool bridge) {
    const StateInfo *st = pos_st(g->pos);
    if (g->t->flags[pt] & PF_LION) {
        if (bb_test(g->t->king_step[from], sq)) return true; /* 7.1 adjacent */
        return bridge || !is_protected(g, sq, occ_after);    /* 7.2 distant */
    }
    if (st->lion_sq == SQ_NONE || st->lion_sq == sq) return true;    /* 7.3 counter-strike */
    return g->pos->rules.okazaki && !is_protected(g, sq, occ_after); /* 7.4 Okazaki */
}

static Bitboard lion_filter(const Gen *g, int from, PieceType pt, Bitboard att) {
    Bitboard hit = bb_and(att, g->enemy_lions);
    int s;
    Bitboard occ_after = g->occ;
    bb_clear(&occ_after, from);
    BB_FOREACH (s, hit)
        if (!lion_capture_ok(g, from, pt, s, occ_after, false)) bb_clear(&att, s);
    return att;
}

/* A two-leg move under a check rule would need pin logic of its own: test it by trial. */
static void push_double(Gen *g, Move m) {
    if (g->ksq >= 0) {
        pos_do_move(g->pos, m);
        bool bad = bb_any(pos_compute_checkers(g->pos, g->us));
        pos_undo_move(g->pos);
        if (bad) return;
    }
    push(g, m);
}

static bool first_leg_ok(const Gen *g, int from, PieceType pt, int a) {
    if (!g->v->lion_rules || !bb_test(g->enemy_lions, a)) return true;
    Bitboard occ_after = g->occ;
    bb_clear(&occ_after, from);
    return lion_capture_ok(g, from, pt, a, occ_after, false);
}

static bool second_leg_ok(const Gen *g, int from, PieceType pt, int a, int b) {
    if (!g->v->lion_rules || !bb_test(g->enemy_lions, b)) return true;
    Bitboard occ_after = g->occ;
    bb_clear(&occ_after, from);
    bb_clear(&occ_after, a);
    bool bridge = !(g->t->flags[piece_type(g->pos->board[a])] & PF_WEAK);
    return lion_capture_ok(g, from, pt, b, occ_after, bridge);
}

/* chu 3: lion double moves (capture on the first leg, then a second step or igui), and the
 * linear lion power of the horned falcon and soaring eagle. Passes are noted, emitted once. */
static void gen_double(Gen *g, int from, PieceType pt) {
    const VariantTables *t = g->t;
    const int n = t->sq_count;
    if (t->lion_area[pt]) {
        Bitboard adj = t->king_step[from];
        if (bb_intersects(adj, g->empty)) g->can_pass = true;
        Bitboard victims = bb_and(adj, g->enemy);
        int a;
        BB_FOREACH (a, victims) {
            if (!first_leg_ok(g, from, pt, a)) continue;
            Bitboard second = bb_andnot(t->king_step[a], g->own);
            int b;
            BB_FOREACH (b, second)
                if (second_leg_ok(g, from, pt, a, b))
                    push_double(g, move_make_double((Square)from, (Square)a, (Square)b));
            push_double(g, move_make_double((Square)from, (Square)a, (Square)from)); /* igui */
        }
        return;
    }
    for (unsigned dirs = t->lion_dirs[g->us][pt]; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs);
        Bitboard first = bb_and(t->ray[d * n + from], t->king_step[from]);
        if (bb_is_empty(first)) continue;
        int a = bb_lsb(first);
        if (bb_test(g->empty, a)) {
            g->can_pass = true;
            continue;
        }
        if (!bb_test(g->enemy, a) || !first_leg_ok(g, from, pt, a)) continue;
        Bitboard beyond = bb_andnot(bb_and(t->ray[d * n + a], t->king_step[a]), g->own);
        if (bb_any(beyond)) {
            int b = bb_lsb(beyond);
            if (second_leg_ok(g, from, pt, a, b)) push_double(g, move_make_double((Square)from, (Square)a, (Square)b));
        }
        push_double(g, move_make_double((Square)from, (Square)a, (Square)from));
    }
}

/* Stage passes without two-leg moves still need to know whether a pass is possible: the same
 * test gen_double makes (an empty square in reach of the first leg). */
static void note_pass_room(Gen *g, int from, PieceType pt) {
    const VariantTables *t = g->t;
    if (t->lion_area[pt]) {
        if (bb_intersects(t->king_step[from], g->empty)) g->can_pass = true;
        return;
    }
    for (unsigned dirs = t->lion_dirs[g->us][pt]; dirs; dirs &= dirs - 1) {
        Bitboard first = bb_and(t->ray[__builtin_ctz(dirs) * t->sq_count + from], t->king_step[from]);
        if (bb_intersects(first, g->empty)) g->can_pass = true;
    }
}

/* The royal under the check rule: every destination (within mask) must be safe with the royal
 * lifted. WHY noinline: once per generation; inlined, its safety loop slowed the hot loop of
 * generate (more mispredicted branches in shogi perft), so the stage is a plain argument. */
__attribute__((noinline)) static void gen_royal(Gen *g, int from, PieceType pt, Bitboard mask, int stage) {
    Bitboard att = bb_andnot(piece_attacks(g->pos, pt, g->us, from, g->occ), g->own);
    if (stage != ST_ALL) att = bb_and(att, mask);
    if (bb_is_empty(att)) return; /* nothing to emit */
    Bitboard occ = g->occ;
    bb_clear(&occ, from);
    emit_board(g, from, pt,
               bb_andnot(att, attacked_near(g->pos, g->them, g->enemy, from, g->t->reach[pt], att, occ, false)), stage);
}

/* Pieces (of either colour) standing alone between square k and a slider of colour c aimed at
 * it: the pins of a royal on k when c is the enemy, the discovered-check candidates when c is
 * the royal's enemy seen from the other side. */
CORE_INLINE Bitboard slider_blockers(const Position *pos, int k, Color c, Bitboard occ) {
    const VariantTables *t = pos->t;
    const int n = t->sq_count;
    Bitboard blockers = bb_empty();
    for (unsigned dirs = t->slider_dirs_any[c]; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs), look = (d + 4) & 7;
        Bitboard snipers = bb_and(pos->sliders[c][d], t->ray[look * n + k]);
        if (bb_is_empty(snipers)) continue;
        int s = t->sq_delta[look] > 0 ? bb_lsb(snipers) : bb_msb(snipers);
        Bitboard b = bb_and(between_bb(t, k, s), occ);
        if (bb_any(b) && !bb_more_than_one(b)) blockers = bb_or(blockers, b);
    }
    for (int i = 0; i < t->limited_count_all; i++) {
        if (t->limited[i].color != c) continue;
        int look = (t->limited[i].dir + 4) & 7;
        Bitboard snipers = bb_and(bb_and(pos->by_type[t->limited[i].type], pos->by_color[c]),
                                  t->limited_ray[(look * RANGE_MAX + t->limited[i].range) * n + k]);
        int s;
        BB_FOREACH (s, snipers) {
            Bitboard b = bb_and(between_bb(t, k, s), occ);
            if (bb_any(b) && !bb_more_than_one(b)) blockers = bb_or(blockers, b);
        }
    }
    return blockers;
}

/* Own pieces that shield the royal from an enemy slider. */
CORE_INLINE Bitboard compute_pinned(const Gen *g) {
    return bb_and(slider_blockers(g->pos, g->ksq, g->them, g->occ), g->own);
}

/* GEN_*_CHECKS: the squares where a piece moved from `from` that is of type npt after the
 * move attacks an enemy royal (seen from the royal with the reversed colour, the mover
 * lifted). Lifting the mover changes that set only when a royal sees it along a line;
 * otherwise the set of the type is computed once per generation. */
static Bitboard check_targets_compute(Gen *g, int from, PieceType npt, bool aligned) {
    const VariantTables *t = g->t;
    Bitboard occ = g->occ, targets = bb_empty();
    int r;
    if (!aligned && g->near && !t->limited_count[g->them][npt]) {
        /* one royal: its lines are known (royal_rays), so only the type's leap is looked up */
        r = g->pos->royal_sq[g->them];
        targets = t->leap[(t->leap_group[npt] * 2 + g->them) * t->sq_count + r];
        for (unsigned dirs = t->slide_dirs[g->them][npt]; dirs; dirs &= dirs - 1)
            targets = bb_or(targets, g->royal_rays[__builtin_ctz(dirs)]);
    } else {
        if (aligned) bb_clear(&occ, from);
        BB_FOREACH (r, g->eroyals) targets = bb_or(targets, piece_attacks(g->pos, npt, g->them, r, occ));
    }
    if (!aligned) {
        g->check_cache[npt] = targets;
        g->check_known |= 1ULL << npt;
    }
    return targets;
}

/* WHY the look-up inline: most calls find the type's set already known */
CORE_INLINE Bitboard check_targets_as(Gen *g, int from, PieceType npt) {
    bool aligned = bb_test(g->royal_sight, from);
    if (!aligned && (g->check_known >> npt & 1)) return g->check_cache[npt];
    return check_targets_compute(g, from, npt, aligned);
}

/* The squares a quiet move of the piece (type pt) on from may go to and give check: anywhere
 * for a discovered-check candidate, else where its type after the move attacks a royal. */
static Bitboard check_targets(Gen *g, int from, PieceType pt) {
    if (bb_test(g->discoverers, from)) return g->t->board;
    return check_targets_as(g, from, pos_type_after(g->pos, pt, MOVE_NONE, false));
}

/* The same for the capture pass: a capture (the game may change the type on it) or a move
 * that promotes. */
CORE_INLINE Bitboard capture_check_targets(Gen *g, int from, PieceType pt) {
    if (bb_test(g->discoverers, from)) return g->t->board;
    Bitboard b = check_targets_as(g, from, pos_type_after(g->pos, pt, MOVE_NONE, true));
    if (g->t->can_promote[pt]) b = bb_or(b, check_targets_as(g, from, g->t->promotes_to[pt]));
    return b;
}

/* Squares a pinned piece may go to: from the royal through it up to and including the
 * pinner. WHY not the whole line: a jumper (wa fox) could leap over its pinner. */
static inline Bitboard pin_segment(const Gen *g, int from) {
    Bitboard occ = g->occ;
    bb_clear(&occ, from);
    return slide_attack(g->t, g->t->dir_between[g->ksq * g->t->sq_count + from], g->ksq, occ);
}

/* ---- drops -------------------------------------------------------------------------------- */

/* Does dropping face f on sq mate (a pawn-drop mate, shogi Drops)? */
static bool drop_mates(Position *pos, PieceType f, int sq) {
    Move m = move_make_drop(f, (Square)sq);
    /* WHY first: the royal mostly steps away or takes the pawn, and this needs no move made
     * (the caller ensures a single enemy royal; the game has the check rule) */
    if (!pos->v->check_allowed && pos_royal_flees_after(pos, m)) return false;
    pos_do_move(pos, m);
    bool mate = pos_in_check(pos) && count_replies(pos) == 0;
    pos_undo_move(pos);
    return mate;
}

/* GEN_QUIET_CHECKS: a drop of face f checks only from where f attacks an enemy royal.
 * WHY noinline: kept out of gen_drops_of, which the whole-list generator runs at every node. */
__attribute__((noinline)) static Bitboard drop_check_squares(const Gen *g, PieceType f) {
    Bitboard checks = bb_empty();
    int k;
    BB_FOREACH (k, g->eroyals) checks = bb_or(checks, piece_attacks(g->pos, f, g->them, k, g->occ));
    return checks;
}

static void gen_drops_of(Gen *g, PieceType h) {
    const Position *pos = g->pos;
    const VariantTables *t = g->t;
    const Rules *r = &pos->rules;
    int eking = pos->royal_count[g->them] == 1 ? pos->royal_sq[g->them] : -1;
    for (int i = 0; i < t->face_count[h]; i++) {
        PieceType f = t->faces[h][i];
        unsigned flags = t->flags[f];
        Bitboard to = g->drop_target;
        if (g->checks_only) to = bb_and(to, drop_check_squares(g, f));
        if (!r->dead_drops && !r->free_drops) to = bb_andnot(to, t->dead[g->us][f]);
        if ((flags & PF_NIFU) && !r->free_drops) {
            Bitboard own_pawns = bb_and(pos->by_type[f], g->own);
            int s;
            BB_FOREACH (s, own_pawns) to = bb_andnot(to, t->file_bb[sq_x(g->v, s)]);
        }
        if (g->v->drop_check_banned && eking >= 0) /* nana 3.3: a drop may not give check */
            to = bb_andnot(to, piece_attacks(pos, f, g->them, eking, g->occ));
        if ((flags & PF_ROYAL) && !g->v->check_allowed) { /* a dropped royal may not stand attacked */
            Bitboard safe = bb_empty();
            int s;
            BB_FOREACH (s, to) {
                Bitboard occ = g->occ;
                bb_set(&occ, s);
                if (bb_is_empty(attackers_to(pos, s, g->them, occ))) bb_set(&safe, s);
            }
            to = safe;
        }
        if ((flags & PF_NO_DROP_MATE) && !r->free_drops && eking >= 0) {
            Bitboard checks = bb_and(to, piece_attacks(pos, f, g->them, eking, g->occ));
            int s;
            BB_FOREACH (s, checks)
                if (drop_mates(g->pos, f, s)) bb_clear(&to, s);
        }
        if (g->counting)
            g->count += (uint64_t)bb_popcount(to);
        else {
            int s;
            BB_FOREACH (s, to) push(g, move_make_drop(f, (Square)s));
        }
    }
}

static void gen_drops(Gen *g) {
    const VariantTables *t = g->t;
    for (int k = 0; k < t->hand_type_count; k++) {
        PieceType h = t->hand_types[k];
        if (g->pos->hand[g->us][h]) gen_drops_of(g, h);
    }
}

/* ---- the generator ------------------------------------------------------------------------ */

CORE_INLINE void setup(Gen *g) {
    Position *pos = g->pos;
    g->v = pos->v;
    g->t = pos->t;
    g->us = pos->stm;
    g->them = color_flip(g->us);
    g->own = pos->by_color[g->us];
    g->enemy = pos->by_color[g->them];
    g->occ = bb_or(g->own, g->enemy);
    g->empty = bb_andnot(g->t->board, g->occ);
    g->ksq = -1;
    g->can_pass = false;
    if (g->v->lion_rules) {
        g->enemy_lions = bb_empty();
        for (int q = 1; q < g->t->type_count; q++)
            if (g->t->flags[q] & PF_LION) g->enemy_lions = bb_or(g->enemy_lions, pos->by_type[q]);
        g->enemy_lions = bb_and(g->enemy_lions, g->enemy);
    }
}

/* Target squares of the piece on from for a stage pass: ST_CAP keeps enemy squares, and the
 * squares where it may promote; ST_QUIET keeps empty squares (those that may check, for
 * GEN_QUIET_CHECKS). */
CORE_INLINE Bitboard stage_mask(Gen *g, int from, PieceType pt, const int stage) {
    const VariantTables *t = g->t;
    if (stage == ST_QUIET) return g->checks_only ? bb_and(g->empty, check_targets(g, from, pt)) : g->empty;
    if (!t->can_promote[pt]) return g->enemy;
    /* WHY a superset: promo_targets picks the promotions out of these squares exactly */
    if (g->v->promotion == PROMO_ZONE && bb_test(t->zone[g->us], from)) return t->board;
    return bb_or(g->enemy, t->zone[g->us]);
}

/* ST_SPLIT: while the quiet pass's moves are emitted, they go to its own list. */
static inline void swap_lists(Gen *g) {
    MoveList *l = g->list;
    g->list = g->qlist;
    g->qlist = l;
}

/* ST_SPLIT: one piece's moves of both passes, as generate_stage's step 3 emits them in each. */
static void split_piece(Gen *g, int from, PieceType pt, bool double_check) {
    const VariantTables *t = g->t;
    Bitboard mc = stage_mask(g, from, pt, ST_CAP), mq = stage_mask(g, from, pt, ST_QUIET);
    bool anyc = bb_any(mc), anyq = bb_any(mq);
    if (from == g->ksq) {
        if (g->checks_only) mc = bb_and(mc, capture_check_targets(g, from, pt));
        if (anyc) gen_royal(g, from, pt, mc, ST_CAP);
        if (anyq) {
            swap_lists(g);
            gen_royal(g, from, pt, mq, ST_QUIET);
            swap_lists(g);
        }
        return;
    }
    if (double_check) return;
    if (anyc || anyq) {
        Bitboard att = bb_and(piece_attacks(g->pos, pt, g->us, from, g->occ), g->target);
        Bitboard ac = bb_and(att, mc), aq = bb_and(att, mq);
        if (g->checks_only && bb_any(ac)) ac = bb_and(ac, capture_check_targets(g, from, pt));
        if (g->ksq >= 0 && bb_test(g->pinned, from) && bb_any(bb_or(ac, aq))) {
            Bitboard seg = pin_segment(g, from);
            ac = bb_and(ac, seg);
            aq = bb_and(aq, seg);
        }
        if (g->v->lion_rules && bb_intersects(ac, g->enemy_lions)) ac = lion_filter(g, from, pt, ac);
        if (bb_any(ac)) emit_board(g, from, pt, ac, ST_CAP);
        if (bb_any(aq)) {
            swap_lists(g);
            emit_board(g, from, pt, aq, ST_QUIET);
            swap_lists(g);
        }
    }
    if (t->has_double[pt]) gen_double(g, from, pt); /* it notes the room for a pass too */
}

CORE_INLINE void generate_stage(Gen *g, const int stage) {
    setup(g);
    Position *pos = g->pos;
    const Variant *v = g->v;
    const VariantTables *t = g->t;

    /* Step 1: a royal still in hand must be dropped before anything else (nana 3.1) */
    g->drop_target = bb_andnot(g->empty, t->no_drop);
    if (v->royal_drop_first && t->royal_type) {
        PieceType rh = t->hand_type[t->royal_type];
        if (rh && pos->hand[g->us][rh]) {
            if (stage == ST_SPLIT) swap_lists(g);
            if (stage & (ST_QUIET | ST_SPLIT)) gen_drops_of(g, rh);
            if (stage == ST_SPLIT) swap_lists(g);
            return;
        }
    }

    /* Step 2: the check rule: pins, and evasion targets when in check */
    g->target = bb_andnot(t->board, g->own);
    bool double_check = false;
    g->movers = g->own;
    if (!v->check_allowed && pos->royal_count[g->us] == 1) {
        g->ksq = pos->royal_sq[g->us];
        g->pinned = compute_pinned(g);
        Bitboard checkers = pos_st(pos)->checkers;
        if (bb_any(checkers)) {
            double_check = bb_more_than_one(checkers);
            int c = bb_lsb(checkers);
            Bitboard btw = between_bb(t, g->ksq, c);
            /* WHY: a jump (wa fox's A/D) cannot be blocked, though its squares are aligned */
            if (bb_test(leap_attack(t, piece_type(pos->board[c]), g->them, c), g->ksq)) btw = bb_empty();
            g->target = bb_and(g->target, bb_or(btw, bb_square(c)));
            g->drop_target = bb_and(g->drop_target, btw);
            /* WHY: out of check a piece other than the royal can only take the checker or
             * interpose, and with few such squares asking who reaches them is cheaper than
             * every piece's attacks (the mate solver counts the replies of every check it
             * makes); the pieces keep their order, so the list is the same */
            if (!double_check && !t->any_double && bb_popcount(g->target) <= EVASION_ASK_MAX) {
                Bitboard reach = bb_square(g->ksq), sqs = g->target;
                int s;
                BB_FOREACH (s, sqs) reach = bb_or(reach, attackers_to(pos, s, g->us, g->occ));
                g->movers = bb_and(g->own, reach);
            }
        }
    }

    /* Step 3: board moves */
    Bitboard pieces = g->movers;
    int from;
    BB_FOREACH (from, pieces) {
        PieceType pt = piece_type(pos->board[from]);
        /* WHY: a piece too far from the royal to reach an attack on it in one move gives no
         * direct check; most of a tsume attacker's pieces are (docs/mate.md, session 38) */
        if (g->near && !bb_test(g->discoverers, from)) {
            int r = t->check_reach[pt];
            if (r == 0 || (r != REACH_FAR && !bb_test(g->near[(r - 1) * t->sq_count], from))) continue;
        }
        if (stage == ST_SPLIT) {
            split_piece(g, from, pt, double_check);
            continue;
        }
        /* WHY the emptiness tests only in stage passes: there most pieces have no candidate
         * square (quiet checks) or no target (captures); the whole-list pass keeps its shape
         * (and gen_royal ignores its empty mask there) */
        Bitboard mask = bb_empty();
        bool any = true;
        if (stage != ST_ALL) {
            mask = stage_mask(g, from, pt, stage);
            any = bb_any(mask);
        }
        if (from == g->ksq) {
            if (stage == ST_CAP && g->checks_only) mask = bb_and(mask, capture_check_targets(g, from, pt));
            if (any) gen_royal(g, from, pt, mask, stage);
            continue;
        }
        if (double_check) continue;
        Bitboard att = bb_empty();
        if (any) {
            att = bb_and(piece_attacks(pos, pt, g->us, from, g->occ), g->target);
            if (stage != ST_ALL) att = bb_and(att, mask);
            /* WHY after the attacks: most pieces have no capture to make */
            if (stage == ST_CAP && g->checks_only && bb_any(att)) att = bb_and(att, capture_check_targets(g, from, pt));
        }
        if (stage == ST_ALL || bb_any(att)) {
            if (g->ksq >= 0 && bb_test(g->pinned, from)) att = bb_and(att, pin_segment(g, from));
            if (v->lion_rules && bb_intersects(att, g->enemy_lions)) att = lion_filter(g, from, pt, att);
            emit_board(g, from, pt, att, stage);
        }
        if (t->has_double[pt]) {
            if (stage & ST_CAP)
                gen_double(g, from, pt);
            else
                note_pass_room(g, from, pt);
        }
    }
    if (stage == ST_CAP) return;
    if (stage == ST_SPLIT) swap_lists(g);
    /* WHY checks_only skips it: a pass changes nothing, and a check that already stands makes
     * stage_checks() generate every quiet move (checks_only off) */
    if (g->can_pass && !g->checks_only) {
        /* one pass per side (chu 9); any lion-power piece with room may make it */
        Bitboard lions = g->own;
        int s;
        BB_FOREACH (s, lions)
            if (t->has_double[piece_type(pos->board[s])]) {
                push_double(g, move_make_pass((Square)s));
                break;
            }
    }

    /* Step 4: drops */
    /* WHY the target test: out of a contact check no drop can help, whatever the hand */
    if (v->drops && pos->hand_total[g->us] && !double_check && bb_any(g->drop_target)) gen_drops(g);
    if (stage == ST_SPLIT) swap_lists(g);
}

static void generate(Gen *g) { generate_stage(g, ST_ALL); }
static void generate_captures(Gen *g) { generate_stage(g, ST_CAP); }
static void generate_quiets(Gen *g) { generate_stage(g, ST_QUIET); }

/* nana 3.6: with pieces in hand, a board move may not mate (nor stalemate, by option). */
static bool needs_mate_ban(const Position *pos) { return pos->v->no_mate_with_hand && pos->hand_total[pos->stm] > 0; }

static void filter_mate_ban(Position *pos, MoveList *list) {
    int kept = 0;
    for (int i = 0; i < list->size; i++) {
        Move m = list->moves[i];
        bool ok = true;
        if (!move_is_drop(m)) {
            pos_do_move(pos, m);
            if (count_replies(pos) == 0) ok = pos_in_check(pos) ? false : !pos->rules.no_stalemate_with_hand;
            pos_undo_move(pos);
        }
        if (ok) list->moves[kept++] = m;
    }
    list->size = kept;
}

/* chu 6, option "Allow repeats" = false: a move that would create the repetition_count-th
 * occurrence of a position is illegal. Off by default, so the fast path stays untouched. */
static bool needs_repeat_ban(const Position *pos) { return pos->v->repeats_rule && !pos->rules.allow_repeats; }

static void filter_repeats(Position *pos, MoveList *list) {
    int kept = 0;
    for (int i = 0; i < list->size; i++) {
        Move m = list->moves[i];
        pos_do_move(pos, m);
        bool bad = pos_repetitions(pos) + 1 >= pos->v->repetition_count;
        pos_undo_move(pos);
        if (!bad) list->moves[kept++] = m;
    }
    list->size = kept;
}

/* The rules no bitboard pass applies, as filters on a generated list. */
static void apply_filters(Position *pos, MoveList *list) {
    if (needs_mate_ban(pos)) filter_mate_ban(pos, list);
    if (needs_repeat_ban(pos)) filter_repeats(pos, list);
}

void movegen_legal(Position *pos, MoveList *list) {
    list->size = 0;
    Gen g;
    gen_init(&g, pos, list);
    generate(&g);
    apply_filters(pos, list);
}

/* GEN_QUIET_CHECKS, GEN_CAPTURE_CHECKS, movegen_checks: the stages' moves restricted to
 * possible checks, each confirmed; with both stages, the captures first, on one setup (the
 * discovered-check lines and the check squares of each type found once). Returns how many of
 * the moves kept are captures. */
static int stage_checks(Position *pos, MoveList *list, int stages) {
    Bitboard cache[PT_MAX];
    Gen g;
    gen_init(&g, pos, list);
    g.check_cache = cache;
    Color us = pos->stm, them = color_flip(us);
    g.eroyals = royal_squares(pos, them);
    if (bb_is_empty(g.eroyals)) return 0; /* nothing to attack: no checks */
    /* WHY: where check is allowed (chu) an enemy royal may already stand attacked; then every
     * quiet move that keeps the attack is a check, so all quiet moves are candidates */
    g.checks_only = !pos->v->check_allowed || bb_is_empty(pos_compute_checkers(pos, them));
    if (g.checks_only) {
        Bitboard occ = pos_occupied(pos), disc = bb_empty(), sight = bb_empty();
        int r;
        BB_FOREACH (r, g.eroyals) {
            disc = bb_or(disc, slider_blockers(pos, r, us, occ));
            for (int d = 0; d < 8; d++) {
                g.royal_rays[d] = slide_attack(pos->t, d, r, occ);
                sight = bb_or(sight, g.royal_rays[d]);
            }
        }
        g.discoverers = bb_and(disc, pos->by_color[us]);
        g.royal_sight = bb_and(sight, occ);
        if (pos->royal_count[them] == 1) g.near = pos->t->box + pos->royal_sq[them];
    }
    int ncap;
    if (stages == ST_ALL) { /* both passes in one walk; the quiet moves after the captures */
        MoveList quiets;
        quiets.size = 0;
        g.qlist = &quiets;
        generate_stage(&g, ST_SPLIT);
        ncap = list->size;
        for (int i = 0; i < quiets.size && list->size < MOVES_MAX; i++) list->moves[list->size++] = quiets.moves[i];
    } else {
        if (stages & ST_CAP) generate_captures(&g);
        ncap = list->size;
        if (stages & ST_QUIET) generate_quiets(&g);
    }
    /* WHY the test is skipped for most quiet moves: a drop went only where its piece attacks an
     * enemy royal, and a quiet move not from a discovered-check square only where its piece
     * (unpromoted) does, so those check; captures may promote or not, and are all tested */
    int kept = 0, kept_caps = 0;
    for (int i = 0; i < list->size; i++) {
        Move m = list->moves[i];
        bool sure = g.checks_only && i >= ncap && (move_is_drop(m) || !bb_test(g.discoverers, move_from(m)));
#ifdef MOVEGEN_CHECK_SURE /* development: every move taken on trust does check */
        if (sure && !pos_gives_check(pos, m)) abort();
#endif
        if (sure || pos_gives_check(pos, m)) {
            list->moves[kept++] = m;
            kept_caps += i < ncap;
        }
    }
    list->size = kept;
    return kept_caps;
}

int movegen_checks(Position *pos, MoveList *list) {
    list->size = 0;
    if (!needs_mate_ban(pos) && !needs_repeat_ban(pos)) return stage_checks(pos, list, ST_CAP | ST_QUIET);
    /* WHY apart: the filters drop moves from each stage's list */
    MoveList quiets;
    movegen_stage(pos, GEN_CAPTURE_CHECKS, list);
    movegen_stage(pos, GEN_QUIET_CHECKS, &quiets);
    int ncap = list->size;
    for (int i = 0; i < quiets.size && list->size < MOVES_MAX; i++) list->moves[list->size++] = quiets.moves[i];
    return ncap;
}

void movegen_stage(Position *pos, GenType type, MoveList *list) {
    list->size = 0;
    Gen g;
    gen_init(&g, pos, list);
    switch (type) {
    case GEN_CAPTURES: generate_captures(&g); break;
    case GEN_QUIETS: generate_quiets(&g); break;
    case GEN_QUIET_CHECKS: (void)stage_checks(pos, list, ST_QUIET); break;
    case GEN_CAPTURE_CHECKS: (void)stage_checks(pos, list, ST_CAP); break;
    case GEN_EVASIONS: /* the generator restricts to evasions itself when in check */
    case GEN_ALL:
    default: generate(&g); break;
    }
    apply_filters(pos, list);
}

uint64_t movegen_count(Position *pos) {
    if (needs_mate_ban(pos) || needs_repeat_ban(pos)) {
        MoveList list;
        movegen_legal(pos, &list);
        return (uint64_t)list.size;
    }
    Gen g;
    gen_init(&g, pos, NULL);
    g.counting = true;
    generate(&g);
    return g.count;
}

bool movegen_is_legal(Position *pos, Move m) {
    MoveList list;
    movegen_legal(pos, &list);
    for (int i = 0; i < list.size; i++)
        if (list.moves[i] == m) return true;
    return false;
}

/* ---- one move's legality without the list ------------------------------------------------- */

/* The squares where a drop stops the check on the lone royal on ksq: between it and a single
 * sliding checker; none against a jump or two checkers (the rule of generate, step 2). */
static Bitboard evasion_blocks(const Position *pos, int ksq, Bitboard checkers) {
    if (bb_more_than_one(checkers)) return bb_empty();
    int c = bb_lsb(checkers);
    if (bb_test(leap_attack(pos->t, piece_type(pos->board[c]), color_flip(pos->stm), c), ksq)) return bb_empty();
    return between_bb(pos->t, ksq, c);
}

/* A drop m (MF_DROP alone, mid bits clear, to on the board): every rule of gen_drops_of, in its
 * order, for one square. */
static bool drop_is_legal(Position *pos, Move m) {
    const Variant *v = pos->v;
    const VariantTables *t = pos->t;
    const Rules *r = &pos->rules;
    Color us = pos->stm, them = color_flip(us);
    PieceType f = move_drop_type(m);
    int to = move_to(m);
    if (!v->drops || f == 0 || f >= t->type_count) return false;
    PieceType h = t->hand_type[f];
    if (!h || !pos->hand[us][h] || pos->board[to] || bb_test(t->no_drop, to)) return false;
    bool face = false;
    for (int i = 0; i < t->face_count[h]; i++) face |= t->faces[h][i] == f;
    if (!face) return false;
    PieceType rh = v->royal_drop_first && t->royal_type ? t->hand_type[t->royal_type] : 0;
    bool royal_first = rh && pos->hand[us][rh];
    if (royal_first && h != rh) return false;
    unsigned flags = t->flags[f];
    Bitboard occ = pos_occupied(pos);
    if (!r->dead_drops && !r->free_drops && bb_test(t->dead[us][f], to)) return false;
    if ((flags & PF_NIFU) && !r->free_drops &&
        bb_intersects(bb_and(pos->by_type[f], pos->by_color[us]), t->file_bb[sq_x(v, to)]))
        return false;
    int eking = pos->royal_count[them] == 1 ? pos->royal_sq[them] : -1;
    bool checks = eking >= 0 && bb_test(piece_attacks(pos, f, them, eking, occ), to);
    if (v->drop_check_banned && checks) return false;
    Bitboard occ_after = occ;
    bb_set(&occ_after, to);
    if ((flags & PF_ROYAL) && !v->check_allowed && bb_any(attackers_to(pos, to, them, occ_after))) return false;
    if (!royal_first && !v->check_allowed && pos->royal_count[us] == 1 && pos_in_check(pos) &&
        !bb_test(evasion_blocks(pos, pos->royal_sq[us], pos_st(pos)->checkers), to))
        return false;
    if ((flags & PF_NO_DROP_MATE) && !r->free_drops && checks && drop_mates(pos, f, to)) return false;
    return !needs_repeat_ban(pos) || movegen_is_legal(pos, m);
}

bool movegen_is_pseudo_legal(Position *pos, Move m) {
    const Variant *v = pos->v;
    const VariantTables *t = pos->t;
    const int n = t->sq_count;
    Color us = pos->stm, them = color_flip(us);
    Move flags = m & 0xff000000u;
    int to = move_to(m), from = move_from(m);
    /* the encodings the generator produces, nothing else (m may be any 32-bit value) */
    if (to >= n) return false;
    if (flags == MF_DOUBLE || flags == MF_PASS) {
        /* WHY the list: two-leg moves and passes carry lion rules and trial moves of their own */
        if (from >= n || move_mid(m) >= n || (flags == MF_PASS && (from != to || move_mid(m)))) return false;
        Piece pc = pos->board[from];
        if (!pc || piece_color(pc) != us || !t->has_double[piece_type(pc)]) return false;
        return movegen_is_legal(pos, m);
    }
    if (move_mid(m)) return false;
    if (flags == MF_DROP) return drop_is_legal(pos, m);
    if (flags != 0 && flags != MF_PROMO) return false;

    /* a board move: a piece of ours attacking a square not ours, with the right promotion flag */
    if (from >= n || from == to) return false;
    Piece pc = pos->board[from], cap = pos->board[to];
    if (!pc || piece_color(pc) != us || (cap && piece_color(cap) == us)) return false;
    if (v->royal_drop_first && t->royal_type) {
        PieceType rh = t->hand_type[t->royal_type];
        if (rh && pos->hand[us][rh]) return false; /* only the royal's drop (nana 3.1) */
    }
    PieceType pt = piece_type(pc);
    Bitboard occ = pos_occupied(pos);
    if (!bb_test(piece_attacks(pos, pt, us, from, occ), to)) return false;
    if (move_is_promo(m)) {
        if (!t->can_promote[pt] || !bb_test(promo_targets(pos, us, from, pt, bb_square(to), pos->by_color[them]), to))
            return false;
    } else if (t->can_promote[pt] && bb_test(t->dead[us][pt], to))
        return false; /* forced promotion */
    /* WHY the list: lion trading (chu 7), nana's mate ban and the repeat ban need trial moves */
    if ((v->lion_rules && cap && (t->flags[piece_type(cap)] & PF_LION)) || needs_mate_ban(pos) || needs_repeat_ban(pos))
        return movegen_is_legal(pos, m);

    /* the check rule: our royal must not stand attacked after the move */
    if (v->check_allowed || pos->royal_count[us] != 1) return true;
    if (from != pos->royal_sq[us] && bb_more_than_one(pos_st(pos)->checkers)) return false;
    return !royal_attacked_after(pos, m);
}

/* ---- game end ------------------------------------------------------------------------------ */

/* chu 6, bare king: is colour c down to one royal, every other piece of it immobile for
 * good (a pawn or lance on its last rank), with nothing in hand? */
static bool is_bare(const Position *pos, Color c) {
    if (pos->royal_count[c] != 1 || pos->hand_total[c]) return false;
    Bitboard others = pos->by_color[c];
    bb_clear(&others, pos->royal_sq[c]);
    int s;
    BB_FOREACH (s, others) {
        if (bb_any(piece_attacks(pos, piece_type(pos->board[s]), c, s, bb_empty()))) return false;
    }
    return true;
}

/* Pieces of colour c that count as material against a bare royal: neither royal nor weak
 * (unpromoted pawns and go-betweens must promote first). */
static Bitboard bare_king_material(const Position *pos, Color c) {
    Bitboard m = bb_empty();
    for (int q = 1; q < pos->t->type_count; q++)
        if (!(pos->t->flags[q] & (PF_ROYAL | PF_WEAK))) m = bb_or(m, pos->by_type[q]);
    return bb_and(m, pos->by_color[c]);
}

/* chu 6 (JCSA, lishogi): a bare royal loses when the other side has real material, is not in
 * check and (holding a single piece) cannot lose it to the bare royal; two bare royals draw.
 * Only with exactly one royal per side. docs/rules-chu.md, "Bare king". */
static GameResult bare_king_result(Position *pos, char *reason, size_t len) {
    if (!pos->rules.bare_king || pos->royal_count[BLACK] != 1 || pos->royal_count[WHITE] != 1) return RESULT_NONE;
    bool bare[COLOR_NB] = {is_bare(pos, BLACK), is_bare(pos, WHITE)};
    if (!bare[BLACK] && !bare[WHITE]) return RESULT_NONE;
    bool checked[COLOR_NB];
    for (int c = 0; c < COLOR_NB; c++)
        checked[c] = (Color)c == pos->stm ? pos_in_check(pos) : bb_any(pos_compute_checkers(pos, (Color)c));
    if (bare[BLACK] && bare[WHITE]) {
        if (checked[BLACK] || checked[WHITE]) return RESULT_NONE;
        snprintf(reason, len, "both royals bare");
        return RESULT_DRAW;
    }
    Color loser = bare[BLACK] ? BLACK : WHITE, winner = color_flip(loser);
    Bitboard mat = bare_king_material(pos, winner);
    if (bb_is_empty(mat) || checked[winner]) return RESULT_NONE;
    if (!bb_more_than_one(mat) && bb_intersects(mat, pos->t->king_step[pos->royal_sq[loser]])) return RESULT_NONE;
    snprintf(reason, len, "bare king");
    return loser == pos->stm ? RESULT_LOSS : RESULT_WIN;
}

GameResult pos_bare_king_result(Position *pos) {
    char reason[32];
    return bare_king_result(pos, reason, sizeof reason);
}

GameResult pos_game_result(Position *pos, char *reason, size_t len) {
    Color us = pos->stm;
    snprintf(reason, len, "%s", "");
    if (pos->v->check_allowed) {
        if (!pos_has_royal(pos, us)) {
            snprintf(reason, len, "last royal captured");
            return RESULT_LOSS;
        }
        if (!pos_has_royal(pos, color_flip(us))) {
            snprintf(reason, len, "last royal captured");
            return RESULT_WIN;
        }
    }
    GameResult r = bare_king_result(pos, reason, len);
    if (r != RESULT_NONE) return r;
    r = pos_repetition_result(pos, pos->v->repetition_count, reason, len);
    if (r != RESULT_NONE) return r;
    if (movegen_count(pos) == 0) {
        if (pos_in_check(pos)) {
            snprintf(reason, len, "checkmate");
            return RESULT_LOSS;
        }
        snprintf(reason, len, "no legal move");
        return pos->rules.stalemate_draws ? RESULT_DRAW : RESULT_LOSS;
    }
    return RESULT_NONE;
}
