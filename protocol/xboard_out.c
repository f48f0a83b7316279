/* xboard_out.c - what the XBoard front end prints that is built from data: the feature
 * list (variants and options from the descriptors), setup/piece lines of engine-defined
 * variants, result claims, and the reporter callbacks (thinking lines, `move`).
 * Knows no game by name (shared/rules/protocols.md B.1, B.3). */
#include "xboard_int.h"

#include <stdlib.h>
#include <string.h>

#include "../engine/options.h"
#include "../src/movegen.h"
#include "../src/strbuf.h"
#include "common.h"
#include "io.h"

/* Is v offered under XBoard, and does `name` select it? Engine-defined games (with a
 * `setup` line) also answer to their aliases; XBoard's built-in games only to their own name,
 * because XBoard would treat any other name as a game it must be told the rules of. */
bool xb_variant_offered(const Variant *v) { return v->xboard_name && (v->protocols & PROTO_XBOARD); }

const Variant *xb_variant_find(const char *name) {
    const Variant *v = variant_find(name);
    if (!v || !xb_variant_offered(v)) return NULL;
    return v;
}

const Variant *xb_default_variant(void) {
    for (const Variant *const *v = variant_list(); *v; v++)
        if (xb_variant_offered(*v) && (*v)->xboard_default) return *v;
    for (const Variant *const *v = variant_list(); *v; v++)
        if (xb_variant_offered(*v)) return *v;
    return variant_list()[0];
}

