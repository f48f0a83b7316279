/* dispatch.c - the public entry points of the hot core: one branch per call on the board's
 * width class (VariantTables.narrow), then the matching instance. See core.h. */
#include "core.h"

#define DISPATCH(pos, call) ((pos)->t->narrow ? call##_narrow : call##_wide)

Bitboard pos_piece_attacks(const Position *pos, PieceType pt, Color c, int sq, Bitboard occ) {
    return DISPATCH(pos, pos_piece_attacks)(pos, pt, c, sq, occ);
}
Bitboard pos_attackers_to(const Position *pos, int sq, Color c, Bitboard occ) {
    return DISPATCH(pos, pos_attackers_to)(pos, sq, c, occ);
}
Bitboard pos_compute_checkers(const Position *pos, Color victim) {
    return DISPATCH(pos, pos_compute_checkers)(pos, victim);
}
void pos_do_move(Position *pos, Move m) { DISPATCH(pos, pos_do_move)(pos, m); }
void pos_undo_move(Position *pos) { DISPATCH(pos, pos_undo_move)(pos); }
void movegen_legal(Position *pos, MoveList *list) { DISPATCH(pos, movegen_legal)(pos, list); }
uint64_t movegen_count(Position *pos) { return DISPATCH(pos, movegen_count)(pos); }
bool movegen_is_legal(Position *pos, Move m) { return DISPATCH(pos, movegen_is_legal)(pos, m); }
bool movegen_is_pseudo_legal(Position *pos, Move m) { return DISPATCH(pos, movegen_is_pseudo_legal)(pos, m); }
void movegen_stage(Position *pos, GenType type, MoveList *list) { DISPATCH(pos, movegen_stage)(pos, type, list); }
int movegen_checks(Position *pos, MoveList *list) { return DISPATCH(pos, movegen_checks)(pos, list); }
bool pos_gives_check(const Position *pos, Move m) { return DISPATCH(pos, pos_gives_check)(pos, m); }
bool pos_gives_new_check(const Position *pos, Move m) { return DISPATCH(pos, pos_gives_new_check)(pos, m); }
bool pos_royal_attacked_after(const Position *pos, Move m) { return DISPATCH(pos, pos_royal_attacked_after)(pos, m); }
bool pos_royal_flees_after(const Position *pos, Move m) { return DISPATCH(pos, pos_royal_flees_after)(pos, m); }
Bitboard pos_royal_flights(const Position *pos) { return DISPATCH(pos, pos_royal_flights)(pos); }
GameResult pos_bare_king_result(Position *pos) { return DISPATCH(pos, pos_bare_king_result)(pos); }
GameResult pos_game_result(Position *pos, char *reason, size_t len) {
    return DISPATCH(pos, pos_game_result)(pos, reason, len);
}
