#include "textpos.h"
/* diagram.c - see diagram.h. */
#include "textpos.h"
#include "diagram.h"
#include "textpos.h"

#include "textpos.h"
#include <ctype.h>
#include "textpos.h"
#include <stdarg.h>
#include "textpos.h"
#include <stdio.h>
#include "textpos.h"
#include <stdlib.h>
#include "textpos.h"
#include <string.h>
#include "textpos.h"

#include "textpos.h"
/* ---- output buffer: snprintf-like, so a first pass can measure ---------------------------- */
#include "textpos.h"

#include "textpos.h"
typedef struct {
#include "textpos.h"
    char *buf;
#include "textpos.h"
    size_t len, n;
#include "textpos.h"
} Out;
#include "textpos.h"

#include "textpos.h"
static void out_printf(Out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#include "textpos.h"
static void out_printf(Out *o, const char *fmt, ...) {
#include "textpos.h"
    va_list ap;
#include "textpos.h"
    va_start(ap, fmt);
#include "textpos.h"
    size_t room = o->n < o->len ? o->len - o->n : 0;
#include "textpos.h"
    int k = vsnprintf(room ? o->buf + o->n : NULL, room, fmt, ap);
#include "textpos.h"
    va_end(ap);
#include "textpos.h"
    if (k > 0) o->n += (size_t)k;
#include "textpos.h"
}
#include "textpos.h"

#include "textpos.h"
static void out_repeat(Out *o, const char *s, int count) {
#include "textpos.h"
    for (int i = 0; i < count; i++) out_printf(o, "%s", s);
#include "textpos.h"
}
#include "textpos.h"

#include "textpos.h"
/* Run writer twice: once to measure, once into a buffer of the right size. */
#include "textpos.h"
static char *render(void (*writer)(Out *, const Position *, const DiagramStyle *), const Position *pos,
#include "textpos.h"
                    const DiagramStyle *style) {
#include "textpos.h"
    Out o = {0};
#include "textpos.h"
    writer(&o, pos, style);
#include "textpos.h"
    o.len = o.n + 1;
#include "textpos.h"
    o.n = 0;
#include "textpos.h"
    o.buf = malloc(o.len);
#include "textpos.h"
    if (!o.buf) return NULL;
#include "textpos.h"
    o.buf[0] = 0;
#include "textpos.h"
    writer(&o, pos, style);
#include "textpos.h"
    return o.buf;
#include "textpos.h"
}
#include "textpos.h"

#include "textpos.h"
/* ---- what both pictures show ---------------------------------------------------------------- */
#include "textpos.h"

#include "textpos.h"
/* The name a piece type is drawn with: its SFEN symbol ("+P") or its glyph. */
#include "textpos.h"
static const char *piece_label(const Variant *v, PieceType pt, bool ascii) {
#include "textpos.h"
    const PieceDef *d = &v->pieces[pt - 1];
#include "textpos.h"
    return ascii || !d->glyph ? d->symbol : d->glyph;
#include "textpos.h"
}
#include "textpos.h"

#include "textpos.h"
/* Terminal columns of UTF-8 text: ASCII one, anything else (kana, kanji) two. */
#include "textpos.h"
static int text_width(const char *s) {
#include "textpos.h"
    int w = 0;
#include "textpos.h"
    for (; *s; s++) {
#include "textpos.h"
        unsigned char c = (unsigned char)*s;
#include "textpos.h"
        if (c < 0x80)
#include "textpos.h"
            w++;
#include "textpos.h"
        else if ((c & 0xc0) == 0xc0)
#include "textpos.h"
            w += 2;
#include "textpos.h"
    }
#include "textpos.h"
    return w;
#include "textpos.h"
}
#include "textpos.h"

#include "textpos.h"
static const char *empty_label(bool ascii) { return ascii ? "." : "・"; }
#include "textpos.h"

#include "textpos.h"
/* The widest label of the game (so every cell has one width). */
#include "textpos.h"
static int label_width(const Variant *v, bool ascii) {
#include "textpos.h"
    int w = text_width(empty_label(ascii));
#include "textpos.h"
    for (int pt = 1; pt <= v->piece_count; pt++) {
#include "textpos.h"
        int k = text_width(piece_label(v, (PieceType)pt, ascii));
#include "textpos.h"
        if (k > w) w = k;
#include "textpos.h"
    }
#include "textpos.h"
    return w;
#include "textpos.h"
}
#include "textpos.h"

#include "textpos.h"
/* The file part and the rank part of square (x, y)'s name in the notation: "12l" -> "12",
#include "textpos.h"
 * "l"; "l12" -> "l", "12". Taken from the notation module so the two never disagree. */
#include "textpos.h"
static void square_parts(const Variant *v, Notation n, int x, int y, char *file, char *rank, size_t len) {
#include "textpos.h"
    char name[16];
#include "textpos.h"
    if (n == NOTATION_USI)
#include "textpos.h"
        usi_square_format(v, y * v->files + x, name, sizeof name);
#include "textpos.h"
    else
#include "textpos.h"
        xb_square_format(v, y * v->files + x, name, sizeof name);
#include "textpos.h"
    size_t k = 1;
#include "textpos.h"
    while (name[k] && !isdigit((unsigned char)name[k]) == !isdigit((unsigned char)name[0])) k++;
#include "textpos.h"
    snprintf(file, len, "%.*s", (int)k, name);
#include "textpos.h"
    snprintf(rank, len, "%s", name + k);
#include "textpos.h"
}
#include "textpos.h"

#include "textpos.h"
/* The squares the last move touched (from, middle, to) and its text; false at the root. */
#include "textpos.h"
typedef struct {
#include "textpos.h"
    bool marked[SQ_MAX];
#include "textpos.h"
    char text[64];
#include "textpos.h"
} LastMove;
#include "textpos.h"

#include "textpos.h"
static bool last_move(const Position *pos, Notation n, LastMove *lm) {
#include "textpos.h"
    memset(lm, 0, sizeof *lm);
#include "textpos.h"
    Move m = pos->sp > 0 ? pos_st(pos)->move : MOVE_NONE;
#include "textpos.h"
    if (m == MOVE_NONE) return false;
#include "textpos.h"
    lm->marked[move_to(m)] = true;
#include "textpos.h"
    if (!move_is_drop(m)) lm->marked[move_from(m)] = true;
#include "textpos.h"
    if (move_is_double(m)) lm->marked[move_mid(m)] = true;
#include "textpos.h"
    Position *before = malloc(sizeof *before);
#include "textpos.h"
    if (before) {
#include "textpos.h"
        pos_copy(before, pos);
#include "textpos.h"
        pos_undo_move(before);
#include "textpos.h"
        move_format(before, m, n, lm->text, sizeof lm->text);
#include "textpos.h"
        free(before);
#include "textpos.h"
    }
#include "textpos.h"
    return true;
#include "textpos.h"
}
#include "textpos.h"

#include "textpos.h"
/* "R B P3" (counts after the name), or "-" for an empty hand. */
#include "textpos.h"
static void hand_text(const Position *pos, Color c, bool ascii, char *buf, size_t len) {
#include "textpos.h"
    Out o = {.buf = buf, .len = len};
#include "textpos.h"
    buf[0] = 0;
#include "textpos.h"
    for (int k = 0; k < pos->t->hand_type_count; k++) {
#include "textpos.h"
        PieceType h = pos->t->hand_types[k];
#include "textpos.h"
        int count = pos->hand[c][h];
#include "textpos.h"
        if (!count) continue;
#include "textpos.h"
        out_printf(&o, "%s%s", o.n ? " " : "", piece_label(pos->v, h, ascii));
#include "textpos.h"
        if (count > 1) out_printf(&o, "%d", count);
#include "textpos.h"
    }
#include "textpos.h"
    if (!o.n) snprintf(buf, len, "-");
#include "textpos.h"
}
#include "textpos.h"

#include "textpos.h"
static const char *const colour_name[COLOR_NB] = {"Black (sente)", "White (gote)"};
#include "textpos.h"

#include "textpos.h"
/* ---- text ----------------------------------------------------------------------------------- */
#include "textpos.h"

#include "textpos.h"
/* One board row: '|', a cell per file (owner mark, label, last-move mark), '|', rank label. */
#include "textpos.h"
static void text_row(Out *o, const Position *pos, int y, int width, bool ascii, const LastMove *lm, const char *rank) {
#include "textpos.h"
    const Variant *v = pos->v;
#include "textpos.h"
    out_printf(o, "|");
#include "textpos.h"
    for (int x = 0; x < v->files; x++) {
#include "textpos.h"
        int sq = y * v->files + x;
#include "textpos.h"
        Piece p = pos->board[sq];
#include "textpos.h"
        const char *label = p ? piece_label(v, piece_type(p), ascii) : empty_label(ascii);
#include "textpos.h"
        out_printf(o, "%c%s", p && piece_color(p) == WHITE ? 'v' : ' ', label);
#include "textpos.h"
        out_repeat(o, " ", width - text_width(label));
#include "textpos.h"
        out_printf(o, "%c", lm->marked[sq] ? '*' : ' ');
#include "textpos.h"
    }
#include "textpos.h"
    out_printf(o, "| %s\n", rank);
#include "textpos.h"
}
#include "textpos.h"

#include "textpos.h"
static void text_writer(Out *o, const Position *pos, const DiagramStyle *style) {
#include "textpos.h"
    const Variant *v = pos->v;
#include "textpos.h"
    int width = label_width(v, style->ascii), cell = width + 2;
#include "textpos.h"
    char file[8], rank[8], hand[256], sfen[1024];
#include "textpos.h"
    LastMove lm;
#include "textpos.h"
    bool moved = last_move(pos, style->notation, &lm);
#include "textpos.h"

#include "textpos.h"
    hand_text(pos, WHITE, style->ascii, hand, sizeof hand);
#include "textpos.h"
    if (v->drops) out_printf(o, "%s hand: %s\n", colour_name[WHITE], hand);
#include "textpos.h"
    out_printf(o, " ");
#include "textpos.h"
    for (int x = 0; x < v->files; x++) { /* right-aligned over the label, clear of the mark column */
#include "textpos.h"
        square_parts(v, style->notation, x, 0, file, rank, sizeof file);
#include "textpos.h"
        out_printf(o, "%s%*s", x ? " " : "", width + 1, file);
#include "textpos.h"
    }
#include "textpos.h"
    out_printf(o, "\n+");
#include "textpos.h"
    out_repeat(o, "-", v->files * cell);
#include "textpos.h"
    out_printf(o, "+\n");
#include "textpos.h"
    for (int y = v->ranks - 1; y >= 0; y--) {
#include "textpos.h"
        square_parts(v, style->notation, 0, y, file, rank, sizeof file);
#include "textpos.h"
        text_row(o, pos, y, width, style->ascii, &lm, rank);
#include "textpos.h"
    }
#include "textpos.h"
    out_printf(o, "+");
#include "textpos.h"
    out_repeat(o, "-", v->files * cell);
#include "textpos.h"
    out_printf(o, "+\n");
#include "textpos.h"
    hand_text(pos, BLACK, style->ascii, hand, sizeof hand);
#include "textpos.h"
    if (v->drops) out_printf(o, "%s hand: %s\n", colour_name[BLACK], hand);
#include "textpos.h"
    out_printf(o, "%s: %s to move, move %d\n", v->name, colour_name[pos->stm], pos->move_number + pos->sp);
#include "textpos.h"
    if (moved) out_printf(o, "last move: %s (squares marked *)\n", lm.text);
#include "textpos.h"
    pos_to_sfen(pos, sfen, sizeof sfen);
#include "textpos.h"
    out_printf(o, "sfen %s\n", sfen);
#include "textpos.h"
}
#include "textpos.h"

#include "textpos.h"
char *diagram_text(const Position *pos, const DiagramStyle *style) { return render(text_writer, pos, style); }
#include "textpos.h"

#include "textpos.h"
/* ---- SVG ------------------------------------------------------------------------------------ */
#include "textpos.h"

#include "textpos.h"
enum {
#include "textpos.h"
    SVG_CELL = 44, /* square size */
#include "textpos.h"
    SVG_EDGE = 16, /* space left of the board */
#include "textpos.h"
    SVG_COORD = 26, /* file labels above, rank labels right of the board */
#include "textpos.h"
    SVG_HAND = 34 /* a hand's band above (White) and below (Black) the board */
#include "textpos.h"
};
#include "textpos.h"

#include "textpos.h"
/* Labels are descriptor text (letters, '+', kanji); escaped anyway, so any text stays XML. */
#include "textpos.h"
static void svg_escaped(Out *o, const char *s) {
#include "textpos.h"
    for (; *s; s++) {
#include "textpos.h"
        if (*s == '&')
#include "textpos.h"
            out_printf(o, "&amp;");
#include "textpos.h"
        else if (*s == '<')
#include "textpos.h"
            out_printf(o, "&lt;");
#include "textpos.h"
        else if (*s == '>')
#include "textpos.h"
            out_printf(o, "&gt;");
#include "textpos.h"
        else
#include "textpos.h"
            out_printf(o, "%c", *s);
#include "textpos.h"
    }
#include "textpos.h"
}
#include "textpos.h"

#include "textpos.h"
static void svg_board(Out *o, const Position *pos, const DiagramStyle *style, const LastMove *lm) {
#include "textpos.h"
    const Variant *v = pos->v;
#include "textpos.h"
    int x0 = SVG_EDGE, y0 = SVG_HAND + SVG_COORD, w = v->files * SVG_CELL, h = v->ranks * SVG_CELL;
#include "textpos.h"
    out_printf(o, "<rect class=\"board\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f2d49b\"/>\n", x0, y0, w,
#include "textpos.h"
               h);
#include "textpos.h"
    for (int sq = 0; sq < v->files * v->ranks; sq++) {
#include "textpos.h"
        if (!lm->marked[sq]) continue;
#include "textpos.h"
        int x = sq % v->files, y = v->ranks - 1 - sq / v->files;
#include "textpos.h"
        out_printf(o, "<rect class=\"last-move\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f7a65a\"/>\n",
#include "textpos.h"
                   x0 + x * SVG_CELL, y0 + y * SVG_CELL, SVG_CELL, SVG_CELL);
#include "textpos.h"
    }
#include "textpos.h"
    out_printf(o, "<g stroke=\"#333333\" stroke-width=\"1\">\n");
#include "textpos.h"
    for (int i = 0; i <= v->files; i++)
#include "textpos.h"
        out_printf(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", x0 + i * SVG_CELL, y0, x0 + i * SVG_CELL,
#include "textpos.h"
                   y0 + h);
#include "textpos.h"
    for (int i = 0; i <= v->ranks; i++)
#include "textpos.h"
        out_printf(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", x0, y0 + i * SVG_CELL, x0 + w,
#include "textpos.h"
                   y0 + i * SVG_CELL);
#include "textpos.h"
    out_printf(o, "</g>\n<g class=\"coordinates\" font-size=\"14\" fill=\"#333333\" text-anchor=\"middle\">\n");
#include "textpos.h"
    char file[8], rank[8];
#include "textpos.h"
    for (int x = 0; x < v->files; x++) {
#include "textpos.h"
        square_parts(v, style->notation, x, 0, file, rank, sizeof file);
#include "textpos.h"
        out_printf(o, "<text x=\"%d\" y=\"%d\">%s</text>\n", x0 + x * SVG_CELL + SVG_CELL / 2, y0 - 8, file);
#include "textpos.h"
    }
#include "textpos.h"
    for (int y = 0; y < v->ranks; y++) {
#include "textpos.h"
        square_parts(v, style->notation, 0, y, file, rank, sizeof file);
#include "textpos.h"
        out_printf(o, "<text x=\"%d\" y=\"%d\">%s</text>\n", x0 + w + SVG_COORD / 2,
#include "textpos.h"
                   y0 + (v->ranks - 1 - y) * SVG_CELL + SVG_CELL / 2 + 5, rank);
#include "textpos.h"
    }
#include "textpos.h"
    out_printf(o, "</g>\n");
#include "textpos.h"
}
#include "textpos.h"

#include "textpos.h"
/* Every piece as centred text; White's turned half a circle about the square's centre. */
#include "textpos.h"
static void svg_pieces(Out *o, const Position *pos, const DiagramStyle *style) {
#include "textpos.h"
    const Variant *v = pos->v;
#include "textpos.h"
    int x0 = SVG_EDGE, y0 = SVG_HAND + SVG_COORD;
#include "textpos.h"
    for (int sq = 0; sq < v->files * v->ranks; sq++) {
#include "textpos.h"
        Piece p = pos->board[sq];
#include "textpos.h"
        if (!p) continue;
#include "textpos.h"
        const char *label = piece_label(v, piece_type(p), style->ascii);
#include "textpos.h"
        int cx = x0 + sq % v->files * SVG_CELL + SVG_CELL / 2;
#include "textpos.h"
        int cy = y0 + (v->ranks - 1 - sq / v->files) * SVG_CELL + SVG_CELL / 2;
#include "textpos.h"
        int size = text_width(label) > 2 ? 16 : 24;
#include "textpos.h"
        bool white = piece_color(p) == WHITE;
#include "textpos.h"
        out_printf(o, "<text class=\"piece %s\" x=\"%d\" y=\"%d\" font-size=\"%d\"", white ? "white" : "black", cx,
#include "textpos.h"
                   cy + size * 3 / 8, size);
#include "textpos.h"
        if (white) out_printf(o, " transform=\"rotate(180 %d %d)\"", cx, cy);
#include "textpos.h"
        out_printf(o, ">");
#include "textpos.h"
        svg_escaped(o, label);
#include "textpos.h"
        out_printf(o, "</text>\n");
#include "textpos.h"
    }
#include "textpos.h"
}
#include "textpos.h"

#include "textpos.h"
static void svg_writer(Out *o, const Position *pos, const DiagramStyle *style) {
#include "textpos.h"
    const Variant *v = pos->v;
#include "textpos.h"
    int width = SVG_EDGE + v->files * SVG_CELL + SVG_COORD;
#include "textpos.h"
    int height = SVG_HAND + SVG_COORD + v->ranks * SVG_CELL + SVG_HAND + 8;
#include "textpos.h"
    int board_bottom = SVG_HAND + SVG_COORD + v->ranks * SVG_CELL;
#include "textpos.h"
    LastMove lm;
#include "textpos.h"
    bool moved = last_move(pos, style->notation, &lm);
#include "textpos.h"
    char hand[256];
#include "textpos.h"
    out_printf(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
#include "textpos.h"
    out_printf(o,
#include "textpos.h"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
#include "textpos.h"
               "font-family=\"sans-serif\">\n",
#include "textpos.h"
               width, height, width, height);
#include "textpos.h"
    out_printf(o, "<title>%s, %s to move%s", v->name, colour_name[pos->stm], moved ? ", last move " : "");
#include "textpos.h"
    svg_escaped(o, lm.text);
#include "textpos.h"
    out_printf(o, "</title>\n<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width, height);
#include "textpos.h"
    svg_board(o, pos, style, &lm);
#include "textpos.h"
    out_printf(o, "<g class=\"pieces\" text-anchor=\"middle\" fill=\"#000000\">\n");
#include "textpos.h"
    svg_pieces(o, pos, style);
#include "textpos.h"
    out_printf(o, "</g>\n<g class=\"hands\" font-size=\"16\" fill=\"#000000\">\n");
#include "textpos.h"
    for (int c = WHITE; c >= BLACK; c--) {
#include "textpos.h"
        hand_text(pos, (Color)c, style->ascii, hand, sizeof hand);
#include "textpos.h"
        out_printf(o, "<text class=\"hand %s\" x=\"%d\" y=\"%d\">%s%s", c == WHITE ? "white" : "black", SVG_EDGE,
#include "textpos.h"
                   c == WHITE ? 22 : board_bottom + 26, (int)pos->stm == c ? "\xe2\x96\xb6 " : "", colour_name[c]);
#include "textpos.h"
        if (v->drops) { /* a game without drops has no hands: only who is to move */
#include "textpos.h"
            out_printf(o, " hand: ");
#include "textpos.h"
            svg_escaped(o, hand);
#include "textpos.h"
        }
#include "textpos.h"
        out_printf(o, "</text>\n");
#include "textpos.h"
    }
#include "textpos.h"
    out_printf(o, "</g>\n</svg>\n");
#include "textpos.h"
}
#include "textpos.h"

#include "textpos.h"
char *diagram_svg(const Position *pos, const DiagramStyle *style) { return render(svg_writer, pos, style); }
