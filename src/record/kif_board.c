/* kif_board.c - KIF start positions: the 手合割 (handicap) table and the BOD board diagram,
 * both read and written. */
#include <stdio.h>
#include <string.h>

#include "record_int.h"

/* Standard handicaps: name and start SFEN (the handicap giver, 上手, is White and moves first). */
static const struct {
    const char *name, *sfen;
} handicaps[] = {
    {"香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"三枚落ち", "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"五枚落ち", "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"左五枚落ち", "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
};

/* The game whose standard start 手合割 names (Variant.kif_game), NULL if none. */
const Variant *kif_handicap_variant(const char *name);
const Variant *kif_handicap_variant(const char *name) {
    for (const Variant *const *v = variant_list(); *v; v++)
        if ((*v)->kif_game && !strcmp(name, (*v)->kif_game)) return *v;
    return NULL;
}

/* Do the handicap starts apply to v? KIF's handicaps are those of the game whose even start
 * it calls 平手. */
static bool has_handicaps(const Variant *v) { return v->kif_game && !strcmp(v->kif_game, "平手"); }

/* SFEN of a 手合割 value, NULL if unknown. The standard start of v for 平手 and game names. */
const char *kif_handicap_sfen(const Variant *v, const char *name);
const char *kif_handicap_sfen(const Variant *v, const char *name) {
    if (kif_handicap_variant(name) || !strcmp(name, "その他")) return v->start;
    if (!has_handicaps(v)) return NULL;
    for (size_t i = 0; i < sizeof handicaps / sizeof handicaps[0]; i++)
        if (!strcmp(name, handicaps[i].name)) return handicaps[i].sfen;
    return NULL;
}

/* Is the SFEN a start the 手合割 line can name? Compares board, side and hand. */
static bool same_start(const char *a, const char *b) {
    const char *ea = a, *eb = b;
    for (int f = 0; f < 3; f++) {
        ea = strchr(ea + 1, ' ');
        eb = strchr(eb + 1, ' ');
        if (!ea || !eb) return ea == eb && !strcmp(a, b);
    }
    return ea - a == eb - b && !strncmp(a, b, (size_t)(ea - a));
}

const char *kif_handicap_name(const Variant *v, const char *sfen);
const char *kif_handicap_name(const Variant *v, const char *sfen) {
    if (same_start(sfen, v->start)) return v->kif_game;
    if (!has_handicaps(v)) return NULL;
    for (size_t i = 0; i < sizeof handicaps / sizeof handicaps[0]; i++)
        if (same_start(sfen, handicaps[i].sfen)) return handicaps[i].name;
    return NULL;
}

/* ---- BOD ---- */

/* Hand text "飛　角　歩二" or "なし" into SFEN hand letters appended to out. */
int kif_read_hand(const Variant *v, const char *p, Color c, char *out, size_t len);
int kif_read_hand(const Variant *v, const char *p, Color c, char *out, size_t len) {
    p = skip_spaces(p);
    if (str_eat(&p, "なし")) return 0;
    while (*(p = skip_spaces(p))) {
        PieceType pt = kif_read_piece(v, &p);
        if (!pt) return -1;
        int n = read_kanji_number(&p);
        if (n < 0) n = read_digits(&p);
        if (n < 0) n = 1;
        char sym[8];
        snprintf(sym, sizeof sym, "%s", v->pieces[pt - 1].symbol);
        if (c == WHITE)
            for (char *s = sym; *s; s++) *s = (char)(*s >= 'A' && *s <= 'Z' ? *s + 32 : *s);
        size_t l = strlen(out);
        if (n > 1)
            snprintf(out + l, len - l, "%d%s", n, sym);
        else
            snprintf(out + l, len - l, "%s", sym);
        str_eat(&p, "、");
    }
    return 0;
}

/* A piece in a diagram cell: its diagram glyph (as written) or a KIF name, longest match. */
static PieceType read_cell_piece(const Variant *v, const char **p) {
    const char *q = *p;
    PieceType best = kif_read_piece(v, &q);
    size_t best_len = best ? (size_t)(q - *p) : 0;
    for (int i = 0; i < v->piece_count; i++) {
        const char *g = v->pieces[i].glyph;
        size_t n = g ? strlen(g) : 0;
        if (n > best_len && !strncmp(*p, g, n)) best = (PieceType)(i + 1), best_len = n;
    }
    *p += best_len;
    return best;
}

/* One board row "|v香v桂 ・ ...|一" (cells padded with any number of spaces, as lishogi's
 * 12-file diagrams are) into SFEN row text. Returns 0 or -1. */
int kif_read_bod_row(const Variant *v, const char *p, char *out, size_t len);
int kif_read_bod_row(const Variant *v, const char *p, char *out, size_t len) {
    if (!str_eat(&p, "|") && !str_eat(&p, "｜")) return -1;
    int empty = 0, cells = 0;
    size_t l = 0;
    out[0] = 0;
    while (cells < v->files) {
        bool white = false;
        while (*p == ' ' || *p == '^' || !strncmp(p, "\xE3\x80\x80", 3)) p += *p == ' ' || *p == '^' ? 1 : 3;
        if (*p == 'v' || *p == 'V') white = true, p++;
        if (str_eat(&p, "・")) {
            empty++;
            cells++;
            continue;
        }
        PieceType pt = read_cell_piece(v, &p);
        if (!pt) return -1;
        if (empty) l += (size_t)snprintf(out + l, len - l, "%d", empty);
        empty = 0;
        char sym[8];
        snprintf(sym, sizeof sym, "%s", v->pieces[pt - 1].symbol);
        if (white)
            for (char *s = sym; *s; s++) *s = (char)(*s >= 'A' && *s <= 'Z' ? *s + 32 : *s);
        l += (size_t)snprintf(out + l, len - l, "%s", sym);
        cells++;
        if (l >= len) return -1;
    }
    if (empty) snprintf(out + l, len - l, "%d", empty);
    return 0;
}

static void put_hand(Sbuf *b, const Position *pos, Color c) {
    int n = 0;
    for (int i = 0; i < pos->t->hand_type_count; i++) {
        PieceType h = pos->t->hand_types[i];
        int k = pos->hand[c][h];
        if (!k) continue;
        sb_put(b, pos->v->pieces[h - 1].kif);
        if (k > 1) write_kanji_number(b, k);
        sb_put(b, "　");
        n++;
    }
    if (!n) sb_put(b, "なし");
    sb_put(b, "\n");
}

void kif_write_bod(Sbuf *b, const Position *pos);
void kif_write_bod(Sbuf *b, const Position *pos) {
    const Variant *v = pos->v;
    sb_put(b, "後手の持駒：");
    put_hand(b, pos, WHITE);
    sb_put(b, " ");
    for (int f = v->files; f >= 1; f--) {
        sb_put(b, " ");
        write_fullwidth(b, f);
    }
    sb_put(b, "\n+");
    for (int f = 0; f < v->files; f++) sb_put(b, "---");
    sb_put(b, "+\n");
    for (int r = 1; r <= v->ranks; r++) {
        sb_put(b, "|");
        for (int f = v->files; f >= 1; f--) {
            Piece pc = pos->board[rec_square(v, f, r)];
            if (!pc) {
                sb_put(b, " ・");
                continue;
            }
            sb_put(b, piece_color(pc) == WHITE ? "v" : " ");
            sb_put(b, v->pieces[piece_type(pc) - 1].glyph);
        }
        sb_put(b, "|");
        write_kanji_number(b, r);
        sb_put(b, "\n");
    }
    sb_put(b, "+");
    for (int f = 0; f < v->files; f++) sb_put(b, "---");
    sb_put(b, "+\n先手の持駒：");
    put_hand(b, pos, BLACK);
    if (pos->stm == WHITE) sb_put(b, "後手番\n");
}