static void append_names(StrBuf *b, const Variant *v) {
    strbuf_printf(b, "%s%s", b->len ? "," : "", v->xboard_name);
    if (v->xboard_setup && v->aliases) {
        char names[256];
        snprintf(names, sizeof names, "%s", v->aliases);
        for (char *save, *tok = strtok_r(names, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
            strbuf_printf(b, ",%s", tok);
    }
}

/* An option line in the form of protocols.md B.1; each rule option once even if several
 * games offer it (its default is then the first game's). */
static void feature_rule_options(void) {
    const char *seen[64];
    int nseen = 0;
    for (const Variant *const *vp = variant_list(); *vp; vp++) {
        const Variant *v = *vp;
        if (!xb_variant_offered(v)) continue;
        for (int k = 0; k < v->option_count; k++) {
            const RuleOption *o = &v->options[k];
            bool dup = false;
            for (int i = 0; i < nseen; i++) dup |= !strcmp(seen[i], o->name);
            if (dup || nseen == 64) continue;
            seen[nseen++] = o->name;
            int val = *(const int *)((const char *)&v->defaults + o->offset);
            if (o->type == OPT_CHECK) {
                io_line("feature option=\"%s -check %d\"", o->name, val ? 1 : 0);
                continue;
            }
            char line[512];
            StrBuf b = strbuf_init(line, sizeof line);
            strbuf_printf(&b, "feature option=\"%s -combo", o->name);
            for (int c = 0; c < 4 && o->choices[c]; c++)
                strbuf_printf(&b, "%s %s%s", c ? " ///" : "", o->values[c] == val ? "*" : "", o->choices[c]);
            io_line("%s\"", line);
        }
    }
}

/* A row of the engine option table as a `feature option=` line (protocols.md B.1). */
static void feature_engine_option(const EngineOption *o) {
    char line[512];
    StrBuf b = strbuf_init(line, sizeof line);
    strbuf_printf(&b, "feature option=\"%s", o->name);
    switch (o->type) {
    case EOPT_SPIN: strbuf_printf(&b, " -spin %d %d %d", o->def, o->min, o->max); break;
    case EOPT_CHECK: strbuf_printf(&b, " -check %d", o->def); break;
    case EOPT_STRING: strbuf_printf(&b, " -file "); break;
    case EOPT_COMBO:
        strbuf_printf(&b, " -combo");
        for (int c = 0; o->choices[c]; c++)
            strbuf_printf(&b, "%s %s%s", c ? " ///" : "", c == o->def ? "*" : "", o->choices[c]);
        break;
    case EOPT_GAME: return; /* XBoard chooses the game with `variant` */
    }
    io_line("%s\"", line);
}

void xb_send_features(void) {
    io_line("feature done=0");
    io_line("feature myname=\"%s %s\" ping=1 setboard=1 usermove=1 playother=1 colors=0 sigint=0 sigterm=0 "
            "reuse=1 analyze=1 memory=1 smp=1 debug=1 exclude=1 pause=0 nps=0 highlight=0 time=1 draw=1 san=0",
            SHISHI_NAME, SHISHI_VERSION);
    char names[1024];
    StrBuf b = strbuf_init(names, sizeof names);
    const Variant *def = xb_default_variant();
    if (xb_variant_offered(def)) append_names(&b, def);
    for (const Variant *const *v = variant_list(); *v; v++)
        if (*v != def && xb_variant_offered(*v)) append_names(&b, *v);
    io_line("feature variants=\"%s\"", names);
    feature_rule_options();
    for (int i = 0; i < EOPT_COUNT; i++)
        if (engine_options[i].xboard == EOPT_XB_FEATURE) feature_engine_option(&engine_options[i]);
    io_line("feature option=\"%s -spin %d 0 5000\"", XB_OVERHEAD_OPTION, XB_OVERHEAD_DEFAULT);
    io_line("feature done=1");
}

/* wa.md 5: `setup (table) WxH+H_parent <start board> w 0 1`, then one `piece` line per type. */
void xb_send_setup(const Variant *v, const Position *start) {
    if (!v->xboard_setup) return;
    char board[512];
    pos_board_string(start, board, sizeof board);
    io_line("setup %s %s w 0 1", v->xboard_setup, board);
    for (const char *const *p = v->xboard_pieces; p && *p; p++) io_line("piece %s", *p);
}

/* `1-0 {...}` and friends: r is seen from the side to move of pos. XBoard's "white" (1-0) is
 * the first mover, our Black (protocols.md B). */
void xb_print_claim(const Position *pos, GameResult r, const char *reason) {
    if (r == RESULT_DRAW) {
        io_line("1/2-1/2 {Draw by %s}", reason[0] ? reason : "rule");
        return;
    }
    Color winner = r == RESULT_WIN ? pos->stm : color_flip(pos->stm);
    io_line("%s {%s wins by %s}", winner == BLACK ? "1-0" : "0-1", winner == BLACK ? "Sente" : "Gote",
            reason[0] ? reason : "rule");
}

/* ---- reporter callbacks (run on the search thread) ------------------------------------------ */

static void xb_on_info(void *user, const SearchInfo *info) {
    XBoard *xb = user;
    if (!atomic_load(&xb->post) && atomic_load(&xb->mode) != XB_SEARCH_ANALYZE) return;
    if (info->bound != BOUND_EXACT) return;
    int score = info->score;
    if (info->mate_plies > 0)
        score = 100000 + (info->mate_plies + 1) / 2;
    else if (score >= VALUE_MATE_IN_MAX)
        score = 100000 + (VALUE_MATE - score + 1) / 2;
    else if (score <= -VALUE_MATE_IN_MAX)
        score = -100000 - (VALUE_MATE + score) / 2;
    char pv[4096];
    format_moves(xb->spos, info->root, info->pv, info->pv_length, NOTATION_XBOARD, pv, sizeof pv);
    io_line("%d %d %lld %llu%s%s", info->depth, score, (long long)(info->time_ms / 10), (unsigned long long)info->nodes,
            pv[0] ? " " : "", pv);
}

static void xb_on_bestmove(void *user, const BestMove *bm) {
    XBoard *xb = user;
    if (atomic_load(&xb->discard) || atomic_load(&xb->mode) != XB_SEARCH_PLAY) return;
    if (bm->kind != BEST_MOVE || bm->best == MOVE_NONE) {
        atomic_store(&xb->resigned, true);
        io_line("resign");
        return;
    }
    char m[64], reason[128];
    move_format(bm->root, bm->best, NOTATION_XBOARD, m, sizeof m);
    Position *p = xb->spos;
    copy_position(p, bm->root);
    pos_do_move(p, bm->best);
    GameResult r = pos_game_result(p, reason, sizeof reason);
    if (r == RESULT_NONE && p->v->check_allowed && bb_any(pos_compute_checkers(p, bm->root->stm))) {
        /* WHY: chu allows leaving one's royal attacked (rules-chu.md), but XBoard 4.9.1 applies
         * the check rule to chu and forfeits such a move. The search plays one only when every
         * move loses the royal anyway, so resigning gives the same result without a forfeit. */
        atomic_store(&xb->resigned, true);
        io_line("resign");
        return;
    }
    /* WHY before printing: the GUI's answer to `move` may arrive at once, and the input
     * thread must find the move to apply before it handles that answer. */
    pthread_mutex_lock(&xb->lock);
    xb->pending_move = bm->best;
    xb->pending_ponder = bm->ponder;
    xb->pending = true;
    pthread_cond_broadcast(&xb->wake);
    pthread_mutex_unlock(&xb->lock);
    io_line("move %s", m);
    if (r != RESULT_NONE) xb_print_claim(p, r, reason);
}

static void xb_on_string(void *user, const char *text) {
    (void)user;
    io_line("# %s", text);
}

Reporter xb_reporter(XBoard *xb) {
    Reporter r = {.user = xb, .on_info = xb_on_info, .on_bestmove = xb_on_bestmove, .on_string = xb_on_string};
    return r;
}
