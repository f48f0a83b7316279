/* io.h - line input and serialized output shared by the protocol front ends.
 * Output may come from the input thread and from the search thread (reporter callbacks),
 * so every line is written whole under a lock and flushed at once. */
#ifndef SHISHI_IO_H
#define SHISHI_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { IO_LINE_MAX = 16384 };

/* What is wrong with a line read, if anything. WHY a NUL byte makes a line bad: the text after
 * it would be dropped without a word ("position startpos moves 7g7f<NUL> 3c3d" read as a
 * position one move short), so the front ends refuse such a line whole, as an overlong one. */
typedef enum { IO_LINE_OK, IO_LINE_OVERLONG, IO_LINE_NUL } IoLineFault;

/* Read one line from f without its end-of-line (\n or \r\n). Returns false at end of input.
 * A line longer than len-1 is consumed whole (*fault IO_LINE_OVERLONG, buf holds its start);
 * a line with a NUL byte gets IO_LINE_NUL (buf holds the text before the first NUL). */
bool io_read_line(FILE *f, char *buf, size_t len, IoLineFault *fault);
/* Write one formatted line (a newline is added) to the protocol output, atomically. */
void io_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Send the protocol output to f instead of stdout (NULL: back to stdout). For tests and the
 * fuzz targets (tests/fuzz/), which run a whole protocol session in-process. */
void io_set_output(FILE *f);

#endif
