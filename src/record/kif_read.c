/* kif_read.c - the KIF and KI2 readers: headers, 手合割 and BOD starts, move lines (classic
 * "   1 ７六歩(77)   ( 0:01/00:00:01)", lishogi "1手目 ▲7八歩兵 （←7九）" with
 * 一歩目/二歩目 lion legs, KI2 "▲７六歩　△３四歩"), comments, terminal lines, まで lines and
 * 変化 variations. Every move is matched against the legal moves. */
#include <stdlib.h>
#include <string.h>

#include "../textpos.h"
#include "../movegen.h"
#include "record_int.h"

const Variant *kif_handicap_variant(const char *name);
const char *kif_handicap_sfen(const Variant *v, const char *name);
int kif_read_hand(const Variant *v, const char *p, Color c, char *out, size_t len);
int kif_read_bod_row(const Variant *v, const char *p, char *out, size_t len);
int kif_decode_leg(const Position *pos, const char *text, int last_to, int *from, int *to, char *err, size_t errlen);

static const struct {
    const char *word;
    RecordEnd end;
} terminal_words[] = {
    {"投了", REC_END_RESIGN},
    {"詰み", REC_END_MATE},
    {"千日手", REC_END_REPETITION},
    {"持将棋", REC_END_IMPASSE},
    {"中断", REC_END_INTERRUPT},
    {"反則勝ち", REC_END_ILLEGAL_WIN},
    {"反則負け", REC_END_ILLEGAL_LOSS},
    {"切れ負け", REC_END_TIMEOUT},
    {"時間切れ", REC_END_TIMEOUT},
    {"入玉勝ち", REC_END_ENTERING_KING},
    {"宣言勝ち", REC_END_ENTERING_KING},
    {"詰", REC_END_MATE},
    {"Time-up", REC_END_TIMEOUT},
    {"Resign", REC_END_RESIGN},
    {"反則", REC_END_ILLEGAL_LOSS},
};

enum { FRAMES_MAX = 256 };

typedef struct {
    const Variant *v;
    Record *rec;
    Position *pos;
    struct {
        RecordLine *line;
        int start; /* ply of its first move */
    } frame[FRAMES_MAX];
    int depth;
    int ply; /* next move's number */
    int last_to;
    bool in_moves, ki2, ended;
    RecordMove *last; /* for comments */
    /* BOD */
    char bod_board[512], bod_hand[2][200];
    int bod_rows;
    bool bod_white;
    /* lishogi double move: first leg */
    int leg_from, leg_mid, leg_ply;
    RecordError *err;
    int lineno;
    const char *text;
} KifReader;

static int fail(KifReader *r, int ply, const char *fmt, const char *a) {
    rec_error(r->err, r->lineno, ply, r->text, fmt, a);
    return -1;
}

static RecordLine *cur_line(KifReader *r) { return r->frame[r->depth].line; }

/* Position at the start of ply r->ply on the current chain (after a 変化 jump). */
static int rebuild(KifReader *r) {
    char e[256];
    if (pos_set_sfen(r->pos, r->v, &r->rec->rules, r->rec->start, e, sizeof e)) return fail(r, 0, "%s", e);
    int ply = 1;
    r->last_to = -1;
    for (int d = 0; d <= r->depth; d++) {
        int end = d < r->depth ? r->frame[d + 1].start : r->ply;
        RecordLine *l = r->frame[d].line;
        for (; ply < end; ply++) {
            Move m = l->moves[ply - r->frame[d].start].move;
            pos_do_move(r->pos, m);
            r->last_to = move_to(m);
        }
    }
    return 0;
}

static int start_moves(KifReader *r) {
    if (r->in_moves) return 0;
    r->in_moves = true;
    if (r->bod_rows) {
        if (r->bod_rows != r->v->ranks) return fail(r, 0, "%s", "board diagram with rows missing");
        char hand[401];
        snprintf(hand, sizeof hand, "%s%s", r->bod_hand[0], r->bod_hand[1]);
        snprintf(r->rec->start, sizeof r->rec->start, "%s %c %s 1", r->bod_board, r->bod_white ? 'w' : 'b',
                 *hand ? hand : "-");
    }
    return rebuild(r);
}

