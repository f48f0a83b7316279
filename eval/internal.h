/* internal.h - eval/'s private tables: the parameter layout of one game (which terms it has
 * and where their parameters sit in the flat table) and the tables derived from it.
 * Built once per game by eval/layout.c from the descriptor and the compiled-in parameter
 * rows (eval/params.c); read by the evaluator (eval/eval_impl.h) and the file reader/writer. */
#ifndef SHISHI_EVAL_INTERNAL_H
#define SHISHI_EVAL_INTERNAL_H

#include "eval.h"

enum {
    KDIST_MAX = 8,  /* distance buckets to a king: 1 .. 8 and more */
    HAND_STEPS = 4, /* marginal values of the 1st, 2nd, 3rd and further pieces in hand */
    KS_UNITS = 16,  /* king-danger units 0 .. 15 */
    KS_HAND = 5,    /* attacker's hand buckets 0 .. 4 */
    KZONE_MAX = 9   /* counts of the 8 king neighbours: 0 .. 8 */
};

/* One row of a compiled-in parameter table (eval/params_<game>.h). */
typedef struct {
    const char *name;
    int mg, eg;
} EvalParamRow;

/* Index of the first parameter of each term, -1 where the game lacks it. Per-type terms are
 * indexed by PieceType; tables add their bucket to the base. */
typedef struct {
    int mat[PT_MAX];        /* board piece value (promoted forms are their own types) */
    int hand[PT_MAX];       /* + k-1: the k-th piece of this hand type held */
    int rank[PT_MAX];       /* + relative rank (0 = own back rank) */
    int file[PT_MAX];       /* + files from the nearer edge */
    int kown[PT_MAX];       /* + distance-1 to the own king (capped) */
    int kopp[PT_MAX];       /* + distance-1 to the enemy king (capped) */
    int mob[PT_MAX];        /* per reachable square, ranged pieces */
    int hang[PT_MAX];       /* attacked and undefended, its side not to move */
    int hangm[PT_MAX];      /* attacked and undefended, its side to move */
    int cheapatk[PT_MAX];   /* attacked by a cheap enemy piece (pawn-like) */
    int dropchk[PT_MAX];    /* enemy holds this hand type: undefended drop-check squares */
    int dropchkd[PT_MAX];   /* ... defended drop-check squares */
    int nifu[PT_MAX];       /* holds it, but every file is barred by nifu */
    int ks;                 /* king danger [units][attacker's hand bucket] */
    int kdef;               /* own pieces next to the king, one-hot */
    int kesc;               /* free unattacked squares next to the king, one-hot */
    int ek_king, ek_points; /* entering king: king in the enemy camp; camp points while it is */
    int lion_atk, lion_hang;
    int tempo;
} EvalLayout;

typedef struct {
    const Variant *v;
    int count;
    char (*name)[EVAL_NAME_MAX];
    EvalScore *param;
    EvalScore *initial; /* compiled-in values */
    EvalLayout at;
    bool tapered;
    int ks_hands;       /* buckets of the attacker's hand in king danger: KS_HAND with drops, else 1 */
    int start_material; /* descriptor value of the non-royal pieces of the start position */
    bool single_royal;  /* king terms apply (one royal per side at the start) */
    int impasse;        /* some piece has entering-king points */
    bool cheap[PT_MAX], ranged[PT_MAX], lion[PT_MAX];
    int phase_value[PT_MAX]; /* descriptor value of board pieces for the phase */
    int hand_weight[PT_MAX]; /* attacker's hand bucket contribution */
    int impasse_points[PT_MAX];
    uint8_t rel_rank[COLOR_NB][SQ_MAX];
    uint8_t edge_file[SQ_MAX];
    uint8_t file_of[SQ_MAX]; /* sq_x without a division */
    uint8_t *kbucket;        /* [king * sq_count + sq] distance bucket: min(distance, KDIST_MAX) - 1 */
    /* derived: the fast evaluators skip a per-piece term whose weights are all zero (an
     * untuned table's king distances and mobility); the trace always records it */
    bool kdist_used[PT_MAX], mob_used[PT_MAX];
    /* derived: material + rank + file per (colour, type, square), Black-positive sign */
    EvalScore (*psq)[PT_MAX][SQ_MAX];
} EvalGame;

/* The game table of pos's game (built on first use, thread-safe). */
const EvalGame *eval_game(const Variant *v);
EvalGame *eval_game_mut(const Variant *v);
/* Recompute the derived tables after parameters changed. */
void eval_game_refresh(EvalGame *g);
/* The compiled-in rows of game v (NULL-terminated), NULL if it has none. */
const EvalParamRow *eval_compiled_rows(const Variant *v);

/* The two evaluator instances (eval_narrow.c / eval_wide.c). */
Value eval_black_narrow(const Position *pos, const EvalGame *g);
Value eval_black_wide(const Position *pos, const EvalGame *g);
Value eval_black_trace(const Position *pos, const EvalGame *g, EvalTrace *tr);

#endif
