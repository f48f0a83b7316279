/* core.h - the hot core (attacks, make/unmake, move generation, game verdict) in two widths.
 * WHY: bitboards are stored with 3 words so one Position type holds chu's 144 squares, but
 * the boards of shogi, micro, nana and wa fit in 2. src/core/makemove.c and movegen.c are
 * compiled twice: core_narrow.c with BB_ACTIVE 2 (operations touch 2 words) and
 * core_wide.c with every word. The public functions (position.h, movegen.h) dispatch once
 * per call on VariantTables.narrow, a compiled property of the board size; inside an
 * instance every call stays in that instance. docs/performance.md has the measurement. */
#ifndef SHISHI_CORE_H
#define SHISHI_CORE_H

#include "movegen.h"

#define CORE_DECLARE(sfx)                                                                                              \
    Bitboard pos_piece_attacks_##sfx(const Position *pos, PieceType pt, Color c, int sq, Bitboard occ);                \
    Bitboard pos_attackers_to_##sfx(const Position *pos, int sq, Color c, Bitboard occ);                               \
    Bitboard pos_compute_checkers_##sfx(const Position *pos, Color victim);                                            \
    void pos_do_move_##sfx(Position *pos, Move m);                                                                     \
    void pos_undo_move_##sfx(Position *pos);                                                                           \
    void movegen_legal_##sfx(Position *pos, MoveList *list);                                                           \
    uint64_t movegen_count_##sfx(Position *pos);                                                                       \
    bool movegen_is_legal_##sfx(Position *pos, Move m);                                                                \
    bool movegen_is_pseudo_legal_##sfx(Position *pos, Move m);                                                         \
    void movegen_stage_##sfx(Position *pos, GenType type, MoveList *list);                                             \
    int movegen_checks_##sfx(Position *pos, MoveList *list);                                                           \
    bool pos_gives_check_##sfx(const Position *pos, Move m);                                                           \
    bool pos_gives_new_check_##sfx(const Position *pos, Move m);                                                       \
    bool pos_royal_attacked_after_##sfx(const Position *pos, Move m);                                                  \
    bool pos_royal_flees_after_##sfx(const Position *pos, Move m);                                                     \
    Bitboard pos_royal_flights_##sfx(const Position *pos);                                                             \
    GameResult pos_game_result_##sfx(Position *pos, char *reason, size_t len);                                         \
    GameResult pos_bare_king_result_##sfx(Position *pos);

CORE_DECLARE(narrow)
CORE_DECLARE(wide)

#endif
