/* usi.c - the USI front end (shared/rules/protocols.md part A).
 * Reads commands on the calling thread; the search runs on the engine's thread and reports
 * through the Reporter callbacks below, which format `info`, `bestmove` and `checkmate`.
 * Every bad input gets an `info string error: ...` (or `info string illegal move <m>` inside
 * `position`) and leaves the previous state in force. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../books/slot.h"
#include "../engine/engine.h"
#include "../engine/options.h"
#include "../src/movegen.h"
#include "../src/strbuf.h"
#include "common.h"
#include "io.h"
#include "protocols.h"

enum { GAMES_MAX = 16, PV_TEXT_MAX = 8192 };

typedef struct {
    EngineContext *e;
    const Variant *games[GAMES_MAX]; /* games offered over USI, in registry order */
    int game_count;
    Rules stored[GAMES_MAX]; /* rule options set for each game, applied on selection */
    int hash_mb;             /* wanted USI_Hash; allocated at isready / go */
    int hash_applied;        /* size the engine holds now */
    Position *scratch;       /* for formatting lines (used only by the reporter) */
    BookSlot book;           /* the opening book (books/slot.h) */
    bool book_ponder;        /* `go ponder` on a book position: no search, the book move at ponderhit */
    SearchLimits ponder_limits;
} Usi;

/* ---- output from the search thread ------------------------------------------------------ */

static void usi_on_info(void *user, const SearchInfo *in) {
    Usi *u = user;
    char score[48], pv[PV_TEXT_MAX];
    if (in->mate_plies > 0)
        snprintf(score, sizeof score, "mate %d", in->mate_plies);
    else if (in->score >= VALUE_MATE_IN_MAX)
        snprintf(score, sizeof score, "mate %d", VALUE_MATE - in->score);
    else if (in->score <= -VALUE_MATE_IN_MAX)
        snprintf(score, sizeof score, "mate -%d", VALUE_MATE + in->score);
    else
        snprintf(score, sizeof score, "cp %d", in->score);
    const char *bound = in->bound == BOUND_LOWER ? " lowerbound" : in->bound == BOUND_UPPER ? " upperbound" : "";
    format_moves(u->scratch, in->root, in->pv, in->pv_length, NOTATION_USI, pv, sizeof pv);
    uint64_t nps = in->time_ms > 0 ? in->nodes * 1000 / (uint64_t)in->time_ms : in->nodes;
    io_line("info depth %d seldepth %d time %lld nodes %llu nps %llu hashfull %d multipv %d score %s%s%s%s", in->depth,
            in->seldepth, (long long)in->time_ms, (unsigned long long)in->nodes, (unsigned long long)nps, in->hashfull,
            in->multipv > 0 ? in->multipv : 1, score, bound, pv[0] ? " pv " : "", pv);
}

static void usi_on_bestmove(void *user, const BestMove *bm) {
    Usi *u = user;
    if (bm->kind == BEST_RESIGN) {
        io_line("bestmove resign");
        return;
    }
    if (bm->kind == BEST_DECLARE_WIN) {
        io_line("bestmove win");
        return;
    }
    char best[48], ponder[48] = "";
    Position *p = u->scratch;
    copy_position(p, bm->root);
    move_format(p, bm->best, NOTATION_USI, best, sizeof best);
    if (bm->ponder != MOVE_NONE && movegen_is_legal(p, bm->best)) {
        pos_do_move(p, bm->best);
        if (movegen_is_legal(p, bm->ponder)) move_format(p, bm->ponder, NOTATION_USI, ponder, sizeof ponder);
    }
    if (ponder[0])
        io_line("bestmove %s ponder %s", best, ponder);
    else
        io_line("bestmove %s", best);
}

