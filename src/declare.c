/* declare.c - entering-king declaration (shared/rules/shogi.md, "Game end").
 *
 * CSA 27-point rule (IMPASSE_CSA27): the side to move wins by declaring when
 *   1. its king stands in the promotion zone (the three far ranks),
 *   2. it is not in check,
 *   3. at least 10 of its other pieces stand in that zone,
 *   4. its points (pieces of 3. plus every piece in hand, PieceDef.impasse_points) reach
 *      28 for the first mover (Black) or 27 for the second (White).
 * 24-point rule (IMPASSE_CSA24): the same conditions with 31 points for either side, the
 * convention of Shogidokoro and YaneuraOu for a declaration that wins outright (24-30
 * points would be a draw under the traditional rule; a declaration cannot claim a draw). */
#include "declare.h"

enum { DECLARE_MIN_PIECES = 10 };

static int points_needed(int rule, Color c) {
    switch (rule) {
    case IMPASSE_CSA27: return c == BLACK ? 28 : 27;
    case IMPASSE_CSA24: return 31;
    default: return 0;
    }
}

bool pos_declaration_win(const Position *pos, DeclarationInfo *info) {
    const Variant *v = pos->v;
    const VariantTables *t = pos->t;
    Color us = pos->stm;
    DeclarationInfo d = {0};
    d.points_needed = points_needed(pos->rules.impasse, us);
    d.in_check = pos_in_check(pos);
    Bitboard zone = t->zone[us];
    if (pos->royal_count[us] == 1) d.royal_in_zone = bb_test(zone, pos->royal_sq[us]);
    Bitboard mine = bb_and(pos->by_color[us], zone);
    int s;
    BB_FOREACH (s, mine) {
        PieceType pt = piece_type(pos->board[s]);
        if (t->flags[pt] & PF_ROYAL) continue;
        d.pieces_in_zone++;
        d.points += v->pieces[pt - 1].impasse_points;
    }
    for (int q = 1; q < t->type_count; q++)
        if (pos->hand[us][q]) d.points += pos->hand[us][q] * v->pieces[q - 1].impasse_points;
    if (info) *info = d;
    return d.points_needed > 0 && bb_any(zone) && d.royal_in_zone && !d.in_check &&
           d.pieces_in_zone >= DECLARE_MIN_PIECES && d.points >= d.points_needed;
}
