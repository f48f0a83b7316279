/* xboard.c - the XBoard/CECP v2 front end (shared/rules/protocols.md part B): reads commands,
 * drives the EngineContext, answers in CECP's forms. The search runs on the engine's thread;
 * this input loop stays free for ping, `?`, `.` and quit. Knows no game by name: names, setup
 * lines and options come from the descriptors (xboard_out.c).
 * Bad input never changes the game: every error has its CECP reply (STYLE.md 7). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../engine/options.h"
#include "../engine/search.h" /* now_ms */
#include "../src/movegen.h"
#include "common.h"
#include "io.h"
#include "protocols.h"
#include "xboard_int.h"

/* ---- the game and the search ----------------------------------------------------------------- */

/* Analyze mode looks this long for a forced mate before the game search (docs/xboard.md). */
enum { XB_MATE_PROBE_MS = 500 };

/* A new start position (new game, game switch, setboard): nothing left of the last one. */
static void reset_game_state(XBoard *xb) {
    xb->game_over = false;
    xb->excluded_count = 0;
    xb->leg[0] = 0;
}

/* Play the move the search printed, if the GUI has seen one we have not played yet.
 * Returns true if it did; the search's predicted reply is then in next_ponder. */
static bool sync_pending(XBoard *xb) {
    pthread_mutex_lock(&xb->lock);
    bool p = xb->pending;
    Move m = xb->pending_move;
    if (p) xb->next_ponder = xb->pending_ponder;
    xb->pending = false;
    pthread_mutex_unlock(&xb->lock);
    if (!p) return false;
    engine_wait(xb->e);
    atomic_store(&xb->mode, XB_SEARCH_NONE);
    xb->last_think_ms = now_ms() - xb->think_start_ms;
    engine_play(xb->e, m);
    xb->excluded_count = 0;
    char reason[128]; /* the claim, if any, went out with the move */
    copy_position(xb->mpos, engine_position(xb->e));
    if (pos_game_result(xb->mpos, reason, sizeof reason) != RESULT_NONE) xb->game_over = true;
    return true;
}

/* Stop any search without playing its move (unless it was already printed). */
static void halt(XBoard *xb) {
    if (engine_searching(xb->e)) {
        atomic_store(&xb->discard, true);
        engine_stop(xb->e);
        engine_wait(xb->e);
        atomic_store(&xb->discard, false);
    }
    if (xb->pondering) { /* take the predicted move back */
        engine_undo(xb->e, 1);
        xb->pondering = false;
        xb->book_ponder = false;
    }
    atomic_store(&xb->mode, XB_SEARCH_NONE);
    sync_pending(xb);
    if (atomic_exchange(&xb->resigned, false)) xb->game_over = true;
}

/* The rules' verdict on the current position; claims it when the game is over. */
static bool check_game_end(XBoard *xb) {
    char reason[128];
    copy_position(xb->mpos, engine_position(xb->e));
    GameResult r = pos_game_result(xb->mpos, reason, sizeof reason);
    if (r == RESULT_NONE) return false;
    xb->game_over = true;
    xb_print_claim(xb->mpos, r, reason);
    return true;
}

