/* position.h - board, hands, side to move, hash keys and history; make/unmake; attacks.
 * Knows the rules only through the Variant descriptor and no text format (SFEN and FEN are
 * in textpos.h, above). Never prints; errors are reported through (err, errlen). */
#ifndef SHISHI_POSITION_H
#define SHISHI_POSITION_H

#include "variant.h"

/* What a move changed, so it can be taken back; one per ply. */
struct StateInfo {
    Key key;            /* full position key (board, hands, side, lion square) */
    Bitboard checkers;  /* enemy pieces attacking the side to move's royal(s) */
    Move move;          /* move that led here (MOVE_NONE at the root) */
    Piece captured;     /* piece taken on the destination */
    Piece captured_mid; /* piece taken on the middle square of a two-leg move */
    Piece moved;        /* the moving piece before the move (for unmake) */
    uint8_t lion_sq;    /* chu counter-strike: square where a non-lion took a lion, else SQ_NONE */
    Key hkey;           /* the hands' part of key (pos_hand_part): key ^ hkey is the key of the board alone */
};

struct Position {
    const Variant *v;
    const VariantTables *t;
    Rules rules;
    Piece board[SQ_MAX];
    Bitboard by_color[COLOR_NB];
    Bitboard by_type[PT_MAX];          /* both colours */
    Bitboard by_group[LEAP_GROUP_MAX]; /* both colours, by leap group (attack detection) */
    Bitboard sliders[COLOR_NB][8];     /* pieces sliding without limit in absolute dir d */
    uint8_t hand[COLOR_NB][PT_MAX];
    int hand_total[COLOR_NB];
    int royal_count[COLOR_NB];
    Square royal_sq[COLOR_NB]; /* valid when royal_count == 1 */
    Color stm;
    int move_number; /* SFEN move number of the root position */
    int sp;          /* index of the current state */
    StateInfo states[HISTORY_MAX];
};

static inline const StateInfo *pos_st(const Position *pos) { return &pos->states[pos->sp]; }
static inline Key pos_key(const Position *pos) { return pos->states[pos->sp].key; }
BB_INLINE Bitboard pos_occupied(const Position *pos) { return bb_or(pos->by_color[BLACK], pos->by_color[WHITE]); }
static inline bool pos_in_check(const Position *pos) { return bb_any(pos->states[pos->sp].checkers); }
/* Colour c still has a royal, on the board or (nana, before its first drop) in hand. */
static inline bool pos_has_royal(const Position *pos, Color c) {
    PieceType r = pos->t->royal_type, h = pos->t->hand_type[r];
    return pos->royal_count[c] || (h && pos->hand[c][h]);
}

/* Building a position (the text parsers in textpos.c use these): pos_begin clears pos for
 * game v (rules == NULL: the game's defaults); pos_put_piece and pos_add_to_hand fill it;
 * pos_finish checks the whole (piece counts, royals, dead pieces, nifu, the side not to move
 * in check) and sets the root state's key and checkers. lion_sq is the chu counter-strike
 * square or SQ_NONE. pos_finish returns 0, or -1 with a message. */
void pos_begin(Position *pos, const Variant *v, const Rules *rules, Color stm, int move_number);
void pos_put_piece(Position *pos, Piece pc, int sq);
void pos_add_to_hand(Position *pos, Color c, PieceType pt, int count);
int pos_finish(Position *pos, int lion_sq, char *err, size_t errlen);

/* A what-if for the tsume solver: one piece of hand type h goes from colour from's hand to the
 * other colour's, the current key kept in step (nothing else changes). Take it back with the
 * colours swapped before the move is unmade. */
void pos_hand_transfer(Position *pos, Color from, PieceType h);

/* The hands' part of the position key: the XOR of both colours' hand keys over the game's hand
 * types (StateInfo.hkey keeps it for every state). */
Key pos_hand_part(const Position *pos);

/* Copy src into dst: the header and the used states only (states[0..sp]). */
void pos_copy(Position *dst, const Position *src);

/* Make / unmake a legal (or at least pseudo-legal) move. */
void pos_do_move(Position *pos, Move m);
void pos_undo_move(Position *pos);
/* The search's null move (side to move passes; StateInfo.move = MOVE_NONE) and its undo. */
void pos_do_null_move(Position *pos);
void pos_undo_null_move(Position *pos);
/* Would the legal move m leave some royal of the opponent attacked (exactly
 * bb_any(pos_st(pos)->checkers) after pos_do_move(pos, m)), found without making it. */
bool pos_gives_check(const Position *pos, Move m);
/* The same where no piece of the side to move attacks an opposing royal before m (always so
 * under the check rule; where check is allowed the caller knows it): only the moved piece and
 * the lines through the squares m vacates are looked at. */
