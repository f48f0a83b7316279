/* wa.h - the base shared by wa shogi with drops (wa.c) and without (wa_nodrop.c):
 * pieces, board, promotion and game-end data of shared/rules/wa.md sections 1-3 and 6.
 * Only data; the two games differ in hand types, pawn drop flags and drop options.
 * Decisions where wa.md is silent: docs/rules-wa.md. */
#ifndef SHISHI_VARIANTS_WA_H
#define SHISHI_VARIANTS_WA_H

#include <stddef.h>

#include "../variant.h"

/* The piece table (wa.md 2). HAND(sym) is the hand type a captured piece becomes (its
 * unpromoted symbol, wa.md 4) or NULL in the game without drops; PAWN_FLAGS are the pawn's
 * drop restrictions. Promoted pieces keep the '+' of their original letter: +D moves as W
 * and +R as the fox X, but each is its own type. dead_ranks 1 for P and O: no drop on the
 * last rank and forced promotion on arrival; the horse keeps its backward move (wa.md 3). */
#define WA_PIECE_TABLE(HAND, PAWN_FLAGS)                                                                               \
    {                                                                                                                  \
        /* symbol name                betza        lion promotes changes hand dead value flags impasse kif csa glyph   \
         */                                                                                                            \
        {"K", "Crane king", "K", NULL, NULL, NULL, NULL, 0, 0, PF_ROYAL, 0, "霊鶴", NULL, "鶴"},                       \
            {"E", "Cloud eagle", "vRsWbFfF3", NULL, NULL, NULL, HAND("E"), 0, 850, 0, 0, "雲鷲", NULL, "雲"},          \
            {"X", "Treacherous fox", "FvWAvD", NULL, NULL, NULL, HAND("X"), 0, 700, 0, 0, "隠狐", NULL, "狐"},         \
            {"F", "Flying falcon", "BfW", NULL, "+F", NULL, HAND("F"), 0, 700, 0, 0, "飛鷹", NULL, "鷹"},              \
            {"R", "Running rabbit", "fRFbW", NULL, "+R", NULL, HAND("R"), 0, 550, 0, 0, "走兎", NULL, "兎"},           \
            {"W", "Violent wolf", "WfF", NULL, "+W", NULL, HAND("W"), 0, 500, 0, 0, "猛狼", NULL, "狼"},               \
            {"V", "Violent stag", "FfW", NULL, "+V", NULL, HAND("V"), 0, 450, 0, 0, "猛鹿", NULL, "鹿"},               \
            {"D", "Blind dog", "fFsbW", NULL, "+D", NULL, HAND("D"), 0, 350, 0, 0, "盲犬", NULL, "犬"},                \
            {"M", "Climbing monkey", "fFvW", NULL, "+M", NULL, HAND("M"), 0, 350, 0, 0, "登猿", NULL, "猿"},           \
            {"G", "Flying goose", "fFvW", NULL, "+G", NULL, HAND("G"), 0, 350, 0, 0, "鳫飛", NULL, "鳫"},              \
            {"C", "Flying cock", "fFsW", NULL, "+C", NULL, HAND("C"), 0, 350, 0, 0, "鶏飛", NULL, "鶏"},               \
            {"S", "Swallow's wings", "sRvW", NULL, "+S", NULL, HAND("S"), 0, 500, 0, 0, "燕羽", NULL, "燕"},           \
            {"U", "Strutting crow", "fWbF", NULL, "+U", NULL, HAND("U"), 0, 250, 0, 0, "烏行", NULL, "烏"},            \
            {"L", "Swooping owl", "fWbF", NULL, "+L", NULL, HAND("L"), 0, 250, 0, 0, "鴟行", NULL, "鴟"},              \
            {"H", "Liberated horse", "fRbW2", NULL, "+H", NULL, HAND("H"), 0, 400, 0, 0, "風馬", NULL, "風"},          \
            {"O", "Oxcart", "fR", NULL, "+O", NULL, HAND("O"), 1, 300, 0, 0, "牛車", NULL, "車"},                      \
            {"P", "Sparrow pawn", "fW", NULL, "+P", NULL, HAND("P"), 1, 100, PAWN_FLAGS, 0, "萑歩", NULL, "萑"},       \
            {"+F", "Tenacious falcon", "BvRsW", NULL, NULL, NULL, HAND("F"), 0, 1150, 0, 0, "鶚鷹", NULL, "鶚"},       \
            {"+R", "Treacherous fox", "FvWAvD", NULL, NULL, NULL, HAND("R"), 0, 700, 0, 0, "成隠狐", NULL, "成狐"},    \
            {"+W", "Bear's eyes", "K", NULL, NULL, NULL, HAND("W"), 0, 600, 0, 0, "熊眼", NULL, "熊"},                 \
            {"+V", "Roaming boar", "FfsW", NULL, NULL, NULL, HAND("V"), 0, 550, 0, 0, "走猪", NULL, "猪"},             \
            {"+D", "Violent wolf", "WfF", NULL, NULL, NULL, HAND("D"), 0, 500, 0, 0, "成猛狼", NULL, "成狼"},          \
            {"+M", "Violent stag", "FfW", NULL, NULL, NULL, HAND("M"), 0, 450, 0, 0, "成猛鹿", NULL, "成鹿"},          \
            {"+G", "Swallow's wings", "sRvW", NULL, NULL, NULL, HAND("G"), 0, 500, 0, 0, "成燕羽", NULL, "成燕"},      \
            {"+C", "Raiding falcon", "vRfFsW", NULL, NULL, NULL, HAND("C"), 0, 800, 0, 0, "延鷹", NULL, "延"},         \
            {"+S", "Gliding swallow", "R", NULL, NULL, NULL, HAND("S"), 0, 900, 0, 0, "鴻翔", NULL, "鴻"},             \
            {"+U", "Flying falcon", "BfW", NULL, NULL, NULL, HAND("U"), 0, 700, 0, 0, "成飛鷹", NULL, "成鷹"},         \
            {"+L", "Cloud eagle", "vRsWbFfF3", NULL, NULL, NULL, HAND("L"), 0, 850, 0, 0, "成雲鷲", NULL, "成雲"},     \
            {"+H", "Heavenly horse", "ffNbbN", NULL, NULL, NULL, HAND("H"), 0, 350, 0, 0, "天馬", NULL, "天"},         \
            {"+O", "Plodding ox", "K", NULL, NULL, NULL, HAND("O"), 0, 600, 0, 0, "歩牛", NULL, "牛"},                 \
            {"+P", "Golden bird", "WfF", NULL, NULL, NULL, HAND("P"), 0, 500, 0, 0, "金鳥", NULL, "金"},               \
    }

