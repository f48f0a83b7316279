/* attacks.h - the squares one piece attacks, as an always-inline function for hot loops
 * (the core's make/move generation and the evaluation's attack maps). Include it only from
 * a file that set BB_ACTIVE for its width class (see core.h); the public, dispatched form
 * is pos_piece_attacks in position.h. */
#ifndef SHISHI_ATTACKS_H
#define SHISHI_ATTACKS_H

#include "position.h"

/* WHY always_inline: a Bitboard is 24 bytes, which the C calling convention passes and
 * returns through memory; inlined into its caller it stays in registers. */
static inline __attribute__((always_inline)) Bitboard piece_attacks(const Position *pos, PieceType pt, Color c, int sq,
                                                                    Bitboard occ) {
    const VariantTables *t = pos->t;
    Bitboard a = leap_attack(t, pt, c, sq);
    for (unsigned dirs = t->slide_dirs[c][pt]; dirs; dirs &= dirs - 1)
        a = bb_or(a, slide_attack(t, __builtin_ctz(dirs), sq, occ));
    for (int k = 0; k < t->limited_count[c][pt]; k++)
        a = bb_or(a, limited_slide_attack(t, t->limited_dir[c][pt][k], t->limited_range[c][pt][k], sq, occ));
    return a;
}

#endif
