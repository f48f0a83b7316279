/* xboard.c - the XBoard/CECP front end (placeholder until the protocol work lands). */
#include "io.h"
#include "protocols.h"

int xboard_main(FILE *in, const char *first_line) {
    (void)in;
    (void)first_line;
    io_line("Error (not built yet): xboard");
    return 2;
}
