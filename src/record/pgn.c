/* pgn.c - PGN as XBoard 4.9.1 saves and loads it: the seven tag roster (XBoard's "White" is
 * the first mover, i.e. the record's Black), [Variant], [FEN]/[SetUp] for a non-standard
 * start, moves in XBoard's SAN (pgn_san.c), {comments}, (variations) and the result token;
 * the movetext reader is pgn_movetext.c. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../textpos.h"
#include "../movegen.h"
#include "../notation.h"
#include "record_int.h"

static const char *result_token(RecordResult r) {
    return r == REC_RESULT_BLACK ? "1-0" : r == REC_RESULT_WHITE ? "0-1" : r == REC_RESULT_DRAW ? "1/2-1/2" : "*";
}

/* {text}: a '}' inside would end the comment early, so it is written as ')'. */
static void put_comment(Sbuf *b, const char *text, const char *after) {
    sb_put(b, "{");
    for (const char *c = text; *c; c++) sb_printf(b, "%c", *c == '}' ? ')' : *c);
    sb_printf(b, "}%s", after);
}

/* [Key "value"], with '"' and '\\' escaped as PGN wants (the reader takes them back). */
static void put_tag(Sbuf *b, const char *key, const char *val) {
    sb_printf(b, "[%s \"", key);
    for (const char *c = val; *c; c++) sb_printf(b, "%s%c", *c == '"' || *c == '\\' ? "\\" : "", *c);
    sb_put(b, "\"]\n");
}

/* The moves of a line from pos (left as it was), numbered from `ply` (plies counted from the
 * first move of a game that Black, XBoard's White, begins); each move's NAG, comment and
 * variations ( ... ) after it, a move number again after a comment or a variation (PGN 8.2.2). */
static void put_line(Sbuf *b, Position *pos, const RecordLine *line, int ply, int *wrapped) {
    bool number = true;
    for (int i = 0; i < line->count; i++, ply++) {
        const RecordMove *rm = &line->moves[i];
        char mv[64];
        if (pos->stm == BLACK || number) sb_printf(b, pos->stm == BLACK ? "%d. " : "%d... ", ply / 2 + 1);
        pgn_format_move(pos, rm->move, mv, sizeof mv);
        pos_do_move(pos, rm->move);
        sb_printf(b, "%s%s ", mv, movegen_count(pos) ? "" : "#");
        number = false;
        if (rm->nag > 0) sb_printf(b, "$%d ", rm->nag);
        if (rm->comment) put_comment(b, rm->comment, " "), number = true;
        if (rm->alt_count) {
            pos_undo_move(pos);
            for (int a = 0; a < rm->alt_count; a++) {
                sb_put(b, "(");
                put_line(b, pos, &rm->alts[a], ply, wrapped);
                if (b->len && b->s[b->len - 1] == ' ') b->s[--b->len] = 0; /* "(1. e4 e5)", not "e5 )" */
                sb_put(b, ") ");
            }
            pos_do_move(pos, rm->move);
            number = true;
        }
        if (++*wrapped % 10 == 0) sb_put(b, "\n");
    }
    for (int i = 0; i < line->count; i++) pos_undo_move(pos);
}

char *pgn_write(const Record *rec, RecordError *err) {
    const Variant *v = rec->variant;
    Position *pos = malloc(sizeof *pos);
    char e[256];
    if (!pos || pos_set_sfen(pos, v, &rec->rules, rec->start, e, sizeof e)) {
        free(pos);
        rec_error(err, 0, 0, "", "bad start position");
        return NULL;
    }
    Sbuf b = {0};
    const char *keys[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        const char *val = NULL;
        char date[16];
        if (!strcmp(keys[i], "Result"))
            val = result_token(rec->result);
        else if (!strcmp(keys[i], "Date"))
            val = rec_date_write(record_header_get(rec, "Start"), REC_DATE_PGN, date, sizeof date);
        else if (!strcmp(keys[i], "White") || !strcmp(keys[i], "Black"))
            val = record_header_get(rec, keys[i][0] == 'W' ? "Black" : "White"); /* first mover = White */
        else
            val = record_header_get(rec, keys[i]);
        put_tag(&b, keys[i], val ? val : "?");
    }
    if (v->xboard_name && strcmp(v->xboard_name, "normal")) sb_printf(&b, "[Variant \"%s\"]\n", v->xboard_name);
    /* XBoard writes the FEN for games it learns from the engine (setup) even at the start */
    if (strcmp(rec->start, v->start) || v->xboard_setup) {
        char fen[1024];
        fen_format(pos, fen, sizeof fen);
        char *side = strstr(fen, pos->stm == BLACK ? " w " : " b ");
        if (side && strlen(fen) + 3 < sizeof fen)
            memmove(side + 5, side + 3, strlen(side + 3) + 1), memcpy(side + 3, "- ", 2);
        sb_printf(&b, "[FEN \"%s\"]\n[SetUp \"1\"]\n", fen);
    }
    sb_put(&b, "\n");
    if (rec->comment) put_comment(&b, rec->comment, "\n");
    int wrapped = 0;
    put_line(&b, pos, &rec->main, pos->stm == WHITE, &wrapped);
    sb_printf(&b, "%s\n", result_token(rec->result));
    free(pos);
    if (b.oom) {
        free(b.s);
        rec_error(err, 0, 0, "", "out of memory");
        return NULL;
    }
    return b.s;
}

