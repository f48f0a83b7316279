/* line.c - mate_search (mate.h): df-pn proves or disproves the root without a depth limit,
 * a line is read from the proof, then depth-limited df-pn runs for every shorter odd length
 * (up to EXACT_MAX plies) so the reported mate is the shortest; the line is rebuilt under
 * tsume conventions (attacker shortest, defender longest, futile interpositions skipped)
 * and replayed before it is returned. */
#include "mate_int.h"

#include <stdlib.h>
#include <string.h>

#include "../search.h"

/* Longest mate the exact phase shortens. WHY a bound: each shorter length costs a full
 * bounded search; past this the proof's own line is reported (docs/mate.md). */
enum { EXACT_MAX = 41 };

/* Proven (1), disproven (0) or stopped (-1) with budget rem / free square fsq. */
static int prove(MateSolver *ms, int rem, int fsq, MateResult *r) {
    if (!dfpn_probe(ms, rem, fsq, r)) dfpn_solve(ms, rem, fsq, r);
    if (ms->aborted) return -1;
    return r->pn == 0;
}

/* Shortest budget (same parity as hi, from lo) under which the current node is proven, or
 * -1; -2 when stopped. */
static int shortest_budget(MateSolver *ms, int lo, int hi, int fsq) {
    for (int b = lo; b <= hi; b += 2) {
        MateResult r;
        int p = prove(ms, b, fsq, &r);
        if (p < 0) return -2;
        if (p) return b;
    }
    return -1;
}

/* Is the defender's drop (just made, attacker to move) futile: does taking the dropped piece,
 * checking, leave the defender mated within the defender's budget rem? */
static bool futile(MateSolver *ms, Move drop, int rem) {
    Position *pos = ms->pos;
    MoveList list;
    mate_gen(ms, rem - 1, move_to(drop), &list);
    for (int i = 0; i < list.size; i++) {
        Move m = list.moves[i];
        if (move_is_drop(m) || move_to(m) != move_to(drop)) continue;
        MateResult r;
        pos_do_move(pos, m);
        int p = prove(ms, rem, FREE_NONE, &r);
        pos_undo_move(pos);
        if (p == 1) return true;
    }
    return false;
}

static Move best_defence(MateSolver *ms, int rem, int *child_rem, int *child_free);

/* Does the defender's longest non-futile reply use the whole budget rem (the current node
 * just made by the attacker)? Not always: a drop that is futile under a larger budget and
 * a real defence under a smaller one makes the shortest budget exceed the longest defence,
 * and the line would come out shorter than the proven length. */
static bool budget_used(MateSolver *ms, int rem) {
    if (rem == 0) return true;
    int crem = -1, cfree = FREE_NONE;
    return best_defence(ms, rem, &crem, &cfree) && crem == rem - 1;
}

/* Attacker to move with budget rem (free square fsq): the move of the shortest mate whose
 * line uses its budget, and the budget its reply then has. */
static Move best_check(MateSolver *ms, int rem, int fsq, int *child_rem) {
    Position *pos = ms->pos;
    MoveList list;
    mate_gen(ms, rem, fsq, &list);
    Move best = MOVE_NONE;
    int best_total = 1 << 20;
    bool best_used = false;
    for (int i = 0; i < list.size && !ms->aborted; i++) {
        Move m = list.moves[i];
        int crem = mate_child_rem(ms, rem, fsq, m, true), step = crem > rem ? -1 : 1;
        pos_do_move(pos, m);
        int b = shortest_budget(ms, crem & 1, crem, FREE_NONE);
        bool used = b >= 0 && (b + step < best_total || !best_used) && budget_used(ms, b);
        pos_undo_move(pos);
        if (b >= 0 && (used > best_used || (used == best_used && b + step < best_total))) {
            best_total = b + step;
            best = m;
            best_used = used;
            *child_rem = b;
        }
    }
    return best;
}

/* Defender to move with budget rem: the longest non-futile defence, non-interpositions first
 * at equal length; MOVE_NONE when mated (nothing left but futile drops). */
static Move best_defence(MateSolver *ms, int rem, int *child_rem, int *child_free) {
    Position *pos = ms->pos;
    MoveList list;
    mate_gen(ms, rem, FREE_NONE, &list);
    Move best = MOVE_NONE;
    int longest = -(1 << 20);
    for (int i = 0; i < list.size && !ms->aborted; i++) {
        Move m = list.moves[i];
        bool drop = move_is_drop(m);
        int fsq = drop ? move_to(m) : FREE_NONE;
        pos_do_move(pos, m);
        int b = drop && futile(ms, m, rem) ? -1 : shortest_budget(ms, (rem - 1) & 1 ? 1 : 0, rem - 1, fsq);
        pos_undo_move(pos);
        if (b < 0) continue;
        if (b > longest || (b == longest && move_is_drop(best) && !drop)) {
            longest = b;
            best = m;
            *child_rem = b;
            *child_free = fsq;
        }
    }
    return best;
}

