/* mate.h - a simple tsume (mate) solver for USI `go mate`: iterative deepening over odd
 * plies, an AND/OR proof search where the attacker plays only checking moves and the
 * defender every legal evasion, with a small proof/disproof cache. Knows no game by name;
 * games where royals may be left in check (descriptor check_allowed) are not supported. */
#ifndef SHISHI_MATE_H
#define SHISHI_MATE_H

#include <stdatomic.h>

#include "engine.h"

enum { MATE_MAX_PLIES = 63 };

typedef struct {
    const atomic_bool *stop; /* may be NULL; checked every few thousand nodes */
    int64_t deadline_ms;     /* absolute now_ms() deadline, -1 = none */
    int max_plies;           /* longest mate looked for (odd), 0 = MATE_MAX_PLIES */
    uint64_t nodes;          /* out: nodes visited */
} MateControl;

/* Search the side to move's forced mate in pos (restored on return). MATE_FOUND fills
 * line[0..*length) (at most MAX_PLY moves): the shortest mate with the longest defence.
 * MATE_NONE: no mate exists, or none within max_plies. MATE_TIMEOUT: stopped or out of
 * time. MATE_UNSUPPORTED: the game has no checkmate (check_allowed). */
MateStatus mate_search(Position *pos, MateControl *c, Move *line, int *length);

#endif
