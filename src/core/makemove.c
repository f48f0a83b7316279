/* makemove.c - attack detection and make/unmake: the hot half of the position.
 * Compiled twice through src/core_narrow.c and src/core_wide.c (see src/core.h); never
 * compiled on its own. Rules come from the descriptor; nothing here names a game. */
#include "../attacks.h"
#include "../placement.h"
#include "../zobrist.h"
#ifdef CHECKERS_CHECK
#include <stdlib.h>
#endif

/* ---- attacks ----------------------------------------------------------------------------- */

/* WHY always_inline: a Bitboard is 24 bytes, which the C calling convention passes and
 * returns through memory; inlined into movegen.c (same translation unit, see core.h) it
 * stays in registers. The public functions below wrap these. */
#define CORE_INLINE static inline __attribute__((always_inline))

CORE_INLINE Bitboard attackers_to(const Position *pos, int sq, Color c, Bitboard occ) {
    const VariantTables *t = pos->t;
    const int n = t->sq_count;
    Bitboard att = bb_empty();
    Color them = color_flip(c);
    /* leapers: a piece of colour c on s attacks sq iff colour !c's same leap from sq hits s */
    for (int g = 0; g < t->leap_group_count; g++) {
        Bitboard grp = pos->by_group[g];
        if (bb_is_empty(grp)) continue;
        att = bb_or(att, bb_and(t->leap[(g * 2 + them) * n + sq], grp));
    }
    att = bb_and(att, pos->by_color[c]);
    /* unlimited sliders: look from sq in the opposite direction */
    for (unsigned dirs = t->slider_dirs_any[c]; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs);
        Bitboard s = pos->sliders[c][d];
        if (!bb_intersects(s, t->ray[((d + 4) & 7) * n + sq])) continue;
        att = bb_or(att, bb_and(slide_attack(t, (d + 4) & 7, sq, occ), s));
    }
    /* range-limited sliders (rare: wa) */
    for (int k = 0; k < t->limited_count_all; k++) {
        if (t->limited[k].color != c) continue;
        Bitboard s = bb_and(pos->by_type[t->limited[k].type], pos->by_color[c]);
        if (bb_is_empty(s)) continue;
        att = bb_or(att, bb_and(limited_slide_attack(t, (t->limited[k].dir + 4) & 7, t->limited[k].range, sq, occ), s));
    }
    return att;
}

/* The attackers of colour c among `who`, prepared for asking about several squares: only the
 * leap groups and slide directions in which such a piece stands. WHY: the royal's moves test
 * every destination (the mate solver counts the replies of every check it makes, and tries
 * the flights after every check of its mate-in-one probe); most of a side's leap groups and
 * directions are empty, and most destinations are attacked (the answer comes early). */
typedef struct {
    int groups, limited;
    unsigned dirs;
    uint8_t group[LEAP_GROUP_MAX];
    Bitboard gmask[LEAP_GROUP_MAX];
    Bitboard dmask[8];
    Bitboard who;
    Color c;
} AttackerSet;

CORE_INLINE void attacker_set(const Position *pos, Color c, Bitboard who, AttackerSet *a) {
    const VariantTables *t = pos->t;
    a->c = c;
    a->who = who;
    a->groups = 0;
    for (int g = 0; g < t->leap_group_count; g++) {
        Bitboard m = bb_and(pos->by_group[g], who);
        if (bb_is_empty(m)) continue;
        a->group[a->groups] = (uint8_t)g;
        a->gmask[a->groups++] = m;
    }
    a->dirs = 0;
    for (unsigned dirs = t->slider_dirs_any[c]; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs);
        Bitboard m = bb_and(pos->sliders[c][d], who);
        if (bb_is_empty(m)) continue;
        a->dirs |= 1u << d;
        a->dmask[d] = m;
    }
    a->limited = t->limited_count_all;
}

/* Does a piece of the set attack sq (occupancy occ)? attackers_to's answer, returned at the
 * first attacker found. */
CORE_INLINE bool attacker_set_hits(const Position *pos, const AttackerSet *a, int sq, Bitboard occ) {
    const VariantTables *t = pos->t;
    const int n = t->sq_count;
    Color them = color_flip(a->c);
    for (int i = 0; i < a->groups; i++)
        if (bb_intersects(t->leap[(a->group[i] * 2 + them) * n + sq], a->gmask[i])) return true;
    for (unsigned dirs = a->dirs; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs), look = (d + 4) & 7;
        if (!bb_intersects(a->dmask[d], t->ray[look * n + sq])) continue;
        if (bb_intersects(slide_attack(t, look, sq, occ), a->dmask[d])) return true;
    }
    for (int k = 0; k < a->limited; k++) {
        if (t->limited[k].color != a->c) continue;
        Bitboard s = bb_and(bb_and(pos->by_type[t->limited[k].type], pos->by_color[a->c]), a->who);
        if (bb_is_empty(s)) continue;
        if (bb_intersects(limited_slide_attack(t, (t->limited[k].dir + 4) & 7, t->limited[k].range, sq, occ), s))
            return true;
    }
    return false;
}