static int push_move(KifReader *r, Move m, int time_ms) {
    RecordMove *rm = record_line_push(cur_line(r), m);
    if (!rm) return fail(r, 0, "%s", "out of memory");
    rm->time_ms = time_ms;
    pos_do_move(r->pos, m);
    r->last_to = move_to(m);
    r->last = rm;
    r->ply++;
    return 0;
}

static int add_comment(KifReader *r, const char *text) {
    char **slot = r->last ? &r->last->comment : &r->rec->comment;
    size_t old = *slot ? strlen(*slot) : 0;
    char *s = realloc(*slot, old + strlen(text) + 2);
    if (!s) return fail(r, 0, "%s", "out of memory");
    if (old) s[old++] = '\n';
    strcpy(s + old, text);
    *slot = s;
    return 0;
}

/* "変化：N手": a new line replacing move N of the nearest line on the chain that holds it. */
static int variation(KifReader *r, int n) {
    if (r->leg_from >= 0) return fail(r, 0, "%s", "lion move without its second leg");
    for (;;) {
        RecordLine *l = r->frame[r->depth].line;
        int s = r->frame[r->depth].start;
        if (n >= s && n < s + l->count && !(n == s && r->depth > 0)) break;
        if (r->depth == 0) return fail(r, 0, "%s", "variation from a move no line has");
        r->depth--;
    }
    if (r->depth + 1 >= FRAMES_MAX) return fail(r, 0, "%s", "variations nested too deep");
    RecordLine *l = r->frame[r->depth].line;
    RecordMove *at = &l->moves[n - r->frame[r->depth].start];
    RecordLine *alts = realloc(at->alts, (size_t)(at->alt_count + 1) * sizeof *alts);
    if (!alts) return fail(r, 0, "%s", "out of memory");
    at->alts = alts;
    memset(&alts[at->alt_count], 0, sizeof *alts);
    r->depth++;
    r->frame[r->depth].line = &alts[at->alt_count++];
    r->frame[r->depth].start = n;
    r->ply = n;
    r->ended = false;
    r->last = NULL;
    return rebuild(r);
}

static bool terminal(KifReader *r, const char *p) {
    p = skip_spaces(p);
    for (size_t i = 0; i < sizeof terminal_words / sizeof terminal_words[0]; i++)
        if (!strncmp(p, terminal_words[i].word, strlen(terminal_words[i].word))) {
            if (r->depth == 0) rec_set_end(r->rec, terminal_words[i].end, r->pos->stm);
            r->ended = true;
            return true;
        }
    return false;
}

/* "( 0:01/00:00:01)" -> 1000; -1 if none. */
static int parse_time(const char *p) {
    p = skip_spaces(p);
    if (!str_eat(&p, "(") && !str_eat(&p, "（")) return -1;
    p = skip_spaces(p);
    int m = read_digits(&p);
    if (m < 0 || !str_eat(&p, ":")) return -1;
    int s = read_digits(&p);
    long long ms = ((long long)m * 60 + s) * 1000; /* read_digits stops below 10^6 */
    return s < 0 ? -1 : ms > REC_MOVE_TIME_MAX_MS ? REC_MOVE_TIME_MAX_MS : (int)ms;
}

