/* cli_analyse_record.c - `shishi analyse --record FILE [--game K] [--depth N | --time S |
 * --nodes N] [--threads T] [--hash MB] [--variant V] [-o OUT] [--svg FILE]`: search every
 * position of a recorded game, judge each move by the drop in winning chances, print a table
 * and a per-side summary, optionally write the game back annotated and draw the evaluation
 * graph (docs/analysis.md). The arithmetic lives in engine/analysis.c; this file runs the
 * searches, prints and does the file I/O. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../engine/analysis.h"
#include "../src/record/record.h"
#include "../src/variant.h"
#include "cli.h"
#include "common.h"
#include "progress.h"

typedef struct {
    const char *record, *out, *svg, *threads, *hash;
    long game;
    SearchLimits limits;
    RecordReadOptions ropt;
} Options;

static int usage(const char *msg, const char *arg) {
    fprintf(
        stderr,
        "shishi analyse: %s%s%s\nusage: shishi analyse --record FILE [--game K] [--depth N | --time S | --nodes N]\n"
        "                      [--threads T] [--hash MB] [--variant V] [-o OUT] [--svg FILE]\n",
        msg, arg ? " " : "", arg ? arg : "");
    return 2;
}

static int parse_limit(Options *o, const char *a, const char *val, int *count) {
    long x = 0;
    if (!strcmp(a, "--depth")) {
        if (!parse_long(val, 1, MAX_PLY - 1, &x)) return -1;
        o->limits.depth = (int)x;
    } else if (!strcmp(a, "--nodes")) {
        if (!parse_long(val, 1, 2000000000L, &x)) return -1;
        o->limits.nodes = (uint64_t)x;
    } else {
        char *end;
        double sec = strtod(val, &end);
        if (!*val || *end || !(sec > 0 && sec <= 1e6)) return -1; /* NaN fails too (it searched for ever) */
        o->limits.movetime = (int)(sec * 1000) + 250;             /* as `analyse`: the time manager keeps 250 ms */
    }
    ++*count;
    return 0;
}

static int parse_options(int argc, char **argv, Options *o) {
    memset(o, 0, sizeof *o);
    o->threads = "1", o->hash = "64", o->game = 1;
    o->limits.time[BLACK] = o->limits.time[WHITE] = -1;
    int limits = 0;
    for (int i = 2; i < argc; i += 2) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!val) return usage("an option needs a value:", a);
        if (!strcmp(a, "--record"))
            o->record = val;
        else if (!strcmp(a, "-o"))
            o->out = val;
        else if (!strcmp(a, "--svg"))
            o->svg = val;
        else if (!strcmp(a, "--threads"))
            o->threads = val;
        else if (!strcmp(a, "--hash"))
            o->hash = val;
        else if (!strcmp(a, "--game")) {
            if (!parse_long(val, 1, 1000000, &o->game)) return usage("bad value for --game:", val);
        } else if (!strcmp(a, "--variant")) {
            if (!(o->ropt.variant = variant_find(val))) return usage("unknown variant", val);
        } else if (!strcmp(a, "--depth") || !strcmp(a, "--nodes") || !strcmp(a, "--time")) {
            if (parse_limit(o, a, val, &limits)) return usage("bad value for", a);
        } else
            return usage("unknown option", a);
    }
    if (limits > 1) return usage("give only one of --depth, --time, --nodes", NULL);
    if (!limits) o->limits.depth = 8;
    return 0;
}

/* The game picked by --game, read from the file; 0 or 1 after printing why. */
static int load_game(const Options *o, Record *rec, RecordFormat *format) {
    Record *games;
    int count;
    RecordError err;
    *format = REC_UNKNOWN;
    int rc = cli_read_records(o->record, format, &o->ropt, &games, &count, &err);
    if (rc < 0) return fprintf(stderr, "shishi analyse: %s: cannot read\n", o->record), 1;
    if (rc) {
        if (err.line)
            fprintf(stderr, "%s:%d: %s%s%s\n", o->record, err.line, err.msg, err.text[0] ? "\n  " : "", err.text);
        else
            fprintf(stderr, "shishi analyse: %s: %s\n", o->record, err.msg);
        return 1;
    }
    if (o->game > count) {
        fprintf(stderr, "shishi analyse: %s holds %d game%s, no game %ld\n", o->record, count, count == 1 ? "" : "s",
                o->game);
        rc = 1;
    }
    for (int g = 0; g < count; g++)
        if (!rc && g == o->game - 1)
            *rec = games[g];
        else
            record_free(&games[g]);
    free(games);
    return rc;
}