static void usi_on_mate(void *user, MateStatus status, const Move *line, int length, const Position *root) {
    Usi *u = user;
    switch (status) {
    case MATE_FOUND: {
        /* long problems have lines of a thousand moves and more */
        char *text = malloc(IO_LINE_MAX);
        if (!text) {
            io_line("checkmate timeout");
            break;
        }
        format_moves(u->scratch, root, line, length, NOTATION_USI, text, IO_LINE_MAX - 16);
        io_line("checkmate %s", text);
        free(text);
        break;
    }
    case MATE_NONE: io_line("checkmate nomate"); break;
    case MATE_TIMEOUT: io_line("checkmate timeout"); break;
    case MATE_UNSUPPORTED: io_line("checkmate notimplemented"); break;
    }
}

static void usi_on_string(void *user, const char *text) {
    (void)user;
    io_line("info string %s", text);
}

static void usi_on_mate_progress(void *user, uint64_t nodes, int64_t time_ms, int hashfull) {
    (void)user;
    uint64_t nps = time_ms > 0 ? nodes * 1000 / (uint64_t)time_ms : nodes;
    io_line("info nodes %llu nps %llu hashfull %d time %lld", (unsigned long long)nodes, (unsigned long long)nps,
            hashfull, (long long)time_ms);
}

/* ---- handshake and options -------------------------------------------------------------- */

static int game_index(const Usi *u, const Variant *v) {
    for (int i = 0; i < u->game_count; i++)
        if (u->games[i] == v) return i;
    return -1;
}

/* Has an earlier game (index < upto) an option of this name? (Options are listed once.) */
static bool option_listed_before(const Usi *u, int upto, const char *name) {
    for (int i = 0; i < upto; i++)
        for (int k = 0; k < u->games[i]->option_count; k++)
            if (!strcasecmp(u->games[i]->options[k].name, name)) return true;
    return false;
}

/* One row of the engine option table as a USI `option` line. */
static void print_engine_option(const Usi *u, const EngineOption *o) {
    char line[1024];
    StrBuf b = strbuf_init(line, sizeof line);
    strbuf_printf(&b, "option name %s ", o->usi_name);
    switch (o->type) {
    case EOPT_SPIN: strbuf_printf(&b, "type spin default %d min %d max %d", o->def, o->min, o->max); break;
    case EOPT_CHECK: strbuf_printf(&b, "type check default %s", o->def ? "true" : "false"); break;
    case EOPT_GAME:
        strbuf_printf(&b, "type combo default %s", engine_variant(u->e)->name);
        for (int i = 0; i < u->game_count; i++) strbuf_printf(&b, " var %s", u->games[i]->name);
        break;
    case EOPT_COMBO:
        strbuf_printf(&b, "type combo default %s", o->choices[o->def]);
        for (int i = 0; o->choices[i]; i++) strbuf_printf(&b, " var %s", o->choices[i]);
        break;
    case EOPT_STRING: strbuf_printf(&b, "type filename default <empty>"); break;
    }
    io_line("%s", line);
}

static void print_options(const Usi *u) {
    for (int i = 0; i < EOPT_COUNT; i++)
        if (engine_options[i].usi_name) print_engine_option(u, &engine_options[i]);
    for (int i = 0; i < u->game_count; i++) {
        const Variant *v = u->games[i];
        for (int k = 0; k < v->option_count; k++) {
            const RuleOption *opt = &v->options[k];
            if (option_listed_before(u, i, opt->name)) continue;
            char def[64];
            rules_option_text(opt, &v->defaults, def, sizeof def);
            if (opt->type == OPT_CHECK) {
                io_line("option name %s type check default %s", opt->name, def);
                continue;
            }
            char line[512];
            StrBuf b = strbuf_init(line, sizeof line);
            strbuf_printf(&b, "option name %s type combo default %s", opt->name, def);
            for (int c = 0; c < 4 && opt->choices[c]; c++) strbuf_printf(&b, " var %s", opt->choices[c]);
            io_line("%s", line);
        }
    }
}

/* The reply to `usi`: identity, options, usiok. */
static void handshake(const Usi *u) {
    io_line("id name %s %s", SHISHI_NAME, SHISHI_VERSION);
    io_line("id author the Shishi developers");
    print_options(u);
    io_line("usiok");
}

