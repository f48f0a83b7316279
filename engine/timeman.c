/* timeman.c - time allocation per clock kind. WHY the margins: GUIs forfeit on the first
 * millisecond over, and the process may be descheduled on a loaded machine, so we aim inside
 * the clock by a margin that grows with the time at stake (a fixed 250 ms wasted half of a
 * 500 ms byoyomi). The search stretches or shrinks the soft limit by how stable its best
 * move and score are (search.c, time_is_up); the hard limit is never passed. */
#include "timeman.h"

enum {
    MARGIN_MIN_MS = 50,
    MARGIN_MAX_MS = 250,
    MIN_THINK_MS = 10,
    MTG_DEFAULT = 40,
    RESERVE_INCS = 5,
    RESERVE_MAX_MS = 1000
};

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* Safety margin for a move that may use at most `at_stake` ms. */
static int64_t margin(int64_t at_stake) { return min64(MARGIN_MAX_MS, max64(MARGIN_MIN_MS, at_stake / 10)); }

TimeBudget tm_budget(const SearchLimits *limits, Color us) {
    TimeBudget b = {-1, -1};
    if (limits->infinite || limits->ponder) return b; /* ponder: budget set at ponderhit */
    if (limits->movetime > 0) {
        /* a fixed time per move: use all of it */
        b.soft_ms = b.hard_ms = max64(MIN_THINK_MS, limits->movetime - margin(limits->movetime));
        return b;
    }
    int64_t left = limits->time[us], inc = limits->inc[us], byo = limits->byoyomi;
    if (left < 0 && byo <= 0) return b; /* no clock at all: depth/nodes limits or infinite */
    if (left < 0) left = 0;
    int64_t available = max64(MIN_THINK_MS, left + byo - margin(left + byo));
    if (byo > 0 && left < byo) {
        /* byoyomi (nearly) alone: time not used is lost, so think until the hard limit */
        b.soft_ms = b.hard_ms = available;
        return b;
    }
    int mtg = limits->moves_to_go > 0 ? limits->moves_to_go : MTG_DEFAULT;
    if (mtg > MTG_DEFAULT) mtg = MTG_DEFAULT;
    /* WHY the whole increment in the target and three quarters of it as the soft limit: a
     * search stops at the end of the first iteration past the soft limit, and those overruns
     * make a move cost about 1.4 times the soft limit on average. With half the target as
     * the soft limit and 3/4 of the increment in it, moves at 1 s + 0.05 s cost about 45 ms,
     * less than the increment: the main time was never spent and Fairy-Stockfish, spending
     * its own, won 29 of 37 games (the soak, docs/reliability.md). */
    /* WHY a reserve under an increment: the main time was spent down to the margin, after
     * which each move lived on the increment with about 150 ms on the clock, and one move in
     * a thousand arrives 50-270 ms later than the search stopped (a busy machine; measured on
     * a 100-game match at 10 s + 0.1 s, one game lost on time while winning). Allocating
     * only the clock above 5 increments (1 s at most) keeps that much in hand, and below it
     * a move may use 9/10 of the increment, so the clock climbs back. Costs 5% of the main
     * time at 10 s + 0.1 s. */
    int64_t reserve = byo <= 0 && inc > 0 ? min64(RESERVE_MAX_MS, inc * RESERVE_INCS) : 0;
    int64_t usable = max64(0, left - reserve);
    int64_t target = usable / mtg + inc + byo * 9 / 10;
    b.soft_ms = min64(available, max64(MIN_THINK_MS, target * 3 / 4));
    int64_t hard = byo > 0 ? left / 8 + byo : min64(target * 3, usable / 4 + inc);
    if (reserve && left < reserve) hard = min64(hard, inc * 9 / 10);
    b.hard_ms = min64(available, max64(b.soft_ms, hard));
    return b;
}
