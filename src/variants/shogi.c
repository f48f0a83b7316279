/* shogi.c - standard shogi (9x9, drops), shared/rules/shogi.md.
 * Only data: pieces, promotion zone, drop bans, game-end options. */
#include <stddef.h>

#include "../variant.h"

static const PieceDef shogi_pieces[] = {
    /* symbol name            betza   lion  promotes_to changes_to hand dead value flags impasse kif csa glyph */
    {"K", "King", "K", NULL, NULL, NULL, NULL, 0, 0, PF_ROYAL, 0, "玉", "OU", "玉"},
    {"R", "Rook", "R", NULL, "+R", NULL, "R", 0, 990, 0, 5, "飛", "HI", "飛"},
    {"B", "Bishop", "B", NULL, "+B", NULL, "B", 0, 855, 0, 5, "角", "KA", "角"},
    {"G", "Gold", "WfF", NULL, NULL, NULL, "G", 0, 540, 0, 1, "金", "KI", "金"},
    {"S", "Silver", "FfW", NULL, "+S", NULL, "S", 0, 495, 0, 1, "銀", "GI", "銀"},
    {"N", "Knight", "ffN", NULL, "+N", NULL, "N", 2, 405, 0, 1, "桂", "KE", "桂"},
    {"L", "Lance", "fR", NULL, "+L", NULL, "L", 1, 315, 0, 1, "香", "KY", "香"},
    {"P", "Pawn", "fW", NULL, "+P", NULL, "P", 1, 90, PF_NIFU | PF_NO_DROP_MATE, 1, "歩", "FU", "歩"},
    {"+R", "Dragon", "RF", NULL, NULL, NULL, "R", 0, 1395, 0, 5, "龍", "RY", "龍"},
    {"+B", "Horse", "BW", NULL, NULL, NULL, "B", 0, 945, 0, 5, "馬", "UM", "馬"},
    {"+S", "Promoted silver", "WfF", NULL, NULL, NULL, "S", 0, 540, 0, 1, "成銀", "NG", "全"},
    {"+N", "Promoted knight", "WfF", NULL, NULL, NULL, "N", 0, 540, 0, 1, "成桂", "NK", "圭"},
    {"+L", "Promoted lance", "WfF", NULL, NULL, NULL, "L", 0, 540, 0, 1, "成香", "NY", "杏"},
    {"+P", "Tokin", "WfF", NULL, NULL, NULL, "P", 0, 540, 0, 1, "と", "TO", "と"},
};

static const RuleOption shogi_options[] = {
    {"EnteringKingRule",
     OPT_COMBO,
     offsetof(Rules, impasse),
     {"CSARule27", "CSARule24", "NoEnteringKing", NULL},
     {IMPASSE_CSA27, IMPASSE_CSA24, IMPASSE_NONE, 0}},
};

/* Storage of the compiled tables: written only by variants_init() (the registry in variant.c
 * names it), read through the descriptor's const pointer. */
VariantTables variant_shogi_tables;

const Variant variant_shogi = {
    .name = "shogi",
    .xboard_name = "shogi",
    .kif_game = "平手",
    .protocols = PROTO_USI | PROTO_XBOARD,
    .files = 9,
    .ranks = 9,
    .start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    .pieces = shogi_pieces,
    .piece_count = sizeof shogi_pieces / sizeof shogi_pieces[0],
    .zone_ranks = 3,
    .promotion = PROMO_ZONE,
    .drops = true,
    .repetition_count = 4,
    .defaults = {.perpetual_check_loses = 1, .impasse = IMPASSE_CSA27},
    .options = shogi_options,
    .option_count = sizeof shogi_options / sizeof shogi_options[0],
    .tables = &variant_shogi_tables,
};
