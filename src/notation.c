/* notation.c - the notation registry and the one matcher from decoded move parts to a legal
 * move (shared/rules/README.md, protocols.md). Parsing is two-stage: the notation decodes
 * the text (malformed input gets its own message), then the parts are compared with the
 * legal moves field by field, so no rule is duplicated here. */
#include "notation.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "movegen.h"

/* Indexed by Notation: NOTATION_USI and NOTATION_XBOARD come first, in that order. A new
 * notation is one more const NotationDef listed here (docs/architecture.md). */
static const NotationDef *const registry[] = {&notation_usi, &notation_xboard};
enum { REGISTRY_SIZE = sizeof registry / sizeof registry[0] };

const NotationDef *notation_get(Notation n) { return n >= 0 && n < REGISTRY_SIZE ? registry[n] : NULL; }

Notation notation_find(const char *name) {
    for (int i = 0; i < REGISTRY_SIZE; i++)
        if (!strcasecmp(registry[i]->name, name)) return i;
    return -1;
}

int notation_count(void) { return REGISTRY_SIZE; }

/* A drop's piece symbol of flen characters at s: its type, 0 if the game has no such piece,
 * -1 if it is no symbol at all. */
static int read_face(const Variant *v, const char *s, size_t flen) {
    if (flen < 1 || flen > 2 || (flen == 2 && s[0] != '+') || !isalpha((unsigned char)s[flen - 1])) return -1;
    char face[3] = {0};
    memcpy(face, s, flen);
    face[flen - 1] = (char)toupper((unsigned char)face[flen - 1]);
    return variant_type_of(v, face);
}

int notation_decode_drop(const Variant *v, const char *s, size_t sep_at,
                         int (*square_read)(const Variant *v, const char **p), MoveParts *mp) {
    int pt = read_face(v, s, sep_at);
    const char *p = s + sep_at + 1;
    mp->kind = MOVE_PARTS_DROP;
    mp->piece = pt > 0 ? (PieceType)pt : 0;
    mp->to = square_read(v, &p);
    return pt < 0 || mp->to < 0 || *p ? -1 : 0;
}

void move_format(const Position *pos, Move m, Notation n, char *buf, size_t len) {
    const NotationDef *nd = notation_get(n);
    if (nd)
        nd->move_format(pos, m, buf, len);
    else
        snprintf(buf, len, "?");
}

/* ---- matching ------------------------------------------------------------------------------ */

/* The typed mark against the one the notation writes for m: equal, or left out where it is
 * not a choice (micro's forced flip on capture). */
static bool mark_matches(const NotationDef *nd, const Position *pos, Move m, char typed) {
    const char *written = nd->move_mark(pos, m);
    if (typed == written[0]) return true;
    return !typed && written[0] && !move_is_promo(m);
}

static bool is_step(Move m) { return !move_is_drop(m) && !move_is_double(m) && !move_is_pass(m); }

/* A two-leg text "from via to". Through an occupied square it is a double move; through an
 * empty one it is a pass (back to the start) or a plain move to the last square. */
static bool two_leg_matches(const MoveParts *mp, Move m, bool via_empty) {
    if (mp->mark) return false; /* no two-leg move promotes */
    if (move_is_double(m) && move_mid(m) == mp->via && move_to(m) == mp->to && !mp->mark) return true;
    /* a piece with no empty neighbour has its pass written through its own square */
    if (mp->to == mp->from && (via_empty || mp->via == mp->from)) return move_is_pass(m);
    if (!via_empty) return false;
    return is_step(m) && move_to(m) == mp->to && !move_is_promo(m);
}

/* Each leg of a two-leg text is one king step (the second may step back to the start); only
 * a pass may be written through its own square. Anything else (7f9h8g, 7f8g8g) names no move. */
static bool legs_are_steps(const Position *pos, const MoveParts *mp) {
    if (mp->via == mp->from) return mp->to == mp->from;
    return bb_test(pos->t->king_step[mp->from], mp->via) && bb_test(pos->t->king_step[mp->via], mp->to);
}

static bool parts_match(const NotationDef *nd, const Position *pos, const MoveParts *mp, Move m) {
    switch (mp->kind) {
    case MOVE_PARTS_PASS: return move_is_pass(m);
    case MOVE_PARTS_DROP: return move_is_drop(m) && move_drop_type(m) == mp->piece && move_to(m) == mp->to;
    case MOVE_PARTS_BOARD: break;
    }
    if (move_is_drop(m) || (mp->from >= 0 && move_from(m) != mp->from)) return false;
    if (mp->piece && piece_type(pos->board[move_from(m)]) != mp->piece) return false;
    if (mp->via >= 0) return legs_are_steps(pos, mp) && two_leg_matches(mp, m, !pos->board[mp->via]);
    return is_step(m) && move_to(m) == mp->to && mark_matches(nd, pos, m, mp->mark);
}

MoveParseResult move_parse_result(Position *pos, const char *text, Notation n, Move *out, char *err, size_t errlen) {
    const NotationDef *nd = notation_get(n);
    MoveParts mp;
    size_t len = strlen(text);
    if (!nd || len == 0 || len >= 64 || nd->move_decode(pos, text, &mp) < 0) {
        snprintf(err, errlen, "malformed move '%.63s'", text);
        return MOVE_PARSE_MALFORMED;
    }
    MoveList list;
    movegen_legal(pos, &list);
    int found = -1;
    for (int i = 0; i < list.size; i++) {
        if (!parts_match(nd, pos, &mp, list.moves[i])) continue;
        /* a text without its start square must name one move only */
        if (found >= 0 && move_from(list.moves[found]) != move_from(list.moves[i])) {
            snprintf(err, errlen, "illegal move '%s' (ambiguous)", text);
            return MOVE_PARSE_ILLEGAL;
        }
        if (found < 0) found = i;
        if (mp.from >= 0 || mp.kind != MOVE_PARTS_BOARD) break;
    }
    if (found < 0) {
        snprintf(err, errlen, "illegal move '%s'", text);
        return MOVE_PARSE_ILLEGAL;
    }
    *out = list.moves[found];
    return MOVE_PARSE_OK;
}

int move_parse(Position *pos, const char *text, Notation n, Move *out, char *err, size_t errlen) {
    return move_parse_result(pos, text, n, out, err, errlen) == MOVE_PARSE_OK ? 0 : -1;
}
