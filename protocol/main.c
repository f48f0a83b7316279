/* main.c - picks the face of shishi: command-line subcommand from argv, or a protocol
 * (USI or XBoard) from the first line on stdin. */
#include <stdio.h>
#include <string.h>

#include "../src/position.h"
#include "cli.h"

int main(int argc, char **argv) {
    variants_init();
    if (argc > 1) return cli_main(argc, argv);
    fprintf(stderr, "shishi: protocol mode is not built yet\n");
    return 2;
}
