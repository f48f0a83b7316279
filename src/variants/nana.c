/* nana.c - nana shogi (3x3): empty start, cubes roll through four states on every move.
 * shared/rules/nana.md; rule decisions in docs/rules.md. */
#include <stddef.h>

#include "../variant.h"

static const PieceDef nana_pieces[] = {
    /* symbol name            betza   lion promotes changes hand dead value flags impasse kif csa glyph */
    {"K", "King", "K", NULL, NULL, NULL, "K", 0, 0, PF_ROYAL, 0, "玉", NULL, "玉"},
    {"R", "Rook", "W", NULL, NULL, "C", "R", 0, 300, 0, 0, "飛", NULL, "飛"},
    {"C", "Chariot", "fbR", NULL, NULL, "W", "R", 0, 250, 0, 0, "車", NULL, "車"},
    {"W", "Swallow's wings", "rlW", NULL, NULL, "G", "R", 0, 200, 0, 0, "燕", NULL, "燕"},
    {"G", "Go-between", "fbW", NULL, NULL, "R", "R", 0, 200, 0, 0, "仲", NULL, "仲"},
    {"B", "Bishop", "B", NULL, NULL, "T", "B", 0, 300, 0, 0, "角", NULL, "角"},
    {"T", "Tile general", "fFbW", NULL, NULL, "S", "B", 0, 250, 0, 0, "瓦", NULL, "瓦"},
    {"S", "Cat's sword", "F", NULL, NULL, "D", "B", 0, 280, 0, 0, "猫", NULL, "猫"},
    {"D", "Dog", "fWbF", NULL, NULL, "B", "B", 0, 250, 0, 0, "犬", NULL, "犬"},
};

static const RuleOption nana_options[] = {
    {"NanaStalemate", OPT_COMBO, offsetof(Rules, stalemate_draws), {"loss", "draw", NULL}, {0, 1}},
    {"NanaNoStalemateWithHand", OPT_CHECK, offsetof(Rules, no_stalemate_with_hand), {NULL}, {0}},
    {"NanaPerpetualCheckLoses", OPT_CHECK, offsetof(Rules, perpetual_check_loses), {NULL}, {0}},
};

/* Storage of the compiled tables: written only by variants_init() (the registry in variant.c
 * names it), read through the descriptor's const pointer. */
VariantTables variant_nana_tables;

const Variant variant_nana = {
    .name = "nana",
    .protocols = PROTO_USI,
    .files = 3,
    .ranks = 3,
    .start = "3/3/3 b KRBkrb 1",
    .pieces = nana_pieces,
    .piece_count = sizeof nana_pieces / sizeof nana_pieces[0],
    .promotion = PROMO_ROLL,
    .drops = true,
    .drop_any_face = true,
    .drop_check_banned = true,
    .royal_drop_first = true,
    .no_drop_squares = "2b",
    .no_mate_with_hand = true,
    .repetition_count = 4,
    .zugzwang_prone = true,
    .defaults = {0},
    .options = nana_options,
    .option_count = sizeof nana_options / sizeof nana_options[0],
    .tables = &variant_nana_tables,
};
