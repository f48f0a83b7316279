/* chu.c - chu shogi (12x12, no drops, lions), shared/rules/chu.md.
 * Only data: 21 piece types and their promoted forms, the 4-rank zone with chu's
 * "promote on entry" rule, lion trading, bare king and repetition options.
 * Rule decisions where chu.md is silent: docs/rules-chu.md. */
#include <stddef.h>

#include "../variant.h"

/* chu.md 2. Letters: O = kirin, X = phoenix, N = lion, Q = free king, E = drunk elephant,
 * I = go-between, A = reverse chariot (chu.md 8). Promoted forms are their own rows even when
 * they move like a starting piece (+R moves like D but is a different type). */
static const PieceDef chu_pieces[] = {
    /* symbol name                 betza    lion  promotes changes hand dead value flags impasse kif csa glyph */
    {"K", "King", "K", NULL, NULL, NULL, NULL, 0, 0, PF_ROYAL, 0, "玉将", NULL, "玉"},
    {"Q", "Free king", "Q", NULL, NULL, NULL, NULL, 0, 1200, 0, 0, "奔王", NULL, "奔"},
    {"N", "Lion", NULL, "K", NULL, NULL, NULL, 0, 1800, PF_LION, 0, "獅子", NULL, "獅"},
    {"D", "Dragon king", "RF", NULL, "+D", NULL, NULL, 0, 900, 0, 0, "龍王", NULL, "龍"},
    {"H", "Dragon horse", "BW", NULL, "+H", NULL, NULL, 0, 800, 0, 0, "龍馬", NULL, "馬"},
    {"R", "Rook", "R", NULL, "+R", NULL, NULL, 0, 650, 0, 0, "飛車", NULL, "飛"},
    {"B", "Bishop", "B", NULL, "+B", NULL, NULL, 0, 550, 0, 0, "角行", NULL, "角"},
    {"O", "Kirin", "FD", NULL, "+O", NULL, NULL, 0, 450, 0, 0, "麒麟", NULL, "麒"},
    {"X", "Phoenix", "WA", NULL, "+X", NULL, NULL, 0, 450, 0, 0, "鳳凰", NULL, "鳳"},
    {"E", "Drunk elephant", "FsfW", NULL, "+E", NULL, NULL, 0, 350, 0, 0, "醉象", NULL, "象"},
    {"T", "Blind tiger", "FsbW", NULL, "+T", NULL, NULL, 0, 320, 0, 0, "盲虎", NULL, "虎"},
    {"F", "Ferocious leopard", "FvW", NULL, "+F", NULL, NULL, 0, 300, 0, 0, "猛豹", NULL, "豹"},
    {"G", "Gold general", "WfF", NULL, "+G", NULL, NULL, 0, 320, 0, 0, "金将", NULL, "金"},
    {"S", "Silver general", "FfW", NULL, "+S", NULL, NULL, 0, 280, 0, 0, "銀将", NULL, "銀"},
    {"C", "Copper general", "vWfF", NULL, "+C", NULL, NULL, 0, 220, 0, 0, "銅将", NULL, "銅"},
    {"V", "Vertical mover", "sWvR", NULL, "+V", NULL, NULL, 0, 400, 0, 0, "竪行", NULL, "竪"},
    {"M", "Side mover", "vWsR", NULL, "+M", NULL, NULL, 0, 350, 0, 0, "横行", NULL, "横"},
    {"A", "Reverse chariot", "vR", NULL, "+A", NULL, NULL, 0, 300, 0, 0, "反車", NULL, "反"},
    {"L", "Lance", "fR", NULL, "+L", NULL, NULL, 0, 250, 0, 0, "香車", NULL, "香"},
    {"P", "Pawn", "fW", NULL, "+P", NULL, NULL, 0, 100, PF_WEAK | PF_QUIET_LAST_RANK_PROMO, 0, "歩兵", NULL, "歩"},
    {"I", "Go-between", "vW", NULL, "+I", NULL, NULL, 0, 120, PF_WEAK | PF_GOBETWEEN, 0, "仲人", NULL, "仲"},
    /* promoted forms (chu.md 2; +H/+D lion power along their forward lines) */
    {"+D", "Soaring eagle", "RbB", "fF", NULL, NULL, NULL, 0, 1200, 0, 0, "飛鷲", NULL, "鷲"},
    {"+H", "Horned falcon", "BsRbR", "fW", NULL, NULL, NULL, 0, 1100, 0, 0, "角鷹", NULL, "鷹"},
    {"+R", "Dragon king", "RF", NULL, NULL, NULL, NULL, 0, 900, 0, 0, "成龍王", NULL, "成龍"},
    {"+B", "Dragon horse", "BW", NULL, NULL, NULL, NULL, 0, 800, 0, 0, "成龍馬", NULL, "成馬"},
    {"+O", "Lion", NULL, "K", NULL, NULL, NULL, 0, 1800, PF_LION, 0, "成獅子", NULL, "成獅"},
    {"+X", "Free king", "Q", NULL, NULL, NULL, NULL, 0, 1200, 0, 0, "成奔王", NULL, "成奔"},
    {"+E", "Crown prince", "K", NULL, NULL, NULL, NULL, 0, 1000, PF_ROYAL, 0, "太子", NULL, "太"},
    {"+T", "Flying stag", "KvR", NULL, NULL, NULL, NULL, 0, 700, 0, 0, "飛鹿", NULL, "鹿"},
    {"+F", "Bishop", "B", NULL, NULL, NULL, NULL, 0, 550, 0, 0, "成角行", NULL, "成角"},
    {"+G", "Rook", "R", NULL, NULL, NULL, NULL, 0, 650, 0, 0, "成飛車", NULL, "成飛"},
    {"+S", "Vertical mover", "sWvR", NULL, NULL, NULL, NULL, 0, 400, 0, 0, "成竪行", NULL, "成竪"},
    {"+C", "Side mover", "vWsR", NULL, NULL, NULL, NULL, 0, 350, 0, 0, "成横行", NULL, "成横"},
    {"+V", "Flying ox", "BvR", NULL, NULL, NULL, NULL, 0, 750, 0, 0, "飛牛", NULL, "牛"},
    {"+M", "Free boar", "BsR", NULL, NULL, NULL, NULL, 0, 750, 0, 0, "奔猪", NULL, "猪"},
    {"+A", "Whale", "vRbB", NULL, NULL, NULL, NULL, 0, 600, 0, 0, "鯨鯢", NULL, "鯨"},
    {"+L", "White horse", "vRfB", NULL, NULL, NULL, NULL, 0, 650, 0, 0, "白駒", NULL, "駒"},
    {"+P", "Tokin", "WfF", NULL, NULL, NULL, NULL, 0, 350, 0, 0, "と金", NULL, "と"},
    {"+I", "Drunk elephant", "FsfW", NULL, NULL, NULL, NULL, 0, 350, 0, 0, "成醉象", NULL, "成象"},
};

