/* replay.c - main() for a fuzz target without libFuzzer: runs LLVMFuzzerTestOneInput once on
 * every file named, and on every file in every folder named (not recursive). `make test` runs
 * each target over its corpus and its regressions (tests/fuzz/corpus/<target>/,
 * tests/fuzz/regressions/<target>/); a broken invariant aborts. A replay runs the checks of
 * fuzz_check_moves on every move (fuzz_set_exhaustive). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int replay_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return -1;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    if (!buf) return -1;
    if (getenv("REPLAY_VERBOSE")) fprintf(stderr, "replay: %s\n", path); /* which input a failure is in */
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 0;
}

static int cmp_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(int argc, char **argv) {
    int files = 0, failed = 0;
    fuzz_set_exhaustive(true); /* a replay checks every move, not the fuzzer's sample */
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st)) continue; /* a target may have no regressions yet */
        if (!S_ISDIR(st.st_mode)) {
            failed += replay_file(argv[i]) != 0;
            files++;
            continue;
        }
        DIR *d = opendir(argv[i]);
        if (!d) continue;
        char **names = NULL;
        size_t count = 0;
        for (struct dirent *e; (e = readdir(d));) {
            if (e->d_name[0] == '.') continue;
            names = realloc(names, (count + 1) * sizeof *names);
            names[count] = malloc(strlen(argv[i]) + strlen(e->d_name) + 2);
            sprintf(names[count++], "%s/%s", argv[i], e->d_name);
        }
        closedir(d);
        qsort(names, count, sizeof *names, cmp_names);
        for (size_t k = 0; k < count; k++) {
            failed += replay_file(names[k]) != 0;
            files++;
            free(names[k]);
        }
        free(names);
    }
    printf("%s: %d inputs replayed, %d unreadable\n", argv[0], files, failed);
    return failed ? 1 : 0;
}
