/* core_names.h - renames the hot core's public functions for one instance (CORE_SUFFIX).
 * Included first by core_narrow.c / core_wide.c only; see core.h. */
#ifndef CORE_SUFFIX
#error "define CORE_SUFFIX before including core_names.h"
#endif
#define CORE_CAT_(a, b)          a##_##b
#define CORE_CAT(a, b)           CORE_CAT_(a, b)
#define pos_piece_attacks        CORE_CAT(pos_piece_attacks, CORE_SUFFIX)
#define pos_attackers_to         CORE_CAT(pos_attackers_to, CORE_SUFFIX)
#define pos_compute_checkers     CORE_CAT(pos_compute_checkers, CORE_SUFFIX)
#define pos_do_move              CORE_CAT(pos_do_move, CORE_SUFFIX)
#define pos_undo_move            CORE_CAT(pos_undo_move, CORE_SUFFIX)
#define movegen_legal            CORE_CAT(movegen_legal, CORE_SUFFIX)
#define movegen_count            CORE_CAT(movegen_count, CORE_SUFFIX)
#define movegen_is_legal         CORE_CAT(movegen_is_legal, CORE_SUFFIX)
#define pos_game_result          CORE_CAT(pos_game_result, CORE_SUFFIX)
#define movegen_is_pseudo_legal  CORE_CAT(movegen_is_pseudo_legal, CORE_SUFFIX)
#define movegen_stage            CORE_CAT(movegen_stage, CORE_SUFFIX)
#define movegen_checks           CORE_CAT(movegen_checks, CORE_SUFFIX)
#define pos_gives_check          CORE_CAT(pos_gives_check, CORE_SUFFIX)
#define pos_gives_new_check      CORE_CAT(pos_gives_new_check, CORE_SUFFIX)
#define pos_royal_attacked_after CORE_CAT(pos_royal_attacked_after, CORE_SUFFIX)
#define pos_bare_king_result     CORE_CAT(pos_bare_king_result, CORE_SUFFIX)
#define pos_royal_flees_after    CORE_CAT(pos_royal_flees_after, CORE_SUFFIX)
#define pos_royal_flights        CORE_CAT(pos_royal_flights, CORE_SUFFIX)