static void start_search(XBoard *xb, bool analysis, bool ponder) {
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.time[BLACK] = l.time[WHITE] = -1;
    const Position *pos = engine_position(xb->e);
    Color us = pos->stm;
    if (analysis) {
        l.infinite = true;
        l.mate_probe = XB_MATE_PROBE_MS;
        l.exclude_count = xb->excluded_count;
        memcpy(l.exclude, xb->excluded, sizeof(Move) * (size_t)xb->excluded_count);
    } else {
        if (xb->sd > 0) l.depth = xb->sd;
        /* WHY the overhead: XBoard's clock also runs while our move travels through pipes
         * and while a loaded machine has not scheduled us yet (docs/xboard.md). */
        int64_t overhead = xb->overhead_ms;
        if (xb->st_ms > 0)
            l.movetime = (int)(xb->st_ms - (overhead < xb->st_ms / 4 ? overhead : xb->st_ms / 4));
        else {
            int64_t own = xb->own_cs >= 0 ? xb->own_cs * 10 : xb->base_ms;
            if (ponder) own -= xb->last_think_ms; /* `time` came before our last move */
            l.time[us] = clamp_ms(own - overhead);
            l.time[color_flip(us)] = clamp_ms(xb->opp_cs >= 0 ? xb->opp_cs * 10LL : xb->base_ms);
            l.inc[BLACK] = l.inc[WHITE] = clamp_ms(xb->inc_ms);
            if (xb->mps > 0) {
                int done = (pos->move_number - 1 + pos->sp) / 2;
                l.moves_to_go = xb->mps - done % xb->mps;
            }
        }
    }
    l.ponder = ponder;
    xb->think_start_ms = now_ms();
    atomic_store(&xb->mode, analysis ? XB_SEARCH_ANALYZE : XB_SEARCH_PLAY);
    Reporter r = xb_reporter(xb);
    if (ponder && book_slot_has_move(&xb->book, xb->e, &r)) {
        xb->book_ponder = true; /* WHY no search: the book answers this position at the ponder hit */
        return;
    }
    /* A book move goes out as the search's would: `move` (and thinking output when `post` is
     * on); the input loop then plays it as any other. Analysis and pondering never use it. */
    if (book_slot_go(&xb->book, xb->e, &l, &r, NOTATION_XBOARD)) return;
    engine_go(xb->e, &l, &r);
}

/* After anything that changed the position: claim a finished game, else think if it is our
 * turn, or re-start the analysis. */
static void after_position_change(XBoard *xb) {
    xb->excluded_count = 0;
    if (xb->analyze) {
        start_search(xb, true, false);
        return;
    }
    if (check_game_end(xb)) return;
    if (!xb->force && engine_position(xb->e)->stm == xb->engine_color) start_search(xb, false, false);
}

/* After our own move: think on the opponent's time about the reply the search predicted,
 * with that reply played on the board (taken back by halt() unless the GUI sends it). */
static void maybe_ponder(XBoard *xb) {
    Move predicted = xb->next_ponder;
    xb->next_ponder = MOVE_NONE;
    if (!xb->ponder_on || xb->force || xb->analyze || xb->game_over || predicted == MOVE_NONE) return;
    copy_position(xb->mpos, engine_position(xb->e));
    if (xb->mpos->stm == xb->engine_color || !movegen_is_legal(xb->mpos, predicted)) return;
    engine_play(xb->e, predicted);
    char reason[128];
    copy_position(xb->mpos, engine_position(xb->e));
    if (pos_game_result(xb->mpos, reason, sizeof reason) != RESULT_NONE) {
        engine_undo(xb->e, 1);
        return;
    }
    xb->pondering = true;
    xb->ponder_move = predicted;
    start_search(xb, false, true);
}

/* Before a setting the search reads changes (memory, cores, an engine or rule option): no
 * search may run. WHY not halt() alone: a search dropped that way was never started again, so
 * `memory 32` or `option MultiPV=2` while the engine thought on its move left the game without
 * our move, and during `analyze` ended the analysis. A search for our move ends as `?` ends it
 * (its move goes out and is played); a ponder search is dropped (the game goes on without it).
 * Returns true if our move was played; resume_search() then goes on as after any move. */
static bool settle_search(XBoard *xb) {
    if (atomic_load(&xb->mode) == XB_SEARCH_PLAY && !xb->pondering && engine_searching(xb->e)) {
        engine_stop(xb->e);
        engine_wait(xb->e); /* the move is printed and left pending: halt() plays it */
    }
    pthread_mutex_lock(&xb->lock);
    bool moved = xb->pending;
    pthread_mutex_unlock(&xb->lock);
    halt(xb);
    return moved;
}

/* After the change settle_search() made room for: the analysis again, or pondering after the
 * move it played. */
static void resume_search(XBoard *xb, bool moved) {
    if (xb->analyze)
        start_search(xb, true, false);
    else if (moved)
        maybe_ponder(xb);
}

/* ---- options ------------------------------------------------------------------------------- */

static bool game_has_option(const Variant *v, const char *name) {
    for (int k = 0; k < v->option_count; k++)
        if (!strcasecmp(v->options[k].name, name)) return true;
    return false;
}

static void reapply_options(XBoard *xb) {
    char err[256];
    for (int i = 0; i < xb->saved_count; i++)
        if (game_has_option(engine_variant(xb->e), xb->saved[i].name))
            engine_set_option(xb->e, xb->saved[i].name, xb->saved[i].value, err, sizeof err);
}

