/* usi.c - the USI front end (placeholder until the protocol work lands). */
#include "io.h"
#include "protocols.h"

int usi_main(FILE *in, const char *first_line) {
    (void)in;
    (void)first_line;
    io_line("info string error: USI mode is not built yet");
    return 2;
}
