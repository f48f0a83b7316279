/* notation.c - squares, moves and XBoard FEN as text (shared/rules/README.md, protocols.md).
 * Parsing is two-stage: a syntax check (malformed input gets its own message), then a match
 * against the legal moves written in the same notation, so no rule is duplicated here. */
#include "notation.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"

/* ---- squares ------------------------------------------------------------------------------ */

int usi_square_read(const Variant *v, const char **p) {
    const char *s = *p;
    if (!isdigit((unsigned char)*s)) return -1;
    int file = 0, digits = 0;
    while (isdigit((unsigned char)*s) && digits < 2) file = file * 10 + (*s++ - '0'), digits++;
    if (*s < 'a' || *s > 'z') return -1;
    int rank = *s++ - 'a';
    if (file < 1 || file > v->files || rank >= v->ranks) return -1;
    *p = s;
    return (v->ranks - 1 - rank) * v->files + (v->files - file);
}

int usi_square_parse(const Variant *v, const char *s) {
    const char *p = s;
    int sq = usi_square_read(v, &p);
    return sq >= 0 && !*p ? sq : -1;
}

void usi_square_format(const Variant *v, int sq, char *buf, size_t len) {
    snprintf(buf, len, "%d%c", v->files - sq_x(v, sq), 'a' + (v->ranks - 1 - sq_y(v, sq)));
}

int xb_square_read(const Variant *v, const char **p) {
    const char *s = *p;
    if (*s < 'a' || *s > 'z') return -1;
    int file = *s++ - 'a';
    if (!isdigit((unsigned char)*s)) return -1;
    int rank = 0, digits = 0;
    while (isdigit((unsigned char)*s) && digits < 2) rank = rank * 10 + (*s++ - '0'), digits++;
    if (file >= v->files || rank < 1 || rank > v->ranks) return -1;
    *p = s;
    return (rank - 1) * v->files + file;
}

void xb_square_format(const Variant *v, int sq, char *buf, size_t len) {
    snprintf(buf, len, "%c%d", 'a' + sq_x(v, sq), sq_y(v, sq) + 1);
}

static void square_format(const Variant *v, Notation n, int sq, char *buf, size_t len) {
    if (n == NOTATION_USI)
        usi_square_format(v, sq, buf, len);
    else
        xb_square_format(v, sq, buf, len);
}

/* ---- moves out ---------------------------------------------------------------------------- */

/* Suffix of a board move: '+' for a chosen promotion; micro's forced flip on capture is
 * written '+' (plain side up -> flipped) or '-' (back to the plain side) in USI. */
static const char *move_suffix(const Position *pos, Move m, Notation n) {
    if (move_is_promo(m)) return "+";
    if (n != NOTATION_USI || pos->v->promotion != PROMO_FLIP_CAPTURE) return "";
    PieceType pt = piece_type(pos->board[move_from(m)]);
    if (!pos->t->changes_to[pt] || !pos->board[move_to(m)]) return "";
    return variant_symbol(pos->v, pt)[0] == '+' ? "-" : "+";
}

/* An empty square through which a pass can be written (USI three-square form). */
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

void move_format(const Position *pos, Move m, Notation n, char *buf, size_t len) {
    const Variant *v = pos->v;
    char a[16], b[16], c[16];
    if (m == MOVE_NONE) {
        snprintf(buf, len, "%s", n == NOTATION_USI ? "none" : "@@@@");
        return;
    }
    if (move_is_drop(m)) {
        square_format(v, n, move_to(m), a, sizeof a);
        snprintf(buf, len, "%s%c%s", variant_symbol(v, move_drop_type(m)), n == NOTATION_USI ? '*' : '@', a);
        return;
    }
    int from = move_from(m), to = move_to(m);
    if (move_is_pass(m)) {
        if (n == NOTATION_XBOARD) {
            snprintf(buf, len, "@@@@");
            return;
        }
        square_format(v, n, from, a, sizeof a);
        square_format(v, n, pass_square(pos, from), b, sizeof b);
        snprintf(buf, len, "%s%s%s", a, b, a);
        return;
    }
    square_format(v, n, from, a, sizeof a);
    square_format(v, n, to, c, sizeof c);
    if (move_is_double(m)) {
        square_format(v, n, move_mid(m), b, sizeof b);
        if (n == NOTATION_USI)
            snprintf(buf, len, "%s%s%s", a, b, c);
        else
            snprintf(buf, len, "%s%s,%s%s", a, b, b, c);
        return;
    }
    snprintf(buf, len, "%s%s%s", a, c, move_suffix(pos, m, n));
}

