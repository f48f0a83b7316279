/* placement.h - putting pieces on and off the board, keeping every derived set in step
 * (colour, type, leap group and slider bitboards, royal squares). Shared by the position
 * parser and make/unmake; private to src/. */
#ifndef SHISHI_PLACEMENT_H
#define SHISHI_PLACEMENT_H

#include "position.h"

/* XOR the squares of mask into every set a piece pc is counted in (not the board array). */
BB_INLINE void toggle_piece_on(Position *pos, Piece pc, Bitboard mask) {
    const VariantTables *t = pos->t;
    Color c = piece_color(pc);
    PieceType pt = piece_type(pc);
    pos->by_color[c] = bb_xor(pos->by_color[c], mask);
    pos->by_type[pt] = bb_xor(pos->by_type[pt], mask);
    pos->by_group[t->leap_group[pt]] = bb_xor(pos->by_group[t->leap_group[pt]], mask);
    for (unsigned dirs = t->slide_dirs[c][pt]; dirs; dirs &= dirs - 1) {
        Bitboard *sl = &pos->sliders[c][__builtin_ctz(dirs)];
        *sl = bb_xor(*sl, mask);
    }
}

BB_INLINE void toggle_piece(Position *pos, Piece pc, int sq) { toggle_piece_on(pos, pc, bb_square(sq)); }

/* A piece that is not royal moves from one empty-after square to an empty one, its type
 * unchanged: every derived set changes on the same two squares. WHY not remove_piece and
 * put_piece: one XOR of the two squares per set instead of two toggles (make and unmake are
 * 7% of the mate solver's instructions, and most moves neither promote nor move a royal). */
BB_INLINE void move_piece(Position *pos, Piece pc, int from, int to) {
    Bitboard both = bb_square(from);
    bb_set(&both, to);
    pos->board[from] = PIECE_NONE;
    pos->board[to] = pc;
    toggle_piece_on(pos, pc, both);
}

BB_INLINE void put_piece(Position *pos, Piece pc, int sq) {
    pos->board[sq] = pc;
    toggle_piece(pos, pc, sq);
    if (pos->t->flags[piece_type(pc)] & PF_ROYAL) {
        Color c = piece_color(pc);
        if (++pos->royal_count[c] == 1) pos->royal_sq[c] = (Square)sq;
    }
}

BB_INLINE void remove_piece(Position *pos, int sq) {
    Piece pc = pos->board[sq];
    pos->board[sq] = PIECE_NONE;
    toggle_piece(pos, pc, sq);
    if (pos->t->flags[piece_type(pc)] & PF_ROYAL) {
        Color c = piece_color(pc);
        if (--pos->royal_count[c] == 1) {
            /* find the remaining royal */
            for (int s = 0; s < pos->t->sq_count; s++)
                if (pos->board[s] && piece_color(pos->board[s]) == c &&
                    (pos->t->flags[piece_type(pos->board[s])] & PF_ROYAL))
                    pos->royal_sq[c] = (Square)s;
        }
    }
}

#endif
