/* brute.c - mate_brute_search (mate.h), the first solver, kept as a test reference. WHY evasion counts for ordering: in
 * tsume the checks that leave the defender fewest replies are the ones most likely to mate, the idea behind proof
 * numbers, at the price of one count per check. */
#include "mate_int.h"

#include <stdlib.h>
#include <string.h>

#include "../../src/movegen.h"
#include "../search.h"

enum { MATE_TT_BITS = 18, DEPTH_NONE = 127, NODE_CHECK = 4095 };

typedef struct {
    Key key;
    int8_t proof; /* mate found within this many plies (DEPTH_NONE = unknown) */
    int8_t fail;  /* no mate within this many plies (-1 = unknown, DEPTH_NONE = never) */
} BruteEntry;

typedef struct {
    Position *pos;
    MateControl *c;
    BruteEntry *table;
    bool aborted;
    bool horizon; /* some line of the current subtree was cut by the depth limit */
} MateSearch;

static BruteEntry *entry(MateSearch *ms, Key key) {
    BruteEntry *e = &ms->table[key & ((1u << MATE_TT_BITS) - 1)];
    if (e->key != key) {
        e->key = key;
        e->proof = DEPTH_NONE;
        e->fail = -1;
    }
    return e;
}

static void tick(MateSearch *ms) {
    if ((++ms->c->nodes & NODE_CHECK) != 0) return;
    if (ms->c->stop && atomic_load(ms->c->stop)) ms->aborted = true;
    if (ms->c->deadline_ms >= 0 && now_ms() >= ms->c->deadline_ms) ms->aborted = true;
}

typedef struct {
    int size;
    Move moves[MOVES_MAX];
    int replies[MOVES_MAX];
} Checks;

/* The attacker's checking moves, fewest evasions first. */
static void gen_checks(Position *pos, Checks *out) {
    MoveList list;
    out->size = 0;
    if (mate_royal_lost(pos)) return; /* its last royal was taken (check_allowed games) */
    movegen_legal(pos, &list);
    for (int i = 0; i < list.size; i++) {
        pos_do_move(pos, list.moves[i]);
        if (mate_attacks_royal(pos)) {
            MoveList scratch;
            int n = (int)mate_reply_count(pos, &scratch), j = out->size++;
            while (j > 0 && out->replies[j - 1] > n) {
                out->moves[j] = out->moves[j - 1];
                out->replies[j] = out->replies[j - 1];
                j--;
            }
            out->moves[j] = list.moves[i];
            out->replies[j] = n;
        }
        pos_undo_move(pos);
    }
}

static bool defend(MateSearch *ms, int depth);

/* Can the side to move mate within depth plies (odd)? */
static bool attack(MateSearch *ms, int depth) {
    Position *pos = ms->pos;
    tick(ms);
    if (ms->aborted) return false;
    BruteEntry *e = entry(ms, pos_key(pos));
    if (e->proof <= depth) return true;
    if (e->fail >= depth) {
        if (e->fail != DEPTH_NONE) ms->horizon = true;
        return false;
    }
    if (pos->sp >= HISTORY_MAX - 2) {
        ms->horizon = true;
        return false;
    }
    Checks checks;
    gen_checks(pos, &checks);
    bool outer = ms->horizon, found = false;
    ms->horizon = false;
    bool mate1 = false;
    for (int i = 0; i < checks.size && !found && !ms->aborted; i++) {
        pos_do_move(pos, checks.moves[i]);
        found = checks.replies[i] == 0 || defend(ms, depth - 1);
        pos_undo_move(pos);
        if (found && (checks.replies[i] == 0 || depth == 1)) mate1 = true;
    }
    if (!found && depth < 3 && checks.size) ms->horizon = true;
    if (ms->aborted) return false;
    e = entry(ms, pos_key(pos)); /* the slot may have been reused below */
    if (found) {
        int p = mate1 ? 1 : depth;
        if (p < e->proof) e->proof = (int8_t)p;
    } else {
        int f = ms->horizon ? depth : DEPTH_NONE;
        if (f > e->fail) e->fail = (int8_t)f;
    }
    ms->horizon = ms->horizon || outer;
    return found;
}

/* Tsume convention (futile interpositions): a drop between the checker and the royal that
 * the attacker just captures, checking again, with the mate still coming within the same
 * number of plies without the taken piece (it goes back to the defender's hand for the test),
 * does not lengthen the mate and is not counted as a defence. */
