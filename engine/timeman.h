/* timeman.h - turns clock information into a time budget for one move. */
#ifndef SHISHI_TIMEMAN_H
#define SHISHI_TIMEMAN_H

#include "engine.h"

typedef struct {
    int64_t soft_ms; /* base of the stop-after-an-iteration test (-1 = no limit; = hard: use it all) */
    int64_t hard_ms; /* stop searching at this point (-1 = no limit) */
} TimeBudget;

/* Budget for side `us` under `limits`. Keeps a safety margin against time forfeits. */
TimeBudget tm_budget(const SearchLimits *limits, Color us);

#endif
