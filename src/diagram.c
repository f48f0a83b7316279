/* diagram.c - see diagram.h. */
#include "diagram.h"
#include "textpos.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- output buffer: snprintf-like, so a first pass can measure ---------------------------- */

typedef struct {
    char *buf;
    size_t len, n;
} Out;

static void out_printf(Out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out_printf(Out *o, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->n < o->len ? o->len - o->n : 0;
    int k = vsnprintf(room ? o->buf + o->n : NULL, room, fmt, ap);
    va_end(ap);
    if (k > 0) o->n += (size_t)k;
}

static void out_repeat(Out *o, const char *s, int count) {
    for (int i = 0; i < count; i++) out_printf(o, "%s", s);
}

/* Run writer twice: once to measure, once into a buffer of the right size. */
static char *render(void (*writer)(Out *, const Position *, const DiagramStyle *), const Position *pos,
                    const DiagramStyle *style) {
    Out o = {0};
    writer(&o, pos, style);
    o.len = o.n + 1;
    o.n = 0;
    o.buf = malloc(o.len);
    if (!o.buf) return NULL;
    o.buf[0] = 0;
    writer(&o, pos, style);
    return o.buf;
}

/* ---- what both pictures show ---------------------------------------------------------------- */

/* The name a piece type is drawn with: its SFEN symbol ("+P") or its glyph. */
static const char *piece_label(const Variant *v, PieceType pt, bool ascii) {
    const PieceDef *d = &v->pieces[pt - 1];
    return ascii || !d->glyph ? d->symbol : d->glyph;
}

/* Terminal columns of UTF-8 text: ASCII one, anything else (kana, kanji) two. */
static int text_width(const char *s) {
    int w = 0;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x80)
            w++;
        else if ((c & 0xc0) == 0xc0)
            w += 2;
    }
    return w;
}

static const char *empty_label(bool ascii) { return ascii ? "." : "・"; }

/* The widest label of the game (so every cell has one width). */
static int label_width(const Variant *v, bool ascii) {
    int w = text_width(empty_label(ascii));
    for (int pt = 1; pt <= v->piece_count; pt++) {
        int k = text_width(piece_label(v, (PieceType)pt, ascii));
        if (k > w) w = k;
    }
    return w;
}

/* The file part and the rank part of square (x, y)'s name in the notation: "12l" -> "12",
 * "l"; "l12" -> "l", "12". Taken from the notation module so the two never disagree. */
static void square_parts(const Variant *v, Notation n, int x, int y, char *file, char *rank, size_t len) {
    char name[16];
    if (n == NOTATION_USI)
        usi_square_format(v, y * v->files + x, name, sizeof name);
    else
        xb_square_format(v, y * v->files + x, name, sizeof name);
    size_t k = 1;
    while (name[k] && !isdigit((unsigned char)name[k]) == !isdigit((unsigned char)name[0])) k++;
    snprintf(file, len, "%.*s", (int)k, name);
    snprintf(rank, len, "%s", name + k);
}

/* The squares the last move touched (from, middle, to) and its text; false at the root. */
typedef struct {
    bool marked[SQ_MAX];
    char text[64];
} LastMove;

static bool last_move(const Position *pos, Notation n, LastMove *lm) {
    memset(lm, 0, sizeof *lm);
    Move m = pos->sp > 0 ? pos_st(pos)->move : MOVE_NONE;
    if (m == MOVE_NONE) return false;
    lm->marked[move_to(m)] = true;
    if (!move_is_drop(m)) lm->marked[move_from(m)] = true;
    if (move_is_double(m)) lm->marked[move_mid(m)] = true;
    Position *before = malloc(sizeof *before);
    if (before) {
        pos_copy(before, pos);
        pos_undo_move(before);
        move_format(before, m, n, lm->text, sizeof lm->text);
        free(before);
    }
    return true;
}

/* "R B P3" (counts after the name), or "-" for an empty hand. */
static void hand_text(const Position *pos, Color c, bool ascii, char *buf, size_t len) {
    Out o = {.buf = buf, .len = len};
    buf[0] = 0;
    for (int k = 0; k < pos->t->hand_type_count; k++) {
        PieceType h = pos->t->hand_types[k];
        int count = pos->hand[c][h];
        if (!count) continue;
        out_printf(&o, "%s%s", o.n ? " " : "", piece_label(pos->v, h, ascii));
        if (count > 1) out_printf(&o, "%d", count);
    }
    if (!o.n) snprintf(buf, len, "-");
}