/* The line of a mate proven with budget d, into line[0..max). */
static int extract_exact(MateSolver *ms, int d, Move *line, int max) {
    Position *pos = ms->pos;
    int n = 0, rem = d, fsq = FREE_NONE;
    while (n + 1 <= max && !ms->aborted) {
        int crem = 0, cfree = FREE_NONE;
        Move m = best_check(ms, rem, fsq, &crem);
        if (!m) break;
        line[n++] = m;
        pos_do_move(pos, m);
        if (n + 1 > max) break;
        Move r = best_defence(ms, crem, &rem, &cfree);
        if (!r) break;
        line[n++] = r;
        pos_do_move(pos, r);
        fsq = cfree;
    }
    for (int i = 0; i < n; i++) pos_undo_move(pos);
    return n;
}

/* Length of the attacker's proven check m (0 when it mates at once), -1 if not known proven. */
static int check_len(MateSolver *ms, Move m) {
    MateResult r;
    pos_do_move(ms->pos, m);
    int len = movegen_count(ms->pos) == 0 ? 0 : dfpn_probe(ms, REM_NONE, FREE_NONE, &r) && r.pn == 0 ? r.len : -1;
    pos_undo_move(ms->pos);
    return len;
}

/* Attacker to move: the proven check with the shortest proof (the node is searched again
 * when its proof fell out of the table). */
static Move proof_check(MateSolver *ms, const MoveList *list) {
    for (int attempt = 0; attempt < 2 && !ms->aborted; attempt++) {
        Move best = MOVE_NONE;
        int best_len = 1 << 20;
        for (int i = 0; i < list->size; i++) {
            int len = check_len(ms, list->moves[i]);
            if (len >= 0 && len < best_len) {
                best_len = len;
                best = list->moves[i];
            }
        }
        if (best) return best;
        MateResult r;
        if (prove(ms, REM_NONE, FREE_NONE, &r) != 1) break;
    }
    return MOVE_NONE;
}

/* Defender to move: the reply with the longest proof, non-interpositions first. */
static Move proof_defence(MateSolver *ms, const MoveList *list) {
    Move best = MOVE_NONE;
    int best_len = -1;
    for (int i = 0; i < list->size && !ms->aborted; i++) {
        Move m = list->moves[i];
        MateResult r;
        pos_do_move(ms->pos, m);
        int len = prove(ms, REM_NONE, FREE_NONE, &r) == 1 ? r.len : -1;
        pos_undo_move(ms->pos);
        if (len > best_len || (len == best_len && len >= 0 && move_is_drop(best) && !move_is_drop(m))) {
            best_len = len;
            best = m;
        }
    }
    return best_len >= 0 ? best : MOVE_NONE;
}

/* Follow the unlimited proof: shortest proven check, longest proven reply. */
static int extract_proof(MateSolver *ms, Move *line, int max) {
    Position *pos = ms->pos;
    int n = 0;
    MoveList *list = malloc(sizeof *list);
    while (list && n < max && !ms->aborted) {
        mate_gen(ms, REM_NONE, FREE_NONE, list);
        bool attacker = pos->stm == ms->attacker;
        if (!list->size || (n > 0 && pos_repetitions(pos) > 0)) break;
        Move best = attacker ? proof_check(ms, list) : proof_defence(ms, list);
        if (!best) break;
        line[n++] = best;
        pos_do_move(pos, best);
    }
    free(list);
    for (int i = 0; i < n; i++) pos_undo_move(pos);
    return n;
}

bool mate_line_valid(Position *pos, const Move *line, int length) {
    int done = 0;
    bool ok = length % 2 == 1;
    for (; ok && done < length; done++) {
        if (!movegen_is_legal(pos, line[done])) {
            ok = false;
            break;
        }
        pos_do_move(pos, line[done]);
        if (done % 2 == 0 && !pos_in_check(pos)) ok = false;
    }
    if (ok) {
        MoveList list;
        movegen_legal(pos, &list);
        ok = pos_in_check(pos);
        for (int i = 0; i < list.size && ok; i++) ok = move_is_drop(list.moves[i]);
    }
    while (done-- > 0) pos_undo_move(pos);
    return ok;
}