/* A classic move line "  12 同　歩(23)   ( 0:01/00:00:02)". */
static int classic_move(KifReader *r, const char *p) {
    int n = read_digits(&p);
    if (r->ended && n == r->ply + 1) { /* a second terminal line ("投了" then "中断"): the first counts */
        KifReader probe = *r;
        probe.depth = 1;
        if (terminal(&probe, p)) return 0;
    }
    if (n != r->ply) {
        char num[32];
        snprintf(num, sizeof num, "%d", r->ply);
        return fail(r, r->ply, "move number out of order (expected %s)", num);
    }
    if (r->ended) return fail(r, r->ply, "%s", "a move after the end of the game");
    if (terminal(r, p)) return r->ended = true, 0;
    char text[256];
    snprintf(text, sizeof text, "%s", skip_spaces(p));
    /* the time column: the last '(' followed by a digit and ':' */
    int time_ms = -1;
    for (char *q = strrchr(text, '('); q && q > text; q = NULL) {
        int t = parse_time(q);
        if (t >= 0) {
            time_ms = t;
            *q = 0;
        }
    }
    char *plus = strrchr(text, '+'); /* Kifu for Windows marks a branch point with a final '+' */
    if (plus && !plus[strspn(plus + 1, " ") + 1]) *plus = 0;
    Move m;
    char e[200];
    if (kif_parse_move_ex(r->pos, text, r->last_to, true, &m, e, sizeof e)) return fail(r, r->ply, "%s", e);
    return push_move(r, m, time_ms);
}

/* lishogi "57手目一歩目 ▲仝獅子 （←7七）" / "57手目二歩目 ..." / "58手目 △..." */
static int lishogi_move(KifReader *r, const char *p) {
    int n = read_digits(&p);
    str_eat(&p, "手目");
    int leg = str_eat(&p, "一歩目") ? 1 : str_eat(&p, "二歩目") ? 2 : 0;
    if (n != r->ply) {
        char num[32];
        snprintf(num, sizeof num, "%d", r->ply);
        return fail(r, r->ply, "move number out of order (expected %s)", num);
    }
    if (r->ended) return fail(r, r->ply, "%s", "a move after the end of the game");
    if (terminal(r, p)) return 0;
    const char *end = strstr(p, "まで");
    char e[200];
    if (leg == 1) {
        if (kif_decode_leg(r->pos, p, r->last_to, &r->leg_from, &r->leg_mid, e, sizeof e))
            return fail(r, r->ply, "%s", e);
        r->leg_ply = n;
        return 0;
    }
    Move m;
    if (leg == 2) {
        int from, to;
        if (r->leg_from < 0 || r->leg_ply != n) return fail(r, r->ply, "%s", "second leg without a first");
        if (kif_decode_leg(r->pos, p, r->leg_mid, &from, &to, e, sizeof e)) return fail(r, r->ply, "%s", e);
        if (from != r->leg_mid) return fail(r, r->ply, "%s", "second leg does not start where the first ended");
        m = to == r->leg_from && r->leg_mid == r->leg_from
                ? move_make_pass((Square)to)
                : move_make_double((Square)r->leg_from, (Square)r->leg_mid, (Square)to);
        r->leg_from = -1;
        if (!movegen_is_legal(r->pos, m)) return fail(r, r->ply, "%s", "illegal move");
    } else if (kif_parse_move_ex(r->pos, p, r->last_to, false, &m, e, sizeof e)) {
        return fail(r, r->ply, "%s", e);
    }
    if (push_move(r, m, -1)) return -1;
    if (end) r->ended = true;
    return 0;
}

/* KI2: "▲７六歩　△３四歩　▲２六歩" */
static int ki2_moves(KifReader *r, const char *p) {
    char e[200], tok[128];
    while (*(p = skip_spaces(p))) {
        const char *start = p;
        if (!str_eat(&p, "▲") && !str_eat(&p, "△") && !str_eat(&p, "☗") && !str_eat(&p, "☖"))
            return fail(r, r->ply, "malformed KI2 move at \"%.30s\"", p);
        if (str_eat(&p, "同")) p = skip_spaces(p);
        while (*p && strncmp(p, "▲", 3) && strncmp(p, "△", 3) && strncmp(p, "☗", 3) && strncmp(p, "☖", 3) &&
               *p != ' ' && strncmp(p, "\xE3\x80\x80", 3))
            p++;
        snprintf(tok, sizeof tok, "%.*s", (int)(p - start), start);
        if (r->ended) return fail(r, r->ply, "%s", "a move after the end of the game");
        Move m;
        if (kif_parse_move_ex(r->pos, tok, r->last_to, false, &m, e, sizeof e)) return fail(r, r->ply, "%s", e);
        if (push_move(r, m, -1)) return -1;
    }
    return 0;
}