/* `option NAME=VALUE` for an engine option: Move overhead, a row of the engine option table
 * XBoard sets by feature, or a row no protocol announces (BookSeed, a knob for tests). */
static void set_engine_option(XBoard *xb, const char *name, const char *value) {
    char err[256];
    long ms;
    const EngineOption *o = engine_option_find(name);
    if (!strcasecmp(name, XB_OVERHEAD_OPTION)) {
        if (parse_long(value, 0, 5000, &ms))
            xb->overhead_ms = ms;
        else
            io_line("Error (bad option value): %s must be from 0 to 5000 ms, not '%s'", name, value);
    } else if (o && (o->xboard == EOPT_XB_FEATURE || (o->xboard == EOPT_XB_NONE && !o->usi_name))) {
        int x; /* a bad value changes nothing, the running search included */
        if (o->type != EOPT_STRING && o->type != EOPT_GAME &&
            engine_option_parse(o, name, value, &x, err, sizeof err)) {
            io_line("Error (bad option value): %s", err);
            return;
        }
        bool moved = settle_search(xb);
        if (engine_set_option(xb->e, name, value, err, sizeof err)) io_line("Error (bad option value): %s", err);
        resume_search(xb, moved);
    } else
        io_line("Error (unknown option): %s", name);
}

/* `option NAME=VALUE`: a rule option of any offered game (kept for when that game is
 * chosen), or an engine option. */
static void cmd_option(XBoard *xb, const char *arg) {
    char name[128], err[256];
    const char *eq = strchr(arg, '=');
    const char *value = eq ? eq + 1 : "";
    size_t nlen = eq ? (size_t)(eq - arg) : strlen(arg);
    if (nlen == 0 || nlen >= sizeof name) {
        io_line("Error (bad option): option %s", arg);
        return;
    }
    memcpy(name, arg, nlen);
    name[nlen] = 0;
    bool rule = false;
    for (const Variant *const *vp = variant_list(); *vp; vp++) {
        if (!xb_variant_offered(*vp) || !game_has_option(*vp, name)) continue;
        Rules scratch = (*vp)->defaults;
        if (rules_set_option(*vp, &scratch, name, value, err, sizeof err)) {
            io_line("Error (bad option value): %s", err);
            return;
        }
        rule = true;
    }
    if (!rule) {
        set_engine_option(xb, name, value); /* a path may be longer than a saved rule value */
        return;
    }
    if (strlen(value) >= sizeof xb->saved[0].value) {
        io_line("Error (bad option): option %s", arg);
        return;
    }
    int i = 0;
    while (i < xb->saved_count && strcasecmp(xb->saved[i].name, name)) i++;
    if (i == XB_SAVED_MAX) {
        io_line("Error (too many options): %s", name);
        return;
    }
    if (i == xb->saved_count) xb->saved_count++;
    snprintf(xb->saved[i].name, sizeof xb->saved[i].name, "%s", name);
    snprintf(xb->saved[i].value, sizeof xb->saved[i].value, "%s", value);
    if (game_has_option(engine_variant(xb->e), name)) {
        bool moved = settle_search(xb);
        engine_set_option(xb->e, name, value, err, sizeof err);
        resume_search(xb, moved);
    }
}

/* ---- commands ------------------------------------------------------------------------------- */

static int set_variant(XBoard *xb, const Variant *v) {
    char err[256];
    halt(xb);
    if (engine_set_variant(xb->e, v, err, sizeof err)) {
        io_line("Error (variant): %s", err);
        return -1;
    }
    reapply_options(xb);
    reset_game_state(xb);
    return 0;
}

/* `new`: the default game's start position. WHY deferred: XBoard follows `new` with
 * `variant X` at once, and switching games twice would clear the hash table twice, which
 * costs tenths of a second that the GUI counts against our first move. */
static void cmd_new(XBoard *xb) {
    char err[256];
    halt(xb);
    engine_set_position(xb->e, "startpos", err, sizeof err);
    engine_new_game(xb->e);
    xb->new_pending = engine_variant(xb->e) != xb_default_variant();
    reset_game_state(xb);
    xb->force = false;
    xb->engine_color = WHITE; /* XBoard's black: the second mover */
    xb->sd = 0;
    xb->own_cs = xb->opp_cs = -1;
    if (xb->analyze) start_search(xb, true, false);
}