bool pos_gives_new_check(const Position *pos, Move m);
/* Would the single royal of the side to move stand attacked after its move m, found without
 * making it (the check rule's legality test for board moves; where check is allowed, whether a
 * reply ends an attack)? Only for a side with exactly one royal. */
bool pos_royal_attacked_after(const Position *pos, Move m);
/* After the board move or drop m (not a double move or pass), could the opponent's single
 * royal step to a square none of our pieces would attack (the royal lifted)? Found without
 * making m. Only for games with the check rule and a single opposing royal. */
bool pos_royal_flees_after(const Position *pos, Move m);
/* The squares the opponent's single royal could step to now that none of our pieces attacks
 * (the royal lifted, its own pieces excluded). Same conditions as pos_royal_flees_after. */
Bitboard pos_royal_flights(const Position *pos);

/* The type a piece of type pt has after the board move m (not a drop or pass): its promoted
 * form with MF_PROMO, else the game's forced change (PROMO_ROLL on every board move,
 * PROMO_FLIP_CAPTURE when m captures), else pt. The one rule make, check tests and SEE share. */
static inline PieceType pos_type_after(const Position *pos, PieceType pt, Move m, bool captures) {
    const VariantTables *t = pos->t;
    if (move_is_promo(m)) return t->promotes_to[pt];
    PromoRule rule = pos->v->promotion;
    if (t->changes_to[pt] && (rule == PROMO_ROLL || (rule == PROMO_FLIP_CAPTURE && captures))) return t->changes_to[pt];
    return pt;
}

/* Squares attacked by a piece of type pt and colour c standing on sq. */
Bitboard pos_piece_attacks(const Position *pos, PieceType pt, Color c, int sq, Bitboard occ);
/* Pieces of colour c attacking sq, given occupancy occ. */
Bitboard pos_attackers_to(const Position *pos, int sq, Color c, Bitboard occ);
/* Pieces of colour c attacking any royal of colour !c (the checkers). */
Bitboard pos_compute_checkers(const Position *pos, Color victim);
/* Number of times the current position occurred before (same key), scanning back over the
 * whole history; used for repetition rules. */
int pos_repetitions(const Position *pos);
/* The repetition rules' verdict, from the side to move's view, once the current position
 * has occurred `occurrences` times (the game uses Variant.repetition_count; search uses 2
 * to foresee the verdict): perpetual check loses for the checker (Rules), the side that
 * passed first in a pass cycle loses (Variant.pass_cycle_loses), otherwise a draw.
 * RESULT_NONE if it has not occurred that often. reason may be NULL. */
GameResult pos_repetition_result(const Position *pos, int occurrences, char *reason, size_t len);

/* pos_occupied above and the four table lookups below are BB_INLINE (always_inline) for the
 * reason attacks.h gives: a Bitboard is 24 bytes and goes through memory when passed or
 * returned. gcc -O3 inlined most calls anyway (two out-of-line copies were left); the ASan
 * fuzz build inlined none and paid a checked memcpy per copy (issue #11, docs/reliability.md,
 * fuzzing "Session 22"). */
/* Slide along absolute direction d from sq up to and including the first blocker. */
BB_INLINE Bitboard slide_attack(const VariantTables *t, int d, int sq, Bitboard occ) {
    Bitboard r = t->ray[d * t->sq_count + sq];
    Bitboard b = bb_and(r, occ);
    if (bb_any(b)) {
        int s = t->sq_delta[d] > 0 ? bb_lsb(b) : bb_msb(b);
        r = bb_andnot(r, t->ray[d * t->sq_count + s]);
    }
    return r;
}
BB_INLINE Bitboard limited_slide_attack(const VariantTables *t, int d, int range, int sq, Bitboard occ) {
    Bitboard r = t->limited_ray[(d * RANGE_MAX + range) * t->sq_count + sq];
    Bitboard b = bb_and(r, occ);
    if (bb_any(b)) {
        int s = t->sq_delta[d] > 0 ? bb_lsb(b) : bb_msb(b);
        r = bb_andnot(r, t->ray[d * t->sq_count + s]);
    }
    return r;
}
BB_INLINE Bitboard leap_attack(const VariantTables *t, PieceType pt, Color c, int sq) {
    return t->leap[(t->leap_group[pt] * 2 + c) * t->sq_count + sq];
}
/* Squares strictly between a and b on a line (empty if not aligned). */
BB_INLINE Bitboard between_bb(const VariantTables *t, int a, int b) {
    int d = t->dir_between[a * t->sq_count + b];
    if (d < 0) return bb_empty();
    return bb_and(t->ray[d * t->sq_count + a], t->ray[((d + 4) & 7) * t->sq_count + b]);
}

#endif
