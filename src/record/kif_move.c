/* kif_move.c - KIF and KI2 move text: decoding a move into square, piece, promotion, drop and
 * KI2 disambiguators, matching it against the legal moves, and writing it back. KIF names
 * come from PieceDef.kif. Boards of up to 9 files use the classic layout "７六歩(77)"; larger
 * boards the lishogi layout "7七歩兵 （←7八）" with half-width files and kanji ranks. */
#include <stdio.h>
#include <string.h>

#include "../movegen.h"
#include "record_int.h"

enum { DIS_RIGHT = 1, DIS_LEFT = 2, DIS_STRAIGHT = 4, DIS_UP = 8, DIS_DOWN = 16, DIS_SIDE = 32 };

typedef struct {
    int to, from;
    PieceType pt;
    int promo; /* -1 not said, 0 不成, 1 成 */
    bool drop, pass;
    unsigned dis;
} KifDecoded;

/* A square "７六", "7七", "10十二", "77" (two ASCII digits only inside "(77)"). */
static int read_square(const Variant *v, const char **p) {
    const char *s = *p;
    int file = read_digits(&s);
    if (file < 0) return -1;
    int rank = read_kanji_number(&s);
    if (rank < 0) rank = read_digits(&s);
    int sq = rec_square(v, file, rank);
    if (sq >= 0) *p = s;
    return sq;
}

/* "(77)", "（←7七）"; annotations in brackets such as "（居食い）" are skipped. Returns the
 * square, -1 if none, -2 if a bracket holds a bad square. */
static int read_from(const Variant *v, const char **p, bool *pass) {
    for (;;) {
        const char *s = skip_spaces(*p);
        if (!str_eat(&s, "(") && !str_eat(&s, "（")) return -1;
        str_eat(&s, "←");
        const char *close = strstr(s, ")"), *wclose = strstr(s, "）");
        if (wclose && (!close || wclose < close)) close = wclose;
        if (!close) return -2;
        size_t clen = close == wclose ? 3 : 1;
        if (s[0] >= '0' && s[0] <= '9' && s[1] >= '0' && s[1] <= '9' && s + 2 == close) {
            *p = close + clen;
            return rec_square(v, s[0] - '0', s[1] - '0');
        }
        const char *q = s;
        int sq = read_square(v, &q);
        if (sq >= 0 && q == close) {
            *p = close + clen;
            return sq;
        }
        if ((unsigned char)*s < 0x80 && *s) return -2; /* "(7x)": a bad square */
        if (!strncmp(s, "じっと", strlen("じっと")) || !strncmp(s, "パス", strlen("パス"))) *pass = true;
        *p = close + clen;
    }
}

static const struct {
    const char *text;
    unsigned flag;
} dis_words[] = {{"右", DIS_RIGHT}, {"左", DIS_LEFT}, {"直", DIS_STRAIGHT}, {"上", DIS_UP},
                 {"行", DIS_UP},    {"入", DIS_UP},   {"引", DIS_DOWN},     {"寄", DIS_SIDE}};

/* The side mark before a move ("▲"/"☗" Black, "△"/"☖" White), if any: it must name the side to
 * move. WHY: KI2 and lishogi lines carry it, and a wrong one ("▲７六歩 ▲３四歩") means a lost
 * or doubled move; read as the other side's move, the rest of the game went on wrong. */
static int read_side_mark(const Position *pos, const char **p, char *err, size_t errlen) {
    int side = str_eat(p, "▲") || str_eat(p, "☗") ? BLACK : str_eat(p, "△") || str_eat(p, "☖") ? WHITE : -1;
    if (side < 0) return 0;
    *p = skip_spaces(*p);
    if (side != (int)pos->stm)
        return snprintf(err, errlen, "move by the wrong side (%s mark, %s to move)",
                        side == BLACK ? "Black's" : "White's", pos->stm == BLACK ? "Black" : "White"),
               -1;
    if (!strncmp(*p, "▲", 3) || !strncmp(*p, "△", 3) || !strncmp(*p, "☗", 3) || !strncmp(*p, "☖", 3))
        return snprintf(err, errlen, "malformed move: two side marks"), -1;
    return 0;
}

