/* movegen.h - one generic legal-move generator driven by the variant descriptor.
 * Steps, slides, jumps, lion double moves, passes, drops, every promotion rule, and each
 * game's legality rules (check, pins, nifu, drop mate, drop check, lion trading ...).
 * Knows no game by name and never prints. */
#ifndef SHISHI_MOVEGEN_H
#define SHISHI_MOVEGEN_H

#include "position.h"

struct MoveList {
    int size;
    Move moves[MOVES_MAX];
};

/* All legal moves of the side to move. The position is used as scratch for rules that need
 * a trial move (drop mate, nana's mate ban) and is restored before returning. */
void movegen_legal(Position *pos, MoveList *list);
/* Number of legal moves, without building the list where the rules allow (perft leaves). */
uint64_t movegen_count(Position *pos);
/* Is m one of the legal moves? */
bool movegen_is_legal(Position *pos, Move m);
/* Exactly movegen_is_legal(pos, m) for any 32-bit m (TT and killer moves from other positions),
 * without generating the list in the common cases (a board move or a drop). */
bool movegen_is_pseudo_legal(Position *pos, Move m);

/* Generation stages. CAPTURES and QUIETS are disjoint subsets of movegen_legal and together
 * equal it in every position (in check too). */
typedef enum {
    GEN_CAPTURES,       /* legal moves that capture (destination or middle square holds an enemy piece,
                           lion double moves and igui that capture), in every promotion choice, plus
                           non-capturing moves with MF_PROMO set */
    GEN_QUIETS,         /* every other legal move: non-capturing non-MF_PROMO board moves, drops, passes */
    GEN_EVASIONS,       /* all legal moves (for use when in check) */
    GEN_QUIET_CHECKS,   /* the legal GEN_QUIETS moves that give check (direct or discovered; checking drops) */
    GEN_CAPTURE_CHECKS, /* the legal GEN_CAPTURES moves that give check */
    GEN_ALL             /* same as movegen_legal */
} GenType;
/* The legal moves of one stage, under every rule movegen_legal applies (pos is scratch as there). */
void movegen_stage(Position *pos, GenType type, MoveList *list);
/* Every legal check: the GEN_CAPTURE_CHECKS moves, then the GEN_QUIET_CHECKS moves, each stage
 * in its own order, found on one pass's set-up. Returns the number of captures at the front. */
int movegen_checks(Position *pos, MoveList *list);
/* The game's verdict on the current position (mate, stalemate, repetition, bare king,
 * royal capture ...), seen from the side to move. reason gets a short English phrase. */
GameResult pos_game_result(Position *pos, char *reason, size_t len);
/* Only the bare-king rule's verdict (chu 6; RESULT_NONE when the rule is off or no royal is
 * bare): cheap enough for the search to ask at a node where a side has few pieces left. */
GameResult pos_bare_king_result(Position *pos);

#endif
