/* zobrist.c - the position-key tables, filled once at start-up and read-only afterwards. */
#include "zobrist.h"

/* ---- Zobrist keys (filled once at start-up, read-only afterwards) ------------------------ */

Key zob_psq[COLOR_NB][PT_MAX][SQ_MAX];
Key zob_hand[COLOR_NB][PT_MAX][HAND_MAX + 1]; /* [c][h][0] stays 0: an empty hand adds nothing */
Key zob_lion[SQ_MAX];
Key zob_side;

static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void zobrist_init(void) {
    uint64_t seed = 0x5348495348490001ULL; /* fixed: keys (and so bench) are reproducible */
    for (int c = 0; c < COLOR_NB; c++)
        for (int p = 0; p < PT_MAX; p++)
            for (int s = 0; s < SQ_MAX; s++) zob_psq[c][p][s] = splitmix(&seed);
    for (int c = 0; c < COLOR_NB; c++)
        for (int p = 0; p < PT_MAX; p++)
            for (int n = 1; n <= HAND_MAX; n++) zob_hand[c][p][n] = splitmix(&seed);
    for (int s = 0; s < SQ_MAX; s++) zob_lion[s] = splitmix(&seed);
    zob_side = splitmix(&seed);
}
