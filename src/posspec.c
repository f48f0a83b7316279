/* posspec.c - a position given as text with the moves played from it ("startpos moves ...",
 * "sfen ...", "fen ..."): the one place where a position text and a move notation meet. */
#include "notation.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Cut s at a whole word "moves"; returns the text after it, or NULL if there is none. */
static char *cut_moves(char *s) {
    for (char *p = s; (p = strstr(p, "moves")) != NULL; p += 5)
        if ((p == s || isspace((unsigned char)p[-1])) && (!p[5] || isspace((unsigned char)p[5]))) {
            *p = 0;
            return p + 5;
        }
    return NULL;
}

/* The text after the keyword w at s's start (blanks skipped), or NULL if s does not start with
 * the word. WHY any blank: "sfen<TAB>..." read "sfen" as the board, and a bare "sfen" was
 * "a SFEN of 1 field". */
static const char *after_keyword(const char *s, const char *w) {
    size_t k = strlen(w);
    if (strncmp(s, w, k) || (s[k] && !isspace((unsigned char)s[k]))) return NULL;
    for (s += k; isspace((unsigned char)*s);) s++;
    return s;
}

/* The position part; sets *n to the notation its moves are written in. */
static int spec_position(Position *pos, const Variant *v, const Rules *rules, const char *s, Notation *n, char *err,
                         size_t errlen) {
    *n = v->xboard_default ? NOTATION_XBOARD : NOTATION_USI;
    const char *rest;
    if ((rest = after_keyword(s, "startpos")) != NULL) {
        if (*rest) {
            snprintf(err, errlen, "unexpected '%.40s' after startpos", rest);
            return -1;
        }
        return pos_set_sfen(pos, v, rules, v->start, err, errlen);
    }
    bool sfen = (rest = after_keyword(s, "sfen")) != NULL;
    if (sfen || (rest = after_keyword(s, "fen")) != NULL) {
        *n = sfen ? NOTATION_USI : NOTATION_XBOARD;
        if (!*rest) {
            snprintf(err, errlen, "no position after '%s'", sfen ? "sfen" : "fen");
            return -1;
        }
        return sfen ? pos_set_sfen(pos, v, rules, rest, err, errlen) : fen_parse(pos, v, rules, rest, err, errlen);
    }
    if (!*s) {
        snprintf(err, errlen, "no position given");
        return -1;
    }
    return *n == NOTATION_USI ? pos_set_sfen(pos, v, rules, s, err, errlen) : fen_parse(pos, v, rules, s, err, errlen);
}

/* Play the blank-separated moves of text (modified in place). */
static int spec_moves(Position *pos, char *text, Notation n, char *err, size_t errlen) {
    for (char *save = NULL, *tok = strtok_r(text, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
        Move m;
        if (pos->sp >= HISTORY_MAX - 1) {
            snprintf(err, errlen, "too many moves");
            return -1;
        }
        if (move_parse(pos, tok, n, &m, err, errlen)) return -1;
        pos_do_move(pos, m);
    }
    return 0;
}

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
    char *moves = cut_moves(s);
    Position *tmp = malloc(sizeof *tmp);
    if (!tmp) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    Notation n;
    int rc = spec_position(tmp, v, rules, s, &n, err, errlen);
    if (!rc && moves) rc = spec_moves(tmp, moves, n, err, errlen);
    if (!rc && pos) pos_copy(pos, tmp);
    free(tmp);
    return rc;
}