static int decode(const Position *pos, const char *text, int last_to, KifDecoded *d, char *err, size_t errlen) {
    const Variant *v = pos->v;
    memset(d, 0, sizeof *d);
    d->from = -1;
    d->promo = -1;
    const char *p = skip_spaces(text);
    if (read_side_mark(pos, &p, err, errlen)) return -1;
    d->to = read_square(v, &p);
    p = skip_spaces(p);
    if (str_eat(&p, "同") || str_eat(&p, "仝")) {
        if (last_to < 0) return snprintf(err, errlen, "malformed move: 同 with no previous move"), -1;
        d->to = last_to;
        p = skip_spaces(p);
    }
    if (d->to < 0) return snprintf(err, errlen, "malformed move: no destination square"), -1;
    d->pt = kif_read_piece(v, &p);
    if (!d->pt) return snprintf(err, errlen, "unknown piece name at \"%.24s\"", p), -1;
    for (bool more = true; more;) {
        more = false;
        if (str_eat(&p, "不成") || str_eat(&p, "生"))
            d->promo = 0, more = true;
        else if (str_eat(&p, "成"))
            d->promo = 1, more = true;
        else if (str_eat(&p, "打"))
            d->drop = more = true;
        for (size_t i = 0; i < sizeof dis_words / sizeof dis_words[0]; i++)
            if (str_eat(&p, dis_words[i].text)) d->dis |= dis_words[i].flag, more = true;
    }
    d->from = read_from(v, &p, &d->pass);
    if (d->from == -2) return snprintf(err, errlen, "malformed source square"), -1;
    p = skip_spaces(p);
    if (*p && *p != '(' && strncmp(p, "（", 3) && strncmp(p, "まで", 6))
        return snprintf(err, errlen, "malformed move: unexpected \"%.24s\"", p), -1;
    return 0;
}

/* Mover's view: +1 forward / right. */
static int fwd(const Position *pos, int from, int to) {
    int dy = to / pos->v->files - from / pos->v->files;
    return pos->stm == BLACK ? dy : -dy;
}
static int rightward(const Position *pos, int a, int b) { /* b right of a? */
    int dx = b % pos->v->files - a % pos->v->files;
    return pos->stm == BLACK ? dx : -dx;
}

static unsigned vertical_flag(const Position *pos, Move m) {
    int f = fwd(pos, move_from(m), move_to(m));
    return f > 0 ? DIS_UP : f < 0 ? DIS_DOWN : DIS_SIDE;
}

/* Does m satisfy the disambiguators dis among the candidates? */
static bool dis_ok(const Position *pos, Move m, unsigned dis, const MoveList *cand) {
    if (dis & (DIS_UP | DIS_DOWN | DIS_SIDE) && !(vertical_flag(pos, m) & dis)) return false;
    if (dis & DIS_STRAIGHT) {
        if (fwd(pos, move_from(m), move_to(m)) <= 0 || move_from(m) % pos->v->files != move_to(m) % pos->v->files)
            return false;
    }
    for (int i = 0; i < cand->size; i++) {
        Move o = cand->moves[i];
        if (o == m || move_is_drop(o)) continue;
        if (dis & (DIS_UP | DIS_DOWN | DIS_SIDE) && !(vertical_flag(pos, o) & dis)) continue;
        int r = rightward(pos, move_from(m), move_from(o));
        if ((dis & DIS_RIGHT) && r > 0) return false; /* o is further right */
        if ((dis & DIS_LEFT) && r < 0) return false;
    }
    return true;
}

static bool matches(const Position *pos, Move m, const KifDecoded *d, bool any_promo) {
    if (move_is_double(m)) return false;
    if (d->pass != move_is_pass(m)) return false;
    if (move_to(m) != d->to || rec_moved_type(pos, m) != d->pt) return false;
    if (d->from >= 0 && (move_is_drop(m) || move_from(m) != d->from)) return false;
    if (d->drop && !move_is_drop(m)) return false;
    if (!any_promo && (d->promo == 1) != move_is_promo(m)) return false;
    return true;
}

/* The candidates of d among the legal moves. */
static void candidates(Position *pos, const KifDecoded *d, bool any_promo, MoveList *out) {
    MoveList all;
    movegen_legal(pos, &all);
    out->size = 0;
    for (int i = 0; i < all.size; i++)
        if (matches(pos, all.moves[i], d, any_promo)) out->moves[out->size++] = all.moves[i];
}