/* Names as shared/rules/protocols.md B.1 spells them; defaults per chu.md 5-7. */
static const RuleOption chu_options[] = {
    {"Okazaki rule", OPT_CHECK, offsetof(Rules, okazaki), {NULL}, {0}},
    {"Bare king", OPT_CHECK, offsetof(Rules, bare_king), {NULL}, {0}},
    {"Allow repeats", OPT_CHECK, offsetof(Rules, allow_repeats), {NULL}, {0}},
    {"GoBetweenLastRank", OPT_CHECK, offsetof(Rules, gobetween_last_rank), {NULL}, {0}},
};

/* Storage of the compiled tables: written only by variants_init() (the registry in variant.c
 * names it), read through the descriptor's const pointer. */
VariantTables variant_chu_tables;

const Variant variant_chu = {
    .name = "chu",
    .xboard_name = "chu",
    .kif_game = "中将棋",
    .aliases = "chushogi",
    .protocols = PROTO_USI | PROTO_XBOARD,
    .xboard_default = true,
    .files = 12,
    .ranks = 12,
    .start = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/"
             "MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
    .pieces = chu_pieces,
    .piece_count = sizeof chu_pieces / sizeof chu_pieces[0],
    .zone_ranks = 4,
    .promotion = PROMO_ZONE_ENTER,
    .drops = false,
    .check_allowed = true,
    .repetition_count = 4,
    .pass_cycle_loses = true,
    .repeats_rule = true,
    .lion_rules = true,
    .defaults = {.perpetual_check_loses = 1, .bare_king = 1, .allow_repeats = 1},
    .options = chu_options,
    .option_count = sizeof chu_options / sizeof chu_options[0],
    .tables = &variant_chu_tables,
};
