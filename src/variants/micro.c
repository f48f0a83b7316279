/* micro.c - micro shogi (4x5): every capture flips the capturing tile, drops either side up.
 * shared/rules/micro.md; letters follow Fairy-Stockfish's flip-pair encoding (gold = +R). */
#include <stddef.h>

#include "../variant.h"

static const PieceDef micro_pieces[] = {
    /* symbol name        betza   lion promotes changes hand dead value flags impasse kif csa glyph */
    {"K", "King", "K", NULL, NULL, NULL, NULL, 0, 0, PF_ROYAL, 0, "玉", NULL, "玉"},
    {"R", "Rook", "R", NULL, NULL, "+R", "R", 0, 650, 0, 0, "飛", NULL, "飛"},
    {"+R", "Gold", "WfF", NULL, NULL, "R", "R", 0, 500, 0, 0, "金", NULL, "金"},
    {"B", "Bishop", "B", NULL, NULL, "+B", "B", 0, 550, 0, 0, "角", NULL, "角"},
    {"+B", "Tokin", "WfF", NULL, NULL, "B", "B", 0, 480, 0, 0, "と", NULL, "と"},
    {"L", "Lance", "fR", NULL, NULL, "+L", "L", 1, 250, 0, 0, "香", NULL, "香"},
    {"+L", "Silver", "FfW", NULL, NULL, "L", "L", 0, 450, 0, 0, "銀", NULL, "銀"},
    {"P", "Pawn", "fW", NULL, NULL, "+P", "P", 1, 120, 0, 0, "歩", NULL, "歩"},
    {"+P", "Knight", "ffN", NULL, NULL, "P", "P", 2, 300, 0, 0, "桂", NULL, "桂"},
};

static const RuleOption micro_options[] = {
    {"MicroDeadDrops", OPT_CHECK, offsetof(Rules, dead_drops), {NULL}, {0}},
};

/* Storage of the compiled tables: written only by variants_init() (the registry in variant.c
 * names it), read through the descriptor's const pointer. */
VariantTables variant_micro_tables;

const Variant variant_micro = {
    .name = "micro",
    .protocols = PROTO_USI,
    .files = 4,
    .ranks = 5,
    .start = "kb+r+l/p3/4/3P/+L+RBK b - 1",
    .pieces = micro_pieces,
    .piece_count = sizeof micro_pieces / sizeof micro_pieces[0],
    .zone_ranks = 0,
    .promotion = PROMO_FLIP_CAPTURE,
    .drops = true,
    .drop_any_face = true,
    .repetition_count = 4,
    .defaults = {.dead_drops = 1, .perpetual_check_loses = 1},
    .options = micro_options,
    .option_count = sizeof micro_options / sizeof micro_options[0],
    .tables = &variant_micro_tables,
};