static bool futile_drop(MateSearch *ms, Move drop, int depth) {
    Position *pos = ms->pos;
    if (!move_is_drop(drop)) return false;
    bool futile = false;
    pos_do_move(pos, drop);
    MoveList list;
    movegen_legal(pos, &list);
    for (int i = 0; i < list.size && !futile && !ms->aborted; i++) {
        Move m = list.moves[i];
        if (move_is_drop(m) || move_to(m) != move_to(drop)) continue;
        pos_do_move(pos, m);
        mate_hand_back(pos, color_flip(pos->stm)); /* the df-pn solver's futility test */
        futile = mate_attacks_royal(pos) && defend(ms, depth);
        mate_hand_back(pos, pos->stm);
        pos_undo_move(pos);
    }
    pos_undo_move(pos);
    return futile;
}

/* Is the side to move (in check) mated within depth plies (even, 0 = now), whatever it
 * plays? Futile interpositions are no defence. */
static bool defend(MateSearch *ms, int depth) {
    Position *pos = ms->pos;
    tick(ms);
    if (ms->aborted) return false;
    MoveList list;
    mate_replies(pos, &list);
    for (int i = 0; i < list.size; i++) {
        if (futile_drop(ms, list.moves[i], depth)) continue;
        if (depth < 2) return false;
        pos_do_move(pos, list.moves[i]);
        bool mated = attack(ms, depth - 1);
        pos_undo_move(pos);
        if (!mated || ms->aborted) return false;
    }
    return true;
}

/* Shortest mate (plies) from pos with the attacker to move, trying up to limit; 0 if none. */
static int shortest(MateSearch *ms, int limit) {
    for (int d = 1; d <= limit; d += 2)
        if (attack(ms, d)) return d;
    return 0;
}

/* Write the mating line: shortest mate for the attacker, longest resistance for the defender. */
static int extract(MateSearch *ms, int depth, Move *line, int max) {
    Position *pos = ms->pos;
    int n = 0, plies = 0;
    while (n + 2 <= max && depth >= 1 && !ms->aborted) {
        int d = shortest(ms, depth);
        if (!d) break;
        Checks checks;
        gen_checks(pos, &checks);
        Move chosen = MOVE_NONE;
        for (int i = 0; i < checks.size && !chosen; i++) {
            pos_do_move(pos, checks.moves[i]);
            if (checks.replies[i] == 0 || defend(ms, d - 1)) chosen = checks.moves[i];
            pos_undo_move(pos);
        }
        if (!chosen) break;
        line[n++] = chosen;
        pos_do_move(pos, chosen);
        plies++;
        MoveList list;
        mate_replies(pos, &list);
        Move longest = MOVE_NONE;
        int best = -1;
        for (int i = 0; i < list.size; i++) {
            if (futile_drop(ms, list.moves[i], d - 1)) continue;
            pos_do_move(pos, list.moves[i]);
            int len = shortest(ms, d - 2);
            pos_undo_move(pos);
            if (len > best) {
                best = len;
                longest = list.moves[i];
            }
        }
        if (!longest) break; /* mated (only futile interpositions left) */
        line[n++] = longest;
        pos_do_move(pos, longest);
        plies++;
        depth = best > 0 ? best : d - 2;
    }
    while (plies-- > 0) pos_undo_move(pos);
    return n;
}

MateStatus mate_brute_search(Position *pos, MateControl *c, Move *line, int *length) {
    *length = 0;
    c->nodes = 0;
    int max = c->max_plies > 0 ? c->max_plies : MATE_MAX_PLIES;
    if (max > MATE_MAX_PLIES) max = MATE_MAX_PLIES;
    MateSearch ms = {.pos = pos, .c = c};
    ms.table = calloc((size_t)1 << MATE_TT_BITS, sizeof *ms.table);
    if (!ms.table) return MATE_TIMEOUT;
    MateStatus status = MATE_NONE;
    for (int d = 1; d <= max; d += 2) {
        ms.horizon = false;
        if (attack(&ms, d)) {
            *length = extract(&ms, d, line, MAX_PLY);
            status = ms.aborted ? MATE_TIMEOUT : MATE_FOUND;
            break;
        }
        if (ms.aborted) {
            status = MATE_TIMEOUT;
            break;
        }
        if (!ms.horizon) break; /* every line ended before the limit: no mate at all */
    }
    free(ms.table);
    return status;
}
