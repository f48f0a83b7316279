/* csa.c - CSA V2.2/V3.0 records: reader (several games separated by '/'), writer and the
 * move notation "+7776FU". Piece codes come from PieceDef.csa; games without them have no
 * CSA form. */
#include <stdlib.h>
#include <string.h>

#include "../textpos.h"
#include "../movegen.h"
#include "record_int.h"

static const struct {
    const char *word;
    RecordEnd end;
} csa_ends[] = {
    {"%TORYO", REC_END_RESIGN},         {"%TSUMI", REC_END_MATE},           {"%SENNICHITE", REC_END_REPETITION},
    {"%JISHOGI", REC_END_IMPASSE},      {"%CHUDAN", REC_END_INTERRUPT},     {"%ILLEGAL_MOVE", REC_END_ILLEGAL_LOSS},
    {"%TIME_UP", REC_END_TIMEOUT},      {"%KACHI", REC_END_ENTERING_KING},  {"%HIKIWAKE", REC_END_DRAW},
    {"%+ILLEGAL_ACTION", REC_END_NONE}, {"%-ILLEGAL_ACTION", REC_END_NONE}, {"%MATTA", REC_END_OTHER},
    {"%FUZUMI", REC_END_OTHER},         {"%ERROR", REC_END_OTHER},
};

/* ---- move notation ---- */

static int parse_csa(Position *pos, const char *text, int last_to, Move *out, char *err, size_t errlen) {
    (void)last_to;
    const Variant *v = pos->v;
    const char *p = text;
    if (*p == '+' || *p == '-') {
        if ((*p == '+') != (pos->stm == BLACK)) return snprintf(err, errlen, "move by the wrong side"), -1;
        p++;
    }
    for (int i = 0; i < 4; i++)
        if (p[i] < '0' || p[i] > '9') return snprintf(err, errlen, "malformed CSA move"), -1;
    if (!p[4] || !p[5] || (p[6] && p[6] != ' ')) return snprintf(err, errlen, "malformed CSA move"), -1;
    PieceType after = csa_type_of(v, p + 4);
    if (!after) return snprintf(err, errlen, "unknown piece code %.2s", p + 4), -1;
    int from = p[0] == '0' ? -1 : rec_square(v, p[0] - '0', p[1] - '0');
    int to = rec_square(v, p[2] - '0', p[3] - '0');
    if (to < 0 || (p[0] != '0' && from < 0)) return snprintf(err, errlen, "square off the board"), -1;
    MoveList list;
    movegen_legal(pos, &list);
    for (int i = 0; i < list.size; i++) {
        Move m = list.moves[i];
        if (move_is_double(m) || move_is_pass(m) || move_to(m) != to) continue;
        if (from < 0 ? !move_is_drop(m) : move_is_drop(m) || move_from(m) != from) continue;
        if (rec_type_after(pos, m) != after) continue;
        *out = m;
        return 0;
    }
    return snprintf(err, errlen, "illegal move"), -1;
}

static int format_csa(Position *pos, Move m, int last_to, char *buf, size_t len) {
    (void)last_to;
    const Variant *v = pos->v;
    const char *code = v->pieces[rec_type_after(pos, m) - 1].csa;
    if (!code || move_is_double(m) || move_is_pass(m) || v->files > 9 || v->ranks > 9) return -1;
    int ff = move_is_drop(m) ? 0 : rec_file(v, move_from(m)), fr = move_is_drop(m) ? 0 : rec_rank(v, move_from(m));
    snprintf(buf, len, "%c%d%d%d%d%s", pos->stm == BLACK ? '+' : '-', ff, fr, rec_file(v, move_to(m)),
             rec_rank(v, move_to(m)), code);
    return 0;
}

const RecordNotation rec_notation_csa = {"csa", format_csa, parse_csa};

/* ---- reader ---- */