static const Variant *variant_by_xboard(const char *name) {
    for (const Variant *const *v = variant_list(); *v; v++)
        if ((*v)->xboard_name && !strcmp((*v)->xboard_name, name)) return *v;
    return variant_find(name);
}

/* A tag pair; White/Black swap (XBoard's White moves first), Date is the start (kept as
 * written; the writers put it in their own form, date.c). */
static int pgn_tag(const Variant *v, Position *pos, Record *out, const char *key_in, const char *val, char *e,
                   size_t elen) {
    char key[64];
    snprintf(key, sizeof key, "%s", key_in);
    if (!strcmp(key, "FEN")) {
        if (fen_parse(pos, v, NULL, val, e, elen)) return -1;
        pos_to_sfen(pos, out->start, sizeof out->start);
        char *num = strrchr(out->start, ' '); /* records start at move 1, as KIF and CSA do */
        if (num) strcpy(num, " 1");
    } else if (!strcmp(key, "Result")) {
        out->result = !strcmp(val, "1-0")       ? REC_RESULT_BLACK
                      : !strcmp(val, "0-1")     ? REC_RESULT_WHITE
                      : !strcmp(val, "1/2-1/2") ? REC_RESULT_DRAW
                                                : REC_RESULT_NONE;
        /* a later Result tag replaces an earlier one, its end too ("*" or an unknown token: none) */
        out->end = out->result == REC_RESULT_NONE   ? REC_END_NONE
                   : out->result == REC_RESULT_DRAW ? REC_END_DRAW
                                                    : REC_END_OTHER;
    } else if (strcmp(key, "Variant") && strcmp(key, "SetUp")) {
        if (!strcmp(key, "Date")) snprintf(key, sizeof key, "Start");
        if (!strcmp(key, "White") || !strcmp(key, "Black"))
            snprintf(key, sizeof key, "%s", key[0] == 'W' ? "Black" : "White");
        if (!strcmp(key, "Start") ? rec_date_unknown(val) : !strcmp(val, "?")) return 0; /* PGN's "unknown" */
        record_header_add(out, key, val);
    }
    return 0;
}

/* One tag pair [Key "value"] at *p (a '\\' takes the next character as it is); *p then
 * stands after it. -1 with a message if malformed. */
static int tag_pair(const char **p, char *key, size_t klen, char *val, size_t vlen, char *e, size_t elen) {
    const char *s = skip_spaces(*p + 1);
    size_t k = strcspn(s, " \t\"]"), n = 0;
    const char *q = skip_spaces(s + k);
    if (!k || k >= klen || *q != '"') return snprintf(e, elen, "malformed tag pair (want [Key \"value\"])"), -1;
    snprintf(key, klen, "%.*s", (int)k, s);
    bool over = false; /* val[vlen - 1] holds the first byte that did not fit */
    for (q++; *q && *q != '"'; q++) {
        if (*q == '\\' && q[1]) q++;
        if (n + 1 < vlen)
            val[n++] = *q;
        else if (!over)
            val[n] = *q, over = true;
    }
    n = (size_t)utf8_keep(val, (int)(n + over), (int)vlen - 1); /* a long value: whole characters */
    val[n] = 0;
    if (*q != '"' || *(q = skip_spaces(q + 1)) != ']')
        return snprintf(e, elen, "malformed tag pair: no closing '\"]'"), -1;
    *p = skip_spaces(q + 1);
    return 0;
}

/* A line of tag pairs (PGN puts one on a line; more are taken). -1 with a message. */
static int tag_line(const Variant *v, Position *pos, Record *out, const char *p, char *e, size_t elen) {
    while (*p) {
        char key[64], val[512], why[200];
        if (*p != '[') return snprintf(e, elen, "text after a tag pair: '%.20s'", p), -1;
        if (tag_pair(&p, key, sizeof key, val, sizeof val, e, elen)) return -1;
        if (pgn_tag(v, pos, out, key, val, why, sizeof why)) return snprintf(e, elen, "bad FEN: %s", why), -1;
    }
    return 0;
}