static int match(Position *pos, const KifDecoded *d, Move *out, char *err, size_t errlen) {
    static __thread MoveList cand;
    candidates(pos, d, false, &cand);
    if (cand.size == 0 && d->promo < 0) candidates(pos, d, true, &cand); /* a forced promotion left unsaid */
    if (cand.size > 1 && !d->drop && d->from < 0) {                      /* KI2: a board move unless 打 */
        int n = 0;
        for (int i = 0; i < cand.size; i++)
            if (!move_is_drop(cand.moves[i])) cand.moves[n++] = cand.moves[i];
        if (n) cand.size = n;
    }
    if (cand.size > 1 && d->dis) {
        MoveList keep = {0};
        for (int i = 0; i < cand.size; i++)
            if (dis_ok(pos, cand.moves[i], d->dis, &cand)) keep.moves[keep.size++] = cand.moves[i];
        cand = keep;
    }
    if (cand.size == 0) return snprintf(err, errlen, "illegal move"), -1;
    if (cand.size > 1) return snprintf(err, errlen, "ambiguous move (%d pieces can make it)", cand.size), -1;
    *out = cand.moves[0];
    return 0;
}

int kif_parse_move_ex(Position *pos, const char *text, int last_to, bool need_from, Move *out, char *err,
                      size_t errlen) {
    KifDecoded d;
    if (decode(pos, text, last_to, &d, err, errlen)) return -1;
    if (need_from && d.from < 0 && !d.drop && !d.pass)
        return snprintf(err, errlen, "malformed move: no source square"), -1;
    return match(pos, &d, out, err, errlen);
}

/* Parse only the destination, piece and source of one leg of a lishogi double move. */
int kif_decode_leg(const Position *pos, const char *text, int last_to, int *from, int *to, char *err, size_t errlen);
int kif_decode_leg(const Position *pos, const char *text, int last_to, int *from, int *to, char *err, size_t errlen) {
    KifDecoded d;
    if (decode(pos, text, last_to, &d, err, errlen)) return -1;
    if (d.from < 0) return snprintf(err, errlen, "malformed move: no source square"), -1;
    if (last_to >= 0 && d.from != last_to && piece_type(pos->board[d.from]) != d.pt)
        return snprintf(err, errlen, "illegal move: no %s on the source square", pos->v->pieces[d.pt - 1].kif), -1;
    *from = d.from;
    *to = d.to;
    return 0;
}

static int parse_kif(Position *pos, const char *text, int last_to, Move *out, char *err, size_t errlen) {
    return kif_parse_move_ex(pos, text, last_to, true, out, err, errlen);
}
static int parse_ki2(Position *pos, const char *text, int last_to, Move *out, char *err, size_t errlen) {
    return kif_parse_move_ex(pos, text, last_to, false, out, err, errlen);
}

/* ---- writing ---- */

void kif_put_square(Sbuf *b, const Variant *v, int sq);
void kif_put_square(Sbuf *b, const Variant *v, int sq) {
    if (v->files > 9) {
        sb_printf(b, "%d", rec_file(v, sq));
    } else {
        write_fullwidth(b, rec_file(v, sq));
    }
    write_kanji_number(b, rec_rank(v, sq));
}

/* Could the piece have promoted on this move (so that 不成 must be said)? */
static bool promo_possible(Position *pos, Move m) {
    if (move_is_promo(m) || move_is_drop(m)) return false;
    return movegen_is_legal(pos, m | MF_PROMO);
}

/* Destination, piece and promotion: "７六歩", "同　歩", "２二角成". */
static void put_target(Sbuf *b, Position *pos, Move m, int last_to, bool wide) {
    const char *name = pos->v->pieces[rec_moved_type(pos, m) - 1].kif;
    if (move_to(m) == last_to) {
        sb_put(b, wide ? "仝" : "同");
        if (!wide && utf8_width(name) == 2) sb_put(b, "　");
    } else {
        kif_put_square(b, pos->v, move_to(m));
    }
    sb_put(b, name);
    if (move_is_promo(m))
        sb_put(b, "成");
    else if (promo_possible(pos, m))
        sb_put(b, "不成");
}

