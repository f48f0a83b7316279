/* declare.h - entering-king declaration (jishogi / impasse) as a generic rule.
 * The rule in force is pos->rules.impasse (IMPASSE_*); the data it reads are the promotion
 * zone of the side to move and PieceDef.impasse_points. Knows no game by name; a game whose
 * pieces carry no points (or that has no zone) can never declare. docs/rules.md, "Declaration". */
#ifndef SHISHI_DECLARE_H
#define SHISHI_DECLARE_H

#include "position.h"

/* What the declaration test saw, for messages and tests. */
typedef struct {
    bool royal_in_zone; /* the side to move's single royal stands in its promotion zone */
    bool in_check;
    int pieces_in_zone; /* own non-royal pieces on the board inside the zone */
    int points;         /* impasse points of those pieces plus every piece in hand */
    int points_needed;  /* for the rule in force and the side to move; 0 = no rule */
} DeclarationInfo;

/* Fill *info (may be NULL) and return true when the side to move may declare a win now
 * under pos->rules.impasse. Clock conditions ("time remains") are the caller's business. */
bool pos_declaration_win(const Position *pos, DeclarationInfo *info);

#endif