/* Which of `squares` (each at most `radius` king steps from k) does a piece of colour c among
 * `who` attack (occupancy occ)? attacker_set_hits' answer for each, found the other way round:
 * the leaps of the few pieces near enough to k to land on one (the box tables), then the
 * sliders (from each slider when every square is wanted; square by square, stopping at the
 * first free one, for any_free). WHY: the royal's steps (its flights, its moves out of check)
 * are mostly not attacked, so asking square by square ran every leap group for each.
 * any_free: the caller asks only whether some square is not attacked; the answer may then
 * leave out attacked squares, but holds every square when all are. */
CORE_INLINE Bitboard attacked_near(const Position *pos, Color c, Bitboard who, int k, int radius, Bitboard squares,
                                   Bitboard occ, const bool any_free) {
    const VariantTables *t = pos->t;
    const int n = t->sq_count;
    int d = t->leap_reach + radius, s;
    Bitboard hit = bb_empty();
    if (radius >= REACH_FAR || d > BOX_MAX || t->limited_count_all) {
        AttackerSet a;
        attacker_set(pos, c, who, &a);
        BB_FOREACH (s, squares) {
            if (attacker_set_hits(pos, &a, s, occ))
                bb_set(&hit, s);
            else if (any_free)
                return hit; /* s is not in it: enough for the caller */
        }
        return hit;
    }
    Bitboard near = bb_and(who, t->box[(d - 1) * n + k]);
    BB_FOREACH (s, near) hit = bb_or(hit, t->leap[(t->leap_group[piece_type(pos->board[s])] * 2 + c) * n + s]);
    hit = bb_and(hit, squares);
    Bitboard rest = bb_andnot(squares, hit);
    if (any_free) { /* square by square: the first one no slider attacks ends it */
        BB_FOREACH (s, rest) {
            bool attacked = false;
            for (unsigned dirs = t->slider_dirs_any[c]; dirs && !attacked; dirs &= dirs - 1) {
                int dir = __builtin_ctz(dirs), look = (dir + 4) & 7;
                Bitboard m = bb_and(pos->sliders[c][dir], who);
                attacked = bb_intersects(m, t->ray[look * n + s]) && bb_intersects(slide_attack(t, look, s, occ), m);
            }
            if (!attacked) return hit;
            bb_set(&hit, s);
        }
        return hit;
    }
    /* WHY from the sliders, not from the squares: a direction has one or two sliders, most of
     * whose lines miss the royal's squares, where asking each square cost a test per square */
    for (unsigned dirs = t->slider_dirs_any[c]; dirs && bb_any(rest); dirs &= dirs - 1) {
        int dir = __builtin_ctz(dirs);
        Bitboard m = bb_and(pos->sliders[c][dir], who);
        BB_FOREACH (s, m) {
            if (!bb_intersects(t->ray[dir * n + s], rest)) continue;
            Bitboard a = bb_and(slide_attack(t, dir, s, occ), rest);
            hit = bb_or(hit, a);
            rest = bb_andnot(rest, a);
        }
    }
    return hit;
}

Bitboard pos_piece_attacks(const Position *pos, PieceType pt, Color c, int sq, Bitboard occ) {
    return piece_attacks(pos, pt, c, sq, occ);
}

Bitboard pos_attackers_to(const Position *pos, int sq, Color c, Bitboard occ) { return attackers_to(pos, sq, c, occ); }

Bitboard pos_compute_checkers(const Position *pos, Color victim) {
    if (pos->royal_count[victim] == 0) return bb_empty();
    Bitboard occ = pos_occupied(pos);
    if (pos->royal_count[victim] == 1) return pos_attackers_to(pos, pos->royal_sq[victim], color_flip(victim), occ);
    Bitboard att = bb_empty();
    for (int s = 0; s < pos->t->sq_count; s++) {
        Piece p = pos->board[s];
        if (p && piece_color(p) == victim && (pos->t->flags[piece_type(p)] & PF_ROYAL))
            att = bb_or(att, pos_attackers_to(pos, s, color_flip(victim), occ));
    }
    return att;
}

