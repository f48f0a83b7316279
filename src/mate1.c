/* mate1.c - mate in one (mate1.h): every checking move is tried; a cheap look at the checked
 * royal's own flight squares rejects most of them before the full count of replies.
 * WHY in the search at all: in drop games a mating drop is one of dozens of quiet drops,
 * which late-move pruning and reductions would skip at shallow depth. */
#include "mate1.h"

#ifdef MATE1_CHECK_FLEE
#include <stdlib.h>
#endif

/* After a checking move: can the side to move's single royal step to a safe square?
 * (Only ever says yes when a legal escape exists; "no" still needs the full count.) */
static bool royal_can_flee(const Position *pos) {
    Color us = pos->stm, them = color_flip(us);
    if (pos->royal_count[us] != 1) return false;
    int k = pos->royal_sq[us];
    PieceType rt = piece_type(pos->board[k]);
    Bitboard occ = pos_occupied(pos);
    bb_clear(&occ, k);
    Bitboard steps = bb_andnot(pos_piece_attacks(pos, rt, us, k, occ), pos->by_color[us]);
    int s;
    BB_FOREACH (s, steps)
        if (bb_is_empty(pos_attackers_to(pos, s, them, occ))) return true;
    return false;
}

/* The enemy royal's flights on the board as it is, for a quick first test of each check: the
 * squares it steps to (its own pieces excluded, the royal lifted) that no piece of ours
 * attacks. valid is false where that test does not apply (no single royal, or a royal whose
 * steps depend on the occupancy). Found at the first check tried (known): WHY not before, a
 * position without checks (most of the probe's) needs no flights. */
typedef struct {
    Bitboard flights, occ; /* occ: the board without the enemy royal */
    bool known, valid;
} Flights;

static void flights_now(const Position *pos, Flights *f) {
    Color them = color_flip(pos->stm);
    f->known = true;
    f->valid = false;
    if (pos->royal_count[them] != 1) return;
    int k = pos->royal_sq[them];
    PieceType rt = piece_type(pos->board[k]);
    if (variant_type_ranged(pos->t, them, rt) || pos->t->has_double[rt]) return; /* not a stepper */
    f->occ = pos_occupied(pos);
    bb_clear(&f->occ, k);
    f->flights = pos_royal_flights(pos);
    f->valid = true;
}

/* Is a flight of f certainly left after m (a drop or a plain board move, not made)? The mover
 * covers what it attacks from its new square; the board's other attacks only shrink when a
 * square fills, and only grow along lines through a square that empties (from), so a flight
 * off those lines, not on to or from and not attacked by the mover stays a flight. */
static bool flight_left(const Position *pos, const Flights *f, Move m) {
    Bitboard left = f->flights, occ = f->occ;
    int to = move_to(m);
    PieceType npt;
    if (move_is_drop(m))
        npt = move_drop_type(m);
    else {
        int from = move_from(m);
        const VariantTables *t = pos->t;
        npt = pos_type_after(pos, piece_type(pos->board[from]), m, to != from && pos->board[to]);
        bb_clear(&occ, from);
        bb_clear(&left, from);
        for (int d = 0; d < 8 && bb_any(left); d++) left = bb_andnot(left, t->ray[d * t->sq_count + from]);
    }
    bb_clear(&left, to);
    bb_set(&occ, to);
    if (bb_is_empty(left)) return false;
    return bb_any(bb_andnot(left, pos_piece_attacks(pos, npt, pos->stm, to, occ)));
}

/* WHY the flight test before the move: about 97% of the checks tried leave the royal a flight
 * (the 117-ply tsume's tails), and the test on the unmade move saves their make and unmake.
 * The flights of the board as it is (flight_left) settle most of those without the full test
 * (docs/mate.md, session 37). */
static bool mates(Position *pos, Flights *f, Move m) {
    bool fast = pos->royal_count[color_flip(pos->stm)] == 1 && !move_is_double(m) && !move_is_pass(m);
    if (fast && !f->known) flights_now(pos, f);
#ifdef MATE1_CHECK_FLEE /* development: the tests before the move against the one after it */
    if (fast) {
        bool pre = pos_royal_flees_after(pos, m);
        pos_do_move(pos, m);
        if (pre != royal_can_flee(pos)) abort();
        pos_undo_move(pos);
        if (f->valid && flight_left(pos, f, m) && !pre) abort();
    }
#endif
    if (fast && f->valid && flight_left(pos, f, m)) return false;
    if (fast && pos_royal_flees_after(pos, m)) return false;
    pos_do_move(pos, m);
    bool mate = (fast || !royal_can_flee(pos)) && movegen_count(pos) == 0;
    pos_undo_move(pos);
    return mate;
}

Move pos_mate_in_one(Position *pos, MoveList *scratch) {
    if (!pos_mate_in_one_applies(pos)) return MOVE_NONE;
    Flights f = {.known = false};
    /* the quiet checks first (drops mate most often), then the captures */
    int ncap = movegen_checks(pos, scratch);
    for (int i = ncap; i < scratch->size; i++)
        if (mates(pos, &f, scratch->moves[i])) return scratch->moves[i];
    for (int i = 0; i < ncap; i++)
        if (mates(pos, &f, scratch->moves[i])) return scratch->moves[i];
    return MOVE_NONE;
}