/* "まで64手で後手の勝ち": the result when no terminal line said it. */
static void summary(KifReader *r, const char *p) {
    if (r->depth || r->rec->end != REC_END_NONE) return;
    if (strstr(p, "中断"))
        r->rec->end = REC_END_INTERRUPT;
    else if (strstr(p, "千日手"))
        rec_set_end(r->rec, REC_END_REPETITION, BLACK);
    else if (strstr(p, "持将棋"))
        rec_set_end(r->rec, REC_END_IMPASSE, BLACK);
    else {
        /* "先手の勝ち", and what the writer says of illegal moves ("後手の反則勝ち") and time-outs
         * ("時間切れにより先手の勝ち") */
        bool black = strstr(p, "先手の勝ち") || strstr(p, "下手の勝ち") || strstr(p, "先手の反則勝ち") ||
                     strstr(p, "下手の反則勝ち");
        bool white = strstr(p, "後手の勝ち") || strstr(p, "上手の勝ち") || strstr(p, "後手の反則勝ち") ||
                     strstr(p, "上手の反則勝ち");
        if (!black && !white) return;
        Color stm = rec_final_stm(r->rec), winner = black ? BLACK : WHITE;
        if (strstr(p, "反則勝ち"))
            rec_set_end(r->rec, winner == stm ? REC_END_ILLEGAL_WIN : REC_END_ILLEGAL_LOSS, stm);
        else if (strstr(p, "時間切れ") && winner != stm)
            rec_set_end(r->rec, REC_END_TIMEOUT, stm);
        else
            r->rec->end = REC_END_OTHER, r->rec->result = black ? REC_RESULT_BLACK : REC_RESULT_WHITE;
    }
}

static int header(KifReader *r, const char *key, const char *value) {
    if (!strcmp(key, "手合割")) {
        char name[128];
        snprintf(name, sizeof name, "%s", value);
        for (size_t n = strlen(name); n;) {
            if (name[n - 1] == ' ')
                name[--n] = 0;
            else if (n >= 3 && !strcmp(name + n - 3, "\xE3\x80\x80"))
                name[n -= 3] = 0;
            else
                break;
        }
        const char *sfen = kif_handicap_sfen(r->v, name);
        if (!sfen) return fail(r, 0, "unknown handicap %s", name);
        snprintf(r->rec->start, sizeof r->rec->start, "%s", sfen);
        return 0;
    }
    if (!strcmp(key, "後手の持駒") || !strcmp(key, "先手の持駒") || !strcmp(key, "上手の持駒") ||
        !strcmp(key, "下手の持駒")) {
        Color c = key[0] == "後"[0] && !strncmp(key, "後", 3) ? WHITE : !strncmp(key, "上", 3) ? WHITE : BLACK;
        if (kif_read_hand(r->v, value, c, r->bod_hand[c], sizeof r->bod_hand[c]))
            return fail(r, 0, "%s", "unknown piece in a hand");
        return 0;
    }
    const HeaderName *h = header_by_kif(key);
    if (record_header_add(r->rec, h ? h->key : key, value)) return fail(r, 0, "%s", "out of memory");
    return 0;
}

static int bod_line(KifReader *r, const char *s) {
    char row[256];
    if (r->bod_rows >= r->v->ranks || kif_read_bod_row(r->v, s, row, sizeof row))
        return fail(r, 0, "%s", "malformed board diagram row");
    size_t l = strlen(r->bod_board);
    snprintf(r->bod_board + l, sizeof r->bod_board - l, "%s%s", r->bod_rows ? "/" : "", row);
    r->bod_rows++;
    return 0;
}