/* Give the engine the current game's stored rule options. */
static void apply_stored_rules(Usi *u) {
    const Variant *v = engine_variant(u->e);
    int i = game_index(u, v);
    if (i < 0) return;
    for (int k = 0; k < v->option_count; k++) {
        char val[64], err[256];
        rules_option_text(&v->options[k], &u->stored[i], val, sizeof val);
        if (engine_set_option(u->e, v->options[k].name, val, err, sizeof err)) io_line("info string error: %s", err);
    }
}

/* Allocate the hash table the GUI asked for, once no search runs. */
static void apply_hash(Usi *u) {
    if (u->hash_applied == u->hash_mb || engine_searching(u->e)) return;
    char num[16], err[256];
    snprintf(num, sizeof num, "%d", u->hash_mb);
    if (engine_set_option(u->e, "Hash", num, err, sizeof err)) {
        io_line("info string error: %s", err);
        u->hash_mb = u->hash_applied;
        return;
    }
    u->hash_applied = u->hash_mb;
}

/* Skip spaces; return the rest. */
static char *skip_ws(char *s) {
    while (*s == ' ' || *s == '\t') s++;
    return s;
}

/* Does s start with the word w (followed by a space or the end)? */
static bool word_is(const char *s, const char *w) {
    size_t n = strlen(w);
    return !strncmp(s, w, n) && (s[n] == 0 || s[n] == ' ' || s[n] == '\t');
}

/* Find the word w in s (at its start or after a space): end s before it, without the spaces
 * in between, and return the text after w. NULL (s unchanged) if w is not there. */
static char *split_at_word(char *s, const char *w) {
    for (char *p = s; *p; p++)
        if ((p == s || p[-1] == ' ' || p[-1] == '\t') && word_is(p, w)) {
            char *end = p;
            while (end > s && (end[-1] == ' ' || end[-1] == '\t')) end--;
            *end = 0;
            return p + strlen(w);
        }
    return NULL;
}

/* setoption name UCI_Variant value V: the game switches; its stored rule options follow. */
static void set_variant(Usi *u, const char *value) {
    char err[256];
    const Variant *v = variant_find(value);
    if (!v || game_index(u, v) < 0) {
        io_line("info string error: unknown variant '%s' (UCI_Variant keeps %s)", value, engine_variant(u->e)->name);
        return;
    }
    if (v == engine_variant(u->e)) return;
    if (engine_set_variant(u->e, v, err, sizeof err)) {
        io_line("info string error: %s", err);
        return;
    }
    apply_stored_rules(u);
}

/* A rule option: stored for every game that has it (checked on copies first), and given to
 * the engine if the current game is one of them. */
static void set_rule_option(Usi *u, const char *name, const char *value) {
    char err[256];
    Rules trial[GAMES_MAX];
    bool any = false;
    for (int i = 0; i < u->game_count; i++) {
        trial[i] = u->stored[i];
        const Variant *v = u->games[i];
        for (int k = 0; k < v->option_count; k++)
            if (!strcasecmp(v->options[k].name, name)) {
                if (rules_set_option(v, &trial[i], name, value, err, sizeof err)) {
                    io_line("info string error: %s", err);
                    return;
                }
                any = true;
            }
    }
    if (!any) {
        io_line("info string error: unknown option '%s'", name);
        return;
    }
    memcpy(u->stored, trial, sizeof(Rules) * (size_t)u->game_count);
    apply_stored_rules(u);
}

static void cmd_setoption(Usi *u, char *args) {
    args = skip_ws(args);
    if (!word_is(args, "name")) {
        io_line("info string error: setoption needs 'name <id> [value <x>]'");
        return;
    }
    char *name = skip_ws(args + 4);
    /* names may contain spaces: the name runs up to the word "value" */
    char *value = split_at_word(name, "value");
    value = value ? skip_ws(value) : name + strlen(name); /* button, or no value given */
    if (!*name) {
        io_line("info string error: setoption without an option name");
        return;
    }
    char err[256];
    const EngineOption *o = engine_option_find(name);
    if (!o)
        set_rule_option(u, name, value);
    else if (o->id == EOPT_HASH) { /* checked now, allocated at the next isready / usinewgame / go */
        int mb;
        if (engine_option_parse(o, name, value, &mb, err, sizeof err))
            io_line("info string error: %s", err);
        else
            u->hash_mb = mb;
    } else if (o->id == EOPT_VARIANT)
        set_variant(u, value);
    else if (engine_set_option(u->e, name, value, err, sizeof err))
        io_line("info string error: %s", err);
}

