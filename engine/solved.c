/* solved.c - see solved.h. */
#include "solved.h"

#include <stdio.h>
#include <string.h>

#include "../src/movegen.h"

static void note(const Reporter *r, const char *text) {
    if (r && r->on_string) r->on_string(r->user, text);
}

static void slot_fill(SolvedSlot *slot, const Variant *v) {
    solved_slot_free(slot);
    slot->variant = v;
    SolveIndex ix;
    char err[256], path[1024];
    slot->solvable = solve_index_init(&ix, v, 1ull << 32, err, sizeof err) == 0;
    if (!slot->solvable) return;
    solve_index_free(&ix);
    if (solve_table_find(v, path, sizeof path)) {
        snprintf(slot->note, sizeof slot->note, "no solved table: %s; using the search", path);
        return;
    }
    if (solve_table_read(&slot->table, v, path, err, sizeof err)) {
        snprintf(slot->note, sizeof slot->note, "error: %s; using the search", err);
        return;
    }
    slot->loaded = true;
    snprintf(slot->note, sizeof slot->note, "solved table %s", path);
}

const SolvedTable *solved_slot_get(SolvedSlot *slot, const Variant *v, const Rules *rules, const Reporter *r) {
    if (slot->variant != v) slot_fill(slot, v);
    if (!slot->solvable) return NULL;
    if (!slot->noted) {
        note(r, slot->note);
        slot->noted = true;
    }
    if (!slot->loaded) return NULL;
    if (memcmp(rules, &v->defaults, sizeof *rules)) {
        note(r, "rule options differ from the game's defaults: solved table not used, searching");
        return NULL;
    }
    return &slot->table;
}

void solved_slot_free(SolvedSlot *slot) {
    if (slot->loaded) solved_free(&slot->table);
    memset(slot, 0, sizeof *slot);
}

static void answer_mate(const SolvedTable *t, Position *root, const Reporter *r) {
    static _Thread_local Move line[SOLVE_DIST_MAX + 1];
    uint8_t b = solved_probe(t, root);
    if (!r->on_mate) return;
    if (!solve_is_win(b)) {
        r->on_mate(r->user, MATE_NONE, NULL, 0, root);
        return;
    }
    int n = solved_line(t, root, MOVE_NONE, line, solve_distance(b));
    r->on_mate(r->user, MATE_FOUND, line, n, root);
}

bool solved_answer(const SolvedTable *t, Position *root, const SearchLimits *limits, int multipv, const Reporter *r) {
    static _Thread_local SolvedMove moves[MOVES_MAX];
    static _Thread_local Move line[SOLVE_DIST_MAX + 1];
    if (limits->infinite || limits->ponder || limits->exclude_count) return false;
    uint8_t b = solved_probe(t, root);
    if (b == SOLVE_ILLEGAL) return false;
    if (limits->mate) {
        answer_mate(t, root, r);
        return true;
    }
    int n = solved_root_moves(t, root, moves);
    for (int i = 0; i < n && i < multipv && r->on_info; i++) {
        int d = moves[i].value ? solve_distance(moves[i].value) : 0;
        int len = solved_line(t, root, moves[i].move, line, moves[i].value ? d : 16);
        SearchInfo in = {.depth = d > 0 ? d : 1,
                         .seldepth = len,
                         .multipv = i + 1,
                         .score = solved_score(moves[i].value, 0),
                         .bound = BOUND_EXACT,
                         .pv_length = len,
                         .pv = line,
                         .root = root};
        r->on_info(r->user, &in);
    }
    BestMove bm = {.kind = n ? BEST_MOVE : BEST_RESIGN,
                   .best = n ? moves[0].move : MOVE_NONE,
                   .score = n ? solved_score(moves[0].value, 0) : -VALUE_MATE,
                   .root = root};
    if (n) {
        int len = solved_line(t, root, moves[0].move, line, 2);
        bm.ponder = len > 1 ? line[1] : MOVE_NONE;
    }
    if (r->on_bestmove) r->on_bestmove(r->user, &bm);
    return true;
}
