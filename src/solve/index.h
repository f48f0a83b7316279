/* solve/index.h - a compact numbering of every position of a small drop game, for the
 * retrograde solver (engine/solve/). Everything is derived from the Variant descriptor and
 * its start position: one royal per side, every other piece a "tile" that goes to hand when
 * captured (its hand type) and shows one of the states (board types) of that hand type.
 * Identical tiles are counted once (a multiset), kings that attack each other are left out.
 *
 *   index = (stm * kpairs + kpair) * configs + config_rank          (royals on the board)
 *   index = main_size + k                                          (k-th opening position:
 *           a royal still in hand, found by walking forward from the start)
 *
 * config_rank ranks the contents of the squares left free by the royals, in square order,
 * then how the tiles off the board split between the hands (docs/nana.md, "Index").
 * Knows no game by name; refuses games whose index would be too large. Never prints. */
#ifndef SHISHI_SOLVE_INDEX_H
#define SHISHI_SOLVE_INDEX_H

#include "../position.h"

enum {
    SOLVE_SQ_MAX = 16,    /* boards up to 16 squares */
    SOLVE_GROUPS_MAX = 4, /* tile kinds (hand types other than the royal's) */
    SOLVE_STATES_MAX = 8, /* board types per tile kind */
    SOLVE_CODES_MAX = 1 + 2 * SOLVE_GROUPS_MAX * SOLVE_STATES_MAX,
    SOLVE_RVEC_MAX = 256, /* product of (count + 1) over tile kinds */
    SOLVE_OPENING_MAX = 4096,
    SOLVE_IN_HAND = 0xff /* royal square of a royal still in hand */
};

/* One position in solver form. board[] holds engine Pieces (0 = empty). */
typedef struct {
    Piece board[SOLVE_SQ_MAX];
    uint8_t hand[COLOR_NB][SOLVE_GROUPS_MAX]; /* tiles in hand, per kind */
    uint8_t royal[COLOR_NB];                  /* royal square, or SOLVE_IN_HAND */
    uint8_t stm;                              /* Color; a byte so the struct has no padding (compared with memcmp) */
} SolveState;

typedef struct {
    const Variant *v;
    Rules rules; /* the game's defaults: the only rules a table is valid for */
    int n;       /* squares */
    PieceType royal;
    int groups;
    PieceType group_hand[SOLVE_GROUPS_MAX]; /* hand type of each kind */
    int count[SOLVE_GROUPS_MAX];            /* tiles of each kind in the game */
    int states[SOLVE_GROUPS_MAX];
    PieceType state_type[SOLVE_GROUPS_MAX][SOLVE_STATES_MAX];
    int8_t group_of[PT_MAX], state_of[PT_MAX]; /* -1 for types outside the tiles */
    int drop_slot[PT_MAX];                     /* order of a droppable board type (move bits) */
    int drop_slots;
    int codes; /* square codes: 0 empty, then (kind, state, colour) */
    Piece code_piece[SOLVE_CODES_MAX];
    int8_t code_group[SOLVE_CODES_MAX];
    int rvec_count, radix[SOLVE_GROUPS_MAX];
    uint64_t *completions; /* [(slot * rvec_count + r)]: ways to fill slots slot.. */
    uint64_t *prefix;      /* [(slot * rvec_count + r) * codes + c]: rank offset of code c */
    int kpairs;
    uint8_t kpair_sq[SOLVE_SQ_MAX * SOLVE_SQ_MAX][2];
    int16_t kpair_of[SOLVE_SQ_MAX][SOLVE_SQ_MAX]; /* -1: royals attack each other */
    uint64_t configs, main_size, size;
    int opening_count;
    SolveState *opening; /* positions with a royal in hand, in walk order */
    SolveState start;
    int move_bits; /* n*n board moves, then drop_slots*n drops */
} SolveIndex;

/* Build the index of game v; returns 0, or -1 with a message (game unsuitable or larger than
 * max_size positions). Free with solve_index_free. */
int solve_index_init(SolveIndex *ix, const Variant *v, uint64_t max_size, char *err, size_t errlen);
void solve_index_free(SolveIndex *ix);

/* Number of a state, or UINT64_MAX if the index has no such position. */
uint64_t solve_index_of(const SolveIndex *ix, const SolveState *s);
/* The state of a number < ix->size. */
void solve_state_of(const SolveIndex *ix, uint64_t idx, SolveState *s);

/* Position <-> state. solve_from_pos returns false if the position is not one of the
 * game's (other material, more royals ...). solve_to_pos sets pos (rules: the index's);
 * returns false if the side not to move stands in check (no legal position). */
bool solve_from_pos(const SolveIndex *ix, const Position *pos, SolveState *s);
bool solve_to_pos(const SolveIndex *ix, const SolveState *s, Position *pos);
/* Number of the engine position, UINT64_MAX if not indexed. */
uint64_t solve_index_of_pos(const SolveIndex *ix, const Position *pos);

/* Bit number of a move in the per-position move sets (board move or tile drop), -1 if the
 * move is not representable (royal drop). */
int solve_move_bit(const SolveIndex *ix, Move m);
/* The state after the legal move m from s (no legality check). */
void solve_apply(const SolveIndex *ix, const SolveState *s, Move m, SolveState *out);

#endif
