/* kif_write.c - the KIF and KI2 writers: Kakinoki-style headers, 手合割 or a BOD diagram,
 * the move column with times, comments, terminal line, "まで N手で先手の勝ち" and variations
 * (after the line they branch from, deepest branch point first, as the readers expect). */
#include <stdlib.h>
#include <string.h>

#include "../textpos.h"
#include "../movegen.h"
#include "record_int.h"

const char *kif_handicap_name(const Variant *v, const char *sfen);
void kif_write_bod(Sbuf *b, const Position *pos);
int kif_format_leg(Position *pos, Move m, int last_to, Sbuf *b);

static const char *const end_words[] = {
    [REC_END_RESIGN] = "投了",           [REC_END_MATE] = "詰み",        [REC_END_REPETITION] = "千日手",
    [REC_END_IMPASSE] = "持将棋",        [REC_END_INTERRUPT] = "中断",   [REC_END_ILLEGAL_WIN] = "反則勝ち",
    [REC_END_ILLEGAL_LOSS] = "反則負け", [REC_END_TIMEOUT] = "切れ負け", [REC_END_ENTERING_KING] = "入玉勝ち",
};

typedef struct {
    Sbuf b;
    Position *pos;
    bool ki2, wide, times, handicap;
    int ki2_col;
} KifWriter;

static void put_comment(KifWriter *w, const char *c) {
    if (!c) return;
    if (w->ki2 && w->ki2_col) sb_put(&w->b, "\n"), w->ki2_col = 0;
    for (const char *p = c; p;) {
        const char *nl = strchr(p, '\n');
        sb_printf(&w->b, "*%.*s\n", nl ? (int)(nl - p) : (int)strlen(p), p);
        p = nl ? nl + 1 : NULL;
    }
}

static void put_time(KifWriter *w, int ms, long long *total) {
    if (ms < 0) ms = 0;
    *total += ms / 1000;
    long long t = *total;
    int s = ms / 1000;
    sb_printf(&w->b, " (%2d:%02d/%02lld:%02lld:%02lld)", s / 60, s % 60, t / 3600, t / 60 % 60, t % 60);
}

static void put_mark(KifWriter *w) { sb_put(&w->b, w->pos->stm == BLACK ? "▲" : "△"); }

static int put_move(KifWriter *w, const RecordMove *rm, int ply, int last_to, long long total[2]) {
    Position *pos = w->pos;
    Move m = rm->move;
    if (w->ki2) {
        char text[128];
        if (rec_notation_ki2.format(pos, m, last_to, text, sizeof text)) return -1;
        put_mark(w);
        sb_put(&w->b, text);
        int width = utf8_width(text);
        sb_printf(&w->b, "%*s", width < 8 ? 8 - width : 1, "");
        if (++w->ki2_col == 6) sb_put(&w->b, "\n"), w->ki2_col = 0;
        return 0;
    }
    if (w->wide) {
        if (move_is_double(m)) {
            Move leg1 = move_make(move_from(m), move_mid(m));
            sb_printf(&w->b, "%d手目一歩目 ", ply);
            put_mark(w);
            kif_format_leg(pos, leg1, last_to, &w->b);
            sb_printf(&w->b, "\n%d手目二歩目 ", ply);
            put_mark(w);
            /* the second leg starts on the middle square, where the lion now stands */
            Sbuf tmp = {0};
            const char *name = pos->v->pieces[rec_moved_type(pos, m) - 1].kif;
            extern void kif_put_square(Sbuf * b, const Variant *v, int sq);
            if (move_to(m) == move_mid(m))
                sb_put(&tmp, "仝");
            else
                kif_put_square(&tmp, pos->v, move_to(m));
            sb_put(&tmp, name);
            if (move_to(m) == move_from(m)) sb_put(&tmp, "（居食い）");
            sb_put(&tmp, " （←");
            kif_put_square(&tmp, pos->v, move_mid(m));
            sb_put(&tmp, "）");
            sb_put(&w->b, tmp.s ? tmp.s : "");
            free(tmp.s);
            sb_put(&w->b, "\n");
            return 0;
        }
        sb_printf(&w->b, "%d手目 ", ply);
        put_mark(w);
        kif_format_leg(pos, m, last_to, &w->b);
        sb_put(&w->b, "\n");
        return 0;
    }
    Sbuf text = {0};
    kif_format_leg(pos, m, last_to, &text);
    sb_printf(&w->b, "%4d %s", ply, text.s ? text.s : "");
    int width = text.s ? utf8_width(text.s) : 0;
    free(text.s);
    if (w->times) {
        sb_printf(&w->b, "%*s", width < 13 ? 13 - width : 1, "");
        put_time(w, rm->time_ms, &total[pos->stm]);
    }
    sb_put(&w->b, rm->alt_count ? "+\n" : "\n"); /* Kifu for Windows' mark: variations follow */
    return 0;
}