typedef struct {
    Record *rec;
    Position *pos;
    char board[SQ_MAX]; /* piece type | colour bit, 0 empty, from P lines */
    int hand[COLOR_NB][PT_MAX];
    bool have_board, started, ended, pi_seen;
    unsigned ranks_seen; /* bit r-1: a "Pr" line came (one board is all of them, once each) */
    int last_to;
    RecordMove *last;
    RecordError *err;
    int lineno;
    const char *text;
} CsaReader;

static int cfail(CsaReader *r, const char *msg, const char *arg) {
    rec_error(r->err, r->lineno, r->rec ? r->rec->main.count + 1 : 0, r->text, msg, arg);
    return -1;
}

static void board_from_sfen(CsaReader *r, const Variant *v, const char *sfen) {
    Position *pos = r->pos;
    char e[200];
    memset(r->board, 0, sizeof r->board);
    memset(r->hand, 0, sizeof r->hand);
    if (pos_set_sfen(pos, v, NULL, sfen, e, sizeof e)) return;
    for (int sq = 0; sq < v->files * v->ranks; sq++) r->board[sq] = (char)pos->board[sq];
}

static int put_piece(CsaReader *r, Color c, const char *sq2, const char *code) {
    const Variant *v = r->rec->variant;
    if (!strncmp(code, "AL", 2)) { /* 00AL: every piece not yet placed goes to this hand */
        const VariantTables *t = v->tables;
        int used[PT_MAX] = {0};
        for (int sq = 0; sq < v->files * v->ranks; sq++)
            if (r->board[sq]) used[t->hand_type[piece_type((Piece)r->board[sq])]]++;
        for (int i = 0; i < t->hand_type_count; i++) {
            PieceType h = t->hand_types[i];
            int left = t->max_count[h] - used[h] - r->hand[0][h] - r->hand[1][h];
            if (left > 0) r->hand[c][h] += left;
        }
        return 0;
    }
    PieceType pt = csa_type_of(v, code);
    if (!pt) return cfail(r, "unknown piece code %.2s", code);
    if (sq2[0] == '0' && sq2[1] == '0') {
        PieceType h = v->tables->hand_type[pt];
        if (!h) return cfail(r, "%s", "piece cannot be in hand");
        r->hand[c][h]++;
        return 0;
    }
    int sq = rec_square(v, sq2[0] - '0', sq2[1] - '0');
    if (sq < 0) return cfail(r, "%s", "square off the board");
    r->board[sq] = (char)piece_make(c, pt);
    return 0;
}

static int p_line(CsaReader *r, const char *s) {
    const Variant *v = r->rec->variant;
    if (s[1] == 'I') { /* PI[..][<sq><code>]...: the standard start minus the listed pieces */
        board_from_sfen(r, v, v->start);
        r->pi_seen = true;
        for (const char *p = s + 2; *p; p += 4) {
            if (strlen(p) < 4) return cfail(r, "%s", "malformed PI line");
            int sq = rec_square(v, p[0] - '0', p[1] - '0');
            if (sq < 0 || !r->board[sq]) return cfail(r, "%s", "PI removes a piece that is not there");
            r->board[sq] = 0;
        }
        r->have_board = true;
        return 0;
    }
    if (s[1] == '+' || s[1] == '-') {
        Color c = s[1] == '+' ? BLACK : WHITE;
        for (const char *p = s + 2; *p && *p != ' '; p += 4) {
            if (strlen(p) < 4) return cfail(r, "%s", "malformed P+/P- line");
            if (put_piece(r, c, p, p + 2)) return -1;
        }
        r->have_board = true;
        return 0;
    }
    int rank = s[1] - '0';
    if (rank < 1 || rank > v->ranks) return cfail(r, "%s", "malformed P line");
    if (r->ranks_seen & 1u << (rank - 1)) return cfail(r, "%s", "a second P line for this rank");
    r->ranks_seen |= 1u << (rank - 1);
    if (!r->have_board) memset(r->board, 0, sizeof r->board);
    r->have_board = true;
    const char *p = s + 2;
    /* WHY the step stops at the end: a line may end in " *" (an empty square written short), and
     * three bytes on from there is past the text (ASan, the record campaign of session 11) */
    for (int f = v->files; f >= 1; f--, p += p[2] ? 3 : 2) {
        if (strlen(p) < 2 || (strlen(p) < 3 && p[0] != ' ' && p[0] != '*')) return cfail(r, "%s", "short P line");
        int sq = rec_square(v, f, rank);
        if (p[0] == ' ' && p[1] == '*') {
            r->board[sq] = 0;
            continue;
        }
        if (p[0] != '+' && p[0] != '-') return cfail(r, "%s", "malformed P line");
        PieceType pt = csa_type_of(v, p + 1);
        if (!pt) return cfail(r, "unknown piece code %.2s", p + 1);
        r->board[sq] = (char)piece_make(p[0] == '+' ? BLACK : WHITE, pt);
    }
    /* Other text after the last file is ignored (docs/records.md), but not one more square:
     * WHY: "...+KY+KY" lost its tenth piece without a word, a board unlike the file's. */
    if (((p[0] == '+' || p[0] == '-') && csa_type_of(v, p + 1)) || (p[0] == ' ' && p[1] == '*')) {
        char what[64];
        snprintf(what, sizeof what, "more squares than the board's %d files", v->files);
        return cfail(r, "P line with %s", what);
    }
    return 0;
}

