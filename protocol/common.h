/* common.h - helpers shared by the protocol front ends (usi.c, xboard*.c, cli.c): a cheap
 * position copy for formatting, a line of moves as text, strict number parsing. */
#ifndef SHISHI_PROTOCOL_COMMON_H
#define SHISHI_PROTOCOL_COMMON_H

#include "../engine/engine.h"

/* Copy src into dst, only the history states in use (a whole Position is large). */
void copy_position(Position *dst, const Position *src);
/* Write the moves of line, played from root on the board scratch, to buf as text in
 * notation n, separated by single spaces. Stops before a move that is not legal (never
 * show a GUI a move it would refuse) or that would not fit whole. */
void format_moves(Position *scratch, const Position *root, const Move *line, int length, Notation n, char *buf,
                  size_t len);
/* The notation a position spec's moves are written in, and the one to print moves in: USI for
 * "sfen ..." and for games whose home is USI, XBoard for "fen ..." and for XBoard's games. */
Notation spec_notation(const Variant *v, const char *spec);
/* The `d` debug command: the text diagram of pos (src/diagram.h), every line written through
 * io_line behind prefix ("info string " in USI, "# " in XBoard), so no GUI takes it for a
 * protocol message. */
void print_diagram(const Position *pos, Notation n, const char *prefix);
/* Parse s (spaces around it allowed) as a whole integer in [lo, hi]. */
bool parse_long(const char *s, long lo, long hi, long *out);
/* A non-negative millisecond count as an int, capped at 10^9 (about 11 days). */
int clamp_ms(long long x);

#endif