/* A `new` not followed by `variant`: now switch to the default game. */
static void settle_new(XBoard *xb) {
    if (!xb->new_pending) return;
    xb->new_pending = false;
    set_variant(xb, xb_default_variant());
    if (xb->analyze) start_search(xb, true, false);
}

static void cmd_variant(XBoard *xb, const char *name) {
    const Variant *v = xb_variant_find(name);
    if (!v) {
        io_line("Error (unsupported variant): %s", name);
        settle_new(xb);
        return;
    }
    xb->new_pending = false;
    char err[256];
    if (v == engine_variant(xb->e)) {
        halt(xb);
        engine_set_position(xb->e, "startpos", err, sizeof err);
        reset_game_state(xb);
    } else if (set_variant(xb, v))
        return;
    xb_send_setup(v, engine_position(xb->e));
    if (xb->analyze)
        start_search(xb, true, false);
    else {
        Reporter r = xb_reporter(xb);
        engine_prepare(xb->e, &r);
    }
}

/* HaChu's first leg "f5f6,": two squares and the comma (else malformed, 1), the start of a
 * legal move of two legs in the position it is for (else illegal, 2); 0 if good. WHY: a first
 * leg no piece can make ("c3c4," in shogi, a pawn's step in chu) was kept without a word and
 * glued to the next usermove, which was then refused. A second leg is a king step from the
 * first one's square or that square itself (src/notation.c), so nine texts decide it. */
static int first_leg_fault(XBoard *xb, const char *text) {
    const char *p = text;
    const Variant *v = engine_variant(xb->e);
    int mid = xb_square_read(v, &p) < 0 ? -1 : xb_square_read(v, &p);
    if (mid < 0 || strcmp(p, ",")) return 1;
    copy_position(xb->mpos, engine_position(xb->e));
    if (xb->pondering) pos_undo_move(xb->mpos);
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int x = sq_x(v, mid) + dx, y = sq_y(v, mid) + dy;
            if (x < 0 || x >= v->files || y < 0 || y >= v->ranks) continue;
            char full[80], from[8], to[8], err[256];
            Move m;
            xb_square_format(v, mid, from, sizeof from);
            xb_square_format(v, y * v->files + x, to, sizeof to);
            snprintf(full, sizeof full, "%s%s%s", text, from, to);
            if (move_parse_result(xb->mpos, full, NOTATION_XBOARD, &m, err, sizeof err) == MOVE_PARSE_OK) return 0;
        }
    return 2;
}

/* Refuse a move that is no move in the position it is for (before the predicted reply while
 * pondering) with its CECP reply, leaving a running search or analysis alone: bad input
 * changes nothing (docs/xboard.md). Else *m is the move in that position. */
static bool usermove_refused(XBoard *xb, const char *full, Move *m) {
    char err[256];
    if (xb->game_over && !xb->analyze) {
        io_line("Illegal move (game is over): %s", full);
        return true;
    }
    copy_position(xb->mpos, engine_position(xb->e));
    if (xb->pondering) pos_undo_move(xb->mpos);
    MoveParseResult r = move_parse_result(xb->mpos, full, NOTATION_XBOARD, m, err, sizeof err);
    if (r == MOVE_PARSE_OK) return false;
    io_line(r == MOVE_PARSE_MALFORMED ? "Illegal move (malformed): %s" : "Illegal move: %s", full);
    return true;
}