/* Whether a {comment} is open after line, given whether one was open before it. */
static int brace_after(const char *line, int in_brace) {
    for (const char *c = line; *c; c++) in_brace = *c == '{' ? 1 : *c == '}' ? 0 : in_brace;
    return in_brace;
}

/* Where the game that begins text ends: at the first tag line after its movetext (not inside
 * a {comment}), or at len. WHY one rule for splitting and reading: a game ends where its
 * reader stops, so a file of many games (XBoard's match file) reads as its games in order. */
static size_t game_end(const char *text, size_t len) {
    LineReader lr;
    lr_init(&lr, text, len);
    bool in_moves = false;
    int in_brace = 0; /* inside a {comment} spanning lines */
    for (const char *start = lr.p; lr_next(&lr); start = lr.p) {
        const char *p = skip_spaces(lr.buf);
        if (*p == '[' && !in_moves) continue;
        if (*p == '[' && !in_brace && strchr(p, '"')) {
            lr_free(&lr);
            return (size_t)(start - text);
        }
        bool escape = *p == '%' && !in_brace;
        if (*p && !escape) in_moves = true;
        if (!escape) in_brace = brace_after(lr.buf, in_brace);
    }
    lr_free(&lr);
    return len;
}

/* One game: text is exactly that game (game_end), NUL-terminated. */
static int read_game(const char *text, size_t len, const RecordReadOptions *opt, Record *out, RecordError *err) {
    const Variant *v = opt && opt->variant ? opt->variant : NULL;
    const char *vt = strstr(text, "[Variant \"");
    if (!v && vt) {
        char name[64];
        vt += 10;
        size_t n = strcspn(vt, "\"\n");
        snprintf(name, sizeof name, "%.*s", (int)(n < 63 ? n : 63), vt);
        v = variant_by_xboard(name);
        if (!v) return rec_error(err, 0, 0, "", "unknown variant %s", name), -1;
    }
    if (!v) v = variant_list()[0];
    record_init(out, v);
    Position *pos = malloc(sizeof *pos);
    char e[256];
    if (!pos || pos_set_sfen(pos, v, NULL, v->start, e, sizeof e)) {
        free(pos);
        return rec_error(err, 0, 0, "", "out of memory"), -1;
    }
    LineReader lr;
    lr_init(&lr, text, len);
    int rc = 0;
    bool in_moves = false;
    int in_brace = 0; /* inside a {comment} spanning lines */
    Sbuf moves = {0};
    while (rc == 0 && lr_next(&lr)) {
        const char *p = skip_spaces(lr.buf);
        if (*p != '[' || in_moves) {
            bool escape = *p == '%' && !in_brace;
            if (*p && !escape) in_moves = true;
            if (!escape) in_brace = brace_after(lr.buf, in_brace);
            sb_printf(&moves, "%s\n", escape ? "" : lr.buf); /* one line per line of the file */
            continue;
        }
        sb_put(&moves, "\n");
        rc = tag_line(v, pos, out, p, e, sizeof e);
        if (rc) rec_error(err, lr.lineno, 0, lr.buf, "%s", e);
    }
    if (rc == 0) rc = pgn_moves(pos, out, moves.s ? moves.s : "", err);
    free(moves.s);
    lr_free(&lr);
    free(pos);
    if (rc) record_free(out);
    return rc;
}

int pgn_read_all(const char *text, size_t len, const RecordReadOptions *opt, Record **games, int *count,
                 RecordError *err) {
    int lines = 0; /* lines of the file before the current game */
    for (size_t at = 0, n; at < len; at += n) {
        n = game_end(text + at, len - at);
        if (!n) n = len - at; /* never: a game holds at least its first line */
        size_t blank = strspn(text + at, " \t\r\n");
        /* a copy that ends where the game does (n bytes: the text may hold NULs, so not strndup) */
        char *game = blank < n ? malloc(n + 1) : NULL;
        if (game) memcpy(game, text + at, n), game[n] = 0;
        if (blank < n) {
            Record *grown = game ? realloc(*games, (size_t)(*count + 1) * sizeof **games) : NULL;
            int rc = grown ? (*games = grown, read_game(game, n, opt, &grown[*count], err))
                           : (rec_error(err, 0, 0, "", "out of memory"), -1);
            free(game);
            if (rc) {
                if (err->line > 0) err->line += lines;
                for (int i = 0; i < *count; i++) record_free(&(*games)[i]);
                free(*games);
                *games = NULL;
                *count = 0;
                return -1;
            }
            (*count)++;
        }
        for (size_t i = at; i < at + n; i++) lines += text[i] == '\n';
    }
    return 0;
}
