/* cli_book.c - `shishi book build`, `shishi book merge` and `shishi book backup`
 * (books/README.md): arguments, record files, the progress bar and messages. The work is books/build.h's; errors go to
 * stderr as `FILE:LINE: message` with exit status 2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../books/build.h"
#include "cli.h"
#include "common.h"
#include "progress.h"

enum { FROM_MAX = 256 };

typedef struct {
    BookBuildConfig cfg;
    const Variant *v;
    const char *from[FROM_MAX];
    int from_count;
    const char *out;
} BuildArgs;

static int usage_error(const char *msg, const char *arg) {
    fprintf(stderr, "shishi book: %s%s%s\n", msg, arg ? " " : "", arg ? arg : "");
    fprintf(stderr, "usage: shishi book build --variant V (--from RECORDS... | --selfplay N) [--depth D | --nodes N]\n"
                    "                         [--multipv K] [--plies P] [--threads T] [--hash MB]\n"
                    "                         [--eval-diff CP] [--seed S] [--openings FILE] [--reply-nodes N]\n"
                    "                         [--no-backup] -o FILE\n"
                    "       shishi book merge A B -o OUT\n"
                    "       shishi book backup FILE -o OUT\n");
    return 2;
}

static void warn_line(void *user, int line, const char *msg) {
    fprintf(stderr, "%s:%d: %s\n", (const char *)user, line, msg);
}

/* One option with its value at argv[*i + 1]; false after printing an error. */
static bool build_option(BuildArgs *a, int argc, char **argv, int *i) {
    const char *o = argv[*i], *val = *i + 1 < argc ? argv[*i + 1] : NULL;
    long x = 0;
    if (!val) return usage_error("a value is missing after", o), false;
    ++*i;
    bool ok = true;
    if (!strcmp(o, "--variant"))
        ok = (a->v = variant_find(val)) != NULL;
    else if (!strcmp(o, "-o") || !strcmp(o, "--out"))
        a->out = val;
    else if (!strcmp(o, "--depth"))
        ok = parse_long(val, 1, MAX_PLY - 1, &x), a->cfg.depth = (int)x;
    else if (!strcmp(o, "--nodes"))
        ok = parse_long(val, 1, 2000000000L, &x), a->cfg.nodes = (uint64_t)x;
    else if (!strcmp(o, "--multipv"))
        ok = parse_long(val, 1, ENGINE_MULTIPV_MAX, &x), a->cfg.multipv = (int)x;
    else if (!strcmp(o, "--plies"))
        ok = parse_long(val, 1, 1000, &x), a->cfg.plies = (int)x;
    else if (!strcmp(o, "--threads"))
        ok = parse_long(val, 1, 64, &x), a->cfg.threads = (int)x;
    else if (!strcmp(o, "--hash"))
        ok = parse_long(val, 1, 65536, &x), a->cfg.hash_mb = (int)x;
    else if (!strcmp(o, "--selfplay"))
        ok = parse_long(val, 1, 100000000L, &x), a->cfg.games = (int)x;
    else if (!strcmp(o, "--eval-diff"))
        ok = parse_long(val, 0, 100000, &x), a->cfg.eval_diff = (int)x;
    else if (!strcmp(o, "--openings"))
        a->cfg.openings = val;
    else if (!strcmp(o, "--reply-nodes"))
        ok = parse_long(val, 1, 2000000000L, &x), a->cfg.reply_nodes = (uint64_t)x;
    else if (!strcmp(o, "--seed"))
        ok = parse_long(val, 0, 999999999L, &x), a->cfg.seed = (uint64_t)x;
    else
        return usage_error("unknown option", o), false;
    if (!ok) return usage_error("bad value for", o), false;
    return true;
}

static bool build_args(BuildArgs *a, int argc, char **argv) {
    for (int i = 3; i < argc; i++) {
        if (!strcmp(argv[i], "--from")) {
            while (i + 1 < argc && strncmp(argv[i + 1], "-", 1) && a->from_count < FROM_MAX)
                a->from[a->from_count++] = argv[++i];
            continue;
        }
        if (!strcmp(argv[i], "--no-backup")) {
            a->cfg.backup = false;
            continue;
        }
        if (!build_option(a, argc, argv, &i)) return false;
    }
    if (!a->out) return usage_error("no output file (-o FILE)", NULL), false;
    if (!a->from_count == !a->cfg.games) return usage_error("give --from RECORDS... or --selfplay N", NULL), false;
    if (a->cfg.depth && a->cfg.nodes) return usage_error("give --depth or --nodes, not both", NULL), false;
    if (a->cfg.openings && !a->cfg.games) return usage_error("--openings goes with --selfplay", NULL), false;
    if (a->cfg.reply_nodes && !a->cfg.games) return usage_error("--reply-nodes goes with --selfplay", NULL), false;
    if (a->cfg.games && !a->cfg.depth && !a->cfg.nodes) a->cfg.depth = 8;
    return true;
}

