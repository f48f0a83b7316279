/* wa.c - wa shogi with drops (XBoard `crazywa`, alias `wa-shogi-drop`), shared/rules/wa.md.
 * Only data: the wa base (wa.h) plus hands, the pawn's drop bans and the drop-rule option.
 * Decisions: docs/rules-wa.md. */
#include "wa.h"

#define WA_IN_HAND(sym) sym

/* wa.md 4: nifu and no pawn-drop mate; P and O not on the last rank (dead_ranks). */
static const PieceDef wa_pieces[] = WA_PIECE_TABLE(WA_IN_HAND, PF_NIFU | PF_NO_DROP_MATE);

/* wa.md 4: `free` lifts every drop ban (protocols.md B.1 spells the option). */
static const RuleOption wa_options[] = {
    {"Wa drop rules", OPT_COMBO, offsetof(Rules, free_drops), {"modern", "free", NULL}, {0, 1}},
};

/* Storage of the compiled tables: written only by variants_init() (the registry in variant.c
 * names it), read through the descriptor's const pointer. */
VariantTables variant_wa_tables;

const Variant variant_wa = {
    .name = "wa",
    .xboard_name = "crazywa",
    .kif_game = "和将棋",
    .aliases = "wa-shogi-drop",
    WA_BASE_FIELDS,
    .xboard_setup = WA_XBOARD_TABLE_DROP,
    .xboard_pieces = wa_xboard_pieces,
    .pieces = wa_pieces,
    .piece_count = sizeof wa_pieces / sizeof wa_pieces[0],
    .drops = true,
    .defaults = {.perpetual_check_loses = 1},
    .options = wa_options,
    .option_count = sizeof wa_options / sizeof wa_options[0],
    .tables = &variant_wa_tables,
};
