/* cli_convert.c - `shishi convert IN [-o OUT] [--to FMT] [--from FMT] [--encoding E]
 * [--variant V]`: read a game record (every move checked), write it in another format.
 * File I/O lives here; src/record/ works on strings. Errors name the file and line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../src/record/record.h"
#include "../src/strbuf.h"
#include "../src/textfile.h"
#include "../src/variant.h"
#include "cli.h"

char *cli_slurp(const char *path, size_t *len) {
    char why[128];
    FILE *f = strcmp(path, "-") ? textfile_open(path, "rb", why, sizeof why) : stdin;
    if (!f) return NULL;
    Sbuf b = {0};
    bool ok = sb_read(&b, f);
    if (f != stdin) fclose(f);
    if (!ok || b.oom) {
        free(b.s);
        return NULL;
    }
    *len = b.len;
    return b.s ? b.s : calloc(1, 1); /* an empty file is an empty text */
}

int cli_read_records(const char *path, RecordFormat *format, const RecordReadOptions *opt, Record **games, int *count,
                     RecordError *err) {
    size_t len;
    char *text = cli_slurp(path, &len);
    if (!text) return -1;
    if (*format == REC_UNKNOWN) *format = record_format_from_name(path);
    if (*format == REC_UNKNOWN) *format = record_format_sniff(text, len);
    int rc = record_read_all(text, len, *format, opt, games, count, err);
    free(text);
    if (!rc && !*count) { /* a blank file is no game, whatever its name says */
        free(*games);
        *games = NULL;
        memset(err, 0, sizeof *err);
        snprintf(err->msg, sizeof err->msg, "no game in the text");
        return 1;
    }
    return rc ? 1 : 0;
}

static int usage_error(const char *msg) {
    fprintf(stderr,
            "shishi convert: %s\nusage: shishi convert IN [-o OUT] [--to kif|ki2|csa|usi|pgn] [--from FMT]\n"
            "                      [--encoding utf-8|sjis] [--variant V]\n",
            msg);
    return 2;
}

static int write_out(const char *out, const char *text, size_t len) {
    FILE *f = out ? fopen(out, "wb") : stdout;
    if (!f) {
        fprintf(stderr, "shishi convert: %s: cannot write\n", out);
        return 1;
    }
    fwrite(text, 1, len, f);
    if (out && fclose(f)) return fprintf(stderr, "shishi convert: %s: cannot write\n", out), 1;
    return 0;
}

/* `shishi convert`'s arguments. */
typedef struct {
    const char *in, *out, *enc;
    RecordFormat to, from;
    RecordReadOptions ropt;
} ConvertArgs;

/* Every argument after `shishi convert`: 0, or the exit status after a message. */
static int convert_args(int argc, char **argv, ConvertArgs *c) {
    memset(c, 0, sizeof *c);
    c->to = c->from = REC_UNKNOWN;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        bool takes = !strcmp(a, "-o") || !strcmp(a, "--to") || !strcmp(a, "--from") || !strcmp(a, "--encoding") ||
                     !strcmp(a, "--variant");
        if (takes && !val) return usage_error("an option needs a value");
        if (!strcmp(a, "-o"))
            c->out = val;
        else if (!strcmp(a, "--to") && (c->to = record_format_parse(val)) == REC_UNKNOWN)
            return usage_error("unknown --to format");
        else if (!strcmp(a, "--from") && (c->from = record_format_parse(val)) == REC_UNKNOWN)
            return usage_error("unknown --from format");
        else if (!strcmp(a, "--encoding")) {
            c->enc = val;
            if (!val || (strcasecmp(val, "utf-8") && strcasecmp(val, "utf8") && strcasecmp(val, "sjis") &&
                         strcasecmp(val, "shift_jis")))
                return usage_error("--encoding is utf-8 or sjis");
        } else if (!strcmp(a, "--variant") && !(c->ropt.variant = variant_find(val)))
            return usage_error("unknown --variant");
        else if (!takes && a[0] == '-' && a[1])
            return usage_error("unknown option");
        else if (!takes && c->in)
            return usage_error("one input file only");
        else if (!takes)
            c->in = a;
        if (takes) i++;
    }
    if (!c->in) return usage_error("no input file");
    if (c->to == REC_UNKNOWN && c->out) c->to = record_format_from_name(c->out);
    if (c->to == REC_UNKNOWN) c->to = REC_KIF;
    return 0;
}

/* Shift_JIS for KIF and KI2: asked for, or by default when the output file is .kif / .ki2; for
 * CSA when asked for (by default CSA is UTF-8 with its encoding line). */
static bool convert_sjis(const ConvertArgs *c) {
    if (c->to == REC_CSA) return c->enc && !strncasecmp(c->enc, "s", 1);
    if (c->to != REC_KIF && c->to != REC_KI2) return false;
    if (c->enc) return !strncasecmp(c->enc, "s", 1);
    return c->out && (strstr(c->out, ".kif") || strstr(c->out, ".ki2")) && !strstr(c->out, ".kifu") &&
           !strstr(c->out, ".ki2u");
}