/* Every game of one record file into b; false after printing `FILE:LINE: message`. */
static bool add_file(Book *b, const char *path, int plies) {
    RecordFormat f = REC_UNKNOWN;
    RecordReadOptions opt = {.variant = book_variant(b)};
    Record *games = NULL;
    int count = 0;
    RecordError rerr;
    int rc = cli_read_records(path, &f, &opt, &games, &count, &rerr);
    if (rc < 0) return fprintf(stderr, "%s: cannot read\n", path), false;
    if (rc && !rerr.line) return fprintf(stderr, "%s: %s\n", path, rerr.msg), false;
    if (rc) return fprintf(stderr, "%s:%d: %s\n", path, rerr.line, rerr.msg), false;
    char err[256];
    for (int g = 0; g < count; g++) {
        if (!rc && book_add_record(b, &games[g], plies, err, sizeof err)) {
            fprintf(stderr, "%s: game %d: %s\n", path, g + 1, err);
            rc = -1;
        }
        record_free(&games[g]);
    }
    free(games);
    return rc == 0;
}

static void build_progress(void *user, int done, int total) {
    Progress *p = user;
    if (!p->label) progress_start(p, "book", total);
    if (p->total != (total > 0 ? total : 1)) progress_start(p, p->label, total);
    progress_update(p, done);
}

/* The existing output (resuming), or NULL when there is none; *failed when it is unusable. */
static Book *load_existing(const BuildArgs *a, bool *failed) {
    *failed = false;
    if (access(a->out, F_OK)) return NULL;
    Book *old = book_create(a->v);
    char err[512];
    if (!old || book_load(old, a->out, warn_line, (void *)a->out, err, sizeof err) < 0) {
        fprintf(stderr, "shishi book: %s\n", old ? err : "out of memory");
        book_free(old);
        *failed = true;
        return NULL;
    }
    fprintf(stderr, "%s: resuming: %d positions kept\n", a->out, book_size(old));
    return old;
}

/* The book before analysis: from the records (plus the old analysis), or the old book. */
static Book *build_start(const BuildArgs *a) {
    bool failed;
    Book *old = load_existing(a, &failed);
    if (failed) return NULL;
    if (a->cfg.games) return old ? old : book_create(a->v);
    Book *b = book_create(a->v);
    for (int i = 0; b && i < a->from_count; i++)
        if (!add_file(b, a->from[i], a->cfg.plies)) book_free(b), b = NULL;
    if (b && old && book_take_analysis(b, old)) book_free(b), b = NULL;
    book_free(old);
    return b;
}

/* The values backed up through b, the numbers on stderr; false when out of memory. */
static bool backup_report(Book *b, const char *path) {
    BookBackupStats st;
    if (book_backup(b, &st)) return false;
    fprintf(stderr,
            "%s: backup: %d positions, %d moves changed (largest change %d), %d cycle moves kept, %d illegal moves "
            "skipped\n",
            path, st.positions, st.moves_changed, st.largest, st.cycles, st.illegal);
    return true;
}

static int cmd_build(int argc, char **argv) {
    BuildArgs a = {.cfg = book_build_defaults(), .v = variant_list()[0]};
    if (!build_args(&a, argc, argv)) return 2;
    Book *b = build_start(&a);
    if (!b) return 2;
    Progress bar = {0};
    a.cfg.out = a.out;
    a.cfg.progress = build_progress;
    a.cfg.user = &bar;
    char err[512];
    int rc = a.cfg.games ? book_selfplay(b, &a.cfg, err, sizeof err) : book_analyse(b, &a.cfg, err, sizeof err);
    if (bar.label) progress_finish(&bar);
    if (rc >= 0 && a.cfg.backup && !backup_report(b, a.out)) rc = -1, snprintf(err, sizeof err, "out of memory");
    if (rc >= 0 && book_save(b, a.out, err, sizeof err)) rc = -1;
    if (rc < 0)
        fprintf(stderr, "shishi book: %s\n", err);
    else
        fprintf(stderr, "%s: %d positions\n", a.out, book_size(b));
    book_free(b);
    return rc < 0 ? 1 : 0;
}