static void cmd_usermove(XBoard *xb, const char *text) {
    char full[128], err[256];
    size_t len = strlen(text);
    if (len == 0 || len >= 60) {
        io_line("Illegal move (malformed): %s", text);
        return;
    }
    /* HaChu sends a two-leg move as two lines: "f5f6," then "f6f7" (chu.md 4). */
    if (xb->leg[0] && strchr(text, ',')) { /* a new move of its own: the kept leg was never finished */
        io_line("Illegal move (first leg without a second): %s", xb->leg);
        xb->leg[0] = 0;
    }
    if (strchr(text, ',') == text + len - 1) {
        int fault = first_leg_fault(xb, text);
        if (!fault)
            snprintf(xb->leg, sizeof xb->leg, "%s", text);
        else
            io_line(fault == 1 ? "Illegal move (malformed): %s" : "Illegal move: %s", text);
        return;
    }
    if (xb->leg[0] && !strchr(text, ','))
        snprintf(full, sizeof full, "%s%s", xb->leg, text);
    else
        snprintf(full, sizeof full, "%s", text);
    xb->leg[0] = 0;
    Move m;
    if (usermove_refused(xb, full, &m)) return;
    if (xb->pondering && m == xb->ponder_move) { /* the predicted reply: the ponder search goes on */
        xb->pondering = false;
        xb->think_start_ms = now_ms();
        if (xb->book_ponder) { /* the book's move now (or a search, should it have none) */
            xb->book_ponder = false;
            start_search(xb, false, false);
        } else
            engine_ponderhit(xb->e);
        return;
    }
    halt(xb);
    if (xb->game_over && !xb->analyze) {
        io_line("Illegal move (game is over): %s", full);
        return;
    }
    if (engine_play_move(xb->e, full, NOTATION_XBOARD, NULL, err, sizeof err)) {
        if (!strncmp(err, "malformed", 9))
            io_line("Illegal move (malformed): %s", full);
        else if (!strncmp(err, "illegal", 7))
            io_line("Illegal move: %s", full);
        else
            io_line("Illegal move (%s): %s", err, full);
        return;
    }
    after_position_change(xb);
}

/* WHY the FEN checked before halt(): a bad one must leave everything as it was, the search
 * for our move or the analysis included (halted first, the engine never moved, and the
 * analysis stopped for good: scripts/protocol-stress.py, session 23). */
static void cmd_setboard(XBoard *xb, const char *fen) {
    char spec[IO_LINE_MAX + 8], err[256];
    snprintf(spec, sizeof spec, "fen %s", fen);
    if (!*fen || engine_check_position(xb->e, spec, err, sizeof err)) {
        io_line("tellusererror Illegal position");
        io_line("# setboard: %s", *fen ? err : "no FEN");
        return;
    }
    halt(xb);
    engine_set_position(xb->e, spec, err, sizeof err); /* checked above (out of memory: the old position stays) */
    reset_game_state(xb);
    if (xb->analyze) start_search(xb, true, false);
}

/* `undo` / `remove`: all the plies or none (the predicted reply of a ponder search is not
 * one of the game's). */
static void cmd_undo(XBoard *xb, int plies) {
    if (engine_position(xb->e)->sp - (xb->pondering ? 1 : 0) < plies) {
        io_line("Error (no move to take back): %s", plies == 1 ? "undo" : "remove");
        return;
    }
    halt(xb);
    xb->leg[0] = 0;
    if (engine_undo(xb->e, plies) > 0) xb->game_over = false;
    xb->excluded_count = 0;
    if (xb->analyze) start_search(xb, true, false);
}

static bool parse_seconds(const char *s, double lo, double hi, double *out) {
    char *end;
    double x = strtod(s, &end);
    if (end == s || *end || !(x >= lo && x <= hi)) return false;
    *out = x;
    return true;
}

/* `level MPS BASE INC`: BASE in minutes, "5" or "5:30"; INC in seconds. */
static void cmd_level(XBoard *xb, const char *line, const char *args) {
    char mps[32], base[32], inc[32], extra[8];
    long m, minutes, secs = 0;
    double incs;
    if (sscanf(args, "%31s %31s %31s %7s", mps, base, inc, extra) != 3 || !parse_long(mps, 0, 100000, &m)) {
        io_line("Error (bad level): %s", line);
        return;
    }
    char *colon = strchr(base, ':');
    if (colon) *colon = 0;
    if (!parse_long(base, 0, 100000, &minutes) || (colon && !parse_long(colon + 1, 0, 59, &secs)) ||
        !parse_seconds(inc, 0, 100000, &incs) || (minutes == 0 && secs == 0 && incs == 0)) { /* no time at all */
        io_line("Error (bad level): %s", line);
        return;
    }
    xb->mps = (int)m;
    xb->base_ms = (minutes * 60 + secs) * 1000;
    xb->inc_ms = (int64_t)(incs * 1000);
    xb->st_ms = 0;
}