static const char *const colour_name[COLOR_NB] = {"Black (sente)", "White (gote)"};

/* ---- text ----------------------------------------------------------------------------------- */

/* One board row: '|', a cell per file (owner mark, label, last-move mark), '|', rank label. */
static void text_row(Out *o, const Position *pos, int y, int width, bool ascii, const LastMove *lm, const char *rank) {
    const Variant *v = pos->v;
    out_printf(o, "|");
    for (int x = 0; x < v->files; x++) {
        int sq = y * v->files + x;
        Piece p = pos->board[sq];
        const char *label = p ? piece_label(v, piece_type(p), ascii) : empty_label(ascii);
        out_printf(o, "%c%s", p && piece_color(p) == WHITE ? 'v' : ' ', label);
        out_repeat(o, " ", width - text_width(label));
        out_printf(o, "%c", lm->marked[sq] ? '*' : ' ');
    }
    out_printf(o, "| %s\n", rank);
}

static void text_writer(Out *o, const Position *pos, const DiagramStyle *style) {
    const Variant *v = pos->v;
    int width = label_width(v, style->ascii), cell = width + 2;
    char file[8], rank[8], hand[256], sfen[1024];
    LastMove lm;
    bool moved = last_move(pos, style->notation, &lm);

    hand_text(pos, WHITE, style->ascii, hand, sizeof hand);
    if (v->drops) out_printf(o, "%s hand: %s\n", colour_name[WHITE], hand);
    out_printf(o, " ");
    for (int x = 0; x < v->files; x++) { /* right-aligned over the label, clear of the mark column */
        square_parts(v, style->notation, x, 0, file, rank, sizeof file);
        out_printf(o, "%s%*s", x ? " " : "", width + 1, file);
    }
    out_printf(o, "\n+");
    out_repeat(o, "-", v->files * cell);
    out_printf(o, "+\n");
    for (int y = v->ranks - 1; y >= 0; y--) {
        square_parts(v, style->notation, 0, y, file, rank, sizeof file);
        text_row(o, pos, y, width, style->ascii, &lm, rank);
    }
    out_printf(o, "+");
    out_repeat(o, "-", v->files * cell);
    out_printf(o, "+\n");
    hand_text(pos, BLACK, style->ascii, hand, sizeof hand);
    if (v->drops) out_printf(o, "%s hand: %s\n", colour_name[BLACK], hand);
    out_printf(o, "%s: %s to move, move %d\n", v->name, colour_name[pos->stm], pos->move_number + pos->sp);
    if (moved) out_printf(o, "last move: %s (squares marked *)\n", lm.text);
    pos_to_sfen(pos, sfen, sizeof sfen);
    out_printf(o, "sfen %s\n", sfen);
}

char *diagram_text(const Position *pos, const DiagramStyle *style) { return render(text_writer, pos, style); }

/* ---- SVG ------------------------------------------------------------------------------------ */

enum {
    SVG_CELL = 44,  /* square size */
    SVG_EDGE = 16,  /* space left of the board */
    SVG_COORD = 26, /* file labels above, rank labels right of the board */
    SVG_HAND = 34   /* a hand's band above (White) and below (Black) the board */
};

/* Labels are descriptor text (letters, '+', kanji); escaped anyway, so any text stays XML. */
static void svg_escaped(Out *o, const char *s) {
    for (; *s; s++) {
        if (*s == '&')
            out_printf(o, "&amp;");
        else if (*s == '<')
            out_printf(o, "&lt;");
        else if (*s == '>')
            out_printf(o, "&gt;");
        else
            out_printf(o, "%c", *s);
    }
}