static int solver_init(MateSolver *ms, Position *pos, MateControl *c) {
    memset(ms, 0, sizeof *ms);
    ms->pos = pos;
    ms->c = c;
    ms->attacker = pos->stm;
    const Variant *v = pos->v;
    /* WHY these exclusions: with nana's mate ban a bigger hand can forbid a mating move, so
     * more pieces in hand is not always better and hands must match exactly. */
    ms->dominate = v->drops && !v->no_mate_with_hand && !pos->rules.no_stalemate_with_hand &&
                   pos->t->hand_type_count <= MATE_HAND_SLOTS;
    ms->store_rep = true;
    ms->start_ms = now_ms();
    ms->next_report_ms = ms->start_ms + 1000;
    if (mtt_init(&ms->tt, c->hash_mb) < 0) return -1;
    ms->tt.hand_slots = ms->dominate ? pos->t->hand_type_count : 0;
    ms->path = calloc(HISTORY_MAX + (1 << 16) / 4, sizeof(uint64_t));
    ms->gen = malloc(sizeof *ms->gen);
    ms->scratch = malloc(sizeof *ms->scratch);
    return ms->path && ms->gen && ms->scratch ? 0 : -1;
}

static void solver_free(MateSolver *ms) {
    ms->c->hashfull = ms->tt.e ? mtt_hashfull(&ms->tt) : 0;
    if (ms->c->on_progress) { /* the final figures */
        MateProgress p = {.nodes = ms->c->nodes, .time_ms = now_ms() - ms->start_ms, .hashfull = ms->c->hashfull};
        ms->c->on_progress(ms->c->user, &p);
    }
    mtt_free(&ms->tt);
    free(ms->path);
    free(ms->gen);
    free(ms->scratch);
    free(ms->kids);
}

/* Shorter mates than the proof's line of length len: the first odd budget that proves. */
static int shorten(MateSolver *ms, int len, int max_plies, Move *line, int line_max) {
    int top = len - 2 < max_plies ? len - 2 : max_plies;
    if (top > EXACT_MAX) top = EXACT_MAX;
    for (int d = 1; d <= top && !ms->aborted; d += 2) {
        MateResult r;
        if (prove(ms, d, FREE_NONE, &r) != 1) continue;
        int n = extract_exact(ms, d, line, line_max);
        if (!ms->aborted && mate_line_valid(ms->pos, line, n)) return n;
    }
    return -1;
}

MateStatus mate_search(Position *pos, MateControl *c, Move *line, int line_max, int *length) {
    *length = 0;
    c->nodes = 0;
    if (pos->v->check_allowed) return MATE_UNSUPPORTED;
    int max_plies = c->max_plies > 0 ? c->max_plies : 1 << 20;
    MateSolver ms;
    if (solver_init(&ms, pos, c) < 0) {
        solver_free(&ms);
        return MATE_TIMEOUT;
    }
    MateResult r;
    if (max_plies <= EXACT_MAX) { /* a bounded question: the bounded searches answer it */
        int m = shorten(&ms, max_plies + 2, max_plies, line, line_max);
        *length = m > 0 ? m : 0;
        MateStatus st = m > 0 ? MATE_FOUND : ms.aborted ? MATE_TIMEOUT : MATE_NONE;
        solver_free(&ms);
        return st;
    }
    dfpn_solve(&ms, REM_NONE, FREE_NONE, &r);
    if (!ms.aborted && r.dn == 0 && (r.flags & ENT_REP)) { /* GHI: retry without path-dependent results */
        mtt_clear_rep(&ms.tt);
        ms.store_rep = false;
        dfpn_solve(&ms, REM_NONE, FREE_NONE, &r);
    }
    MateStatus status = ms.aborted ? MATE_TIMEOUT : MATE_NONE;
    if (!ms.aborted && r.pn == 0) {
        Move *buf = malloc((size_t)line_max * sizeof *buf);
        int n = buf ? extract_proof(&ms, buf, line_max) : 0;
        bool valid = n > 0 && mate_line_valid(pos, buf, n);
        int m = shorten(&ms, valid ? n : EXACT_MAX + 2, max_plies, line, line_max);
        if (m > 0)
            *length = m;
        else if (valid && n <= max_plies) {
            memcpy(line, buf, (size_t)n * sizeof *buf);
            *length = n;
        }
        status = *length ? MATE_FOUND : ms.aborted ? MATE_TIMEOUT : MATE_NONE;
        free(buf);
    }
    solver_free(&ms);
    return status;
}