/* A board of "P1".."Pn" lines needs every rank (unless PI gave the board first). */
static int check_rank_lines(CsaReader *r) {
    const Variant *v = r->rec->variant;
    if (!r->ranks_seen || r->pi_seen) return 0;
    for (int rank = 1; rank <= v->ranks; rank++)
        if (!(r->ranks_seen & 1u << (rank - 1))) {
            char what[48];
            snprintf(what, sizeof what, "the board has no P%d line", rank);
            return cfail(r, "%s", what);
        }
    return 0;
}

/* Build the start SFEN from the collected board and hands. */
static int start_game(CsaReader *r, Color stm) {
    const Variant *v = r->rec->variant;
    if (check_rank_lines(r)) return -1;
    if (r->have_board) {
        char sfen[1024];
        size_t l = 0;
        for (int rank = 1; rank <= v->ranks; rank++) {
            int empty = 0;
            for (int f = v->files; f >= 1; f--) {
                Piece pc = (Piece)r->board[rec_square(v, f, rank)];
                if (!pc) {
                    empty++;
                    continue;
                }
                if (empty) l += (size_t)snprintf(sfen + l, sizeof sfen - l, "%d", empty);
                empty = 0;
                char sym[8];
                snprintf(sym, sizeof sym, "%s", v->pieces[piece_type(pc) - 1].symbol);
                if (piece_color(pc) == WHITE)
                    for (char *c = sym; *c; c++) *c = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
                l += (size_t)snprintf(sfen + l, sizeof sfen - l, "%s", sym);
            }
            if (empty) l += (size_t)snprintf(sfen + l, sizeof sfen - l, "%d", empty);
            if (rank < v->ranks) l += (size_t)snprintf(sfen + l, sizeof sfen - l, "/");
        }
        l += (size_t)snprintf(sfen + l, sizeof sfen - l, " %c ", stm == BLACK ? 'b' : 'w');
        size_t hand_at = l;
        for (int c = 0; c < 2; c++)
            for (int i = 0; i < v->tables->hand_type_count; i++) {
                PieceType h = v->tables->hand_types[i];
                int n = r->hand[c][h];
                if (!n) continue;
                char sym = v->pieces[h - 1].symbol[0];
                if (c) sym = (char)(sym + 32);
                l += n > 1 ? (size_t)snprintf(sfen + l, sizeof sfen - l, "%d%c", n, sym)
                           : (size_t)snprintf(sfen + l, sizeof sfen - l, "%c", sym);
            }
        if (l == hand_at) l += (size_t)snprintf(sfen + l, sizeof sfen - l, "-");
        snprintf(sfen + l, sizeof sfen - l, " 1");
        snprintf(r->rec->start, sizeof r->rec->start, "%s", sfen);
    } else if (stm == WHITE) {
        return cfail(r, "%s", "White to move with no position given");
    }
    char e[256];
    if (pos_set_sfen(r->pos, v, &r->rec->rules, r->rec->start, e, sizeof e)) return cfail(r, "bad position: %s", e);
    r->started = true;
    return 0;
}