static bool is_move_line(const char *s) {
    const char *p = s;
    return read_digits(&p) >= 0 &&
           (*p == ' ' || *p == '\t' || !strncmp(p, "手目", 6) || !strncmp(p, "\xE3\x80\x80", 3));
}

/* The file numbers over a board diagram ("  ９ ８ ７ ... １", "１２ １１ ... １"): counting
 * down to 1, nothing else on the line. */
static bool is_file_numbers(const char *s) {
    const char *p = s;
    int n = 0, prev = 0;
    for (;;) {
        p = skip_spaces(p);
        if (!*p) break;
        int d = read_digits(&p);
        if (d < 1 || (n && d != prev - 1)) return false;
        prev = d, n++;
    }
    return n >= 2 && prev == 1;
}

/* What a line (spaces skipped) is, by how it begins; the order of the tests is the reading's. */
typedef enum {
    LK_SKIP,       /* empty, #, &, +-, 先手番, file numbers over a diagram */
    LK_COMMENT,    /* * or ＊ */
    LK_VARIATION,  /* 変化：N手 */
    LK_SUMMARY,    /* まで… */
    LK_MOVES_HEAD, /* 手数----指手 */
    LK_BOD,        /* | or ｜ */
    LK_BOD_WHITE,  /* 後手番, 上手番 */
    LK_MOVE,       /* a numbered move line */
    LK_KI2_MOVES,  /* ▲ △ ☗ ☖ */
    LK_HEADER,     /* key：value, before the moves */
    LK_OTHER
} LineKind;

static LineKind line_kind(const char *t, bool in_moves) {
    if (!*t || *t == '#' || *t == '&') return LK_SKIP;
    if (*t == '*' || !strncmp(t, "＊", 3)) return LK_COMMENT;
    if (!strncmp(t, "変化", 6)) return LK_VARIATION;
    if (!strncmp(t, "まで", 6)) return LK_SUMMARY;
    if (!strncmp(t, "手数", 6) && strstr(t, "指手")) return LK_MOVES_HEAD;
    if (*t == '|' || !strncmp(t, "｜", 3)) return LK_BOD;
    if (*t == '+' && t[1] == '-') return LK_SKIP;
    if (!strncmp(t, "後手番", 9) || !strncmp(t, "上手番", 9)) return LK_BOD_WHITE;
    if (!strncmp(t, "先手番", 9) || !strncmp(t, "下手番", 9)) return LK_SKIP;
    if (!in_moves && is_file_numbers(t)) return LK_SKIP;
    if (is_move_line(t)) return LK_MOVE; /* never a header, in KI2 either: its key would read back as a move */
    if (!strncmp(t, "▲", 3) || !strncmp(t, "△", 3) || !strncmp(t, "☗", 3) || !strncmp(t, "☖", 3)) return LK_KI2_MOVES;
    if (!in_moves && (strstr(t, "：") || strchr(t, ':'))) return LK_HEADER;
    return LK_OTHER;
}

bool kif_header_key_ok(const char *key, const char *value) {
    if (!*key || skip_spaces(key) != key || strstr(key, "：") || strchr(key, ':')) return false;
    size_t n = strlen(key) + strlen(value) + 4;
    char *text = malloc(n);
    if (!text) return false;
    snprintf(text, n, "%s：%s", key, value);
    bool ok = line_kind(text, false) == LK_HEADER;
    free(text);
    return ok;
}

