/* util.c - line reading, error text, UTF-8 digits and kanji numbers, header
 * names and piece-name lookup shared by the record formats. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_int.h"

void lr_init(LineReader *lr, const char *text, size_t len) {
    memset(lr, 0, sizeof *lr);
    lr->p = text;
    lr->end = text + len;
}

bool lr_next(LineReader *lr) {
    if (lr->p >= lr->end) return false;
    const char *e = memchr(lr->p, '\n', (size_t)(lr->end - lr->p));
    size_t n = e ? (size_t)(e - lr->p) : (size_t)(lr->end - lr->p);
    if (n + 1 > lr->cap) {
        char *b = realloc(lr->buf, n + 1);
        if (!b) return false;
        lr->buf = b;
        lr->cap = n + 1;
    }
    memcpy(lr->buf, lr->p, n);
    while (n && (lr->buf[n - 1] == '\r' || lr->buf[n - 1] == '\0')) n--;
    lr->buf[n] = 0;
    lr->p = e ? e + 1 : lr->end;
    lr->lineno++;
    return true;
}

void lr_free(LineReader *lr) {
    free(lr->buf);
    lr->buf = NULL;
}

void rec_error(RecordError *err, int line, int ply, const char *text, const char *fmt, ...) {
    err->line = line;
    err->ply = ply;
    snprintf(err->text, sizeof err->text, "%s", text ? text : "");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
}

const char *skip_spaces(const char *p) {
    for (;;) {
        if (*p == ' ' || *p == '\t')
            p++;
        else if (!strncmp(p, "\xE3\x80\x80", 3)) /* U+3000 ideographic space */
            p += 3;
        else
            return p;
    }
}

bool str_eat(const char **p, const char *prefix) {
    size_t n = strlen(prefix);
    if (strncmp(*p, prefix, n)) return false;
    *p += n;
    return true;
}

/* One digit, ASCII or full-width (U+FF10..FF19); -1 if none. */
static int read_digit(const char **p) {
    const unsigned char *s = (const unsigned char *)*p;
    if (s[0] >= '0' && s[0] <= '9') {
        *p += 1;
        return s[0] - '0';
    }
    if (s[0] == 0xEF && s[1] == 0xBC && s[2] >= 0x90 && s[2] <= 0x99) {
        *p += 3;
        return s[2] - 0x90;
    }
    return -1;
}

int read_digits(const char **p) {
    int d = read_digit(p), n = d;
    if (d < 0) return -1;
    while (n < 100000 && (d = read_digit(p)) >= 0) n = n * 10 + d;
    return n;
}

static const char *const kanji_digits[] = {"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

static int read_kanji_digit(const char **p) {
    for (int d = 1; d <= 9; d++)
        if (str_eat(p, kanji_digits[d])) return d;
    return -1;
}

int read_kanji_number(const char **p) {
    if (str_eat(p, "十")) {
        int d = read_kanji_digit(p);
        return d < 0 ? 10 : 10 + d;
    }
    return read_kanji_digit(p);
}

void write_fullwidth(Sbuf *b, int n) {
    char tmp[16];
    snprintf(tmp, sizeof tmp, "%d", n);
    for (const char *c = tmp; *c; c++) {
        char u[4] = {(char)0xEF, (char)0xBC, (char)(0x90 + (*c - '0')), 0};
        sb_put(b, u);
    }
}

void write_kanji_number(Sbuf *b, int n) {
    if (n >= 10) sb_put(b, "十");
    if (n % 10 || n < 10) sb_put(b, kanji_digits[n % 10]);
}

int utf8_width(const char *s) {
    int w = 0;
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        if (*c < 0x80)
            w++;
        else if ((*c & 0xC0) == 0xC0)
            w += 2;
    return w;
}

int utf8_keep(const char *s, int len, int max) {
    int n = len < max ? len : max;
    while (n > 0 && n < len && ((unsigned char)s[n] & 0xC0) == 0x80) n--;
    return n;
}

PieceType rec_moved_type(const Position *pos, Move m) {
    if (move_is_drop(m)) return move_drop_type(m);
    return piece_type(pos->board[move_from(m)]);
}

PieceType rec_type_after(const Position *pos, Move m) {
    PieceType pt = rec_moved_type(pos, m);
    if (move_is_promo(m) && pos->t->promotes_to[pt]) return pos->t->promotes_to[pt];
    return pt;
}

/* Other spellings of KIF piece names: {alias, name in the descriptors}. */
static const char *const kif_aliases[][2] = {
    {"王将", "玉将"}, {"王", "玉"},     {"竜", "龍"},     {"全", "成銀"}, {"圭", "成桂"}, {"杏", "成香"},
    {"酔象", "醉象"}, {"竜王", "龍王"}, {"竜馬", "龍馬"}, {"个", "と"},   {"玉将", "玉"}, {"王将", "玉"},
};

PieceType kif_read_piece(const Variant *v, const char **p) {
    size_t best = 0;
    PieceType pt = 0;
    for (int i = 0; i < v->piece_count; i++) {
        size_t n = strlen(v->pieces[i].kif);
        if (n > best && !strncmp(*p, v->pieces[i].kif, n)) {
            best = n;
            pt = (PieceType)(i + 1);
        }
    }
    for (size_t a = 0; a < sizeof kif_aliases / sizeof kif_aliases[0]; a++) {
        size_t n = strlen(kif_aliases[a][0]);
        if (n <= best || strncmp(*p, kif_aliases[a][0], n)) continue;
        for (int i = 0; i < v->piece_count; i++)
            if (!strcmp(v->pieces[i].kif, kif_aliases[a][1])) {
                best = n;
                pt = (PieceType)(i + 1);
            }
    }
    *p += best;
    return pt;
}

PieceType csa_type_of(const Variant *v, const char *code) {
    for (int i = 0; i < v->piece_count; i++)
        if (v->pieces[i].csa && !strncmp(v->pieces[i].csa, code, 2)) return (PieceType)(i + 1);
    return 0;
}

const HeaderName rec_header_names[] = {
    {"Black", "先手", "N+", "Black"},
    {"White", "後手", "N-", "White"},
    {"Event", "棋戦", "$EVENT", "Event"},
    {"Site", "場所", "$SITE", "Site"},
    {"Start", "開始日時", "$START_TIME", "Date"},
    {"End", "終了日時", "$END_TIME", NULL},
    {"TimeControl", "持ち時間", "$TIME_LIMIT", "TimeControl"},
    {"Opening", "戦型", "$OPENING", "Opening"},
    {NULL, NULL, NULL, NULL},
};

const HeaderName *header_by_kif(const char *k) {
    if (!strcmp(k, "下手")) return &rec_header_names[0];
    if (!strcmp(k, "上手")) return &rec_header_names[1];
    for (const HeaderName *h = rec_header_names; h->key; h++)
        if (!strcmp(h->kif, k)) return h;
    return NULL;
}

const HeaderName *header_by_csa(const char *k) {
    for (const HeaderName *h = rec_header_names; h->key; h++)
        if (!strcmp(h->csa, k)) return h;
    return NULL;
}

const HeaderName *header_by_key(const char *k) {
    for (const HeaderName *h = rec_header_names; h->key; h++)
        if (!strcmp(h->key, k)) return h;
    return NULL;
}