static int add_comment_to(char **slot, const char *text) {
    size_t old = *slot ? strlen(*slot) : 0;
    char *s = realloc(*slot, old + strlen(text) + 2);
    if (!s) return -1;
    if (old) s[old++] = '\n';
    strcpy(s + old, text);
    *slot = s;
    return 0;
}

static int statement(CsaReader *r, const char *s) {
    Record *rec = r->rec;
    if (!*s) return 0;
    if (s[0] == '\'') {
        if (!strncmp(s, "'CSA encoding=", 14)) return 0; /* how the text is encoded (CSA V3.0), not a comment */
        const char *c = s + 1;
        if (*c == '*') c++;
        return add_comment_to(r->last ? &r->last->comment : &rec->comment, c) ? cfail(r, "%s", "out of memory") : 0;
    }
    if (s[0] == 'V') return 0;
    if (s[0] == 'N' && (s[1] == '+' || s[1] == '-'))
        return record_header_add(rec, s[1] == '+' ? "Black" : "White", s + 2) ? cfail(r, "%s", "out of memory") : 0;
    if (s[0] == '$') {
        const char *colon = strchr(s, ':');
        if (!colon) return cfail(r, "%s", "malformed $ header");
        char key[64];
        snprintf(key, sizeof key, "%.*s", utf8_keep(s, (int)(colon - s), 63), s); /* a long key: whole characters */
        const HeaderName *h = header_by_csa(key);
        if (!h && !strcmp(key, "$START")) h = header_by_key("Start");
        return record_header_add(rec, h ? h->key : key, colon + 1) ? cfail(r, "%s", "out of memory") : 0;
    }
    if (s[0] == 'P' && !r->started) return p_line(r, s);
    if ((s[0] == '+' || s[0] == '-') && !s[1] && !r->started) return start_game(r, s[0] == '+' ? BLACK : WHITE);
    if (s[0] == 'T') { /* seconds the move took: "T12", V3.0 "T12.345" */
        char *end;
        double t = strtod(s + 1, &end);
        if (end == s + 1 || *end || !(t >= 0 && t <= 1e7)) return cfail(r, "malformed time %s", s);
        if (r->last) r->last->time_ms = t * 1000 >= REC_MOVE_TIME_MAX_MS ? REC_MOVE_TIME_MAX_MS : (int)(t * 1000 + 0.5);
        return 0;
    }
    if (s[0] == '%') {
        if (!r->started && start_game(r, BLACK)) return -1;
        for (size_t i = 0; i < sizeof csa_ends / sizeof csa_ends[0]; i++)
            if (!strncmp(s, csa_ends[i].word, strlen(csa_ends[i].word))) {
                Color stm = r->pos->stm;
                if (s[1] == '+' || s[1] == '-') /* %+ILLEGAL_ACTION: Black broke a rule */
                    rec_set_end(rec, stm == (s[1] == '+' ? BLACK : WHITE) ? REC_END_ILLEGAL_LOSS : REC_END_ILLEGAL_WIN,
                                stm);
                else
                    rec_set_end(rec, csa_ends[i].end, stm);
                r->ended = true;
                return 0;
            }
        return cfail(r, "unknown end %s", s);
    }
    if (s[0] == '+' || s[0] == '-') {
        if (!r->started && start_game(r, BLACK)) return -1;
        if (r->ended) return cfail(r, "%s", "a move after the end of the game");
        Move m;
        char e[200];
        if (parse_csa(r->pos, s, r->last_to, &m, e, sizeof e)) return cfail(r, "%s", e);
        RecordMove *rm = record_line_push(&rec->main, m);
        if (!rm) return cfail(r, "%s", "out of memory");
        pos_do_move(r->pos, m);
        r->last_to = move_to(m);
        r->last = rm;
        return 0;
    }
    return cfail(r, "%s", "unreadable CSA line");
}

