/* cli_show.c - `shishi show`: a position (or a position of a game record) drawn as a board
 * diagram on stdout (kanji or SFEN letters), optionally also as an SVG file. The drawing is
 * src/diagram.c, the record reader src/record/; this file reads the arguments and the files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/diagram.h"
#include "../src/record/record.h"
#include "cli.h"
#include "common.h"

typedef struct {
    const char *variant, *position, *svg, *record, *move, *game;
    long plies;   /* --move: plies of the record played, -1 = all */
    long game_no; /* --game: which game of a file of several, from 1 */
    bool ascii;
} ShowArgs;

/* The slot of an option that takes a value, NULL for anything else. */
static const char **value_slot(ShowArgs *a, const char *arg) {
    const char *names[] = {"--variant", "--svg", "--position", "--record", "--move", "--game"};
    const char **slots[] = {&a->variant, &a->svg, &a->position, &a->record, &a->move, &a->game};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (!strcmp(arg, names[k])) return slots[k];
    return NULL;
}

static int show_args(int argc, char **argv, ShowArgs *a) {
    for (int i = 2; i < argc; i++) {
        const char *arg = argv[i];
        const char **slot = value_slot(a, arg);
        if (!strcmp(arg, "--ascii"))
            a->ascii = true;
        else if (slot) {
            if (i + 1 >= argc || !argv[i + 1][0]) {
                fprintf(stderr, "shishi show: %s needs a value\n", arg);
                return 2;
            }
            *slot = argv[++i];
        } else if (!strncmp(arg, "--", 2)) {
            fprintf(stderr, "shishi show: unknown option '%s'\n", arg);
            return 2;
        } else if (a->position) {
            fprintf(stderr, "shishi show: one position only; quote it whole (\"startpos moves 7g7f 3c3d\"), not '%s'\n",
                    arg);
            return 2;
        } else
            a->position = arg;
    }
    if (a->move && !parse_long(a->move, 0, 100000, &a->plies)) {
        fprintf(stderr, "shishi show: --move takes a number of plies (0 = the start), not '%s'\n", a->move);
        return 2;
    }
    if (a->game && !parse_long(a->game, 1, 1000000, &a->game_no)) {
        fprintf(stderr, "shishi show: --game takes a game number from 1, not '%s'\n", a->game);
        return 2;
    }
    if ((a->record && a->position) || ((a->move || a->game) && !a->record)) {
        fprintf(stderr, "shishi show: %s\n",
                a->record ? "give a POSITION or --record FILE, not both"
                : a->move ? "--move goes with --record"
                          : "--game goes with --record");
        return 2;
    }
    return 0;
}

/* The position after a->plies plies of the record's main line (all of them without --move). */
static int record_pos(const ShowArgs *a, const Variant *v, Position *pos) {
    size_t len;
    char *text = cli_slurp(a->record, &len);
    if (!text) {
        fprintf(stderr, "shishi show: cannot read %s\n", a->record);
        return 2;
    }
    RecordFormat f = record_format_from_name(a->record);
    if (f == REC_UNKNOWN) f = record_format_sniff(text, len);
    RecordReadOptions opt = {.variant = v};
    Record *games = NULL;
    int count = 0;
    RecordError e;
    char err[256] = "";
    int rc = 2;
    if (f == REC_UNKNOWN)
        fprintf(stderr, "shishi show: %s: not a game record (KIF, KI2, CSA, USI, PGN)\n", a->record);
    else if (record_read_all(text, len, f, &opt, &games, &count, &e)) {
        if (e.line)
            fprintf(stderr, "shishi show: %s:%d: %s\n", a->record, e.line, e.msg);
        else
            fprintf(stderr, "shishi show: %s: %s\n", a->record, e.msg);
    } else if (!count) {
        fprintf(stderr, "shishi show: %s: no game in the text\n", a->record);
    } else if (a->game_no > count) {
        fprintf(stderr, "shishi show: %s holds %d game%s, no game %ld\n", a->record, count, count > 1 ? "s" : "",
                a->game_no);
    } else {
        const Record *rec = &games[a->game_no - 1];
        if (a->plies > rec->main.count)
            fprintf(stderr, "shishi show: --move %ld: %s has %d moves\n", a->plies, a->record, rec->main.count);
        else if (record_position(rec, (int)a->plies, pos, err, sizeof err))
            fprintf(stderr, "shishi show: %s: %s\n", a->record, err);
        else
            rc = 0;
    }
    for (int g = 0; g < count; g++) record_free(&games[g]);
    free(games);
    free(text);
    return rc;
}

/* The position to draw: POSITION of the game, or one from --record. */
static int show_position(const ShowArgs *a, Position *pos) {
    const Variant *v = a->variant ? variant_find(a->variant) : NULL;
    if (a->variant && !v) {
        fprintf(stderr, "shishi show: unknown variant '%s' (see shishi help)\n", a->variant);
        return 2;
    }
    if (a->record) return record_pos(a, v, pos);
    char err[256];
    if (position_parse_spec(pos, v ? v : variant_list()[0], NULL, a->position, err, sizeof err)) {
        fprintf(stderr, "shishi show: %s\n", err);
        return 2;
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

/* shishi show [--variant V] [POSITION | --record FILE [--game K] [--move N]] [--ascii] [--svg FILE]. */
int cli_show(int argc, char **argv) {
    ShowArgs a = {.plies = -1, .game_no = 1};
    if (show_args(argc, argv, &a)) return 2;
    if (!a.position && !a.record) a.position = "startpos";
    Position *pos = malloc(sizeof *pos);
    if (!pos || show_position(&a, pos)) {
        if (!pos) fprintf(stderr, "shishi show: out of memory\n");
        free(pos);
        return 2;
    }
    /* a record's moves are named in its game's own notation */
    DiagramStyle style = {.ascii = a.ascii, .notation = spec_notation(pos->v, a.record ? "startpos" : a.position)};
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