/* Move text in the notation of record format f (USI for USI, XBoard for PGN, the format's own
 * otherwise; USI when the format cannot spell the move). */
static void move_text(RecordFormat f, Position *pos, Move m, int last_to, char *buf, size_t len) {
    const RecordNotation *n = record_notation(f);
    if (m == MOVE_NONE) {
        snprintf(buf, len, "-");
        return;
    }
    if (n && n->format(pos, m, last_to, buf, len) == 0) return;
    move_format(pos, m, f == REC_PGN ? NOTATION_XBOARD : NOTATION_USI, buf, len);
}

/* ---- searching ---------------------------------------------------------------------------- */

typedef struct {
    BestMove bm;
    int depth; /* of the last completed iteration, 0 = none reported */
} Searched;

static void keep_depth(void *user, const SearchInfo *info) {
    Searched *s = user;
    if (info->multipv <= 1 && info->bound == BOUND_EXACT) s->depth = info->depth;
}

static void keep_best(void *user, const BestMove *bm) {
    Searched *s = user;
    s->bm = *bm;
    s->bm.root = NULL;
}

static Searched search_here(EngineContext *e, const SearchLimits *limits) {
    Searched s = {.bm = {.kind = BEST_RESIGN, .score = -VALUE_MATE}};
    Reporter r = {.user = &s, .on_info = keep_depth, .on_bestmove = keep_best};
    engine_go(e, limits, &r);
    engine_wait(e);
    return s;
}

/* A child's score seen from the parent: negated, and a mate is one ply further away (the
 * side mated after the last move, -VALUE_MATE, gives the mover `mate 1`). */
static Value parent_score(Value child) {
    Value v = (Value)-child;
    if (v >= VALUE_MATE_IN_MAX) v--;
    if (v <= -VALUE_MATE_IN_MAX) v++;
    return v;
}

typedef struct {
    RecordFormat shown, written; /* notation on screen, in the -o file */
} Notations;

/* Search the n + 1 positions of the main line; fill moves[0..n). 0 or 1 after an error. */
static int analyse_line(const Options *o, const Record *rec, Notations nt, MoveAnalysis *moves) {
    EngineContext *e = engine_create();
    Position *pos = malloc(sizeof *pos);
    char err[256], spec[1100];
    snprintf(spec, sizeof spec, "sfen %s", rec->start);
    if (!pos || engine_set_variant(e, rec->variant, err, sizeof err) ||
        engine_set_option(e, "Threads", o->threads, err, sizeof err) ||
        engine_set_option(e, "Hash", o->hash, err, sizeof err) || engine_set_position(e, spec, err, sizeof err) ||
        record_position(rec, 0, pos, err, sizeof err)) {
        fprintf(stderr, "shishi analyse: %s\n", pos ? err : "out of memory");
        engine_destroy(e);
        free(pos);
        return 1;
    }
    int n = rec->main.count, last_to = -1;
    Progress bar;
    progress_start(&bar, "analysing", n + 1);
    for (int i = 0; i <= n; i++) {
        Searched s = search_here(e, &o->limits);
        BestMove bm = s.bm;
        if (i > 0) moves[i - 1].played_score = parent_score(bm.score), moves[i - 1].played_depth = s.depth;
        if (i < n) {
            MoveAnalysis *m = &moves[i];
            memset(m, 0, sizeof *m);
            m->side = pos->stm;
            m->played = rec->main.moves[i].move;
            m->best = bm.kind == BEST_MOVE ? bm.best : MOVE_NONE;
            m->best_score = bm.score;
            move_text(nt.shown, pos, m->played, last_to, m->played_text, sizeof m->played_text);
            move_text(nt.shown, pos, m->best, last_to, m->best_text, sizeof m->best_text);
            move_text(nt.written, pos, m->best, last_to, m->best_note, sizeof m->best_note);
            if (bm.kind == BEST_DECLARE_WIN) snprintf(m->best_text, sizeof m->best_text, "declare win");
            engine_play(e, m->played);
            pos_do_move(pos, m->played);
            last_to = move_to(m->played);
        }
        progress_update(&bar, i + 1);
    }
    progress_finish(&bar);
    for (int i = 0; i < n; i++) analysis_judge(&moves[i]);
    engine_destroy(e);
    free(pos);
    return 0;
}