/* ---- gives check ------------------------------------------------------------------------- */

/* Royals of colour c on the board. */
CORE_INLINE Bitboard royal_squares(const Position *pos, Color c) {
    if (pos->royal_count[c] == 0) return bb_empty();
    if (pos->royal_count[c] == 1) return bb_square(pos->royal_sq[c]);
    Bitboard r = bb_empty();
    for (int q = 1; q < pos->t->type_count; q++)
        if (pos->t->flags[q] & PF_ROYAL) r = bb_or(r, pos->by_type[q]);
    return bb_and(r, pos->by_color[c]);
}

/* The first piece seen from royal r through the vacated square sq (occupancy occ) when it is
 * a piece of colour c, other than the one on `moved`, that attacks r; else -1. */
CORE_INLINE int discoverer(const Position *pos, int r, int sq, Color c, int moved, Bitboard occ) {
    const VariantTables *t = pos->t;
    int d = t->dir_between[r * t->sq_count + sq];
    if (d < 0) return -1;
    Bitboard hit = bb_and(slide_attack(t, d, r, occ), occ);
    if (bb_is_empty(hit)) return -1;
    int s = bb_lsb(hit);
    if (s == moved || !bb_test(pos->by_color[c], s)) return -1;
    return bb_test(piece_attacks(pos, piece_type(pos->board[s]), c, s, occ), r) ? s : -1;
}

CORE_INLINE bool discovered(const Position *pos, int r, int sq, Color c, int moved, Bitboard occ) {
    return discoverer(pos, r, sq, c, moved, occ) >= 0;
}

CORE_INLINE bool gives_check(const Position *pos, Move m, bool fresh) {
    Color us = pos->stm, them = color_flip(us);
    if (pos->royal_count[them] == 0) return false;
    if (move_is_pass(m)) return bb_any(pos_compute_checkers(pos, them)); /* nothing changes */
    Bitboard occ = pos_occupied(pos), royals = royal_squares(pos, them);
    int to = move_to(m), from = -1, mid = -1;
    PieceType npt;
    if (move_is_drop(m))
        npt = move_drop_type(m);
    else {
        from = move_from(m);
        bool captures = to != from && pos->board[to];
        if (move_is_double(m)) {
            mid = move_mid(m);
            captures |= pos->board[mid] != PIECE_NONE;
            bb_clear(&occ, mid);
            bb_clear(&royals, mid);
        }
        npt = pos_type_after(pos, piece_type(pos->board[from]), m, captures);
        bb_clear(&occ, from);
    }
    bb_clear(&royals, to);
    bb_set(&occ, to);
    Bitboard direct = piece_attacks(pos, npt, us, to, occ);
    if (bb_intersects(direct, royals)) return true;
    int r;
    if (fresh || !pos->v->check_allowed) {
        /* WHY: under the check rule no piece of ours attacks an enemy royal before our move, so
         * a new attack comes from the moved piece or along a line through a vacated square. */
        if (from < 0) return false;
        BB_FOREACH (r, royals)
            if (discovered(pos, r, from, us, to, occ) || (mid >= 0 && discovered(pos, r, mid, us, to, occ)))
                return true;
        return false;
    }
    /* check allowed (chu): a royal may already stand attacked; ask every other piece of ours */
    Bitboard others = pos->by_color[us];
    if (from >= 0) bb_clear(&others, from);
    others = bb_and(others, occ);
    BB_FOREACH (r, royals)
        if (bb_intersects(attackers_to(pos, r, us, occ), others)) return true;
    return false;
}

bool pos_gives_check(const Position *pos, Move m) { return gives_check(pos, m, false); }
bool pos_gives_new_check(const Position *pos, Move m) { return gives_check(pos, m, true); }

/* Would the single royal of the side to move stand attacked after its move m (not made)? The
 * attackers of the royal's square after the move (its new square if it moves) with the
 * occupancy after the move, less the pieces m takes. */
CORE_INLINE bool royal_attacked_after(const Position *pos, Move m) {
    Color us = pos->stm;
    int k = pos->royal_sq[us], to = move_to(m);
    Bitboard occ = pos_occupied(pos), taken = bb_empty();
    if (!move_is_drop(m)) {
        int from = move_from(m);
        if (from == k) k = to;
        bb_clear(&occ, from);
        if (move_is_double(m) && pos->board[move_mid(m)]) {
            bb_clear(&occ, move_mid(m));
            bb_set(&taken, move_mid(m));
        }
        if (to != from && pos->board[to]) bb_set(&taken, to);
    }
    bb_set(&occ, to);
    return bb_any(bb_andnot(attackers_to(pos, k, color_flip(us), occ), taken));
}

