/* notation_usi.c - USI move text (shared/rules/protocols.md): 7g7f, 8h2b+, P*5e; micro's
 * forced flip written 2e4c+ / 2a1b- and drops of either face (+P*3c); chu in lishogi's form,
 * a lion double move as three squares (7g7f7e) and a pass as a trip through an empty
 * neighbour and back (7g7f7g). */
#include "notation.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* '+' for a chosen promotion; micro's forced flip on capture is written '+' (plain side up ->
 * flipped) or '-' (back to the plain side). */
static const char *usi_mark(const Position *pos, Move m) {
    if (move_is_promo(m)) return "+";
    if (pos->v->promotion != PROMO_FLIP_CAPTURE || move_is_drop(m) || move_is_pass(m)) return "";
    PieceType pt = piece_type(pos->board[move_from(m)]);
    if (!pos->t->changes_to[pt] || !pos->board[move_to(m)]) return "";
    return variant_symbol(pos->v, pt)[0] == '+' ? "-" : "+";
}

/* An empty square through which a pass can be written. */
static int pass_square(const Position *pos, int from) {
    const VariantTables *t = pos->t;
    PieceType pt = piece_type(pos->board[from]);
    Bitboard occ = pos_occupied(pos), cand = bb_empty();
    if (t->lion_area[pt])
        cand = t->king_step[from];
    else
        for (unsigned d = t->lion_dirs[pos->stm][pt]; d; d &= d - 1)
            cand = bb_or(cand, bb_and(t->ray[__builtin_ctz(d) * t->sq_count + from], t->king_step[from]));
    cand = bb_andnot(cand, occ);
    return bb_any(cand) ? bb_lsb(cand) : from;
}

static void usi_move_format(const Position *pos, Move m, char *buf, size_t len) {
    const Variant *v = pos->v;
    char a[16], b[16], c[16];
    if (m == MOVE_NONE) {
        snprintf(buf, len, "none");
        return;
    }
    if (move_is_drop(m)) {
        usi_square_format(v, move_to(m), a, sizeof a);
        snprintf(buf, len, "%s*%s", variant_symbol(v, move_drop_type(m)), a);
        return;
    }
    int from = move_from(m);
    usi_square_format(v, from, a, sizeof a);
    if (move_is_pass(m)) {
        usi_square_format(v, pass_square(pos, from), b, sizeof b);
        snprintf(buf, len, "%s%s%s", a, b, a);
        return;
    }
    usi_square_format(v, move_to(m), c, sizeof c);
    if (move_is_double(m)) {
        usi_square_format(v, move_mid(m), b, sizeof b);
        snprintf(buf, len, "%s%s%s", a, b, c);
        return;
    }
    snprintf(buf, len, "%s%s%s", a, c, usi_mark(pos, m));
}

static int usi_move_decode(const Position *pos, const char *s, MoveParts *mp) {
    const Variant *v = pos->v;
    *mp = (MoveParts){.kind = MOVE_PARTS_BOARD, .from = -1, .via = -1, .to = -1};
    const char *star = strchr(s, '*');
    if (star) return notation_decode_drop(v, s, (size_t)(star - s), usi_square_read, mp);
    int sq[3], n = 0;
    const char *p = s;
    while (n < 3 && isdigit((unsigned char)*p))
        if ((sq[n++] = usi_square_read(v, &p)) < 0) return -1;
    if (n < 2) return -1;
    mp->from = sq[0];
    mp->to = sq[n - 1];
    if (n == 3) mp->via = sq[1];
    if (*p == '+' || *p == '-') mp->mark = *p++;
    return *p ? -1 : 0;
}

const NotationDef notation_usi = {
    .name = "usi",
    .square_format = usi_square_format,
    .square_read = usi_square_read,
    .move_format = usi_move_format,
    .move_decode = usi_move_decode,
    .move_mark = usi_mark,
};
