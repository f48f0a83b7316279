/* cli_convert.c - `shishi convert IN [-o OUT] [--to FMT] [--from FMT] [--encoding E]
 * [--variant V]`: read a game record (every move checked), write it in another format.
 * File I/O lives here; src/record/ works on strings. Errors name the file and line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../src/record/record.h"
#include "../src/strbuf.h"
#include "../src/variant.h"
#include "cli.h"

char *cli_slurp(const char *path, size_t *len) {
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
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

int cli_convert(int argc, char **argv) {
    const char *in = NULL, *out = NULL, *enc = NULL;
    RecordFormat to = REC_UNKNOWN, from = REC_UNKNOWN;
    RecordReadOptions ropt = {0};
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        bool takes = !strcmp(a, "-o") || !strcmp(a, "--to") || !strcmp(a, "--from") || !strcmp(a, "--encoding") ||
                     !strcmp(a, "--variant");
        if (takes && !val) return usage_error("an option needs a value");
        if (!strcmp(a, "-o"))
            out = val;
        else if (!strcmp(a, "--to") && (to = record_format_parse(val)) == REC_UNKNOWN)
            return usage_error("unknown --to format");
        else if (!strcmp(a, "--from") && (from = record_format_parse(val)) == REC_UNKNOWN)
            return usage_error("unknown --from format");
        else if (!strcmp(a, "--encoding")) {
            enc = val;
            if (strcasecmp(val, "utf-8") && strcasecmp(val, "utf8") && strcasecmp(val, "sjis") &&
                strcasecmp(val, "shift_jis"))
                return usage_error("--encoding is utf-8 or sjis");
        } else if (!strcmp(a, "--variant") && !(ropt.variant = variant_find(val)))
            return usage_error("unknown --variant");
        else if (!takes && a[0] == '-' && a[1])
            return usage_error("unknown option");
        else if (!takes && in)
            return usage_error("one input file only");
        else if (!takes)
            in = a;
        if (takes) i++;
    }
    if (!in) return usage_error("no input file");
    if (to == REC_UNKNOWN && out) to = record_format_from_name(out);
    if (to == REC_UNKNOWN) to = REC_KIF;
    Record *games;
    int count;
    RecordError err;
    int rc = cli_read_records(in, &from, &ropt, &games, &count, &err);
    if (rc < 0) {
        fprintf(stderr, "shishi convert: %s: cannot read\n", in);
        return 1;
    }
    if (rc) {
        if (err.line && err.ply)
            fprintf(stderr, "%s:%d: move %d: %s\n  %s\n", in, err.line, err.ply, err.msg, err.text);
        else if (err.line)
            fprintf(stderr, "%s:%d: %s\n  %s\n", in, err.line, err.msg, err.text);
        else
            fprintf(stderr, "%s: %s\n", in, err.msg);
        return 1;
    }
    bool sjis = (to == REC_KIF || to == REC_KI2) && (enc ? !strncasecmp(enc, "s", 1)
                                                         : out && (strstr(out, ".kif") || strstr(out, ".ki2")) &&
                                                               !strstr(out, ".kifu") && !strstr(out, ".ki2u"));
    RecordWriteOptions wopt = {.sjis = sjis};
    int status = 0;
    FILE *sink = NULL;
    char *all = NULL;
    size_t all_len = 0;
    (void)sink;
    for (int g = 0; g < count && !status; g++) {
        char *s = record_write(&games[g], to, &wopt, &err);
        if (!s) {
            fprintf(stderr, "%s: game %d: %s\n", in, g + 1, err.msg);
            status = 1;
            break;
        }
        size_t n = strlen(s);
        char *p = realloc(all, all_len + n + 3);
        if (!p) {
            free(s);
            status = 1;
            break;
        }
        all = p;
        if (g && to == REC_CSA) memcpy(all + all_len, "/\n", 2), all_len += 2;
        memcpy(all + all_len, s, n + 1);
        all_len += n;
        free(s);
    }
    for (int g = 0; g < count; g++) record_free(&games[g]);
    free(games);
    if (!status && all) {
        if (sjis) {
            size_t n;
            char *conv = record_utf8_to_sjis(all, &n);
            if (!conv) {
                fprintf(stderr,
                        "shishi convert: the record has characters Shift_JIS cannot hold (use --encoding utf-8)\n");
                status = 1;
            } else {
                status = write_out(out, conv, n);
                free(conv);
            }
        } else {
            status = write_out(out, all, all_len);
        }
    }
    free(all);
    return status;
}
