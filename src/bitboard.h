/* bitboard.h - a set of up to 192 squares (enough for chu's 144) as BB_WORDS 64-bit words.
 * Pure value type with inline operations; knows nothing about pieces or games.
 * WHY a fixed word count: every board size shares one type, so the hot path has no
 * per-node branch on board size. Building with -DBB_WORDS=2 (boards up to 128 squares:
 * shogi, micro, nana, wa) exists only to measure what chu's size costs standard shogi. */
#ifndef SHISHI_BITBOARD_H
#define SHISHI_BITBOARD_H

#include "types.h"

#ifndef BB_WORDS
#define BB_WORDS 3
#endif
#define BB_BITS (BB_WORDS * 64)

/* Words the operations below touch. Storage is always BB_WORDS words; the hot core
 * (src/core.h) is compiled a second time with BB_ACTIVE 2 for boards of at most 128
 * squares, whose last word is always zero, so standard shogi does not pay for chu's size.
 * Every operation copies its first operand and works on the active words only, so values
 * built from zero-topped inputs stay zero-topped. */
#ifndef BB_ACTIVE
#define BB_ACTIVE BB_WORDS
#endif
#if BB_ACTIVE > BB_WORDS || BB_ACTIVE < 1
#error "BB_ACTIVE must be between 1 and BB_WORDS"
#endif

struct Bitboard {
    uint64_t w[BB_WORDS];
};

/* WHY always_inline: these are a few instructions each, and the hot core is large enough that
 * the compiler's unit-growth limits would otherwise leave some of them as calls. */
#define BB_INLINE static inline __attribute__((always_inline))

BB_INLINE Bitboard bb_empty(void) {
    Bitboard b;
    for (int i = 0; i < BB_WORDS; i++) b.w[i] = 0;
    return b;
}
BB_INLINE Bitboard bb_square(int sq) {
    Bitboard b = bb_empty();
    b.w[sq >> 6] = 1ULL << (sq & 63);
    return b;
}
BB_INLINE Bitboard bb_and(Bitboard a, Bitboard b) {
    for (int i = 0; i < BB_ACTIVE; i++) a.w[i] &= b.w[i];
    return a;
}
BB_INLINE Bitboard bb_or(Bitboard a, Bitboard b) {
    for (int i = 0; i < BB_ACTIVE; i++) a.w[i] |= b.w[i];
    return a;
}
BB_INLINE Bitboard bb_xor(Bitboard a, Bitboard b) {
    for (int i = 0; i < BB_ACTIVE; i++) a.w[i] ^= b.w[i];
    return a;
}
/* a & ~b */
BB_INLINE Bitboard bb_andnot(Bitboard a, Bitboard b) {
    for (int i = 0; i < BB_ACTIVE; i++) a.w[i] &= ~b.w[i];
    return a;
}
BB_INLINE bool bb_any(Bitboard a) {
    uint64_t x = 0;
    for (int i = 0; i < BB_ACTIVE; i++) x |= a.w[i];
    return x != 0;
}
BB_INLINE bool bb_is_empty(Bitboard a) { return !bb_any(a); }
BB_INLINE bool bb_test(Bitboard a, int sq) { return (a.w[sq >> 6] >> (sq & 63)) & 1; }
BB_INLINE void bb_set(Bitboard *a, int sq) { a->w[sq >> 6] |= 1ULL << (sq & 63); }
BB_INLINE void bb_clear(Bitboard *a, int sq) { a->w[sq >> 6] &= ~(1ULL << (sq & 63)); }
BB_INLINE void bb_toggle(Bitboard *a, int sq) { a->w[sq >> 6] ^= 1ULL << (sq & 63); }
BB_INLINE bool bb_intersects(Bitboard a, Bitboard b) { return bb_any(bb_and(a, b)); }
BB_INLINE bool bb_equal(Bitboard a, Bitboard b) { return bb_is_empty(bb_xor(a, b)); }

BB_INLINE int bb_popcount(Bitboard a) {
    int n = 0;
    for (int i = 0; i < BB_ACTIVE; i++) n += __builtin_popcountll(a.w[i]);
    return n;
}
/* More than one square set. */
BB_INLINE bool bb_more_than_one(Bitboard a) {
    int seen = 0;
    for (int i = 0; i < BB_ACTIVE; i++) {
        if (a.w[i] & (a.w[i] - 1)) return true;
        seen += a.w[i] != 0;
    }
    return seen > 1;
}
/* Lowest set square; the set must not be empty. */
BB_INLINE int bb_lsb(Bitboard a) {
    for (int i = 0; i < BB_ACTIVE - 1; i++)
        if (a.w[i]) return i * 64 + __builtin_ctzll(a.w[i]);
    return (BB_ACTIVE - 1) * 64 + __builtin_ctzll(a.w[BB_ACTIVE - 1]);
}
/* Highest set square; the set must not be empty. */
BB_INLINE int bb_msb(Bitboard a) {
    for (int i = BB_ACTIVE - 1; i > 0; i--)
        if (a.w[i]) return i * 64 + 63 - __builtin_clzll(a.w[i]);
    return 63 - __builtin_clzll(a.w[0]);
}
/* Remove and return the lowest set square; the set must not be empty. */
BB_INLINE int bb_pop(Bitboard *a) {
    for (int i = 0; i < BB_ACTIVE - 1; i++)
        if (a->w[i]) {
            int s = __builtin_ctzll(a->w[i]);
            a->w[i] &= a->w[i] - 1;
            return i * 64 + s;
        }
    int s = __builtin_ctzll(a->w[BB_ACTIVE - 1]);
    a->w[BB_ACTIVE - 1] &= a->w[BB_ACTIVE - 1] - 1;
    return (BB_ACTIVE - 1) * 64 + s;
}

#define BB_CAT_(a, b) a##b
#define BB_CAT(a, b)  BB_CAT_(a, b)
/* Iterate the squares of a set (a copy is consumed); sq must be an int lvalue. */
#define BB_FOREACH(sq, bb)      BB_FOREACH_(sq, bb, BB_CAT(bb_it_, __LINE__))
#define BB_FOREACH_(sq, bb, it) for (Bitboard it = (bb); bb_any(it) && ((sq) = bb_pop(&it), 1);)

#endif