int csa_read_all(const char *text, size_t len, const RecordReadOptions *opt, Record **games, int *count,
                 RecordError *err) {
    const Variant *v = opt && opt->variant ? opt->variant : variant_list()[0];
    if (!v->pieces[0].csa) {
        rec_error(err, 0, 0, "", "%s has no CSA form", v->name);
        return -1;
    }
    CsaReader *r = calloc(1, sizeof *r);
    Position *pos = malloc(sizeof *pos);
    int cap = 0, rc = 0;
    LineReader lr;
    lr_init(&lr, text, len);
    if (!r || !pos) {
        rec_error(err, 0, 0, "", "out of memory");
        free(pos);
        free(r);
        return -1;
    }
    r->pos = pos;
    r->err = err;
    bool more = true;
    while (rc == 0 && more) {
        Record *g = NULL;
        if (*count == cap) {
            cap = cap ? cap * 2 : 4;
            Record *p = realloc(*games, (size_t)cap * sizeof *p);
            if (!p) {
                rc = -1;
                break;
            }
            *games = p;
        }
        g = &(*games)[*count];
        record_init(g, v);
        (*count)++;
        r->rec = g;
        r->have_board = r->started = r->ended = r->pi_seen = false;
        r->ranks_seen = 0;
        r->last = NULL;
        r->last_to = -1;
        more = false;
        bool any = false;
        while (rc == 0 && lr_next(&lr)) {
            r->lineno = lr.lineno;
            r->text = lr.buf;
            if (!strcmp(lr.buf, "/")) {
                more = true;
                break;
            }
            any = true;
            if (lr.buf[0] == '\'') {
                rc = statement(r, lr.buf);
                continue;
            }
            if (lr.buf[0] == 'P' && !r->started) { /* P lines hold no commas; keep trailing spaces */
                rc = p_line(r, lr.buf);
                continue;
            }
            for (char *s = lr.buf; rc == 0 && s;) {
                char *comma = lr.buf[0] == '$' || lr.buf[0] == 'N' ? NULL : strchr(s, ',');
                if (comma) *comma = 0;
                size_t n = strlen(s);
                while (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) s[--n] = 0;
                rc = statement(r, s);
                s = comma ? comma + 1 : NULL;
            }
        }
        if (rc == 0 && !any) {
            record_free(g);
            (*count)--;
        } else if (rc == 0 && !r->started) {
            r->text = "";
            rc = start_game(r, BLACK);
        }
    }
    lr_free(&lr);
    free(pos);
    free(r);
    if (rc) {
        if (!err->msg[0]) rec_error(err, 0, 0, "", "out of memory");
        for (int i = 0; i < *count; i++) record_free(&(*games)[i]);
        free(*games);
        *games = NULL;
        *count = 0;
    }
    return rc;
}

/* ---- writer ---- */

static const char *csa_end_word(const Record *rec, Color stm) {
    switch (rec->end) {
    case REC_END_RESIGN: return "%TORYO";
    case REC_END_MATE: return "%TSUMI";
    case REC_END_REPETITION: return "%SENNICHITE";
    case REC_END_IMPASSE: return "%JISHOGI";
    case REC_END_INTERRUPT: return "%CHUDAN";
    case REC_END_ILLEGAL_LOSS: return stm == BLACK ? "%+ILLEGAL_ACTION" : "%-ILLEGAL_ACTION";
    case REC_END_ILLEGAL_WIN: return stm == BLACK ? "%-ILLEGAL_ACTION" : "%+ILLEGAL_ACTION";
    case REC_END_TIMEOUT: return "%TIME_UP";
    case REC_END_ENTERING_KING: return "%KACHI";
    case REC_END_DRAW: return "%HIKIWAKE";
    default: return NULL;
    }
}

