/* cli_show.c - `shishi show`: a position drawn as a board diagram on stdout (kanji or SFEN
 * letters), optionally also as an SVG file. The drawing itself is src/diagram.c; this file
 * reads the arguments and writes the file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/diagram.h"
#include "cli.h"
#include "common.h"

typedef struct {
    const char *variant, *position, *svg;
    bool ascii;
} ShowArgs;

static int show_args(int argc, char **argv, ShowArgs *a) {
    for (int i = 2; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--ascii")) {
            a->ascii = true;
            continue;
        }
        if (!strcmp(arg, "--variant") || !strcmp(arg, "--svg") || !strcmp(arg, "--position")) {
            if (i + 1 >= argc || !argv[i + 1][0]) {
                fprintf(stderr, "shishi show: %s needs a value\n", arg);
                return 2;
            }
            const char **slot = !strcmp(arg, "--variant") ? &a->variant
                                : !strcmp(arg, "--svg")   ? &a->svg
                                                          : &a->position;
            *slot = argv[++i];
            continue;
        }
        if (!strncmp(arg, "--", 2)) {
            fprintf(stderr, "shishi show: unknown option '%s'\n", arg);
            return 2;
        }
        if (a->position) {
            fprintf(stderr, "shishi show: one position only; quote it whole (\"startpos moves 7g7f 3c3d\"), not '%s'\n",
                    arg);
            return 2;
        }
        a->position = arg;
    }
    return 0;
}

/* The SVG into f (stdout for "-"), which is closed unless it is stdout. */
static int write_svg(FILE *f, const char *path, const Position *pos, const DiagramStyle *style) {
    char *svg = diagram_svg(pos, style);
    bool ok = svg && fputs(svg, f) >= 0;
    if (f != stdout) ok = !fclose(f) && ok;
    if (!ok) fprintf(stderr, "shishi show: cannot write %s\n", path);
    free(svg);
    return ok ? 0 : 2;
}

/* shishi show [--variant V] [POSITION] [--ascii] [--svg FILE]. */
int cli_show(int argc, char **argv) {
    ShowArgs a = {.variant = variant_list()[0]->name};
    if (show_args(argc, argv, &a)) return 2;
    if (!a.position) a.position = "startpos";
    const Variant *v = variant_find(a.variant);
    if (!v) {
        fprintf(stderr, "shishi show: unknown variant '%s' (see shishi help)\n", a.variant);
        return 2;
    }
    Position *pos = malloc(sizeof *pos);
    char err[256];
    if (!pos || position_parse_spec(pos, v, NULL, a.position, err, sizeof err)) {
        fprintf(stderr, "shishi show: %s\n", pos ? err : "out of memory");
        free(pos);
        return 2;
    }
    DiagramStyle style = {.ascii = a.ascii, .notation = spec_notation(v, a.position)};
    bool svg_only = a.svg && !strcmp(a.svg, "-");                    /* `--svg -`: the SVG alone on stdout */
    FILE *f = !a.svg ? NULL : svg_only ? stdout : fopen(a.svg, "w"); /* opened first: fail before any output */
    if (a.svg && !f) {
        fprintf(stderr, "shishi show: cannot write %s\n", a.svg);
        free(pos);
        return 2;
    }
    int rc = 0;
    if (!svg_only) {
        char *text = diagram_text(pos, &style);
        if (text) printf("%s", text);
        rc = text ? 0 : 1;
        free(text);
    }
    if (f) rc = write_svg(f, a.svg, pos, &style) ? 2 : rc;
    free(pos);
    return rc;
}
