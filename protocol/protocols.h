/* protocols.h - entry points of the two protocol front ends. Each reads commands from `in`
 * (the first line, "usi" or "xboard", already read and passed in), drives an EngineContext
 * and writes replies with io_line(). Returns the process exit status. */
#ifndef SHISHI_PROTOCOLS_H
#define SHISHI_PROTOCOLS_H

#include <stdio.h>

int usi_main(FILE *in, const char *first_line);
int xboard_main(FILE *in, const char *first_line);

#endif