static void put_comment(Sbuf *b, const char *c) {
    for (const char *p = c; p;) {
        const char *nl = strchr(p, '\n');
        sb_printf(b, "'*%.*s\n", nl ? (int)(nl - p) : (int)strlen(p), p);
        p = nl ? nl + 1 : NULL;
    }
}

static void put_position(Sbuf *b, const Position *pos) {
    const Variant *v = pos->v;
    for (int rank = 1; rank <= v->ranks; rank++) {
        sb_printf(b, "P%d", rank);
        for (int f = v->files; f >= 1; f--) {
            Piece pc = pos->board[rec_square(v, f, rank)];
            if (!pc)
                sb_put(b, " * ");
            else
                sb_printf(b, "%c%s", piece_color(pc) == BLACK ? '+' : '-', v->pieces[piece_type(pc) - 1].csa);
        }
        sb_put(b, "\n");
    }
    for (int c = 0; c < 2; c++) {
        if (!pos->hand_total[c]) continue;
        sb_put(b, c == BLACK ? "P+" : "P-");
        for (int i = 0; i < pos->t->hand_type_count; i++) {
            PieceType h = pos->t->hand_types[i];
            for (int k = 0; k < pos->hand[c][h]; k++) sb_printf(b, "00%s", v->pieces[h - 1].csa);
        }
        sb_put(b, "\n");
    }
    sb_put(b, pos->stm == BLACK ? "+\n" : "-\n");
}

char *csa_write(const Record *rec, const RecordWriteOptions *opt, RecordError *err) {
    const Variant *v = rec->variant;
    if (!v->pieces[0].csa) {
        rec_error(err, 0, 0, "", "%s has no CSA form", v->name);
        return NULL;
    }
    Position *pos = malloc(sizeof *pos);
    char e[256];
    if (!pos || pos_set_sfen(pos, v, &rec->rules, rec->start, e, sizeof e)) {
        rec_error(err, 0, 0, "", "bad start position");
        free(pos);
        return NULL;
    }
    Sbuf b = {0};
    if (!opt->sjis) sb_put(&b, "'CSA encoding=UTF-8\n");
    sb_put(&b, "V2.2\n");
    const char *black = record_header_get(rec, "Black"), *white = record_header_get(rec, "White");
    if (black) sb_printf(&b, "N+%s\n", black);
    if (white) sb_printf(&b, "N-%s\n", white);
    for (int i = 0; i < rec->header_count; i++) {
        const HeaderName *h = header_by_key(rec->headers[i].key);
        char date[40];
        if (h && h->csa[0] == '$')
            sb_printf(&b, "%s:%s\n", h->csa,
                      !strcmp(h->key, "Start") || !strcmp(h->key, "End")
                          ? rec_date_write(rec->headers[i].value, REC_DATE_SLASH, date, sizeof date)
                          : rec->headers[i].value);
        else if (!h && rec->headers[i].key[0] == '$')
            sb_printf(&b, "%s:%s\n", rec->headers[i].key, rec->headers[i].value);
    }
    if (rec->comment) put_comment(&b, rec->comment);
    put_position(&b, pos);
    int rc = 0;
    for (int i = 0; i < rec->main.count && !rc; i++) {
        const RecordMove *rm = &rec->main.moves[i];
        char text[32];
        rc = format_csa(pos, rm->move, -1, text, sizeof text);
        if (rc) break;
        sb_put(&b, text);
        if (rm->time_ms >= 0) sb_printf(&b, ",T%d", (rm->time_ms + 500) / 1000);
        sb_put(&b, "\n");
        if (rm->comment) put_comment(&b, rm->comment);
        pos_do_move(pos, rm->move);
    }
    const char *end = csa_end_word(rec, pos->stm);
    if (end) sb_printf(&b, "%s\n", end);
    free(pos);
    if (rc || b.oom) {
        free(b.s);
        rec_error(err, 0, 0, "", "a move cannot be written in CSA");
        return NULL;
    }
    return b.s;
}
