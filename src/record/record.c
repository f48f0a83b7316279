/* record.c - the Record type: construction, headers, lines, format names and detection,
 * replay, and the dispatch to each format's reader and writer. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../textpos.h"
#include "../movegen.h"
#include "record_int.h"

void record_init(Record *rec, const Variant *v) {
    memset(rec, 0, sizeof *rec);
    rec->variant = v;
    rec->rules = v->defaults;
    snprintf(rec->start, sizeof rec->start, "%s", v->start);
}

static void line_free(RecordLine *line) {
    for (int i = 0; i < line->count; i++) {
        RecordMove *m = &line->moves[i];
        free(m->comment);
        for (int a = 0; a < m->alt_count; a++) line_free(&m->alts[a]);
        free(m->alts);
    }
    free(line->moves);
    memset(line, 0, sizeof *line);
}

void record_free(Record *rec) {
    for (int i = 0; i < rec->header_count; i++) {
        free(rec->headers[i].key);
        free(rec->headers[i].value);
    }
    free(rec->headers);
    free(rec->comment);
    line_free(&rec->main);
    rec->headers = NULL;
    rec->header_count = 0;
    rec->comment = NULL;
}

int record_header_add(Record *rec, const char *key, const char *value) {
    RecordHeader *h = realloc(rec->headers, (size_t)(rec->header_count + 1) * sizeof *h);
    if (!h) return -1;
    rec->headers = h;
    char *k = strdup(key), *v = strdup(value);
    if (!k || !v) {
        free(k);
        free(v);
        return -1;
    }
    h[rec->header_count].key = k;
    h[rec->header_count].value = v;
    rec->header_count++;
    return 0;
}

const char *record_header_get(const Record *rec, const char *key) {
    for (int i = 0; i < rec->header_count; i++)
        if (!strcmp(rec->headers[i].key, key)) return rec->headers[i].value;
    return NULL;
}

RecordMove *record_line_push(RecordLine *line, Move m) {
    if (line->count == line->cap) {
        int cap = line->cap ? line->cap * 2 : 64;
        RecordMove *p = realloc(line->moves, (size_t)cap * sizeof *p);
        if (!p) return NULL;
        line->moves = p;
        line->cap = cap;
    }
    RecordMove *rm = &line->moves[line->count++];
    memset(rm, 0, sizeof *rm);
    rm->move = m;
    rm->time_ms = -1;
    return rm;
}

static const char *const format_names[REC_FORMAT_NB] = {"kif", "ki2", "csa", "usi", "pgn"};

const char *record_format_name(RecordFormat f) { return f >= 0 && f < REC_FORMAT_NB ? format_names[f] : "unknown"; }

RecordFormat record_format_parse(const char *name) {
    for (int f = 0; f < REC_FORMAT_NB; f++)
        if (!strcasecmp(name, format_names[f])) return (RecordFormat)f;
    if (!strcasecmp(name, "kifu")) return REC_KIF;
    if (!strcasecmp(name, "ki2u")) return REC_KI2;
    if (!strcasecmp(name, "sfen")) return REC_USI;
    return REC_UNKNOWN;
}

RecordFormat record_format_from_name(const char *name) {
    const char *dot = strrchr(name, '.');
    if (!dot || strchr(dot, '/')) return REC_UNKNOWN;
    if (!strcasecmp(dot, ".txt")) return REC_USI;
    return record_format_parse(dot + 1);
}

/* Is word in the first len bytes of text (which need not end in a NUL)? */
static bool contains(const char *text, size_t len, const char *word) {
    size_t n = strlen(word);
    for (size_t i = 0; i + n <= len; i++)
        if (!memcmp(text + i, word, n)) return true;
    return false;
}

RecordFormat record_format_sniff(const char *text, size_t len) {
    /* look at the first meaningful lines */
    LineReader lr;
    lr_init(&lr, text, len);
    RecordFormat f = REC_UNKNOWN;
    int seen = 0;
    while (f == REC_UNKNOWN && seen < 200 && lr_next(&lr)) {
        const char *s = lr.buf;
        if (!strncmp(s, "\xEF\xBB\xBF", 3)) s += 3;
        if (!*s) continue;
        seen++;
        if (!strncmp(s, "V2", 2) || !strncmp(s, "V3", 2) || !strncmp(s, "PI", 2) || !strncmp(s, "P1", 2) ||
            !strncmp(s, "N+", 2) || !strncmp(s, "N-", 2) || ((s[0] == '+' || s[0] == '-') && strlen(s) >= 7))
            f = REC_CSA;
        else if (s[0] == '[')
            f = REC_PGN;
        else if (strstr(s, "手数----") || strstr(s, "手目") || strstr(s, "\xE6\x89\x8B\xE5\x90\x88\xE5\x89\xB2"))
            f = REC_KIF;
        else if (strstr(s, "▲") || strstr(s, "△") || strstr(s, "☗") || strstr(s, "☖"))
            f = REC_KI2;
        else if (!strncmp(s, "startpos", 8) || !strncmp(s, "sfen ", 5) || !strncmp(s, "position ", 9) ||
                 (s[0] >= '1' && s[0] <= '9' && s[1] >= 'a' && s[1] <= 'o'))
            f = REC_USI;
        else if (!strncmp(s, "#KIF", 4))
            f = REC_KIF;
    }
    lr_free(&lr);
    if (f == REC_KI2 && contains(text, len, "手数----")) f = REC_KIF;
    return f;
}

/* Text of any encoding as UTF-8 (KIF/KI2/CSA may be Shift_JIS) in *owned, a copy that ends in
 * a NUL: the readers search the whole text with the string functions, and the caller's text
 * need not end in one. */