/* ---- moves in ----------------------------------------------------------------------------- */

typedef struct {
    bool drop, pass;
    char face[3];
    int sq[3], nsq;
    char suffix; /* 0, '+', '-', '=' */
} MoveText;

static int syntax_usi(const Variant *v, const char *s, MoveText *mt) {
    memset(mt, 0, sizeof *mt);
    const char *star = strchr(s, '*');
    if (star) {
        size_t flen = (size_t)(star - s);
        if (flen < 1 || flen > 2 || (flen == 2 && s[0] != '+') || !isalpha((unsigned char)star[-1])) return -1;
        mt->drop = true;
        memcpy(mt->face, s, flen);
        mt->face[flen - 1] = (char)toupper((unsigned char)mt->face[flen - 1]);
        mt->sq[0] = usi_square_parse(v, star + 1);
        mt->nsq = 1;
        return mt->sq[0] < 0 ? -1 : 0;
    }
    const char *p = s;
    while (mt->nsq < 3 && isdigit((unsigned char)*p)) {
        int sq = usi_square_read(v, &p);
        if (sq < 0) return -1;
        mt->sq[mt->nsq++] = sq;
    }
    if (mt->nsq < 2) return -1;
    if (*p == '+' || *p == '-') mt->suffix = *p++;
    return *p ? -1 : 0;
}

static int syntax_xboard(const Variant *v, const char *s, MoveText *mt) {
    memset(mt, 0, sizeof *mt);
    if (!strcmp(s, "@@@@")) {
        mt->pass = true;
        return 0;
    }
    const char *at = strchr(s, '@');
    if (at) {
        size_t flen = (size_t)(at - s);
        if (flen < 1 || flen > 2 || (flen == 2 && s[0] != '+') || !isalpha((unsigned char)at[-1])) return -1;
        mt->drop = true;
        memcpy(mt->face, s, flen);
        mt->face[flen - 1] = (char)toupper((unsigned char)mt->face[flen - 1]);
        const char *p = at + 1;
        mt->sq[0] = xb_square_read(v, &p);
        mt->nsq = 1;
        return mt->sq[0] < 0 || *p ? -1 : 0;
    }
    const char *p = s;
    int a = xb_square_read(v, &p), b = xb_square_read(v, &p);
    if (a < 0 || b < 0) return -1;
    mt->sq[0] = a;
    mt->sq[1] = b;
    mt->nsq = 2;
    if (*p == ',') {
        p++;
        int c = xb_square_read(v, &p), d = xb_square_read(v, &p);
        if (c != b || d < 0) return -1;
        mt->sq[2] = d;
        mt->nsq = 3;
    }
    /* HaChu's rule: '=' or nothing declines, any other character promotes */
    if (*p == '=')
        mt->suffix = '=', p++;
    else if (*p == '+')
        mt->suffix = '+', p++;
    return *p ? -1 : 0;
}