/* `exclude MOVE|all`, `include MOVE|all` (analysis move filter). Only an analysis is halted
 * for it (and started again): outside `analyze` the list is only kept, and a search for our
 * move went on (halting it left the game without our move). */
static void cmd_exclude(XBoard *xb, const char *line, const char *arg, bool exclude) {
    copy_position(xb->mpos, engine_position(xb->e));
    if (xb->pondering) pos_undo_move(xb->mpos); /* the game's position, without the predicted reply */
    Move m = MOVE_NONE;
    char err[256];
    bool all = !strcmp(arg, "all");
    if (!all && move_parse(xb->mpos, arg, NOTATION_XBOARD, &m, err, sizeof err)) {
        io_line("Error (%s): %s", err, line); /* nothing changes, the running search included */
        return;
    }
    if (xb->analyze) halt(xb);
    if (all) {
        xb->excluded_count = 0;
        if (exclude) {
            MoveList *list = malloc(sizeof *list);
            movegen_legal(xb->mpos, list);
            for (int i = 0; i < list->size && xb->excluded_count < XB_EXCLUDE_MAX; i++)
                xb->excluded[xb->excluded_count++] = list->moves[i];
            free(list);
        }
    } else {
        int i = 0;
        while (i < xb->excluded_count && xb->excluded[i] != m) i++;
        if (exclude && i == xb->excluded_count && i < XB_EXCLUDE_MAX) xb->excluded[xb->excluded_count++] = m;
        if (!exclude && i < xb->excluded_count) xb->excluded[i] = xb->excluded[--xb->excluded_count];
    }
    if (xb->analyze) start_search(xb, true, false);
}

static void cmd_stat(XBoard *xb) {
    if (atomic_load(&xb->mode) != XB_SEARCH_ANALYZE || !engine_searching(xb->e)) return;
    uint64_t nodes;
    int64_t ms;
    int depth;
    engine_progress(xb->e, &nodes, &ms, &depth);
    copy_position(xb->mpos, engine_position(xb->e));
    io_line("stat01: %lld %llu %d 0 %llu", (long long)(ms / 10), (unsigned long long)nodes, depth,
            (unsigned long long)movegen_count(xb->mpos));
}

/* `go`: the engine plays the side to move. WHY refused after `result`: CECP's `result` ends
 * the game, and the engine then waits for `new`, `setboard`, `variant` or a take-back (`undo`,
 * `remove`); a search here put a move on a finished game. The refusal changes nothing (force
 * mode and the side stay). A game the rules ended claims its result again, as before. */
static void cmd_go(XBoard *xb) {
    halt(xb);
    char reason[128];
    copy_position(xb->mpos, engine_position(xb->e));
    if (xb->game_over && pos_game_result(xb->mpos, reason, sizeof reason) == RESULT_NONE) {
        io_line("Error (game is over): go");
        return;
    }
    xb->force = false;
    xb->engine_color = engine_position(xb->e)->stm;
    if (check_game_end(xb)) return;
    start_search(xb, false, false);
}

static int cmd_number(XBoard *xb, const char *line, const char *arg, const char *engine_name) {
    long x;
    char err[256];
    if (!parse_long(arg, 1, 1000000, &x)) {
        io_line("Error (bad argument): %s", line);
        return -1;
    }
    char num[32];
    snprintf(num, sizeof num, "%ld", x);
    bool moved = settle_search(xb);
    int rc = engine_set_option(xb->e, engine_name, num, err, sizeof err);
    if (rc) io_line("Error (%s): %s", err, line);
    resume_search(xb, moved);
    return rc ? -1 : 0;
}

/* One command's handler: the whole line (for error messages), its argument, its name. */
typedef void (*XbHandler)(XBoard *xb, const char *line, const char *arg, const char *cmd);

static void on_protover(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)xb, (void)line, (void)arg, (void)cmd;
    xb_send_features();
}

/* debug: the position as a board diagram, as comment lines */
static void on_d(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)arg, (void)cmd;
    print_diagram(engine_position(xb->e), NOTATION_XBOARD, "# ");
}

static void on_ping(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)cmd;
    Reporter r = xb_reporter(xb);
    engine_prepare(xb->e, &r); /* XBoard's ping before a game is USI's isready */
    io_line("pong %s", arg);
}