/* ---- printing ----------------------------------------------------------------------------- */

/* Print s padded to `width` terminal columns (East Asian characters count two). */
static void put_padded(const char *s, int width) {
    int cols = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if ((*p & 0xC0) != 0x80) cols += *p >= 0xE0 ? 2 : 1;
    fputs(s, stdout);
    for (; cols < width; cols++) putchar(' ');
}

static void print_moves(const MoveAnalysis *moves, int n) {
    printf("   #  side   played          eval      best            eval      loss%%\n");
    for (int i = 0; i < n; i++) {
        const MoveAnalysis *m = &moves[i];
        char played[32], best[32];
        analysis_format_score(m->played_score, played, sizeof played);
        analysis_format_score(m->best_score, best, sizeof best);
        printf("%4d  %s  ", i + 1, m->side == BLACK ? "black" : "white");
        put_padded(m->played_text, 16);
        printf("%-9s ", played);
        put_padded(m->played == m->best ? "=" : m->best_text, 16);
        printf("%-9s %5.1f%s%s\n", best, m->loss, m->judgement ? "  " : "", analysis_mark(m->judgement));
    }
}

static void print_summary(const MoveAnalysis *moves, int n) {
    SideSummary s[COLOR_NB];
    analysis_summarise(moves, n, s);
    printf("\nsummary            black     white\n");
    printf("moves         %9d %9d\n", s[BLACK].moves, s[WHITE].moves);
    printf("average loss  %7.0fcp %7.0fcp\n", s[BLACK].avg_cp_loss, s[WHITE].avg_cp_loss);
    printf("win-chance    %8.1f%% %8.1f%%   average loss per move\n", s[BLACK].avg_loss, s[WHITE].avg_loss);
    printf("accuracy      %8.1f%% %8.1f%%\n", s[BLACK].accuracy, s[WHITE].accuracy);
    static const char *const names[JUDGE_NB] = {"", "inaccuracies", "mistakes", "blunders"};
    for (int j = JUDGE_INACCURACY; j < JUDGE_NB; j++)
        printf("%-13s %9d %9d   (%s)\n", names[j], s[BLACK].count[j], s[WHITE].count[j], analysis_mark(j));
}

/* ---- files ----------------------------------------------------------------------------- */

/* An output file (-o, --svg), opened before the analysis. WHY: a path that cannot be written
 * was found only after the whole analysis, which may take hours. Opened for appending so an
 * existing file (the record itself, say) keeps its text until the result is written; a file
 * this run created is removed again if nothing is written to it. */
typedef struct {
    const char *path;
    FILE *f;
    bool created;
} OutFile;

/* Open path (none: NULL) for the result; 1 after a message if it cannot be written. */
static int out_open(OutFile *o, const char *path) {
    struct stat st;
    *o = (OutFile){.path = path};
    if (!path) return 0;
    o->created = stat(path, &st) != 0;
    o->f = fopen(path, "ab");
    if (!o->f) {
        fprintf(stderr, "shishi analyse: %s: cannot write: %s\n", path, strerror(errno));
        return 1;
    }
    return 0;
}

/* Drop an output nothing was written to. */
static void out_drop(OutFile *o) {
    if (!o->f) return;
    fclose(o->f);
    o->f = NULL;
    if (o->created) remove(o->path);
}