int kif_format_leg(Position *pos, Move m, int last_to, Sbuf *b);
int kif_format_leg(Position *pos, Move m, int last_to, Sbuf *b) {
    bool wide = pos->v->files > 9;
    put_target(b, pos, m, last_to, wide);
    if (move_is_drop(m)) {
        sb_put(b, "打");
    } else if (wide) {
        if (move_is_pass(m)) sb_put(b, "（じっと）");
        sb_put(b, " （←");
        kif_put_square(b, pos->v, move_from(m));
        sb_put(b, "）");
    } else {
        sb_printf(b, "(%d%d)", rec_file(pos->v, move_from(m)), rec_rank(pos->v, move_from(m)));
    }
    return 0;
}

static int format_kif(Position *pos, Move m, int last_to, char *buf, size_t len) {
    if (move_is_double(m)) return -1; /* two lines: the KIF writer spells both legs */
    Sbuf b = {0};
    kif_format_leg(pos, m, last_to, &b);
    int rc = b.oom || !b.s ? -1 : 0;
    snprintf(buf, len, "%s", b.s ? b.s : "");
    free(b.s);
    return rc;
}

/* KI2: the disambiguators two pieces of the same kind reaching the square need. */
static unsigned ki2_disambiguate(Position *pos, Move m, bool *need_drop) {
    KifDecoded d = {.to = move_to(m), .from = -1, .pt = rec_moved_type(pos, m), .promo = move_is_promo(m)};
    MoveList cand;
    candidates(pos, &d, true, &cand);
    int board = 0;
    for (int i = 0; i < cand.size; i++) board += !move_is_drop(cand.moves[i]);
    *need_drop = move_is_drop(m) && board > 0;
    if (move_is_drop(m) || board < 2) return 0;
    MoveList same = {0}; /* board moves of this kind to the square, any promotion */
    for (int i = 0; i < cand.size; i++)
        if (!move_is_drop(cand.moves[i]) && !(move_from(cand.moves[i]) == move_from(m) && cand.moves[i] != m))
            same.moves[same.size++] = cand.moves[i];
    if (same.size < 2) return 0;
    static const unsigned tries[] = {DIS_UP | DIS_DOWN | DIS_SIDE, DIS_STRAIGHT, DIS_RIGHT, DIS_LEFT};
    unsigned vert = vertical_flag(pos, m);
    unsigned options[] = {vert, DIS_STRAIGHT, DIS_RIGHT, DIS_LEFT, DIS_RIGHT | vert, DIS_LEFT | vert};
    (void)tries;
    for (size_t o = 0; o < sizeof options / sizeof options[0]; o++) {
        int n = 0;
        for (int i = 0; i < same.size; i++) n += dis_ok(pos, same.moves[i], options[o], &same);
        if (n == 1 && dis_ok(pos, m, options[o], &same)) return options[o];
    }
    return 0;
}

static int format_ki2(Position *pos, Move m, int last_to, char *buf, size_t len) {
    if (move_is_double(m) || move_is_pass(m)) return -1;
    Sbuf b = {0};
    const char *name = pos->v->pieces[rec_moved_type(pos, m) - 1].kif;
    bool need_drop;
    unsigned dis = ki2_disambiguate(pos, m, &need_drop);
    if (move_to(m) == last_to) {
        sb_put(&b, "同");
        if (utf8_width(name) == 2 && !dis && !move_is_promo(m) && !promo_possible(pos, m)) sb_put(&b, "　");
    } else {
        kif_put_square(&b, pos->v, move_to(m));
    }
    sb_put(&b, name);
    for (size_t i = 0; i < sizeof dis_words / sizeof dis_words[0]; i++)
        if ((dis & dis_words[i].flag) && (i == 0 || dis_words[i].flag != dis_words[i - 1].flag)) {
            if (dis_words[i].flag == DIS_UP && !strcmp(dis_words[i].text, "行")) continue;
            sb_put(&b, dis_words[i].text);
        }
    if (need_drop) sb_put(&b, "打");
    if (move_is_promo(m))
        sb_put(&b, "成");
    else if (promo_possible(pos, m))
        sb_put(&b, "不成");
    int rc = b.oom || !b.s ? -1 : 0;
    snprintf(buf, len, "%s", b.s ? b.s : "");
    free(b.s);
    return rc;
}

const RecordNotation rec_notation_kif = {"kif", format_kif, parse_kif};
const RecordNotation rec_notation_ki2 = {"ki2", format_ki2, parse_ki2};