static void svg_board(Out *o, const Position *pos, const DiagramStyle *style, const LastMove *lm) {
    const Variant *v = pos->v;
    int x0 = SVG_EDGE, y0 = SVG_HAND + SVG_COORD, w = v->files * SVG_CELL, h = v->ranks * SVG_CELL;
    out_printf(o, "<rect class=\"board\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f2d49b\"/>\n", x0, y0, w,
               h);
    for (int sq = 0; sq < v->files * v->ranks; sq++) {
        if (!lm->marked[sq]) continue;
        int x = sq % v->files, y = v->ranks - 1 - sq / v->files;
        out_printf(o, "<rect class=\"last-move\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f7a65a\"/>\n",
                   x0 + x * SVG_CELL, y0 + y * SVG_CELL, SVG_CELL, SVG_CELL);
    }
    out_printf(o, "<g stroke=\"#333333\" stroke-width=\"1\">\n");
    for (int i = 0; i <= v->files; i++)
        out_printf(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", x0 + i * SVG_CELL, y0, x0 + i * SVG_CELL,
                   y0 + h);
    for (int i = 0; i <= v->ranks; i++)
        out_printf(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", x0, y0 + i * SVG_CELL, x0 + w,
                   y0 + i * SVG_CELL);
    out_printf(o, "</g>\n<g class=\"coordinates\" font-size=\"14\" fill=\"#333333\" text-anchor=\"middle\">\n");
    char file[8], rank[8];
    for (int x = 0; x < v->files; x++) {
        square_parts(v, style->notation, x, 0, file, rank, sizeof file);
        out_printf(o, "<text x=\"%d\" y=\"%d\">%s</text>\n", x0 + x * SVG_CELL + SVG_CELL / 2, y0 - 8, file);
    }
    for (int y = 0; y < v->ranks; y++) {
        square_parts(v, style->notation, 0, y, file, rank, sizeof file);
        out_printf(o, "<text x=\"%d\" y=\"%d\">%s</text>\n", x0 + w + SVG_COORD / 2,
                   y0 + (v->ranks - 1 - y) * SVG_CELL + SVG_CELL / 2 + 5, rank);
    }
    out_printf(o, "</g>\n");
}

/* Every piece as centred text; White's turned half a circle about the square's centre. */
static void svg_pieces(Out *o, const Position *pos, const DiagramStyle *style) {
    const Variant *v = pos->v;
    int x0 = SVG_EDGE, y0 = SVG_HAND + SVG_COORD;
    for (int sq = 0; sq < v->files * v->ranks; sq++) {
        Piece p = pos->board[sq];
        if (!p) continue;
        const char *label = piece_label(v, piece_type(p), style->ascii);
        int cx = x0 + sq % v->files * SVG_CELL + SVG_CELL / 2;
        int cy = y0 + (v->ranks - 1 - sq / v->files) * SVG_CELL + SVG_CELL / 2;
        int size = text_width(label) > 2 ? 16 : 24;
        bool white = piece_color(p) == WHITE;
        out_printf(o, "<text class=\"piece %s\" x=\"%d\" y=\"%d\" font-size=\"%d\"", white ? "white" : "black", cx,
                   cy + size * 3 / 8, size);
        if (white) out_printf(o, " transform=\"rotate(180 %d %d)\"", cx, cy);
        out_printf(o, ">");
        svg_escaped(o, label);
        out_printf(o, "</text>\n");
    }
}

static void svg_writer(Out *o, const Position *pos, const DiagramStyle *style) {
    const Variant *v = pos->v;
    int width = SVG_EDGE + v->files * SVG_CELL + SVG_COORD;
    int height = SVG_HAND + SVG_COORD + v->ranks * SVG_CELL + SVG_HAND + 8;
    int board_bottom = SVG_HAND + SVG_COORD + v->ranks * SVG_CELL;
    LastMove lm;
    bool moved = last_move(pos, style->notation, &lm);
    char hand[256];
    out_printf(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out_printf(o,
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
               "font-family=\"sans-serif\">\n",
               width, height, width, height);
    out_printf(o, "<title>%s, %s to move%s", v->name, colour_name[pos->stm], moved ? ", last move " : "");
    svg_escaped(o, lm.text);
    out_printf(o, "</title>\n<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width, height);
    svg_board(o, pos, style, &lm);
    out_printf(o, "<g class=\"pieces\" text-anchor=\"middle\" fill=\"#000000\">\n");
    svg_pieces(o, pos, style);
    out_printf(o, "</g>\n<g class=\"hands\" font-size=\"16\" fill=\"#000000\">\n");
    for (int c = WHITE; c >= BLACK; c--) {
        hand_text(pos, (Color)c, style->ascii, hand, sizeof hand);
        out_printf(o, "<text class=\"hand %s\" x=\"%d\" y=\"%d\">%s%s", c == WHITE ? "white" : "black", SVG_EDGE,
                   c == WHITE ? 22 : board_bottom + 26, (int)pos->stm == c ? "\xe2\x96\xb6 " : "", colour_name[c]);
        if (v->drops) { /* a game without drops has no hands: only who is to move */
            out_printf(o, " hand: ");
            svg_escaped(o, hand);
        }
        out_printf(o, "</text>\n");
    }
    out_printf(o, "</g>\n</svg>\n");
}

char *diagram_svg(const Position *pos, const DiagramStyle *style) { return render(svg_writer, pos, style); }
