/* selfplay_data.c - the files of selfplay (selfplay.h): data lines, the scan that resumes a
 * data file, and the openings file. Never prints; every problem is a message in err. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../src/notation.h"
#include "../src/strbuf.h"
#include "../src/textfile.h"
#include "selfplay_int.h"

/* ---- the data file ---------------------------------------------------------------------- */

/* The first line must be the header, and name this game if it names one. */
static int check_header(const char *line, const char *path, const Variant *v, char *err, size_t errlen) {
    static const char magic[] = "# shishi selfplay";
    if (strncmp(line, magic, sizeof magic - 1)) {
        snprintf(err, errlen, "'%s' is not a selfplay data file (its first line is not '%s ...')", path, magic);
        return -1;
    }
    const char *p = strstr(line, " variant=");
    if (!p) return 0;
    p += 9;
    size_t n = strcspn(p, " \t\r\n");
    if (n != strlen(v->name) || strncmp(p, v->name, n)) {
        snprintf(err, errlen, "'%s' holds %.*s games, not %s", path, (int)n, p, v->name);
        return -1;
    }
    return 0;
}

/* Count the complete games; *good_end is the offset just after the last one (or the header). */
static int scan_lines(FILE *f, const char *path, const Variant *v, SelfplayFileState *st, long *good_end, char *err,
                      size_t errlen) {
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long offset = 0, lineno = 0, pending = 0;
    int rc = 0;
    while ((len = getline(&line, &cap, f)) > 0) {
        bool whole = line[len - 1] == '\n';
        offset += len;
        if (++lineno == 1) {
            if ((rc = check_header(line, path, v, err, errlen)) != 0) break;
            st->has_header = whole;
            if (whole) *good_end = offset;
        } else if (!whole)
            break; /* a line cut short by a kill: the game it belongs to is incomplete */
        else if (!strncmp(line, "# game ", 7)) {
            st->games++;
            st->positions += pending;
            pending = 0;
            *good_end = offset;
        } else if (line[0] != '#' && line[0] != '\n')
            pending++;
    }
    free(line);
    return rc;
}

int selfplay_file_scan(const char *path, const Variant *v, SelfplayFileState *st, char *err, size_t errlen) {
    memset(st, 0, sizeof *st);
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT) return 0;
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        return -1;
    }
    long good_end = 0;
    int rc = scan_lines(f, path, v, st, &good_end, err, errlen);
    bool longer = !fseek(f, 0, SEEK_END) && ftell(f) > good_end;
    fclose(f);
    if (rc) return -1;
    /* WHY cut: games are written whole, so only a kill during the write leaves a partial one */
    if (longer && truncate(path, good_end)) {
        snprintf(err, errlen, "cannot cut the unfinished game off the end of '%s': %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* ---- the openings file ------------------------------------------------------------------ */

static void free_specs(char **specs, int count) {
    for (int i = 0; i < count; i++) free(specs[i]);
    free(specs);
}

void selfplay_openings_free(SelfplayOpenings *o) {
    free_specs(o->specs, o->count);
    o->specs = NULL;
    o->count = 0;
}

/* What a line of bare moves is played from: the start position, named so that the moves are
 * read in the notation the file's comment names (the game's own when it names none). */
static void moves_prefix(const char *comment, const Variant *v, Position *scratch, char *buf, size_t len) {
    bool usi = strstr(comment, "usi notation") != NULL, xboard = strstr(comment, "xboard notation") != NULL;
    char err[128];
    if (usi && v->xboard_default)
        snprintf(buf, len, "sfen %s", v->start);
    else if (xboard && !v->xboard_default && !pos_set_sfen(scratch, v, NULL, v->start, err, sizeof err)) {
        StrBuf b = strbuf_init(buf, len);
        strbuf_printf(&b, "fen ");
        if (!b.truncated) fen_format(scratch, buf + b.len, len - b.len);
    } else
        snprintf(buf, len, "startpos");
}

/* One opening line as a checked position spec (malloc'ed into *out). */
static int opening_spec(const char *line, const char *prefix, const Variant *v, Position *scratch, char **out,
                        char *err, size_t errlen) {
    bool spec =
        !strncmp(line, "startpos", 8) || !strncmp(line, "sfen ", 5) || !strncmp(line, "fen ", 4) || strchr(line, '/');
    size_t n = strlen(prefix) + strlen(line) + 8;
    char *s = malloc(n);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (spec)
        snprintf(s, n, "%s", line);
    else
        snprintf(s, n, "%s moves %s", prefix, line);
    if (position_parse_spec(scratch, v, NULL, s, err, errlen)) {
        free(s);
        return -1;
    }
    *out = s;
    return 0;
}

/* Read the lines of f into o; -1 with a message naming the line. */
static int read_openings(FILE *f, const char *path, const Variant *v, Position *scratch, SelfplayOpenings *o, char *err,
                         size_t errlen) {
    char *line = NULL, prefix[1024] = "", msg[256];
    size_t cap = 0;
    int lineno = 0, room = 0, rc = 0;
    while (!rc && getline(&line, &cap, f) > 0) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        char *s = line;
        while (isspace((unsigned char)*s)) s++;
        if (!prefix[0]) moves_prefix(*s == '#' ? s : "", v, scratch, prefix, sizeof prefix);
        if (!*s || *s == '#') continue;
        if (o->count == room) {
            room = room ? 2 * room : 64;
            char **grown = realloc(o->specs, (size_t)room * sizeof *grown);
            if (!grown) {
                snprintf(err, errlen, "out of memory");
                rc = -1;
                break;
            }
            o->specs = grown;
        }
        if ((rc = opening_spec(s, prefix, v, scratch, &o->specs[o->count], msg, sizeof msg)) != 0)
            snprintf(err, errlen, "openings file '%s' line %d: %s", path, lineno, msg);
        else
            o->count++;
    }
    free(line);
    return rc;
}

int selfplay_openings_load(SelfplayOpenings *o, const char *path, const Variant *v, char *err, size_t errlen) {
    o->specs = NULL;
    o->count = 0;
    char why[128];
    FILE *f = textfile_open(path, "r", why, sizeof why);
    if (!f) {
        snprintf(err, errlen, "cannot read openings file '%s': %s", path, why);
        return -1;
    }
    Position *scratch = malloc(sizeof *scratch);
    int rc = scratch ? read_openings(f, path, v, scratch, o, err, errlen) : -1;
    if (!scratch) snprintf(err, errlen, "out of memory");
    free(scratch);
    fclose(f);
    if (!rc && !o->count) {
        snprintf(err, errlen, "openings file '%s' has no opening lines", path);
        rc = -1;
    }
    if (rc) selfplay_openings_free(o);
    return rc;
}