static int as_utf8(const char **text, size_t *len, char **owned, RecordError *err) {
    *owned = NULL;
    if (*len >= 3 && !memcmp(*text, "\xEF\xBB\xBF", 3)) {
        *text += 3;
        *len -= 3;
    }
    if (record_is_utf8(*text, *len)) {
        *owned = malloc(*len + 1);
        if (!*owned) {
            rec_error(err, 0, 0, "", "out of memory");
            return -1;
        }
        memcpy(*owned, *text, *len);
        (*owned)[*len] = 0;
        *text = *owned;
        return 0;
    }
    *owned = record_sjis_to_utf8(*text, *len);
    if (!*owned) {
        rec_error(err, 0, 0, "", "the text is neither UTF-8 nor Shift_JIS");
        return -1;
    }
    *text = *owned;
    *len = strlen(*owned);
    return 0;
}

/* Has the text no line but blank ones (and, for KIF and KI2, '#' comments)? WHY: the KIF,
 * KI2 and PGN readers make a game of no moves from the start position out of any text, so
 * an empty `game.kif` was converted, shown and analysed as a game; CSA and USI texts without
 * a game already read as none. */
static bool holds_nothing(const char *text, size_t len, RecordFormat f) {
    bool comments = f == REC_KIF || f == REC_KI2;
    for (size_t i = 0; i < len;) {
        while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r')) i++;
        if (i < len && text[i] != '\n' && !(comments && text[i] == '#')) return false;
        while (i < len && text[i] != '\n') i++;
        i++;
    }
    return true;
}

int record_read_all(const char *text, size_t len, RecordFormat f, const RecordReadOptions *opt, Record **games,
                    int *count, RecordError *err) {
    memset(err, 0, sizeof *err);
    *games = NULL;
    *count = 0;
    char *owned;
    if (as_utf8(&text, &len, &owned, err)) return -1;
    if (f == REC_UNKNOWN) f = record_format_sniff(text, len);
    int rc = -1;
    if (holds_nothing(text, len, f))
        rc = 0;
    else if (f == REC_CSA)
        rc = csa_read_all(text, len, opt, games, count, err);
    else if (f == REC_USI)
        rc = usi_read_all(text, len, opt, games, count, err);
    else if (f == REC_PGN)
        rc = pgn_read_all(text, len, opt, games, count, err);
    else if (f == REC_KIF || f == REC_KI2) {
        Record *r = malloc(sizeof *r);
        if (!r) {
            rec_error(err, 0, 0, "", "out of memory");
        } else {
            rc = kif_read(text, len, f == REC_KI2, opt, r, err);
            if (rc == 0) {
                *games = r;
                *count = 1;
            } else {
                free(r);
            }
        }
    } else {
        rec_error(err, 0, 0, "", "cannot tell the record format (give it: kif, ki2, csa, usi or pgn)");
    }
    free(owned);
    return rc;
}

int record_read(const char *text, size_t len, RecordFormat f, const RecordReadOptions *opt, Record *out,
                RecordError *err) {
    Record *games;
    int count;
    if (record_read_all(text, len, f, opt, &games, &count, err)) return -1;
    if (count == 0) {
        free(games);
        rec_error(err, 0, 0, "", "no game in the text");
        return -1;
    }
    *out = games[0];
    for (int i = 1; i < count; i++) record_free(&games[i]);
    free(games);
    return 0;
}

char *record_write(const Record *rec, RecordFormat f, const RecordWriteOptions *opt, RecordError *err) {
    static const RecordWriteOptions none = {0};
    memset(err, 0, sizeof *err);
    if (!opt) opt = &none;
    switch (f) {
    case REC_KIF: return kif_write(rec, false, opt, err);
    case REC_KI2: return kif_write(rec, true, opt, err);
    case REC_CSA: return csa_write(rec, opt, err);
    case REC_USI: return usi_write(rec, err);
    case REC_PGN: return pgn_write(rec, err);
    default: rec_error(err, 0, 0, "", "unknown record format"); return NULL;
    }
}

int record_position(const Record *rec, int plies, Position *pos, char *err, size_t errlen) {
    if (pos_set_sfen(pos, rec->variant, &rec->rules, rec->start, err, errlen)) return -1;
    int n = plies < 0 || plies > rec->main.count ? rec->main.count : plies;
    for (int i = 0; i < n; i++) pos_do_move(pos, rec->main.moves[i].move);
    return 0;
}

const RecordNotation *record_notation(RecordFormat f) {
    switch (f) {
    case REC_KIF: return &rec_notation_kif;
    case REC_KI2: return &rec_notation_ki2;
    case REC_CSA: return &rec_notation_csa;
    default: return NULL;
    }
}

Color rec_final_stm(const Record *rec) {
    const char *side = strchr(rec->start, ' ');
    Color c = side && side[1] == 'w' ? WHITE : BLACK;
    return rec->main.count % 2 ? color_flip(c) : c;
}

void rec_set_end(Record *rec, RecordEnd end, Color stm) {
    rec->end = end;
    RecordResult mover_wins = stm == BLACK ? REC_RESULT_BLACK : REC_RESULT_WHITE;
    RecordResult mover_loses = stm == BLACK ? REC_RESULT_WHITE : REC_RESULT_BLACK;
    switch (end) {
    case REC_END_RESIGN:
    case REC_END_MATE:
    case REC_END_ILLEGAL_LOSS:
    case REC_END_TIMEOUT: rec->result = mover_loses; break;
    case REC_END_ENTERING_KING:
    case REC_END_ILLEGAL_WIN: rec->result = mover_wins; break;
    case REC_END_REPETITION:
    case REC_END_IMPASSE:
    case REC_END_DRAW: rec->result = REC_RESULT_DRAW; break;
    default: rec->result = REC_RESULT_NONE; break; /* an end without a result replaces an earlier one's */
    }
}
