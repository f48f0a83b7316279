/* types.h - basic types, limits and struct typedefs shared by every module.
 * Knows no rules of any particular game; game rules live in variant descriptors.
 * NOTE: every struct typedef is declared here once so headers need not include each other. */
#ifndef SHISHI_TYPES_H
#define SHISHI_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SHISHI_NAME "Shishi"
#ifndef SHISHI_VERSION
#define SHISHI_VERSION "0.1-dev"
#endif

/* Limits. The largest board is chu shogi (12x12 = 144 squares). */
enum {
    FILE_MAX = 12,
    RANK_MAX = 12,
    SQ_MAX = 144,
    SQ_NONE = 255,
    PT_MAX = 48,      /* piece types per variant, promoted forms included */
    HAND_MAX = 64,    /* highest count of one hand type */
    MOVES_MAX = 4096, /* legal moves in any position of any game (chu needs ~600) */
#ifdef SHISHI_HISTORY_MAX
    HISTORY_MAX = SHISHI_HISTORY_MAX, /* a build's own (the fuzz build's, Makefile FUZZ_ARCH) */
#else
    HISTORY_MAX = 4096, /* plies kept in a position (game + search) */
#endif
    LEGS_MAX = 2
};

typedef uint8_t Square;    /* y * files + x, x from Black's left (a), y from Black's side (1) */
typedef uint8_t PieceType; /* index into the variant's piece table; 0 = none */
typedef uint8_t Piece;     /* PieceType | color << 7; 0 = empty */
typedef uint64_t Key;
typedef int32_t Value;

typedef enum { BLACK = 0, WHITE = 1, COLOR_NB = 2 } Color;

static inline Color color_flip(Color c) { return (Color)(c ^ 1); }

/* Piece encoding. */
enum { PIECE_NONE = 0, PIECE_COLOR_BIT = 0x80 };
static inline Piece piece_make(Color c, PieceType pt) { return (Piece)(pt | (c ? PIECE_COLOR_BIT : 0)); }
static inline PieceType piece_type(Piece p) { return (PieceType)(p & 0x7f); }
static inline Color piece_color(Piece p) { return (p & PIECE_COLOR_BIT) ? WHITE : BLACK; }

/* Move encoding (32 bits):
 *   bits  0- 7  to square
 *   bits  8-15  from square, or the dropped piece type for a drop
 *   bits 16-23  middle square of a two-leg move (lion family), valid with MF_DOUBLE
 *   bit  24     promotion chosen (optional promotions only; forced flips/rolls are implied)
 *   bit  25     drop
 *   bit  26     two-leg move: from -> mid (captures there) -> to (to may equal from: igui)
 *   bit  27     pass (lion-power null move, from == to, nothing captured)
 * MOVE_NONE is 0; no legal move encodes to 0 because a move with from == to has a flag. */
typedef uint32_t Move;
enum { MOVE_NONE = 0, MF_PROMO = 1u << 24, MF_DROP = 1u << 25, MF_DOUBLE = 1u << 26, MF_PASS = 1u << 27 };

static inline Move move_make(Square from, Square to) { return (Move)(to | (from << 8)); }
static inline Move move_make_drop(PieceType pt, Square to) { return (Move)(to | (pt << 8) | MF_DROP); }
static inline Move move_make_double(Square from, Square mid, Square to) {
    return (Move)(to | (from << 8) | ((unsigned)mid << 16) | MF_DOUBLE);
}
static inline Move move_make_pass(Square sq) { return (Move)(sq | (sq << 8) | MF_PASS); }
static inline Square move_to(Move m) { return (Square)(m & 0xff); }
static inline Square move_from(Move m) { return (Square)((m >> 8) & 0xff); }
static inline Square move_mid(Move m) { return (Square)((m >> 16) & 0xff); }
static inline PieceType move_drop_type(Move m) { return (PieceType)((m >> 8) & 0xff); }
static inline bool move_is_drop(Move m) { return (m & MF_DROP) != 0; }
static inline bool move_is_promo(Move m) { return (m & MF_PROMO) != 0; }
static inline bool move_is_double(Move m) { return (m & MF_DOUBLE) != 0; }
static inline bool move_is_pass(Move m) { return (m & MF_PASS) != 0; }

/* Game outcome from the point of view of the side to move. */
typedef enum {
    RESULT_NONE = 0, /* game goes on */
    RESULT_WIN,      /* side to move has won (e.g. opponent bared) */
    RESULT_LOSS,     /* side to move has lost (mated, stalemated where that loses, ...) */
    RESULT_DRAW
} GameResult;

typedef struct Bitboard Bitboard;
typedef struct PieceDef PieceDef;
typedef struct Variant Variant;
typedef struct VariantTables VariantTables;
typedef struct Rules Rules;
typedef struct RuleOption RuleOption;
typedef struct StateInfo StateInfo;
typedef struct Position Position;
typedef struct MoveList MoveList;

#endif
