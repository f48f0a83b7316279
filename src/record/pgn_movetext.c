/* pgn_movetext.c - the movetext of a PGN game: moves (numbers "12." / "12..." also glued to
 * the move), {comments}, ; comments to the end of the line, $NAGs, (variations) at any depth
 * and the result token (PGN 8.2). A variation replaces the move before it and becomes one of
 * that move's RecordMove.alts, as a KIF 変化 does. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../position.h"
#include "record_int.h"

/* WHY a limit: each level is a recursion of the reader (and of the writer), and a text of
 * nothing but "c4 (" would otherwise nest as deep as it is long; as KIF's (kif_read.c) */
enum { DEPTH_MAX = 256 };

typedef struct {
    const char *text; /* the whole movetext: one line per line of the file (tag lines blank) */
    const char *p;
    RecordError *err;
    Record *out;
    bool over; /* the result token came: the game's moves are over */
} Scan;

static bool is_result(const char *tok) {
    return !strcmp(tok, "*") || !strcmp(tok, "1-0") || !strcmp(tok, "0-1") || !strcmp(tok, "1/2-1/2");
}

/* The file's line of p in the movetext. */
static int text_line(const char *text, const char *p) {
    int line = 1;
    for (const char *c = text; c < p; c++) line += *c == '\n';
    return line;
}

/* A movetext fault at p: the file's line, the line's text. */
static int fail(Scan *s, const char *p, int ply, const char *msg, const char *arg) {
    const char *start = p;
    while (start > s->text && start[-1] != '\n') start--;
    char line[256];
    snprintf(line, sizeof line, "%.*s", (int)strcspn(start, "\n"), start);
    rec_error(s->err, text_line(s->text, p), ply, line, msg, arg);
    return -1;
}

/* A {comment} or ; comment at s->p: kept on the line's last move (or, before the game's first
 * move, on the record); a variation's comment before its first move is dropped. */
static int comment(Scan *s, RecordMove *last, int depth, int ply) {
    const char *p = s->p, *close = *p == '{' ? strchr(p, '}') : strchr(p, '\n');
    if (*p == '{' && !close) return fail(s, p, ply + 1, "%s", "a {comment} that never ends");
    size_t n = close ? (size_t)(close - p - 1) : strlen(p + 1);
    char **slot = last ? &last->comment : !depth ? &s->out->comment : NULL;
    if (slot) {
        free(*slot);
        *slot = strndup(p + 1, n);
    }
    s->p = close ? close + 1 : p + 1 + n;
    return 0;
}

static int line(Scan *s, Position *pos, RecordLine *to, int ply, int depth);

/* A (variation) at s->p replacing `last`, the move just made on pos: taken back, the
 * variation read into a new alternative of `last`, the move made again. */
static int variation(Scan *s, Position *pos, RecordMove *last, int ply, int depth) {
    const char *open = s->p++;
    if (!last) return fail(s, open, ply + 1, "%s", "a (variation) before any move it could replace");
    if (depth + 1 >= DEPTH_MAX) return fail(s, open, ply, "%s", "variations nested too deep");
    RecordLine *alts = realloc(last->alts, (size_t)(last->alt_count + 1) * sizeof *alts);
    if (!alts) return fail(s, open, ply, "%s", "out of memory");
    last->alts = alts;
    RecordLine *alt = &alts[last->alt_count++];
    memset(alt, 0, sizeof *alt);
    pos_undo_move(pos);
    int rc = line(s, pos, alt, ply - 1, depth + 1);
    if (rc == 0 && *s->p != ')') rc = fail(s, open, ply, "%s", "a (variation) that never ends");
    if (rc == 0) s->p++;
    pos_do_move(pos, last->move);
    return rc;
}

/* One move (or a number, a NAG, the result) in tok; the move goes onto `to` and is made. */
static int token(Scan *s, Position *pos, RecordLine *to, RecordMove **last, int *ply, int depth, const char *tok,
                 const char *at) {
    const char *mv = tok;
    if (isdigit((unsigned char)*mv) && strchr(tok, '.')) {
        mv += strspn(mv, "0123456789");
        mv += strspn(mv, ".");
    }
    if (mv[0] == '$') { /* a NAG ($0 to $255, PGN 8.2.4) belongs to the move before it */
        char *end;
        long nag = isdigit((unsigned char)mv[1]) ? strtol(mv + 1, &end, 10) : -1;
        if (nag < 0 || nag > 255 || *end)
            return fail(s, at, *ply ? *ply : 1, "malformed NAG %s (a NAG is $0 to $255)", mv);
        if (*last) (*last)->nag = (int)nag;
        return 0;
    }
    if (is_result(mv)) {
        if (!depth) s->over = true; /* in a variation: the variation's end, nothing more */
        return 0;
    }
    if (!mv[0]) return 0;
    if (s->over && !depth) return fail(s, at, *ply + 1, "a move after the result: %s", mv);
    if (pos->sp >= HISTORY_MAX - 2) return fail(s, at, *ply + 1, "%s", "a line too long to follow");
    Move m;
    char e[256];
    (*ply)++;
    if (pgn_parse_move(pos, mv, &m, e, sizeof e)) {
        char what[400];
        snprintf(what, sizeof what, "%s: %s", mv, e);
        return fail(s, at, *ply, "%s", what);
    }
    if (!(*last = record_line_push(to, m))) return fail(s, at, *ply, "%s", "out of memory");
    pos_do_move(pos, m);
    return 0;
}

/* The moves of one line from s->p: the game (depth 0) to the end of the text, a variation
 * (depth > 0) to its ')', left at s->p. ply: the plies before the line's first move. pos is
 * as it was when the line returns. WHY unclosed '{' / '(' and stray '}' / ')' are faults: a
 * truncated file ("1. Ne5 {comm") was read as a shorter game without a word. */
static int line(Scan *s, Position *pos, RecordLine *to, int ply, int depth) {
    RecordMove *last = NULL;
    int made = 0, rc = 0;
    while (rc == 0 && *(s->p = skip_spaces(s->p))) {
        char c = *s->p;
        if (c == '\n') {
            s->p++;
        } else if (c == '{' || c == ';') {
            rc = comment(s, last, depth, ply);
        } else if (c == '(') {
            rc = variation(s, pos, last, ply, depth);
        } else if (c == ')' && depth) {
            break;
        } else if (c == ')' || c == '}') {
            rc = fail(s, s->p, ply + 1, "'%s' closes nothing", c == ')' ? ")" : "}");
        } else {
            char tok[128];
            size_t n = strcspn(s->p, " \t\n{}();");
            snprintf(tok, sizeof tok, "%.*s", (int)(n < 127 ? n : 127), s->p);
            const char *at = s->p;
            s->p += n;
            int before = to->count;
            rc = token(s, pos, to, &last, &ply, depth, tok, at);
            made += to->count - before;
        }
    }
    while (depth && made--) pos_undo_move(pos);
    return rc;
}

int pgn_moves(Position *pos, Record *out, const char *text, RecordError *err) {
    Scan s = {.text = text, .p = text, .err = err, .out = out};
    int rc = line(&s, pos, &out->main, 0, 0);
    return rc;
}
