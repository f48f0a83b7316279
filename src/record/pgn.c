/* pgn.c - PGN as XBoard 4.9.1 saves and loads it: the seven tag roster (XBoard's "White" is
 * the first mover, i.e. the record's Black), [Variant], [FEN]/[SetUp] for a non-standard
 * start, moves in XBoard's SAN (pgn_san.c), {comments} and the result token. */
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
        if (!strcmp(keys[i], "Result"))
            val = result_token(rec->result);
        else if (!strcmp(keys[i], "Date"))
            val = record_header_get(rec, "Start");
        else if (!strcmp(keys[i], "White") || !strcmp(keys[i], "Black"))
            val = record_header_get(rec, keys[i][0] == 'W' ? "Black" : "White"); /* first mover = White */
        else
            val = record_header_get(rec, keys[i]);
        sb_printf(&b, "[%s \"%s\"]\n", keys[i], val ? val : "?");
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
    for (int i = 0; i < rec->main.count; i++) {
        char mv[64];
        if (pos->stm == BLACK || i == 0) sb_printf(&b, pos->stm == BLACK ? "%d. " : "%d... ", i / 2 + 1);
        pgn_format_move(pos, rec->main.moves[i].move, mv, sizeof mv);
        pos_do_move(pos, rec->main.moves[i].move);
        sb_printf(&b, "%s%s ", mv, movegen_count(pos) ? "" : "#");
        if (rec->main.moves[i].nag > 0) sb_printf(&b, "$%d ", rec->main.moves[i].nag);
        if (rec->main.moves[i].comment) put_comment(&b, rec->main.moves[i].comment, " ");
        if (i % 10 == 9) sb_put(&b, "\n");
    }
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

/* A tag pair; White/Black swap (XBoard's White moves first), Date is the start. */
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
        if (out->result != REC_RESULT_NONE) out->end = out->result == REC_RESULT_DRAW ? REC_END_DRAW : REC_END_OTHER;
    } else if (strcmp(key, "Variant") && strcmp(key, "SetUp")) {
        if (!strcmp(key, "Date")) snprintf(key, sizeof key, "Start");
        if (!strcmp(key, "White") || !strcmp(key, "Black"))
            snprintf(key, sizeof key, "%s", key[0] == 'W' ? "Black" : "White");
        if (!strcmp(val, "?") && strcmp(key, "Start")) return 0; /* PGN's "unknown" */
        record_header_add(out, key, val);
    }
    return 0;
}

static bool skip_token(const char *tok) {
    return !strcmp(tok, "*") || !strcmp(tok, "1-0") || !strcmp(tok, "0-1") || !strcmp(tok, "1/2-1/2") ||
           tok[0] == '$' || !tok[0];
}

/* The movetext: moves (move numbers "12." / "12..." also glued to the move), {comments},
 * ; comments to the end of the line, (variations) skipped, $NAGs, the result token. */
static int pgn_moves(Position *pos, Record *out, const char *p, RecordError *err) {
    RecordMove *last = NULL;
    int ply = 0, depth = 0;
    char e[256];
    while (*(p = skip_spaces(p))) {
        if (*p == '\n') {
            p++;
            continue;
        }
        if (*p == '{' || *p == ';') {
            const char *close = *p == '{' ? strchr(p, '}') : strchr(p, '\n');
            size_t n = close ? (size_t)(close - p - 1) : strlen(p + 1);
            if (!depth) {
                char **slot = last ? &last->comment : &out->comment;
                free(*slot);
                *slot = strndup(p + 1, n);
            }
            p = close ? close + 1 : p + 1 + n;
            continue;
        }
        if (*p == '(' || *p == ')') {
            depth += *p++ == '(' ? 1 : (depth > 0 ? -1 : 0);
            continue;
        }
        char tok[128];
        size_t n = strcspn(p, " \t\n{}();");
        if (!n) { /* a '}' that closes nothing: skipped (the loop would stand on it for ever) */
            p++;
            continue;
        }
        snprintf(tok, sizeof tok, "%.*s", (int)(n < 127 ? n : 127), p);
        p += n;
        const char *mv = tok;
        if (isdigit((unsigned char)*mv) && strchr(tok, '.')) {
            mv += strspn(mv, "0123456789");
            mv += strspn(mv, ".");
        }
        if (!depth && mv[0] == '$' && last) { /* a NAG belongs to the move before it */
            last->nag = atoi(mv + 1);
            continue;
        }
        if (depth || skip_token(mv)) continue;
        Move m;
        ply++;
        if (pgn_parse_move(pos, mv, &m, e, sizeof e)) {
            rec_error(err, 0, ply, mv, "move %d %s: %s", ply, mv, e);
            return -1;
        }
        last = record_line_push(&out->main, m);
        pos_do_move(pos, m);
    }
    return 0;
}

int pgn_read(const char *text, size_t len, const RecordReadOptions *opt, Record *out, RecordError *err) {
    const Variant *v = opt && opt->variant ? opt->variant : NULL;
    const char *vt = strstr(text, "[Variant \"");
    if (!v && vt) {
        char name[64];
        vt += 10;
        size_t n = strcspn(vt, "\"");
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
            if (*p == '%' && !in_brace) continue;                            /* escape line */
            if (in_moves && *p == '[' && !in_brace && strchr(p, '"')) break; /* the next game's tags */
            if (*p) in_moves = true;
            for (const char *c = lr.buf; *c; c++) in_brace = *c == '{' ? 1 : *c == '}' ? 0 : in_brace;
            sb_printf(&moves, "%s\n", lr.buf);
            continue;
        }
        char key[64], val[512] = "";
        if (sscanf(p, "[%63s \"%511[^\"]\"]", key, val) < 1) continue;
        if (pgn_tag(v, pos, out, key, val, e, sizeof e))
            rc = -1, rec_error(err, lr.lineno, 0, lr.buf, "bad FEN: %s", e);
    }
    if (rc == 0) rc = pgn_moves(pos, out, moves.s ? moves.s : "", err);
    free(moves.s);
    lr_free(&lr);
    free(pos);
    if (rc) record_free(out);
    return rc;
}