bool pos_royal_attacked_after(const Position *pos, Move m) { return royal_attacked_after(pos, m); }

/* After the (not yet made) board move or drop m of the side to move: could the enemy's single
 * royal step to a square on which no piece of ours would attack it? Exactly the flight test
 * mate1.c makes after the move (royal lifted, own pieces excluded, a captured piece's square
 * open), answered on the board as it is: the mover is counted from its new square only. The
 * caller excludes double moves, passes and games where check is allowed. */
bool pos_royal_flees_after(const Position *pos, Move m) {
    Color us = pos->stm, them = color_flip(us);
    int k = pos->royal_sq[them], to = move_to(m);
    Bitboard occ = pos_occupied(pos), ours = pos->by_color[us], theirs = pos->by_color[them];
    PieceType npt;
    if (move_is_drop(m))
        npt = move_drop_type(m);
    else {
        int from = move_from(m);
        npt = pos_type_after(pos, piece_type(pos->board[from]), m, to != from && pos->board[to]);
        bb_clear(&occ, from);
        bb_clear(&ours, from);
    }
    bb_set(&occ, to);
    bb_clear(&occ, k);
    bb_clear(&theirs, to);
    PieceType rt = piece_type(pos->board[k]);
    Bitboard steps = bb_andnot(piece_attacks(pos, rt, them, k, occ), theirs);
    steps = bb_andnot(steps, piece_attacks(pos, npt, us, to, occ));
    if (bb_is_empty(steps)) return false;
    return bb_any(bb_andnot(steps, attacked_near(pos, us, ours, k, pos->t->reach[rt], steps, occ, true)));
}

Bitboard pos_royal_flights(const Position *pos) {
    Color us = pos->stm, them = color_flip(us);
    int k = pos->royal_sq[them];
    Bitboard occ = pos_occupied(pos);
    bb_clear(&occ, k);
    PieceType rt = piece_type(pos->board[k]);
    Bitboard steps = bb_andnot(piece_attacks(pos, rt, them, k, occ), pos->by_color[them]);
    return bb_andnot(steps, attacked_near(pos, us, pos->by_color[us], k, pos->t->reach[rt], steps, occ, false));
}

/* ---- make / unmake ------------------------------------------------------------------------ */

/* Returns the change of the hands' part of the key. */
static inline Key add_to_hand(Position *pos, Color c, Piece captured) {
    PieceType h = pos->t->hand_type[piece_type(captured)];
    if (!pos->v->drops || !h) return 0;
    int n = pos->hand[c][h]++;
    pos->hand_total[c]++;
    return hand_key(c, h, n) ^ hand_key(c, h, n + 1);
}

static inline void take_from_hand(Position *pos, Color c, Piece captured) {
    PieceType h = pos->t->hand_type[piece_type(captured)];
    if (!pos->v->drops || !h) return;
    pos->hand[c][h]--;
    pos->hand_total[c]--;
}

/* The pieces of us attacking the single royal of them after our move m (made). WHY not every
 * piece asked: under the check rule none of ours attacked it before the move (a position with
 * the side not to move in check is refused), so an attack comes from the moved piece or along
 * the line through the square it left; elsewhere (a royal may stand attacked, several royals,
 * double moves, passes) the full count. */
CORE_INLINE Bitboard new_checkers(const Position *pos, Move m, Color us, Color them) {
    if (pos->v->check_allowed || pos->royal_count[them] != 1 || move_is_double(m) || move_is_pass(m))
        return pos_compute_checkers(pos, them);
    int k = pos->royal_sq[them], to = move_to(m);
    Bitboard occ = pos_occupied(pos), chk = bb_empty();
    if (bb_test(piece_attacks(pos, piece_type(pos->board[to]), us, to, occ), k)) bb_set(&chk, to);
    int s = move_is_drop(m) ? -1 : discoverer(pos, k, move_from(m), us, to, occ);
    if (s >= 0) bb_set(&chk, s);
    return chk;
}

