/* fuzz_xboard.c - the XBoard/CECP command loop fed a whole session (newline-separated
 * commands), run in-process with its output captured; searches are capped by the fuzz build
 * (engine.c, SHISHI_FUZZ). The session ends at its first `quit` (the loop's input thread then
 * has read everything, so the loop frees all it made). Besides sanitizer findings it checks
 * that every `ping N` is answered by `pong N`, in order. */
#include <stdlib.h>
#include <string.h>

#include "../../protocol/io.h"
#include "fuzz.h"

enum { SESSION_MAX = 1 << 16, PINGS_MAX = 256 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_init();
    if (size > SESSION_MAX) return 0;
    char *line = malloc(IO_LINE_MAX), cmd[32];
    char *pings[PINGS_MAX];
    int ping_count = 0;
    size_t at = 0, end = size;
    bool overlong;
    for (size_t start = 0; fuzz_next_line(data, size, &at, line, IO_LINE_MAX, &overlong); start = at) {
        const char *args;
        fuzz_split_command(line, cmd, sizeof cmd, &args);
        if (!strcmp(cmd, "quit")) {
            end = start;
            break;
        }
        if (!overlong && !strcmp(cmd, "ping")) {
            if (ping_count == PINGS_MAX) { /* checked no further: the session ends here */
                end = start;
                break;
            }
            pings[ping_count++] = strdup(args);
        }
    }
    free(line);
    char *out = fuzz_run_session(data, end, true);
    int pongs = 0;
    for (char *p = out; p && *p;) {
        char *nl = strchr(p, '\n');
        if (nl) *nl = 0;
        if (!strncmp(p, "pong ", 5)) {
            FUZZ_CHECK(pongs < ping_count, "pong '%s' without a ping", p + 5);
            FUZZ_CHECK(!strcmp(p + 5, pings[pongs]), "ping '%s' answered by 'pong %s'", pings[pongs], p + 5);
            pongs++;
        }
        p = nl ? nl + 1 : NULL;
    }
    FUZZ_CHECK(pongs == ping_count, "%d ping, %d pong", ping_count, pongs);
    for (int i = 0; i < ping_count; i++) free(pings[i]);
    free(out);
    return 0;
}