static void put_end(KifWriter *w, const Record *rec, int ply) {
    if (rec->end == REC_END_NONE) return;
    const char *word = rec->end < (int)(sizeof end_words / sizeof end_words[0]) ? end_words[rec->end] : NULL;
    if (word && !w->ki2 && !w->wide) sb_printf(&w->b, "%4d %s\n", ply, word);
    if (w->ki2 && w->ki2_col) sb_put(&w->b, "\n"), w->ki2_col = 0;
    int n = ply - 1;
    const char *black = w->handicap ? "下手" : "先手", *white = w->handicap ? "上手" : "後手";
    if (rec->end == REC_END_INTERRUPT)
        sb_printf(&w->b, "まで%d手で中断\n", n);
    else if (rec->result == REC_RESULT_DRAW)
        sb_printf(&w->b, "まで%d手で%s\n", n, rec->end == REC_END_IMPASSE ? "持将棋" : "千日手");
    else if (rec->result != REC_RESULT_NONE) {
        const char *who = rec->result == REC_RESULT_BLACK ? black : white;
        if (rec->end == REC_END_ILLEGAL_WIN || rec->end == REC_END_ILLEGAL_LOSS)
            sb_printf(&w->b, "まで%d手で%sの反則勝ち\n", n, who);
        else if (rec->end == REC_END_TIMEOUT)
            sb_printf(&w->b, "まで%d手で時間切れにより%sの勝ち\n", n, who);
        else
            sb_printf(&w->b, "まで%d手で%sの勝ち\n", n, who);
    }
}

/* Write line l from ply `start` (pos is set to the position before it), then its variations. */
static int put_line(KifWriter *w, const Record *rec, const RecordLine *l, int start, int last_to, long long total[2],
                    bool main) {
    int ply = start, lt = last_to;
    long long tot[2] = {total[0], total[1]};
    for (int i = 0; i < l->count; i++, ply++) {
        if (put_move(w, &l->moves[i], ply, lt, tot)) return -1;
        lt = move_to(l->moves[i].move);
        pos_do_move(w->pos, l->moves[i].move);
        put_comment(w, l->moves[i].comment);
    }
    if (main) put_end(w, rec, ply);
    if (w->ki2 && w->ki2_col) sb_put(&w->b, "\n"), w->ki2_col = 0;
    /* variations, from the last branch point back to the first */
    for (int i = l->count - 1; i >= 0; i--) {
        pos_undo_move(w->pos);
        const RecordMove *rm = &l->moves[i];
        if (!rm->alt_count) continue;
        int before = i ? move_to(l->moves[i - 1].move) : last_to;
        for (int a = 0; a < rm->alt_count; a++) {
            sb_printf(&w->b, "\n変化：%d手\n", start + i);
            long long t0[2] = {total[0], total[1]}; /* totals before the branch point */
            for (int j = 0; j < i; j++)
                if (l->moves[j].time_ms > 0) t0[(w->pos->stm + i - j) & 1] += l->moves[j].time_ms / 1000;
            if (put_line(w, rec, &rm->alts[a], start + i, before, t0, false)) return -1;
        }
    }
    return 0;
}

static void put_headers(KifWriter *w, const Record *rec, const RecordWriteOptions *opt) {
    if (!opt->sjis && !w->ki2) sb_put(&w->b, "#KIF version=2.0 encoding=UTF-8\n");
    sb_put(&w->b,
           w->ki2 ? "# KI2形式棋譜ファイル Generated by Shishi\n" : "# KIF形式棋譜ファイル Generated by Shishi\n");
    for (int i = 0; i < rec->header_count; i++) {
        const HeaderName *h = header_by_key(rec->headers[i].key);
        const char *key = h ? h->kif : rec->headers[i].key;
        if (h && w->handicap && !strcmp(h->key, "Black")) key = "下手";
        if (h && w->handicap && !strcmp(h->key, "White")) key = "上手";
        /* WHY: a key from another format (a PGN tag name) may begin like another kind of KIF
         * line ("手数指手", "12"): it would read back as that; such a header goes out as a
         * comment line instead */
        const char *value = rec->headers[i].value;
        char date[40];
        if (h && (!strcmp(h->key, "Start") || !strcmp(h->key, "End")))
            value = rec_date_write(value, REC_DATE_SLASH, date, sizeof date);
        sb_printf(&w->b, "%s%s：%s\n", h || kif_header_key_ok(key, value) ? "" : "*", key, value);
    }
    const char *hc = kif_handicap_name(rec->variant, rec->start);
    if (hc)
        sb_printf(&w->b, "手合割：%s\n", hc);
    else
        kif_write_bod(&w->b, w->pos);
}

char *kif_write(const Record *rec, bool ki2, const RecordWriteOptions *opt, RecordError *err) {
    KifWriter w = {.ki2 = ki2, .wide = rec->variant->files > 9};
    if (ki2 && w.wide) {
        rec_error(err, 0, 0, "", "KI2 is not written for %s (use KIF)", rec->variant->name);
        return NULL;
    }
    w.pos = malloc(sizeof *w.pos);
    char e[256];
    if (!w.pos || pos_set_sfen(w.pos, rec->variant, &rec->rules, rec->start, e, sizeof e)) {
        rec_error(err, 0, 0, "", "bad start position: %s", w.pos ? e : "out of memory");
        free(w.pos);
        return NULL;
    }
    w.handicap = w.pos->stm == WHITE && kif_handicap_name(rec->variant, rec->start) != NULL;
    for (int i = 0; i < rec->main.count && !w.times; i++) w.times = rec->main.moves[i].time_ms >= 0;
    put_headers(&w, rec, opt);
    if (!ki2 && !w.wide) sb_put(&w.b, "手数----指手---------消費時間--\n");
    put_comment(&w, rec->comment);
    long long total[2] = {0, 0};
    int rc = put_line(&w, rec, &rec->main, 1, -1, total, true);
    free(w.pos);
    if (rc || w.b.oom) {
        free(w.b.s);
        rec_error(err, 0, 0, "", "a move cannot be written in %s", ki2 ? "KI2" : "KIF");
        return NULL;
    }
    return w.b.s;
}