static void on_new(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)arg, (void)cmd;
    cmd_new(xb);
}

static void on_variant(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)cmd;
    cmd_variant(xb, arg);
}

static void on_force(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)arg, (void)cmd;
    halt(xb);
    xb->force = true;
}

static void on_go(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)arg, (void)cmd;
    cmd_go(xb);
}

static void on_playother(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)arg, (void)cmd;
    halt(xb);
    xb->force = false;
    xb->engine_color = color_flip(engine_position(xb->e)->stm);
}

static void on_usermove(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)cmd;
    cmd_usermove(xb, arg);
}

static void on_setboard(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)cmd;
    cmd_setboard(xb, arg);
}

/* `time N` / `otim N`: centiseconds on the engine's / the opponent's clock. */
static void on_clock(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    long x;
    if (!parse_long(arg, -100000000, 100000000, &x))
        io_line("Error (bad argument): %s", line);
    else if (cmd[0] == 't')
        xb->own_cs = (int)(x < 0 ? 0 : x);
    else
        xb->opp_cs = (int)(x < 0 ? 0 : x);
}

static void on_level(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)cmd;
    cmd_level(xb, line, arg);
}

static void on_st(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)cmd;
    double secs;
    if (!parse_seconds(arg, 0.001, 1e6, &secs))
        io_line("Error (bad argument): %s", line);
    else
        xb->st_ms = (int64_t)(secs * 1000);
}

static void on_sd(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)cmd;
    long x;
    if (!parse_long(arg, 1, MAX_PLY - 1, &x))
        io_line("Error (bad argument): %s", line);
    else
        xb->sd = (int)x;
}

static void on_result(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)arg, (void)cmd;
    halt(xb);
    xb->game_over = true;
    xb->force = true;
}

/* `undo` takes back one ply, `remove` two. */
static void on_undo(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)arg;
    cmd_undo(xb, cmd[0] == 'u' ? 1 : 2);
}

static void on_hard(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)arg, (void)cmd;
    xb->ponder_on = true;
}

static void on_easy(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)arg, (void)cmd;
    xb->ponder_on = false;
    if (xb->pondering) halt(xb);
}

/* `post` / `nopost` */
static void on_post(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)arg;
    atomic_store(&xb->post, cmd[0] == 'p');
}

static void on_analyze(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)arg, (void)cmd;
    halt(xb);
    xb->analyze = true;
    start_search(xb, true, false);
}

static void on_leave_analyze(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)arg, (void)cmd;
    if (!xb->analyze) return; /* WHY: halting here dropped a search for our move for good */
    halt(xb);
    xb->analyze = false;
}

static void on_stat(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)arg, (void)cmd;
    cmd_stat(xb);
}

/* `?`: move now (not while pondering: the ponder search is no move of ours). */
static void on_move_now(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)arg, (void)cmd;
    if (atomic_load(&xb->mode) == XB_SEARCH_PLAY && !xb->pondering) engine_stop(xb->e);
}

/* `exclude` / `include` */
static void on_exclude(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    cmd_exclude(xb, line, arg, cmd[0] == 'e');
}

static void on_memory(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)cmd;
    if ((!*arg || strcmp(arg, xb->memory)) &&
        !cmd_number(xb, line, arg, engine_option_for_xboard(EOPT_XB_MEMORY)->name))
        snprintf(xb->memory, sizeof xb->memory, "%.15s", arg);
}

static void on_cores(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)cmd;
    cmd_number(xb, line, arg, engine_option_for_xboard(EOPT_XB_CORES)->name);
}

static void on_option(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)line, (void)cmd;
    cmd_option(xb, arg);
}

/* Commands XBoard may send that need no action here. */
static void on_ignored(XBoard *xb, const char *line, const char *arg, const char *cmd) {
    (void)xb, (void)line, (void)arg, (void)cmd;
}

