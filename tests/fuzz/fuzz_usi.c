/* fuzz_usi.c - the USI command loop fed a whole session (newline-separated commands), run
 * in-process with its output captured. Searches are capped by the fuzz build (engine.c,
 * SHISHI_FUZZ). Besides sanitizer findings it checks that the loop answers: one `readyok` per
 * `isready`, one `usiok` per `usi` (plus the handshake), and at most one `bestmove` per `go`. */
#include <stdlib.h>
#include <string.h>

#include "../../protocol/io.h"
#include "fuzz.h"

enum { SESSION_MAX = 1 << 16 };

static int count_output(const char *out, const char *word) {
    int n = 0;
    size_t len = strlen(word);
    for (const char *p = out; p && *p;) {
        if (!strncmp(p, word, len) && (p[len] == '\n' || p[len] == ' ' || !p[len])) n++;
        p = strchr(p, '\n');
        if (p) p++;
    }
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_init();
    if (size > SESSION_MAX) return 0;
    int isready = 0, usi = 1, go = 0;
    char *line = malloc(IO_LINE_MAX), cmd[32];
    size_t at = 0;
    bool overlong;
    while (fuzz_next_line(data, size, &at, line, IO_LINE_MAX, &overlong)) {
        if (overlong) continue;
        const char *args;
        fuzz_split_command(line, cmd, sizeof cmd, &args);
        if (!strcmp(cmd, "quit")) break;
        isready += !strcmp(cmd, "isready");
        usi += !strcmp(cmd, "usi");
        go += !strcmp(cmd, "go");
    }
    free(line);
    char *out = fuzz_run_session(data, size, false);
    FUZZ_CHECK(count_output(out, "readyok") == isready, "%d isready, %d readyok", isready,
               count_output(out, "readyok"));
    FUZZ_CHECK(count_output(out, "usiok") == usi, "%d usi, %d usiok", usi, count_output(out, "usiok"));
    FUZZ_CHECK(count_output(out, "bestmove") <= go, "%d go, %d bestmove", go, count_output(out, "bestmove"));
    free(out);
    return 0;
}