static int line(KifReader *r, const char *raw) {
    const char *s = raw;
    str_eat(&s, "\xEF\xBB\xBF");
    const char *t = skip_spaces(s);
    switch (line_kind(t, r->in_moves)) {
    case LK_SKIP: return 0;
    case LK_COMMENT:
        if (!str_eat(&t, "＊") || *t == '*') t++;
        return add_comment(r, t);
    case LK_VARIATION: {
        const char *p = t + 6;
        if (!str_eat(&p, "：")) str_eat(&p, ":");
        int n = read_digits(&p);
        if (n < 1) return fail(r, 0, "%s", "malformed variation line");
        if (start_moves(r)) return -1;
        return variation(r, n);
    }
    case LK_SUMMARY: return summary(r, t), 0;
    case LK_MOVES_HEAD: return start_moves(r);
    case LK_BOD: return bod_line(r, t);
    case LK_BOD_WHITE: return r->bod_white = true, 0;
    case LK_MOVE:
        if (r->ki2) return fail(r, r->ply, "%s", "a numbered KIF move line in a KI2 record");
        if (start_moves(r)) return -1;
        return strstr(t, "手目") ? lishogi_move(r, t) : classic_move(r, t);
    case LK_KI2_MOVES:
        if (start_moves(r)) return -1;
        return ki2_moves(r, t);
    case LK_HEADER: {
        const char *colon = strstr(t, "："), *ascii = strchr(t, ':');
        const char *c = colon && (!ascii || colon < ascii) ? colon : ascii;
        char key[128];
        snprintf(key, sizeof key, "%.*s", utf8_keep(t, (int)(c - t), 127), t); /* a long key: whole characters */
        return header(r, key, skip_spaces(c + (c == colon ? 3 : 1)));
    }
    case LK_OTHER: break;
    }
    if (r->in_moves && r->ki2 && terminal(r, t)) return 0;
    return fail(r, r->ply, "%s", r->in_moves ? "unreadable move line" : "unreadable header line");
}

static const Variant *guess_variant(const char *text, const RecordReadOptions *opt) {
    if (opt && opt->variant) return opt->variant;
    const char *h = strstr(text, "手合割");
    if (h) {
        h += strlen("手合割");
        if (!str_eat(&h, "：")) str_eat(&h, ":");
        h = skip_spaces(h);
        char name[64];
        size_t n = strcspn(h, " \r\n");
        snprintf(name, sizeof name, "%.*s", (int)(n < 63 ? n : 63), h);
        const Variant *v = kif_handicap_variant(name);
        if (v) return v;
    }
    /* No game named: the game with a lion (PF_LION) whose KIF name appears in the text,
     * else the first registered game. */
    for (const Variant *const *v = variant_list(); *v; v++)
        for (int i = 0; i < (*v)->piece_count; i++)
            if (((*v)->pieces[i].flags & PF_LION) && (*v)->pieces[i].kif && strstr(text, (*v)->pieces[i].kif))
                return *v;
    return variant_list()[0];
}

int kif_read(const char *text, size_t len, bool ki2, const RecordReadOptions *opt, Record *out, RecordError *err) {
    KifReader *r = calloc(1, sizeof *r);
    Position *pos = malloc(sizeof *pos);
    if (!r || !pos) {
        free(r);
        free(pos);
        rec_error(err, 0, 0, "", "out of memory");
        return -1;
    }
    r->v = guess_variant(text, opt);
    record_init(out, r->v);
    r->rec = out;
    r->pos = pos;
    r->frame[0].line = &out->main;
    r->frame[0].start = 1;
    r->ply = 1;
    r->last_to = -1;
    r->leg_from = -1;
    r->ki2 = ki2;
    r->err = err;
    LineReader lr;
    lr_init(&lr, text, len);
    int rc = 0;
    while (rc == 0 && lr_next(&lr)) {
        r->lineno = lr.lineno;
        r->text = lr.buf;
        rc = line(r, lr.buf);
    }
    if (rc == 0 && r->leg_from >= 0) {
        r->text = "";
        rc = fail(r, r->ply, "%s", "the record ends inside a lion move");
    }
    if (rc == 0) rc = start_moves(r);
    lr_free(&lr);
    free(pos);
    free(r);
    if (rc) record_free(out);
    return rc;
}
