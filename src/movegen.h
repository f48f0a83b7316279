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
/* The game's verdict on the current position (mate, stalemate, repetition, bare king,
 * royal capture ...), seen from the side to move. reason gets a short English phrase. */
GameResult pos_game_result(Position *pos, char *reason, size_t len);

#endif