void pos_do_move(Position *pos, Move m) {
    const VariantTables *t = pos->t;
    const Variant *v = pos->v;
    StateInfo *prev = &pos->states[pos->sp];
    StateInfo *st = &pos->states[++pos->sp];
    Color us = pos->stm, them = color_flip(us);
    Key k = prev->key ^ zob_side, hk = prev->hkey;
    if (prev->lion_sq != SQ_NONE) k ^= zob_lion[prev->lion_sq];
    st->move = m;
    st->captured = st->captured_mid = PIECE_NONE;
    st->lion_sq = SQ_NONE;
    int to = move_to(m);

    if (move_is_drop(m)) {
        /* Step 1a: a drop takes a piece from the hand and puts the chosen face down */
        PieceType pt = move_drop_type(m);
        PieceType h = t->hand_type[pt];
        int n = pos->hand[us][h]--;
        pos->hand_total[us]--;
        hk ^= hand_key(us, h, n) ^ hand_key(us, h, n - 1);
        Piece pc = piece_make(us, pt);
        st->moved = pc;
        put_piece(pos, pc, to);
        k ^= zob_psq[us][pt][to];
    } else if (move_is_pass(m)) {
        /* Step 1b: a pass changes nothing but the side to move */
        st->moved = pos->board[move_from(m)];
    } else {
        /* Step 1c: a board move, possibly with a capture on a middle square */
        int from = move_from(m);
        Piece pc = pos->board[from];
        PieceType pt = piece_type(pc);
        st->moved = pc;
        int lion_taken = SQ_NONE;
        if (move_is_double(m)) {
            int mid = move_mid(m);
            Piece c1 = pos->board[mid];
            if (c1) {
                st->captured_mid = c1;
                remove_piece(pos, mid);
                k ^= zob_psq[them][piece_type(c1)][mid];
                hk ^= add_to_hand(pos, us, c1);
                if (t->flags[piece_type(c1)] & PF_LION) lion_taken = mid;
            }
        }
        Piece c2 = to != from ? pos->board[to] : PIECE_NONE;
        if (c2) {
            st->captured = c2;
            remove_piece(pos, to);
            k ^= zob_psq[them][piece_type(c2)][to];
            hk ^= add_to_hand(pos, us, c2);
            if (t->flags[piece_type(c2)] & PF_LION) lion_taken = to;
        }
        /* Step 2: the new type: optional promotion, or the game's forced change */
        PieceType npt = pos_type_after(pos, pt, m, c2 || st->captured_mid);
        if (to != from && npt == pt && !(t->flags[pt] & PF_ROYAL)) {
            move_piece(pos, pc, from, to);
            k ^= zob_psq[us][pt][from] ^ zob_psq[us][pt][to];
        } else if (to != from || npt != pt) {
            remove_piece(pos, from);
            k ^= zob_psq[us][pt][from];
            put_piece(pos, piece_make(us, npt), to);
            k ^= zob_psq[us][npt][to];
        }
        /* Step 3: chu counter-strike state (chu.md 7.3): a non-lion took a lion */
        if (v->lion_rules && lion_taken != SQ_NONE && !(t->flags[pt] & PF_LION)) {
            st->lion_sq = (uint8_t)lion_taken;
            k ^= zob_lion[lion_taken];
        }
    }
    pos->stm = them;
    /* the hands' changes were kept apart (hk) and join the key here */
    st->key = k ^ prev->hkey ^ hk;
    st->hkey = hk;
    st->checkers = new_checkers(pos, m, us, them);
#ifdef CHECKERS_CHECK /* development: the incremental set against the full one */
    if (!bb_equal(st->checkers, pos_compute_checkers(pos, them))) abort();
#endif
}

void pos_undo_move(Position *pos) {
    StateInfo *st = &pos->states[pos->sp];
    Move m = st->move;
    Color them = pos->stm, us = color_flip(them);
    int to = move_to(m);
    if (move_is_drop(m)) {
        PieceType pt = move_drop_type(m);
        PieceType h = pos->t->hand_type[pt];
        remove_piece(pos, to);
        pos->hand[us][h]++;
        pos->hand_total[us]++;
    } else if (!move_is_pass(m)) {
        int from = move_from(m);
        if (to != from && pos->board[to] == st->moved && !(pos->t->flags[piece_type(st->moved)] & PF_ROYAL))
            move_piece(pos, st->moved, to, from);
        else if (to != from || pos->board[from] != st->moved) {
            remove_piece(pos, to);
            put_piece(pos, st->moved, from);
        }
        if (st->captured) {
            put_piece(pos, st->captured, to);
            take_from_hand(pos, us, st->captured);
        }
        if (st->captured_mid) {
            put_piece(pos, st->captured_mid, move_mid(m));
            take_from_hand(pos, us, st->captured_mid);
        }
    }
    pos->stm = us;
    pos->sp--;
}