static const struct {
    const char *name;
    XbHandler fn;
} commands[] = {
    {"protover", on_protover},
    {"d", on_d},
    {"ping", on_ping},
    {"new", on_new},
    {"variant", on_variant},
    {"force", on_force},
    {"go", on_go},
    {"playother", on_playother},
    {"usermove", on_usermove},
    {"setboard", on_setboard},
    {"time", on_clock},
    {"otim", on_clock},
    {"level", on_level},
    {"st", on_st},
    {"sd", on_sd},
    {"result", on_result},
    {"undo", on_undo},
    {"remove", on_undo},
    {"hard", on_hard},
    {"easy", on_easy},
    {"post", on_post},
    {"nopost", on_post},
    {"analyze", on_analyze},
    {"exit", on_leave_analyze},
    {".", on_stat},
    {"?", on_move_now},
    {"exclude", on_exclude},
    {"include", on_exclude},
    {"memory", on_memory},
    {"cores", on_cores},
    {"option", on_option},
    {"xboard", on_ignored},
    {"accepted", on_ignored},
    {"rejected", on_ignored},
    {"computer", on_ignored},
    {"name", on_ignored},
    {"rating", on_ignored},
    {"random", on_ignored},
    {"nps", on_ignored},
    {"lift", on_ignored},
    {"put", on_ignored},
    {"hover", on_ignored},
    {"hint", on_ignored},
    {"bk", on_ignored},
    {"draw", on_ignored},
};

/* Handle one command line. Returns false on quit. */
static bool dispatch(XBoard *xb, char *line) {
    char *p = line;
    while (*p == ' ' || *p == '\t') p++;
    if (!*p) return true;
    char cmd[32];
    size_t n = 0;
    while (p[n] && p[n] != ' ' && p[n] != '\t' && n < sizeof cmd - 1) cmd[n] = p[n], n++;
    cmd[n] = 0;
    const char *arg = p + n;
    while (*arg == ' ' || *arg == '\t') arg++;
    if (strcmp(cmd, "variant")) settle_new(xb);
    if (!strcmp(cmd, "quit")) return false;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(cmd, commands[i].name)) {
            commands[i].fn(xb, p, arg, cmd);
            return true;
        }
    io_line("Error (unknown command): %s", p);
    return true;
}

int xboard_main(FILE *in, const char *first_line) {
    (void)first_line;
    XBoard *xb = calloc(1, sizeof *xb);
    xb->in = in;
    xb->mpos = malloc(sizeof *xb->mpos);
    xb->spos = malloc(sizeof *xb->spos);
    book_slot_init(&xb->book);
    pthread_mutex_init(&xb->lock, NULL);
    xb->e = engine_create();
    xb->mps = 40;
    xb->overhead_ms = XB_OVERHEAD_DEFAULT;
    xb->base_ms = 5 * 60 * 1000;
    xb->own_cs = xb->opp_cs = -1;
    xb->engine_color = WHITE;
    set_variant(xb, xb_default_variant());
    if (xb_input_start(xb)) {
        io_line("Error (start-up): cannot start the input thread");
        return 2;
    }
    for (;;) {
        XBLine l;
        XBWait w = xb_input_wait(xb, &l);
        if (w == XB_WAIT_EOF) break;
        if (sync_pending(xb)) maybe_ponder(xb);
        if (w == XB_WAIT_MOVE) continue;
        bool go_on = true;
        if (l.fault == IO_LINE_OVERLONG)
            io_line("Error (line too long): %.60s...", l.text);
        else if (l.fault == IO_LINE_NUL)
            io_line("Error (NUL byte in the line): %.60s", l.text);
        else
            go_on = dispatch(xb, l.text);
        free(l.text);
        if (!go_on) break;
    }
    halt(xb);
    engine_destroy(xb->e);
    free(xb->mpos);
    free(xb->spos);
    book_slot_free(&xb->book);
    /* WHY xb itself is freed only when input has ended: before that the reader thread may
     * still sit in read() and will touch the queue if a line arrives (the process ends now and
     * takes everything with it). After end of input the reader has let go of xb, so a session
     * run in-process (tests/fuzz/) leaves nothing behind. */
    pthread_mutex_lock(&xb->lock);
    bool reader_done = xb->eof;
    pthread_mutex_unlock(&xb->lock);
    if (reader_done) {
        for (; xb->queued; xb->queued--, xb->queue_head = (xb->queue_head + 1) % XB_QUEUE_MAX)
            free(xb->queue[xb->queue_head].text);
        pthread_cond_destroy(&xb->wake);
        pthread_cond_destroy(&xb->room);
        pthread_mutex_destroy(&xb->lock);
        free(xb);
    }
    return 0;
}
