/* main.c - picks the face of shishi: a command-line subcommand from argv, or a protocol from
 * the first command on stdin (`usi` -> USI, `xboard` -> XBoard/CECP). */
#include <string.h>

#include "../src/variant.h"
#include "cli.h"
#include "io.h"
#include "protocols.h"

/* Is p the word w, alone or followed by blanks and more (the loops split on blanks too)? */
static bool is_word(const char *p, const char *w) {
    size_t n = strlen(w);
    return !strncmp(p, w, n) && (!p[n] || p[n] == ' ' || p[n] == '\t');
}

int main(int argc, char **argv) {
    variants_init();
    if (argc > 1) return cli_main(argc, argv);
    char line[IO_LINE_MAX];
    IoLineFault fault;
    while (io_read_line(stdin, line, sizeof line, &fault)) {
        const char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (!*p && fault == IO_LINE_OK) continue;
        if (fault == IO_LINE_OK && is_word(p, "usi")) return usi_main(stdin, p);
        if (fault == IO_LINE_OK && is_word(p, "xboard")) return xboard_main(stdin, p);
        if (fault == IO_LINE_OK && !strcmp(p, "quit")) return 0;
        io_line("shishi: the first command must be 'usi' or 'xboard' (run 'shishi help' for the command line)");
    }
    return 0;
}
