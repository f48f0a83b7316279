/* analysis_svg.c - the evaluation graph of an analysed game as an SVG document: x = move
 * number, y = Black's winning chance (the logistic of analysis.c, so the axis is labelled in
 * centipawns but compresses large advantages), a zero line, axis labels, and marks on
 * inaccuracies, mistakes and blunders (docs/analysis.md). Text only; nothing is written. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/strbuf.h"
#include "analysis.h"

enum { W = 800, H = 340, LEFT = 64, RIGHT = 24, TOP = 40, BOTTOM = 48 };

static void put_escaped(Sbuf *b, const char *text) {
    for (const char *p = text; *p; p++) {
        switch (*p) {
        case '&': sb_printf(b, "&amp;"); break;
        case '<': sb_printf(b, "&lt;"); break;
        case '>': sb_printf(b, "&gt;"); break;
        case '"': sb_printf(b, "&quot;"); break;
        default:
            if ((unsigned char)*p >= 0x20 || *p == '\t') sb_printf(b, "%c", *p);
        }
    }
}

static double x_of(int k, int n) { return LEFT + (double)(W - LEFT - RIGHT) * k / (n > 0 ? n : 1); }
static double y_of(double black_chance) { return TOP + (double)(H - TOP - BOTTOM) * (1.0 - black_chance); }

/* Black's winning chance in the position after k moves (k = 0: the start). */
static double black_chance(const MoveAnalysis *moves, int k) {
    const MoveAnalysis *m = &moves[k ? k - 1 : 0];
    Value v = k ? m->played_score : m->best_score;
    if (m->side != BLACK) v = (Value)-v; /* both scores are from the mover's view */
    return analysis_win_chance(v);
}

static void axes(Sbuf *b, int n) {
    static const int ticks[] = {-2000, -1000, -500, 0, 500, 1000, 2000};
    for (size_t i = 0; i < sizeof ticks / sizeof ticks[0]; i++) {
        double y = y_of(analysis_win_chance((Value)ticks[i]));
        sb_printf(b, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%s\"/>\n", LEFT, y,
                  W - RIGHT, y, ticks[i] ? "#ddd" : "#444", ticks[i] ? "1" : "1.5");
        sb_printf(b, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" font-size=\"11\">%+d</text>\n", LEFT - 6, y + 4,
                  ticks[i]);
    }
    static const int steps[] = {1, 2, 5, 10, 20, 50, 100, 200, 500};
    int step = 1000;
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
        if (n / steps[i] <= 12) {
            step = steps[i];
            break;
        }
    for (int k = 0; k <= n; k += step)
        sb_printf(b, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-size=\"11\">%d</text>\n", x_of(k, n),
                  H - BOTTOM + 16, k);
    sb_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#888\"/>\n", LEFT, TOP,
              W - LEFT - RIGHT, H - TOP - BOTTOM);
    sb_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\">move</text>\n",
              (W + LEFT - RIGHT) / 2, H - 12);
    sb_printf(b,
              "<text x=\"14\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\" transform=\"rotate(-90 14 %d)\">"
              "evaluation for Black (cp)</text>\n",
              (H + TOP - BOTTOM) / 2, (H + TOP - BOTTOM) / 2);
}

static void curve(Sbuf *b, const MoveAnalysis *moves, int n) {
    double zero = y_of(0.5);
    sb_printf(b, "<polygon fill=\"#c8d8f0\" stroke=\"none\" points=\"%.1f,%.1f", x_of(0, n), zero);
    for (int k = 0; k <= n; k++) sb_printf(b, " %.1f,%.1f", x_of(k, n), y_of(black_chance(moves, k)));
    sb_printf(b, " %.1f,%.1f\"/>\n", x_of(n, n), zero);
    sb_printf(b, "<polyline fill=\"none\" stroke=\"#1f4e9c\" stroke-width=\"2\" points=\"");
    for (int k = 0; k <= n; k++) sb_printf(b, "%s%.1f,%.1f", k ? " " : "", x_of(k, n), y_of(black_chance(moves, k)));
    sb_printf(b, "\"/>\n");
}

static void marks(Sbuf *b, const MoveAnalysis *moves, int n) {
    static const char *const colour[JUDGE_NB] = {"", "#e0b000", "#e07000", "#d00000"};
    static const int radius[JUDGE_NB] = {0, 3, 4, 6};
    for (int i = 0; i < n; i++) {
        Judgement j = moves[i].judgement;
        if (j == JUDGE_NONE) continue;
        sb_printf(b, "<circle class=\"j%d\" cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\"><title>%d. ", (int)j,
                  x_of(i + 1, n), y_of(black_chance(moves, i + 1)), radius[j], colour[j], i + 1);
        put_escaped(b, moves[i].played_text);
        sb_printf(b, " %s</title></circle>\n", analysis_mark(j));
    }
}

char *analysis_svg(const MoveAnalysis *moves, int n, const char *title) {
    Sbuf b = {0};
    sb_printf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    sb_printf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n", W, H,
              W, H);
    sb_printf(&b, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n<text x=\"%d\" y=\"24\" font-size=\"14\">", W, H,
              LEFT);
    put_escaped(&b, title ? title : "");
    sb_printf(&b, "</text>\n");
    axes(&b, n);
    if (n > 0) {
        curve(&b, moves, n);
        marks(&b, moves, n);
    }
    sb_printf(&b, "</svg>\n");
    if (b.oom) {
        free(b.s);
        return NULL;
    }
    return b.s;
}