/* Every game written in one text (CSA games separated by "/"); NULL after a message. */
static char *convert_write_all(const ConvertArgs *c, Record *games, int count, bool sjis, size_t *len) {
    RecordWriteOptions wopt = {.sjis = sjis};
    RecordError err;
    char *all = NULL;
    *len = 0;
    for (int g = 0; g < count; g++) {
        char *s = record_write(&games[g], c->to, &wopt, &err);
        if (!s) {
            fprintf(stderr, "%s: game %d: %s\n", c->in, g + 1, err.msg);
            free(all);
            return NULL;
        }
        const char *body = s; /* one encoding line, at the top of the file */
        if (g && c->to == REC_CSA && !strncmp(body, "'CSA encoding=", 14) && strchr(body, '\n'))
            body = strchr(body, '\n') + 1;
        size_t n = strlen(body);
        char *p = realloc(all, *len + n + 3);
        if (!p) {
            fprintf(stderr, "shishi convert: out of memory\n");
            free(s);
            free(all);
            return NULL;
        }
        all = p;
        if (g && c->to == REC_CSA) memcpy(all + *len, "/\n", 2), *len += 2;
        if (g && c->to == REC_PGN) memcpy(all + *len, "\n", 1), *len += 1; /* a blank line between games */
        memcpy(all + *len, body, n + 1);
        *len += n;
        free(s);
    }
    return all;
}

/* Write the text to the output (converted to Shift_JIS when asked): the exit status. */
static int convert_output(const ConvertArgs *c, const char *all, size_t len, bool sjis) {
    if (!sjis) return write_out(c->out, all, len);
    size_t n;
    char *conv = record_utf8_to_sjis(all, &n);
    if (!conv) {
        fprintf(stderr, "shishi convert: the record has characters Shift_JIS cannot hold (use --encoding utf-8)\n");
        return 1;
    }
    int status = write_out(c->out, conv, n);
    free(conv);
    return status;
}

/* Every game into the one output (stdout or -o): CSA, USI and PGN files hold several. */
static int convert_one_file(const ConvertArgs *c, Record *games, int count, bool sjis) {
    size_t len;
    char *all = convert_write_all(c, games, count, sjis, &len);
    if (!all) return count ? 1 : 0;
    int status = convert_output(c, all, len, sjis);
    free(all);
    return status;
}

/* KIF and KI2 hold one game a file: game N of several goes to OUT with "-N" before its
 * extension (games.kif -> games-1.kif, games-2.kif, ...). */
static int convert_each(const ConvertArgs *c, Record *games, int count, bool sjis) {
    const char *dot = strrchr(c->out, '.'), *slash = strrchr(c->out, '/');
    size_t stem = dot && (!slash || dot > slash) ? (size_t)(dot - c->out) : strlen(c->out);
    for (int g = 0; g < count; g++) {
        char name[4096];
        if (snprintf(name, sizeof name, "%.*s-%d%s", (int)stem, c->out, g + 1, c->out + stem) >= (int)sizeof name)
            return fprintf(stderr, "shishi convert: output name too long: %s\n", c->out), 1;
        ConvertArgs one = *c;
        one.out = name;
        int status = convert_one_file(&one, &games[g], 1, sjis);
        if (status) return status;
    }
    fprintf(stderr, "shishi convert: %d games, one a file: %.*s-1%s to %.*s-%d%s\n", count, (int)stem, c->out,
            c->out + stem, (int)stem, c->out, count, c->out + stem);
    return 0;
}

int cli_convert(int argc, char **argv) {
    ConvertArgs c;
    int status = convert_args(argc, argv, &c);
    if (status) return status;
    Record *games;
    int count;
    RecordError err;
    int rc = cli_read_records(c.in, &c.from, &c.ropt, &games, &count, &err);
    if (rc < 0) {
        fprintf(stderr, "shishi convert: %s: cannot read\n", c.in);
        return 1;
    }
    if (rc) {
        if (err.line && err.ply)
            fprintf(stderr, "%s:%d: move %d: %s\n  %s\n", c.in, err.line, err.ply, err.msg, err.text);
        else if (err.line)
            fprintf(stderr, "%s:%d: %s\n  %s\n", c.in, err.line, err.msg, err.text);
        else
            fprintf(stderr, "%s: %s\n", c.in, err.msg);
        return 1;
    }
    bool sjis = convert_sjis(&c);
    status = count > 1 && c.out && (c.to == REC_KIF || c.to == REC_KI2) ? convert_each(&c, games, count, sjis)
                                                                        : convert_one_file(&c, games, count, sjis);
    for (int g = 0; g < count; g++) record_free(&games[g]);
    free(games);
    return status;
}
