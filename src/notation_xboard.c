/* notation_xboard.c - XBoard (CECP) move text (shared/rules/protocols.md): e4e5, e9e10+,
 * P@e5, a lion's two legs as f5f6,f6f7, a pass as @@@@. On input HaChu's rule applies: '='
 * or nothing declines a promotion, '+' takes it. */
#include "notation.h"

#include <stdio.h>
#include <string.h>

static const char *xb_mark(const Position *pos, Move m) {
    (void)pos;
    return move_is_promo(m) ? "+" : "";
}

static void xb_move_format(const Position *pos, Move m, char *buf, size_t len) {
    const Variant *v = pos->v;
    char a[16], b[16], c[16];
    if (m == MOVE_NONE || move_is_pass(m)) {
        snprintf(buf, len, "@@@@");
        return;
    }
    if (move_is_drop(m)) {
        xb_square_format(v, move_to(m), a, sizeof a);
        snprintf(buf, len, "%s@%s", variant_symbol(v, move_drop_type(m)), a);
        return;
    }
    xb_square_format(v, move_from(m), a, sizeof a);
    xb_square_format(v, move_to(m), c, sizeof c);
    if (move_is_double(m)) {
        xb_square_format(v, move_mid(m), b, sizeof b);
        snprintf(buf, len, "%s%s,%s%s", a, b, b, c);
        return;
    }
    snprintf(buf, len, "%s%s%s", a, c, xb_mark(pos, m));
}

static int xb_move_decode(const Position *pos, const char *s, MoveParts *mp) {
    const Variant *v = pos->v;
    *mp = (MoveParts){.kind = MOVE_PARTS_BOARD, .from = -1, .via = -1, .to = -1};
    if (!strcmp(s, "@@@@")) {
        mp->kind = MOVE_PARTS_PASS;
        return 0;
    }
    const char *at = strchr(s, '@');
    if (at) return notation_decode_drop(v, s, (size_t)(at - s), xb_square_read, mp);
    const char *p = s;
    mp->from = xb_square_read(v, &p);
    mp->to = xb_square_read(v, &p);
    if (mp->from < 0 || mp->to < 0) return -1;
    if (*p == ',') {
        /* second leg: it must start where the first ended */
        p++;
        int c = xb_square_read(v, &p), d = xb_square_read(v, &p);
        if (c != mp->to || d < 0) return -1;
        mp->via = c;
        mp->to = d;
    }
    if (*p == '+')
        mp->mark = *p++;
    else if (*p == '=')
        p++;
    return *p ? -1 : 0;
}

const NotationDef notation_xboard = {
    .name = "xboard",
    .square_format = xb_square_format,
    .square_read = xb_square_read,
    .move_format = xb_move_format,
    .move_decode = xb_move_decode,
    .move_mark = xb_mark,
};
