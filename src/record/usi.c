/* usi.c - USI move lists, one game per line: "startpos moves 7g7f ...", "sfen <SFEN> moves ...",
 * an optional "position " in front, an optional game name first ("chu startpos moves ..."),
 * or a bare move list from the standard start. '#' lines are comments. */
#include <stdlib.h>
#include <string.h>

#include "../textpos.h"
#include "../notation.h"
#include "record_int.h"

static int read_game(const char *line, int lineno, const Variant *dflt, Record *g, Position *pos, RecordError *err) {
    const char *p = skip_spaces(line);
    char word[64];
    size_t n = strcspn(p, " \t");
    snprintf(word, sizeof word, "%.*s", (int)(n < 63 ? n : 63), p);
    const Variant *v = dflt;
    const Variant *named = variant_find(word);
    if (named && strcmp(word, "startpos")) {
        v = named;
        p = skip_spaces(p + n);
    }
    if (str_eat(&p, "position ")) p = skip_spaces(p);
    record_init(g, v);
    char e[256];
    if (pos_set_sfen(pos, v, NULL, v->start, e, sizeof e)) return rec_error(err, lineno, 0, line, "%s", e), -1;
    if (str_eat(&p, "startpos")) {
        p = skip_spaces(p);
    } else if (str_eat(&p, "sfen ")) {
        const char *mv = strstr(p, " moves");
        char sfen[1024];
        size_t l = mv ? (size_t)(mv - p) : strlen(p);
        snprintf(sfen, sizeof sfen, "%.*s", (int)(l < 1023 ? l : 1023), p);
        if (pos_set_sfen(pos, v, NULL, sfen, e, sizeof e))
            return rec_error(err, lineno, 0, line, "bad SFEN: %s", e), -1;
        pos_to_sfen(pos, g->start, sizeof g->start);
        char *num = strrchr(g->start, ' '); /* records start at move 1, as KIF, CSA and PGN do */
        if (num) strcpy(num, " 1");
        p = skip_spaces(p + l);
    }
    str_eat(&p, "moves");
    char tok[64];
    for (int ply = 1; *(p = skip_spaces(p)); ply++) {
        n = strcspn(p, " \t");
        snprintf(tok, sizeof tok, "%.*s", (int)(n < 63 ? n : 63), p);
        p += n;
        Move m;
        if (move_parse(pos, tok, NOTATION_USI, &m, e, sizeof e))
            return rec_error(err, lineno, ply, line, "move %d %s: %s", ply, tok, e), -1;
        if (!record_line_push(&g->main, m)) return rec_error(err, lineno, ply, line, "out of memory"), -1;
        pos_do_move(pos, m);
    }
    return 0;
}

int usi_read_all(const char *text, size_t len, const RecordReadOptions *opt, Record **games, int *count,
                 RecordError *err) {
    const Variant *dflt = opt && opt->variant ? opt->variant : variant_list()[0];
    Position *pos = malloc(sizeof *pos);
    LineReader lr;
    lr_init(&lr, text, len);
    int cap = 0, rc = pos ? 0 : -1;
    while (rc == 0 && lr_next(&lr)) {
        const char *s = skip_spaces(lr.buf);
        if (!*s || *s == '#') continue;
        if (*count == cap) {
            cap = cap ? cap * 2 : 16;
            Record *p = realloc(*games, (size_t)cap * sizeof *p);
            if (!p) {
                rc = -1;
                break;
            }
            *games = p;
        }
        rc = read_game(s, lr.lineno, dflt, &(*games)[*count], pos, err);
        (*count)++;
    }
    lr_free(&lr);
    free(pos);
    if (rc) {
        if (!err->msg[0]) rec_error(err, 0, 0, "", "out of memory");
        for (int i = 0; i < *count; i++) record_free(&(*games)[i]);
        free(*games);
        *games = NULL;
        *count = 0;
    }
    return rc;
}

char *usi_write(const Record *rec, RecordError *err) {
    Position *pos = malloc(sizeof *pos);
    char e[256];
    if (!pos || pos_set_sfen(pos, rec->variant, &rec->rules, rec->start, e, sizeof e)) {
        free(pos);
        rec_error(err, 0, 0, "", "bad start position");
        return NULL;
    }
    Sbuf b = {0};
    if (rec->variant != variant_list()[0]) sb_printf(&b, "%s ", rec->variant->name);
    if (!strcmp(rec->start, rec->variant->start))
        sb_put(&b, "startpos");
    else
        sb_printf(&b, "sfen %s", rec->start);
    if (rec->main.count) sb_put(&b, " moves");
    for (int i = 0; i < rec->main.count; i++) {
        char mv[64];
        move_format(pos, rec->main.moves[i].move, NOTATION_USI, mv, sizeof mv);
        sb_printf(&b, " %s", mv);
        pos_do_move(pos, rec->main.moves[i].move);
    }
    sb_put(&b, "\n");
    free(pos);
    if (b.oom) {
        free(b.s);
        rec_error(err, 0, 0, "", "out of memory");
        return NULL;
    }
    return b.s;
}
