/* pgn.c - PGN for the XBoard games (chu, wa): tag pairs, [Variant], [FEN]/[SetUp] for a
 * non-standard start, moves in XBoard coordinate notation (multi-leg lion moves "f5f6,f6f7"),
 * {comments} and the result token. */
#include <stdlib.h>
#include <string.h>

#include "../textpos.h"
#include "../notation.h"
#include "record_int.h"

static const char *result_token(RecordResult r) {
    return r == REC_RESULT_BLACK ? "1-0" : r == REC_RESULT_WHITE ? "0-1" : r == REC_RESULT_DRAW ? "1/2-1/2" : "*";
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
        else
            val = record_header_get(rec, keys[i]);
        sb_printf(&b, "[%s \"%s\"]\n", keys[i], val ? val : "?");
    }
    if (v->xboard_name && strcmp(v->xboard_name, "normal")) sb_printf(&b, "[Variant \"%s\"]\n", v->xboard_name);
    if (strcmp(rec->start, v->start)) {
        char fen[1024];
        fen_format(pos, fen, sizeof fen);
        sb_printf(&b, "[SetUp \"1\"]\n[FEN \"%s\"]\n", fen);
    }
    sb_put(&b, "\n");
    if (rec->comment) sb_printf(&b, "{%s}\n", rec->comment);
    for (int i = 0; i < rec->main.count; i++) {
        char mv[64];
        if (pos->stm == BLACK || i == 0) sb_printf(&b, pos->stm == BLACK ? "%d. " : "%d... ", i / 2 + 1);
        move_format(pos, rec->main.moves[i].move, NOTATION_XBOARD, mv, sizeof mv);
        sb_printf(&b, "%s ", mv);
        if (rec->main.moves[i].nag > 0) sb_printf(&b, "$%d ", rec->main.moves[i].nag);
        if (rec->main.moves[i].comment) sb_printf(&b, "{%s} ", rec->main.moves[i].comment);
        if (i % 10 == 9) sb_put(&b, "\n");
        pos_do_move(pos, rec->main.moves[i].move);
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
    if (!v) v = variant_find("shogi");
    record_init(out, v);
    Position *pos = malloc(sizeof *pos);
    char e[256];
    if (!pos || pos_set_sfen(pos, v, NULL, v->start, e, sizeof e)) {
        free(pos);
        return rec_error(err, 0, 0, "", "out of memory"), -1;
    }
    LineReader lr;
    lr_init(&lr, text, len);
    int rc = 0, ply = 0;
    RecordMove *last = NULL;
    Sbuf moves = {0};
    while (rc == 0 && lr_next(&lr)) {
        const char *p = skip_spaces(lr.buf);
        if (*p != '[') {
            sb_printf(&moves, "%s\n", lr.buf);
            continue;
        }
        char key[64], val[512];
        if (sscanf(p, "[%63s \"%511[^\"]\"]", key, val) != 2) continue;
        if (!strcmp(key, "FEN")) {
            if (fen_parse(pos, v, NULL, val, e, sizeof e))
                rc = -1, rec_error(err, lr.lineno, 0, lr.buf, "bad FEN: %s", e);
            else {
                pos_to_sfen(pos, out->start, sizeof out->start);
                char *num = strrchr(out->start, ' '); /* records start at move 1, as KIF and CSA do */
                if (num) strcpy(num, " 1");
            }
        } else if (!strcmp(key, "Result")) {
            out->result = !strcmp(val, "1-0")       ? REC_RESULT_BLACK
                          : !strcmp(val, "0-1")     ? REC_RESULT_WHITE
                          : !strcmp(val, "1/2-1/2") ? REC_RESULT_DRAW
                                                    : REC_RESULT_NONE;
            if (out->result != REC_RESULT_NONE)
                out->end = out->result == REC_RESULT_DRAW ? REC_END_DRAW : REC_END_OTHER;
        } else if (strcmp(key, "Variant") && strcmp(key, "SetUp")) {
            if (!strcmp(key, "Date")) snprintf(key, sizeof key, "Start");
            record_header_add(out, key, val);
        }
    }
    const char *p = moves.s ? moves.s : "";
    while (rc == 0 && *(p = skip_spaces(p))) {
        if (*p == '\n') {
            p++;
            continue;
        }
        if (*p == '{') {
            const char *close = strchr(p, '}');
            size_t n = close ? (size_t)(close - p - 1) : strlen(p + 1);
            char **slot = last ? &last->comment : &out->comment;
            free(*slot);
            *slot = strndup(p + 1, n);
            p = close ? close + 1 : p + 1 + n;
            continue;
        }
        char tok[128];
        size_t n = strcspn(p, " \t\n{");
        snprintf(tok, sizeof tok, "%.*s", (int)(n < 127 ? n : 127), p);
        p += n;
        if ((tok[0] >= '0' && tok[0] <= '9' && strchr(tok, '.')) || !strcmp(tok, "*") || !strcmp(tok, "1-0") ||
            !strcmp(tok, "0-1") || !strcmp(tok, "1/2-1/2"))
            continue;
        if (tok[0] == '$') { /* a NAG belongs to the move before it */
            if (last) last->nag = atoi(tok + 1);
            continue;
        }
        Move m;
        ply++;
        if (move_parse(pos, tok, NOTATION_XBOARD, &m, e, sizeof e)) {
            rc = -1;
            rec_error(err, 0, ply, tok, "move %d %s: %s", ply, tok, e);
            break;
        }
        last = record_line_push(&out->main, m);
        pos_do_move(pos, m);
    }
    free(moves.s);
    lr_free(&lr);
    free(pos);
    if (rc) record_free(out);
    return rc;
}