/* Replace the file's text with text[0..len) and close it. */
static int write_file(OutFile *o, const char *text, size_t len) {
    struct stat st;
    bool ok = fstat(fileno(o->f), &st) == 0;
    if (ok && S_ISREG(st.st_mode)) ok = ftruncate(fileno(o->f), 0) == 0; /* appends now go to 0 */
    ok = ok && fwrite(text, 1, len, o->f) == len;
    if (fclose(o->f)) ok = false;
    o->f = NULL;
    if (!ok) fprintf(stderr, "shishi analyse: %s: cannot write\n", o->path);
    return ok ? 0 : 1;
}

/* The annotated game in the format of OUT's name (KIF when unknown); .kif/.ki2 in Shift_JIS. */
static int write_annotated(OutFile *out, Record *rec, RecordFormat f, const MoveAnalysis *moves, int n) {
    RecordError err;
    const char *name = out->path;
    bool sjis = (f == REC_KIF || f == REC_KI2) && (strstr(name, ".kif") || strstr(name, ".ki2")) &&
                !strstr(name, ".kifu") && !strstr(name, ".ki2u");
    RecordWriteOptions wopt = {.sjis = sjis};
    if (analysis_annotate(rec, moves, n, f == REC_PGN ? NOTES_XBOARD : NOTES_SHOGIHOME))
        return fprintf(stderr, "shishi analyse: out of memory\n"), 1;
    char *text = record_write(rec, f, &wopt, &err);
    if (!text) return fprintf(stderr, "shishi analyse: %s: %s\n", name, err.msg), 1;
    size_t len = strlen(text);
    if (sjis) {
        char *conv = record_utf8_to_sjis(text, &len);
        free(text);
        if (!conv) return fprintf(stderr, "shishi analyse: %s: not writable in Shift_JIS\n", name), 1;
        text = conv;
    }
    int rc = write_file(out, text, len);
    free(text);
    return rc;
}

static int write_svg(OutFile *out, const Record *rec, const MoveAnalysis *moves, int n) {
    const char *b = record_header_get(rec, "Black"), *w = record_header_get(rec, "White");
    char title[512];
    snprintf(title, sizeof title, "%s vs %s (%s, %d moves)", b ? b : "Black", w ? w : "White", rec->variant->name, n);
    char *svg = analysis_svg(moves, n, title);
    if (!svg) return fprintf(stderr, "shishi analyse: out of memory\n"), 1;
    int rc = write_file(out, svg, strlen(svg));
    free(svg);
    return rc;
}

int cli_analyse_record(int argc, char **argv) {
    Options o;
    int rc = parse_options(argc, argv, &o);
    if (rc) return rc;
    if (!o.record) return usage("--record FILE is missing", NULL);
    Record rec;
    Notations nt;
    if (load_game(&o, &rec, &nt.shown)) return 1;
    if (nt.shown == REC_KI2 || nt.shown == REC_CSA) nt.shown = REC_KIF; /* the Japanese form reads best */
    nt.written = o.out ? record_format_from_name(o.out) : nt.shown;
    if (nt.written == REC_UNKNOWN) nt.written = REC_KIF;
    int n = rec.main.count;
    OutFile out = {0}, svg = {0};
    if (out_open(&out, o.out) || out_open(&svg, o.svg)) {
        out_drop(&out);
        record_free(&rec);
        return 1;
    }
    MoveAnalysis *moves = calloc((size_t)n + 1, sizeof *moves);
    rc = 0;
    if (!moves) {
        fprintf(stderr, "shishi analyse: out of memory\n");
        rc = 1;
    }
    if (!rc) printf("%s, %d moves, game %ld of %s\n", rec.variant->name, n, o.game, o.record);
    if (!rc) rc = analyse_line(&o, &rec, nt, moves);
    if (!rc) {
        print_moves(moves, n);
        print_summary(moves, n);
        fflush(stdout);
        if (out.f) rc |= write_annotated(&out, &rec, nt.written, moves, n);
        if (svg.f) rc |= write_svg(&svg, &rec, moves, n);
    }
    out_drop(&out); /* what was not written (an error before it) */
    out_drop(&svg);
    free(moves);
    record_free(&rec);
    return rc;
}
