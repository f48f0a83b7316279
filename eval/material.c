/* material.c - generic evaluation from descriptor data: material on the board, material in
 * hand (worth a little more: a held piece can go anywhere), and a small bonus for pieces
 * that have advanced, which matters in every game with a promotion zone. */
#include "eval.h"

Value eval_material(const Position *pos);

Value eval_material(const Position *pos) {
    const VariantTables *t = pos->t;
    const Variant *v = pos->v;
    int score[COLOR_NB] = {0, 0};
    for (int c = 0; c < COLOR_NB; c++) {
        Bitboard b = pos->by_color[c];
        int s;
        BB_FOREACH (s, b) {
            PieceType pt = piece_type(pos->board[s]);
            int y = sq_y(v, s), adv = c == BLACK ? y : v->ranks - 1 - y;
            score[c] += t->value[pt];
            if (!(t->flags[pt] & PF_ROYAL)) score[c] += adv * 2;
        }
        for (int k = 0; k < t->hand_type_count; k++) {
            PieceType h = t->hand_types[k];
            score[c] += pos->hand[c][h] * (t->value[h] * 11 / 10);
        }
    }
    Value v_ = (Value)(score[BLACK] - score[WHITE]);
    return pos->stm == BLACK ? v_ : -v_;
}

Value evaluate(const Position *pos) { return eval_material(pos); }
