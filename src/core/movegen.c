/* movegen.c - the generic legal-move generator and the game-end verdict.
 * Compiled twice through src/core_narrow.c and src/core_wide.c (see src/core.h).
 * Fast path: moves are produced as target bitboards per piece, with pins and check evasion
 * applied to whole sets, so perft leaves are counted with popcounts (bulk counting).
 * Slow paths (a trial move) exist only for rules that need one: pawn-drop mate, nana's
 * "no mate while holding pieces", and two-leg moves under a check rule.
 * Rules cited as shared/rules/<game>.md sections; decisions are recorded in docs/rules.md. */
#include "../movegen.h"

#include <stdio.h>
#include <string.h>

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
    bool nested; /* inside a mate test: nana 3.6 is not applied (depth-1 rule) */
    bool counting;
    uint64_t count;
    MoveList *list;
} Gen;

static void generate(Gen *g);

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
    Gen g = {.pos = pos, .counting = true, .nested = true};
    generate(&g);
    return g.count;
}

/* ---- board moves ------------------------------------------------------------------------- */

/* Emit moves of a piece to the squares in att with the game's promotion choices. */
CORE_INLINE void emit_board(Gen *g, int from, PieceType pt, Bitboard att) {
    const VariantTables *t = g->t;
    if (t->can_promote[pt]) {
        Bitboard zone = t->zone[g->us], promo;
        if (g->v->promotion == PROMO_ZONE) {
            /* shogi/wa: start or end in the zone */
            promo = bb_test(zone, from) ? att : bb_and(att, zone);
        } else {
            /* chu 5: entering the zone, or capturing from/into it; pawn last-rank exception */
            if (bb_test(zone, from)) {
                promo = bb_and(att, g->enemy);
                unsigned f = t->flags[pt];
                if ((f & PF_QUIET_LAST_RANK_PROMO) || ((f & PF_GOBETWEEN) && g->pos->rules.gobetween_last_rank))
                    promo = bb_or(promo, bb_and(bb_and(att, g->empty), t->last_rank[g->us]));
            } else
                promo = bb_and(att, zone);
        }
        push_targets(g, from, promo, MF_PROMO);
        att = bb_andnot(att, t->dead[g->us][pt]); /* forced promotion where it could never move */
    }
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

/* The royal under the check rule: every destination must be safe with the royal lifted. */
static void gen_royal(Gen *g, int from, PieceType pt) {
    Bitboard att = bb_andnot(piece_attacks(g->pos, pt, g->us, from, g->occ), g->own);
    Bitboard occ = g->occ, safe = bb_empty();
    bb_clear(&occ, from);
    int to;
    BB_FOREACH (to, att)
        if (bb_is_empty(attackers_to(g->pos, to, g->them, occ))) bb_set(&safe, to);
    emit_board(g, from, pt, safe);
}

/* Own pieces that shield the royal from an enemy slider. */
static Bitboard compute_pinned(const Gen *g) {
    const Position *pos = g->pos;
    const VariantTables *t = g->t;
    const int n = t->sq_count, k = g->ksq;
    Bitboard pinned = bb_empty();
    for (unsigned dirs = t->slider_dirs_any[g->them]; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs), look = (d + 4) & 7;
        Bitboard snipers = bb_and(pos->sliders[g->them][d], t->ray[look * n + k]);
        if (bb_is_empty(snipers)) continue;
        int s = t->sq_delta[look] > 0 ? bb_lsb(snipers) : bb_msb(snipers);
        Bitboard b = bb_and(between_bb(t, k, s), g->occ);
        if (bb_any(b) && !bb_more_than_one(b)) pinned = bb_or(pinned, b);
    }
    for (int i = 0; i < t->limited_count_all; i++) {
        if (t->limited[i].color != g->them) continue;
        int look = (t->limited[i].dir + 4) & 7;
        Bitboard snipers = bb_and(bb_and(pos->by_type[t->limited[i].type], pos->by_color[g->them]),
                                  t->limited_ray[(look * RANGE_MAX + t->limited[i].range) * n + k]);
        int s;
        BB_FOREACH (s, snipers) {
            Bitboard b = bb_and(between_bb(t, k, s), g->occ);
            if (bb_any(b) && !bb_more_than_one(b)) pinned = bb_or(pinned, b);
        }
    }
    return bb_and(pinned, g->own);
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
static bool drop_mates(Gen *g, PieceType f, int sq) {
    Move m = move_make_drop(f, (Square)sq);
    pos_do_move(g->pos, m);
    bool mate = pos_in_check(g->pos) && count_replies(g->pos) == 0;
    pos_undo_move(g->pos);
    return mate;
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
                if (drop_mates(g, f, s)) bb_clear(&to, s);
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

static void setup(Gen *g) {
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

static void generate(Gen *g) {
    setup(g);
    Position *pos = g->pos;
    const Variant *v = g->v;
    const VariantTables *t = g->t;

    /* Step 1: a royal still in hand must be dropped before anything else (nana 3.1) */
    g->drop_target = bb_andnot(g->empty, t->no_drop);
    if (v->royal_drop_first && t->royal_type) {
        PieceType rh = t->hand_type[t->royal_type];
        if (rh && pos->hand[g->us][rh]) {
            gen_drops_of(g, rh);
            return;
        }
    }

    /* Step 2: the check rule: pins, and evasion targets when in check */
    g->target = bb_andnot(t->board, g->own);
    bool double_check = false;
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
        }
    }

    /* Step 3: board moves */
    Bitboard pieces = g->own;
    int from;
    BB_FOREACH (from, pieces) {
        PieceType pt = piece_type(pos->board[from]);
        if (from == g->ksq) {
            gen_royal(g, from, pt);
            continue;
        }
        if (double_check) continue;
        Bitboard att = bb_and(piece_attacks(pos, pt, g->us, from, g->occ), g->target);
        if (g->ksq >= 0 && bb_test(g->pinned, from)) att = bb_and(att, pin_segment(g, from));
        if (v->lion_rules && bb_intersects(att, g->enemy_lions)) att = lion_filter(g, from, pt, att);
        emit_board(g, from, pt, att);
        if (t->has_double[pt]) gen_double(g, from, pt);
    }
    if (g->can_pass) {
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
    if (v->drops && pos->hand_total[g->us] && !double_check) gen_drops(g);
}

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

void movegen_legal(Position *pos, MoveList *list) {
    list->size = 0;
    Gen g = {.pos = pos, .list = list};
    generate(&g);
    if (needs_mate_ban(pos)) filter_mate_ban(pos, list);
    if (needs_repeat_ban(pos)) filter_repeats(pos, list);
}

uint64_t movegen_count(Position *pos) {
    if (needs_mate_ban(pos) || needs_repeat_ban(pos)) {
        MoveList list;
        movegen_legal(pos, &list);
        return (uint64_t)list.size;
    }
    Gen g = {.pos = pos, .counting = true};
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
