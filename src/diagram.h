/* diagram.h - a position drawn as a text board diagram (KIF-like) or as an SVG picture.
 * Pure string formatting from the Position and its descriptor: nothing here reads or writes a
 * file or prints. Coordinates and the last move follow the notation given, so a diagram reads
 * the same way as the moves printed beside it. */
#ifndef SHISHI_DIAGRAM_H
#define SHISHI_DIAGRAM_H

#include "notation.h"

typedef struct {
    bool ascii;        /* SFEN letters (+P) instead of the pieces' kanji glyphs */
    Notation notation; /* USI: files numbered from Black's right, ranks lettered from the top;
                          XBoard: files lettered from Black's left, ranks numbered from Black's side */
} DiagramStyle;

/* The text diagram: White's hand, file labels, the framed board (White's pieces marked `v`,
 * the last move's squares marked `*`) with rank labels on the right, Black's hand, the side
 * to move and move number, the last move, the SFEN. Lines end with '\n'.
 * Returns a malloc'ed string (the caller frees it), NULL when out of memory. */
char *diagram_text(const Position *pos, const DiagramStyle *style);
/* The same position as a standalone SVG document (UTF-8, well-formed XML): board grid,
 * coordinates, pieces as text (White's turned upside down), both hands, the last move's
 * squares highlighted. Returns a malloc'ed string, NULL when out of memory. */
char *diagram_svg(const Position *pos, const DiagramStyle *style);

#endif
