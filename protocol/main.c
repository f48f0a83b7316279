/* main.c - picks the face of shishi: a command-line subcommand from argv, or a protocol from
 * the first command on stdin (`usi` -> USI, `xboard` -> XBoard/CECP). */
#include <string.h>

#include "../src/variant.h"
#include "cli.h"
#include "io.h"
#include "protocols.h"

int main(int argc, char **argv) {
    variants_init();
    if (argc > 1) return cli_main(argc, argv);
    char line[IO_LINE_MAX];
    bool overlong;
    while (io_read_line(stdin, line, sizeof line, &overlong)) {
        const char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) continue;
        if (!strncmp(p, "usi", 3) && (!p[3] || p[3] == ' ')) return usi_main(stdin, p);
        if (!strncmp(p, "xboard", 6) && (!p[6] || p[6] == ' ')) return xboard_main(stdin, p);
        if (!strcmp(p, "quit")) return 0;
        io_line("shishi: the first command must be 'usi' or 'xboard' (run 'shishi help' for the command line)");
    }
    return 0;
}
