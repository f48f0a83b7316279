/* wa_nodrop.c - wa shogi without drops (XBoard `wa-shogi`), shared/rules/wa.md.
 * Only data: the wa base (wa.h); captured pieces leave the game. Decisions: docs/rules-wa.md. */
#include "wa.h"

#define WA_NO_HAND(sym) NULL

static const PieceDef wa_nodrop_pieces[] = WA_PIECE_TABLE(WA_NO_HAND, 0);

/* Storage of the compiled tables: written only by variants_init() (the registry in variant.c
 * names it), read through the descriptor's const pointer. */
VariantTables variant_wa_nodrop_tables;

const Variant variant_wa_nodrop = {
    .name = "wa-nodrop",
    .xboard_name = "wa-shogi",
    WA_BASE_FIELDS,
    .xboard_setup = WA_XBOARD_TABLE_NODROP,
    .xboard_pieces = wa_xboard_pieces,
    .pieces = wa_nodrop_pieces,
    .piece_count = sizeof wa_nodrop_pieces / sizeof wa_nodrop_pieces[0],
    .defaults = {.perpetual_check_loses = 1},
    .tables = &variant_wa_nodrop_tables,
};