int move_parse(Position *pos, const char *text, Notation n, Move *out, char *err, size_t errlen) {
    const Variant *v = pos->v;
    MoveText mt;
    char in[64];
    size_t len = strlen(text);
    if (len == 0 || len >= sizeof in) {
        snprintf(err, errlen, "malformed move '%.40s'", text);
        return -1;
    }
    snprintf(in, sizeof in, "%s", text);
    if ((n == NOTATION_USI ? syntax_usi(v, in, &mt) : syntax_xboard(v, in, &mt)) < 0) {
        snprintf(err, errlen, "malformed move '%s'", in);
        return -1;
    }
    MoveList list;
    movegen_legal(pos, &list);
    Bitboard occ = pos_occupied(pos);
    /* Canonical forms of what was typed. */
    char want[64];
    if (mt.drop) {
        char sq[16];
        square_format(v, n, mt.sq[0], sq, sizeof sq);
        snprintf(want, sizeof want, "%s%c%s", mt.face, n == NOTATION_USI ? '*' : '@', sq);
    } else {
        snprintf(want, sizeof want, "%s", in);
        if (mt.suffix == '=') want[strlen(want) - 1] = 0;
    }
    /* A two-leg text whose first leg crosses an empty square is a plain move or a pass. */
    bool via_empty = !mt.drop && !mt.pass && mt.nsq == 3 && !bb_test(occ, mt.sq[1]);
    for (int i = 0; i < list.size; i++) {
        Move m = list.moves[i];
        char s[64];
        move_format(pos, m, n, s, sizeof s);
        bool match = !strcmp(s, want);
        if (!match && mt.pass) match = move_is_pass(m);
        if (!match && via_empty) {
            if (mt.sq[2] == mt.sq[0])
                match = move_is_pass(m) && move_from(m) == mt.sq[0];
            else
                match = !move_is_drop(m) && !move_is_double(m) && !move_is_pass(m) && move_from(m) == mt.sq[0] &&
                        move_to(m) == mt.sq[2] && !move_is_promo(m) && (mt.suffix != '+');
        }
        /* micro: a capture typed without its forced flip suffix is unambiguous */
        if (!match && !mt.suffix && !mt.drop && mt.nsq == 2 && v->promotion == PROMO_FLIP_CAPTURE &&
            !strncmp(s, want, strlen(want)) && strlen(s) == strlen(want) + 1)
            match = true;
        if (match) {
            *out = m;
            return 0;
        }
    }
    snprintf(err, errlen, "illegal move '%s'", in);
    return -1;
}

/* ---- XBoard FEN ---------------------------------------------------------------------------- */

int fen_parse(Position *pos, const Variant *v, const Rules *rules, const char *fen, char *err, size_t errlen) {
    char buf[1024], board[512], hold[160] = "-";
    if (!fen || strlen(fen) >= sizeof buf) {
        snprintf(err, errlen, "FEN missing or too long");
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", fen);
    char *fields[8] = {0};
    int nf = 0;
    for (char *save = NULL, *tok = strtok_r(buf, " \t", &save); tok && nf < 8; tok = strtok_r(NULL, " \t", &save))
        fields[nf++] = tok;
    if (nf < 2) {
        snprintf(err, errlen, "FEN needs a board and a side to move");
        return -1;
    }
    int next = 1;
    snprintf(board, sizeof board, "%s", fields[0]);
    char *br = strchr(board, '[');
    if (!br && fields[1][0] == '[') br = fields[next++];
    if (br) {
        char *close = strchr(br, ']');
        if (!close || close[1]) {
            snprintf(err, errlen, "FEN holdings: missing ']'");
            return -1;
        }
        *close = 0;
        snprintf(hold, sizeof hold, "%s", br[1] ? br + 1 : "-");
        if (br >= board && br < board + sizeof board) *br = 0;
    }
    if (br && !v->drops && strcmp(hold, "-")) {
        snprintf(err, errlen, "FEN holdings in a game without drops");
        return -1;
    }
    if (nf <= next) {
        snprintf(err, errlen, "FEN needs a side to move");
        return -1;
    }
    Color stm;
    if (!strcmp(fields[next], "w"))
        stm = BLACK; /* XBoard's "white" is the first mover */
    else if (!strcmp(fields[next], "b"))
        stm = WHITE;
    else {
        snprintf(err, errlen, "FEN side to move must be w or b, not '%s'", fields[next]);
        return -1;
    }
    next++;
    int move_number = 1;
    /* optional '-' castling field, halfmove clock, fullmove number */
    if (next < nf && !strcmp(fields[next], "-")) next++;
    for (int k = 0; next < nf && k < 2; k++, next++) {
        char *end;
        long x = strtol(fields[next], &end, 10);
        if (*end || x < 0 || x > 100000) {
            snprintf(err, errlen, "FEN: bad number '%s'", fields[next]);
            return -1;
        }
        if (k == 1 && x >= 1) move_number = (int)(2 * (x - 1) + 1 + (stm == WHITE));
    }
    if (next < nf) {
        snprintf(err, errlen, "FEN: unexpected field '%s'", fields[next]);
        return -1;
    }
    return pos_set_fields(pos, v, rules, board, stm, hold, move_number, SQ_NONE, err, errlen);
}

void fen_format(const Position *pos, char *buf, size_t len) {
    char board[512], hold[160];
    size_t o = 0;
    pos_board_string(pos, board, sizeof board);
    hold[0] = 0;
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < pos->t->hand_type_count; k++) {
            PieceType h = pos->t->hand_types[k];
            char letter = variant_symbol(pos->v, h)[0];
            if (c == WHITE) letter = (char)tolower((unsigned char)letter);
            for (int i = 0; i < pos->hand[c][h] && o + 2 < sizeof hold; i++) hold[o++] = letter, hold[o] = 0;
        }
    int ply = pos->move_number + pos->sp;
    if (pos->v->drops)
        snprintf(buf, len, "%s[%s] %c 0 %d", board, o ? hold : "-", pos->stm == BLACK ? 'w' : 'b', (ply + 1) / 2);
    else
        snprintf(buf, len, "%s %c 0 %d", board, pos->stm == BLACK ? 'w' : 'b', (ply + 1) / 2);
}