/* ---- position and go -------------------------------------------------------------------- */

static void cmd_position(Usi *u, char *args) {
    u->book_ponder = false; /* a pending book ponder was for the old position */
    args = skip_ws(args);
    char *moves = split_at_word(args, "moves");
    if (!word_is(args, "startpos") && !word_is(args, "sfen")) {
        io_line("info string error: position needs 'startpos' or 'sfen <sfen>'%s", *args ? ", not this" : "");
        return;
    }
    char err[256];
    if (word_is(args, "startpos") && skip_ws(args + 8)[0]) {
        io_line("info string error: unexpected text after startpos: %s", skip_ws(args + 8));
        return;
    }
    /* WHY checked first during a search: a bad position must not stop it (engine_set_position
     * stops it before it reads the text); with none running the text is read once */
    if ((engine_searching(u->e) && engine_check_position(u->e, args, err, sizeof err)) ||
        engine_set_position(u->e, args, err, sizeof err)) {
        io_line("info string error: %s", err);
        return;
    }
    if (!moves) return;
    /* Play the moves one by one; the first bad one ends the list (protocols.md A.2). */
    for (char *save = NULL, *tok = strtok_r(moves, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
        if (engine_play_move(u->e, tok, NOTATION_USI, NULL, err, sizeof err)) {
            io_line("info string illegal move %s", tok);
            return;
        }
    }
}

/* A `go` parameter's range (docs/usi.md, "go parameters"). A number outside it, past 64 bits
 * included, gets an error line and is moved to the nearest end (`clamp`) or ignored. */
typedef struct {
    long long lo, hi;
    bool clamp;
    bool clock; /* a negative value is a clock at 0, no error (see go_number) */
} GoRange;

enum { GO_NO_NUMBER, GO_NUMBER, GO_IGNORED };

/* Read a `go` parameter's number into *out; GO_NO_NUMBER or GO_IGNORED (with an error line)
 * leave the parameter unset. WHY nothing refuses the search: a GUI waits for its bestmove.
 * WHY a negative clock is no error: a GUI whose clock ran below zero sends `btime -120`;
 * that is our clock at 0 (as XBoard's `time`), not bad input. */
static int go_number(char **save, const char *what, GoRange r, long long *out) {
    char *tok = strtok_r(NULL, " \t", save);
    if (!tok) {
        io_line("info string error: go %s needs a number", what);
        return GO_NO_NUMBER;
    }
    char *end;
    errno = 0;
    long long x = strtoll(tok, &end, 10);
    if (*end || end == tok) {
        io_line("info string error: go %s: '%s' is not a number", what, tok);
        return GO_NO_NUMBER;
    }
    if (errno != ERANGE && x < 0 && r.clock) x = 0;
    if (errno != ERANGE && x >= r.lo && x <= r.hi) {
        *out = x;
        return GO_NUMBER;
    }
    long long near = x < r.lo ? r.lo : r.hi;
    if (!r.clamp) {
        io_line("info string error: go %s: '%s' is out of range (%lld to %lld), ignored", what, tok, r.lo, r.hi);
        return GO_IGNORED;
    }
    io_line("info string error: go %s: '%s' is out of range (%lld to %lld), %lld is used", what, tok, r.lo, r.hi, near);
    *out = near;
    return GO_NUMBER;
}

static void cmd_go(Usi *u, char *args, const Reporter *rep) {
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.time[BLACK] = l.time[WHITE] = -1;
    char *save = NULL;
    long long x;
    /* times in ms are capped at 10^9 (11 days) without a word: clamp_ms */
    const GoRange clocks = {0, LLONG_MAX, true, true}, times = {0, LLONG_MAX, true, false},
                  positive = {1, LLONG_MAX, true, false};
    for (char *tok = strtok_r(args, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
        if (!strcmp(tok, "infinite"))
            l.infinite = true;
        else if (!strcmp(tok, "ponder"))
            l.ponder = true;
        else if (!strcmp(tok, "mate")) {
            char *peek = save ? skip_ws(save) : NULL;
            if (peek && word_is(peek, "infinite")) {
                strtok_r(NULL, " \t", &save);
                l.mate = -1;
            } else
                l.mate = go_number(&save, tok, positive, &x) == GO_NUMBER ? clamp_ms(x) : -1;
        } else if (!strcmp(tok, "btime") || !strcmp(tok, "wtime")) {
            if (go_number(&save, tok, clocks, &x) == GO_NUMBER) l.time[tok[0] == 'b' ? BLACK : WHITE] = clamp_ms(x);
        } else if (!strcmp(tok, "binc") || !strcmp(tok, "winc")) {
            if (go_number(&save, tok, times, &x) == GO_NUMBER) l.inc[tok[0] == 'b' ? BLACK : WHITE] = clamp_ms(x);
        } else if (!strcmp(tok, "byoyomi")) {
            if (go_number(&save, tok, times, &x) == GO_NUMBER) l.byoyomi = clamp_ms(x);
        } else if (!strcmp(tok, "movetime")) {
            if (go_number(&save, tok, positive, &x) == GO_NUMBER) l.movetime = clamp_ms(x);
        } else if (!strcmp(tok, "movestogo")) {
            /* WHY ignored and not moved to 1: "1 move to go" would spend the whole clock */
            GoRange mtg = {1, LLONG_MAX, false, false};
            if (go_number(&save, tok, mtg, &x) == GO_NUMBER) l.moves_to_go = clamp_ms(x);
        } else if (!strcmp(tok, "depth")) {
            GoRange depth = {1, MAX_PLY - 1, true, false};
            if (go_number(&save, tok, depth, &x) == GO_NUMBER) l.depth = (int)x;
        } else if (!strcmp(tok, "nodes")) {
            if (go_number(&save, tok, positive, &x) == GO_NUMBER) l.nodes = (uint64_t)x;
        } else
            io_line("info string error: unknown go parameter '%s' (ignored)", tok);
    }
    /* a byoyomi alone (no main time given) still means "this much per move" */
    if (l.byoyomi > 0 && l.time[BLACK] < 0 && l.time[WHITE] < 0) l.time[BLACK] = l.time[WHITE] = 0;
    apply_hash(u);
    if (engine_searching(u->e)) { /* as engine_go would: the running search ends first */
        engine_stop(u->e);
        engine_wait(u->e);
    }
    u->book_ponder = false;
    if (l.ponder && !l.infinite && !l.mate && book_slot_has_move(&u->book, u->e, rep)) {
        u->book_ponder = true; /* WHY no search: the book answers this position at ponderhit */
        u->ponder_limits = l;
        return;
    }
    if (book_slot_go(&u->book, u->e, &l, rep, NOTATION_USI)) return;
    engine_go(u->e, &l, rep);
}

/* `ponderhit` (or `stop`) after a `go ponder` the book answers: its move now, as a search would
 * have answered; should the book no longer answer, a search on the clock. */
static void finish_book_ponder(Usi *u, const Reporter *rep) {
    u->book_ponder = false;
    SearchLimits l = u->ponder_limits;
    l.ponder = false;
    if (!book_slot_go(&u->book, u->e, &l, rep, NOTATION_USI)) engine_go(u->e, &l, rep);
}

/* ---- the command loop ------------------------------------------------------------------- */

static Usi *usi_create(void) {
    Usi *u = calloc(1, sizeof *u);
    u->e = engine_create();
    u->scratch = malloc(sizeof *u->scratch);
    book_slot_init(&u->book);
    for (const Variant *const *v = variant_list(); *v && u->game_count < GAMES_MAX; v++)
        if ((*v)->protocols & PROTO_USI) {
            u->stored[u->game_count] = (*v)->defaults;
            u->games[u->game_count++] = *v;
        }
    u->hash_mb = u->hash_applied = engine_options[EOPT_HASH].def; /* engine_create's size */
    return u;
}

static void usi_destroy(Usi *u) {
    engine_stop(u->e);
    engine_wait(u->e);
    engine_destroy(u->e);
    free(u->scratch);
    book_slot_free(&u->book);
    free(u);
}

/* `gameover win|lose|draw`: anything else is reported (the search stops all the same). */
static void check_gameover(char *args) {
    static const char *const results[] = {"win", "lose", "draw"};
    args = skip_ws(args);
    for (size_t i = 0; i < sizeof results / sizeof *results; i++)
        if (!strcmp(args, results[i])) return;
    io_line("info string error: gameover takes win, lose or draw, not '%s'", args);
}

/* One command (its name and the rest of the line). */
static void usi_dispatch(Usi *u, const char *cmd, char *args, Reporter *rep) {
    if (!strcmp(cmd, "isready")) {
        apply_hash(u);
        if (!engine_searching(u->e)) book_slot_sync(&u->book, u->e, rep);
        engine_prepare(u->e, rep);
        io_line("readyok");
    } else if (!strcmp(cmd, "usi"))
        handshake(u);
    else if (!strcmp(cmd, "setoption"))
        cmd_setoption(u, args);
    else if (!strcmp(cmd, "usinewgame") || !strcmp(cmd, "ucinewgame")) { /* uci2wb sends the latter */
        u->book_ponder = false;
        engine_new_game(u->e);
        apply_hash(u);
    } else if (!strcmp(cmd, "position"))
        cmd_position(u, args);
    else if (!strcmp(cmd, "go"))
        cmd_go(u, args, rep);
    else if ((!strcmp(cmd, "stop") || !strcmp(cmd, "ponderhit")) && u->book_ponder)
        finish_book_ponder(u, rep);
    else if (!strcmp(cmd, "stop") || !strcmp(cmd, "gameover")) {
        if (!strcmp(cmd, "gameover")) check_gameover(args);
        u->book_ponder = false;
        engine_stop(u->e);
        engine_wait(u->e);
    } else if (!strcmp(cmd, "d")) /* debug: the position as a board diagram */
        print_diagram(engine_position(u->e), NOTATION_USI, "info string ");
    else if (!strcmp(cmd, "ponderhit"))
        engine_ponderhit(u->e);
    else
        io_line("info string error: unknown command '%s%s%s'", cmd, *args ? " " : "", args);
}

int usi_main(FILE *in, const char *first_line) {
    (void)first_line;
    Usi *u = usi_create();
    Reporter rep = {.user = u,
                    .on_info = usi_on_info,
                    .on_bestmove = usi_on_bestmove,
                    .on_mate = usi_on_mate,
                    .on_string = usi_on_string,
                    .on_mate_progress = usi_on_mate_progress};
    handshake(u);
    char *line = malloc(IO_LINE_MAX);
    IoLineFault fault;
    while (io_read_line(in, line, IO_LINE_MAX, &fault)) {
        if (fault == IO_LINE_OVERLONG) {
            io_line("info string error: line too long (more than %d characters), ignored", IO_LINE_MAX - 1);
            continue;
        }
        if (fault == IO_LINE_NUL) {
            io_line("info string error: line with a NUL byte, ignored: %.60s", line);
            continue;
        }
        char *cmd = skip_ws(line);
        if (!*cmd) continue;
        char *args = cmd;
        while (*args && *args != ' ' && *args != '\t') args++;
        if (*args) *args++ = 0;
        if (!strcmp(cmd, "quit")) break;
        usi_dispatch(u, cmd, args, &rep);
    }
    free(line);
    usi_destroy(u);
    return 0;
}