/* The game a book file names in its "# variant" line; NULL if none. */
static const Variant *file_variant(const char *path) {
    FILE *f = fopen(path, "rb");
    char line[256];
    const Variant *v = NULL;
    for (int i = 0; f && !v && i < 8 && fgets(line, sizeof line, f); i++)
        if (!strncmp(line, "# variant ", 10)) {
            line[10 + strcspn(line + 10, " \r\n")] = 0; /* the name ends the line's first word */
            v = variant_find(line + 10);
        }
    if (f) fclose(f);
    return v;
}

static int cmd_merge(int argc, char **argv) {
    const char *in[2] = {0}, *out = NULL;
    int n = 0;
    for (int i = 3; i < argc; i++) {
        if (!strcmp(argv[i], "-o") && i + 1 < argc)
            out = argv[++i];
        else if (n < 2)
            in[n++] = argv[i];
        else
            return usage_error("unexpected argument", argv[i]);
    }
    if (n != 2 || !out) return usage_error("merge needs two books and -o OUT", NULL);
    const Variant *v = file_variant(in[0]);
    if (!v) v = variant_list()[0];
    Book *b[2] = {book_create(v), book_create(v)};
    char err[512];
    int rc = 0, bad = 0; /* bad lines are skipped and reported, as by backup: exit status 1 */
    for (int i = 0; i < 2 && !rc; i++) {
        int got = b[i] ? book_load(b[i], in[i], warn_line, (void *)in[i], err, sizeof err) : -1;
        if (got < 0) rc = 2;
        bad += got > 0 ? got : 0;
    }
    if (!rc && book_merge(b[0], b[1])) rc = 2, snprintf(err, sizeof err, "out of memory");
    if (!rc && book_save(b[0], out, err, sizeof err)) rc = 2;
    if (rc) fprintf(stderr, "shishi book: %s\n", err);
    if (!rc && bad) {
        fprintf(stderr, "shishi book: %d bad lines skipped\n", bad);
        rc = 1;
    }
    book_free(b[0]);
    book_free(b[1]);
    return rc;
}

/* `book backup FILE -o OUT`: FILE with its values backed up into OUT. Bad lines are reported
 * (FILE:LINE: message) and skipped, the rest is backed up and written, and the exit status is
 * 1; 2 when FILE cannot be read or the arguments are wrong. */
static int cmd_backup(int argc, char **argv) {
    const char *in = NULL, *out = NULL;
    for (int i = 3; i < argc; i++) {
        if (!strcmp(argv[i], "-o") && i + 1 < argc)
            out = argv[++i];
        else if (!in)
            in = argv[i];
        else
            return usage_error("unexpected argument", argv[i]);
    }
    if (!in || !out) return usage_error("backup needs a book and -o OUT", NULL);
    const Variant *v = file_variant(in);
    Book *b = book_create(v ? v : variant_list()[0]);
    char err[512];
    int bad = b ? book_load(b, in, warn_line, (void *)in, err, sizeof err) : -1; /* the bad lines */
    int rc = bad < 0 ? 2 : bad > 0 ? 1 : 0;
    if (!b) snprintf(err, sizeof err, "out of memory");
    if (bad >= 0 && !backup_report(b, in)) rc = 2, snprintf(err, sizeof err, "out of memory");
    if (rc < 2 && book_save(b, out, err, sizeof err)) rc = 2;
    if (rc == 2) fprintf(stderr, "shishi book: %s\n", err);
    if (rc == 1) fprintf(stderr, "shishi book: %d bad lines skipped\n", bad);
    book_free(b);
    return rc;
}

int cli_book(int argc, char **argv) {
    if (argc >= 3 && !strcmp(argv[2], "build")) return cmd_build(argc, argv);
    if (argc >= 3 && !strcmp(argv[2], "merge")) return cmd_merge(argc, argv);
    if (argc >= 3 && !strcmp(argv[2], "backup")) return cmd_backup(argc, argv);
    return usage_error("expected 'build', 'merge' or 'backup'", NULL);
}