/* ---- position specifications ----------------------------------------------------------------- */

int position_parse_spec(Position *pos, const Variant *v, const Rules *rules, const char *spec, char *err,
                        size_t errlen) {
    char buf[16384];
    if (strlen(spec) >= sizeof buf) {
        snprintf(err, errlen, "position text too long");
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", spec);
    char *s = buf;
    while (isspace((unsigned char)*s)) s++;
    char *moves = NULL;
    for (char *p = s; (p = strstr(p, "moves")) != NULL; p += 5)
        if ((p == s || isspace((unsigned char)p[-1])) && (!p[5] || isspace((unsigned char)p[5]))) {
            moves = p + 5;
            *p = 0;
            break;
        }
    Notation n = v->xboard_default ? NOTATION_XBOARD : NOTATION_USI;
    Position *tmp = malloc(sizeof *tmp);
    if (!tmp) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc;
    if (!strncmp(s, "startpos", 8) && (!s[8] || isspace((unsigned char)s[8]))) {
        char *rest = s + 8;
        while (isspace((unsigned char)*rest)) rest++;
        if (*rest) {
            snprintf(err, errlen, "unexpected '%.40s' after startpos", rest);
            free(tmp);
            return -1;
        }
        rc = pos_set_sfen(tmp, v, rules, v->start, err, errlen);
    } else if (!strncmp(s, "sfen ", 5)) {
        n = NOTATION_USI;
        rc = pos_set_sfen(tmp, v, rules, s + 5, err, errlen);
    } else if (!strncmp(s, "fen ", 4)) {
        n = NOTATION_XBOARD;
        rc = fen_parse(tmp, v, rules, s + 4, err, errlen);
    } else if (!*s) {
        snprintf(err, errlen, "no position given");
        rc = -1;
    } else
        rc = n == NOTATION_USI ? pos_set_sfen(tmp, v, rules, s, err, errlen) : fen_parse(tmp, v, rules, s, err, errlen);
    if (!rc && moves) {
        for (char *save = NULL, *tok = strtok_r(moves, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
            Move m;
            if (tmp->sp >= HISTORY_MAX - 1) {
                snprintf(err, errlen, "too many moves");
                rc = -1;
                break;
            }
            char merr[128];
            if (move_parse(tmp, tok, n, &m, merr, sizeof merr)) {
                snprintf(err, errlen, "%s", merr);
                rc = -1;
                break;
            }
            pos_do_move(tmp, m);
        }
    }
    if (!rc) pos_copy(pos, tmp);
    free(tmp);
    return rc;
}