/* wa.md 1: the start position, board side hand (SFEN form; XBoard FEN has the same board
 * and writes the first mover, our 'b', as 'w'). */
#define WA_START "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH b - 1"

/* XBoard assets (wa.md 5, CrazyWa's list, verified with XBoard 4.9.1): the piece-to-char
 * tables for the games without and with holdings, and one `piece` line per type. */
#define WA_XBOARD_TABLE_NODROP                                                                                         \
    "(P..^S^FV..^LW^OH.F.^R.E....R...D.GOL^M..^H.M.C.^CU.^W/.......^V.^P.^U..^DS.^GXK"                                 \
    "p..^s^fv..^lw^oh.f.^r.e....r...d.gol^m..^h.m.c.^cu.^w/.......^v.^p.^u..^ds.^gxk) 11x11+0_chu"
#define WA_XBOARD_TABLE_DROP                                                                                           \
    "(P..^S^FV..^LW^OH.F.^R.E....R...D.GOL^M..^H.M.C.^CU.^W../.......^V.^P.^U..^DS.^GXK"                               \
    "p..^s^fv..^lw^oh.f.^r.e....r...d.gol^m..^h.m.c.^cu.^w../.......^v.^p.^u..^ds.^gxk) 11x11+16_chu"
static const char *const wa_xboard_pieces[] __attribute__((unused)) = {
    "P& fW",   "L& fWbF",       "U& fWbF",  "C& fFsW",    "G& fFvW",   "M& fFvW",      "D& fFbsW", "V& FfW",
    "W& WfF",  "O& fR",         "H& fRbW2", "S& sRvW",    "F& BfW",    "E& vRfF3bFsW", "R& fRFbW", "X& FAvWvD",
    "+P& WfF", "+L& vRfF3bFsW", "+U& BfW",  "+C& vRfFsW", "+G& sRvW",  "+M& FfW",      "+D& WfF",  "+V& FfsW",
    "+W& K",   "+O& K",         "+H& vN",   "+S& R",      "+F& BvRsW", "+R& FAvWvD",   NULL};

/* Fields both games share: XBoard-only, 11x11, 3-rank zone with optional promotion
 * (forced where the piece could never move), 4-fold repetition (wa.md 6). */
#define WA_BASE_FIELDS                                                                                                 \
    .protocols = PROTO_USI | PROTO_XBOARD, .xboard_default = true, .files = 11, .ranks = 11, .start = WA_START,        \
    .zone_ranks = 3, .promotion = PROMO_ZONE, .repetition_count = 4

#endif
