/* timeman.c - time allocation. WHY the margins: GUIs forfeit on the first millisecond over,
 * and the process may be descheduled on a loaded machine, so we aim well inside the clock. */
#include "timeman.h"

enum { MARGIN_MS = 250, MIN_THINK_MS = 10 };

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

TimeBudget tm_budget(const SearchLimits *limits, Color us) {
    TimeBudget b = {-1, -1};
    if (limits->infinite || limits->ponder) return b; /* ponder: budget set at ponderhit */
    if (limits->movetime > 0) {
        b.soft_ms = b.hard_ms = max64(MIN_THINK_MS, limits->movetime - MARGIN_MS);
        return b;
    }
    int64_t left = limits->time[us], inc = limits->inc[us], byo = limits->byoyomi;
    if (left < 0 && byo <= 0) return b; /* no clock at all: depth/nodes limits or infinite */
    if (left < 0) left = 0;
    int mtg = limits->moves_to_go > 0 ? limits->moves_to_go : 40;
    if (mtg > 40) mtg = 40;
    /* what we may spend in total on this move without losing on time */
    int64_t available = max64(MIN_THINK_MS, left + byo - MARGIN_MS);
    int64_t target = left / mtg + inc * 3 / 4 + byo * 9 / 10;
    b.soft_ms = min64(available, max64(MIN_THINK_MS, target));
    b.hard_ms =
        min64(available, max64(b.soft_ms, byo > 0 ? left / 8 + byo - MARGIN_MS : min64(target * 2, left / 4 + inc)));
    if (b.hard_ms < b.soft_ms) b.hard_ms = b.soft_ms;
    /* WHY half: the next iteration usually costs more than all earlier ones together, so
     * one started after half the target would overrun it (sudden-death games lost on time
     * under XBoard with the whole target as the threshold). */
    b.soft_ms = max64(MIN_THINK_MS, b.soft_ms / 2);
    return b;
}
