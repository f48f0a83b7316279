/* eval_impl.h - the evaluator's body, compiled three times: eval_narrow.c and eval_wide.c
 * (bitboard operations on 2 or 3 words, like the core, src/core.h) and eval_trace.c, which
 * also records every term in an EvalTrace for the tuner. Define EVAL_FN (the function's
 * name) and EVAL_TRACE (0 or 1) before including; BB_ACTIVE before any other include.
 *
 * Terms, per side (Black adds, White subtracts), in the order computed:
 *   1. pieces: material, rank and edge-distance tables (one precomputed table in the fast
 *      instances), distance to each king, mobility of ranged pieces; attack maps on the way;
 *   2. threats: pieces attacked and undefended (by whose move it is), pieces attacked by a
 *      cheap piece, an attacked lion;
 *   3. king safety: a danger table indexed by attacks on the king's neighbours and by what
 *      the attacker holds in hand, drop-check squares per hand type, defenders, escapes;
 *   4. hand: marginal values per piece held, a pawn that nifu bars everywhere;
 *   5. entering king: king in the enemy camp and the camp's declaration points;
 *   6. tempo; then the taper by the material phase. */
#include "../src/attacks.h"
#include "internal.h"

#if EVAL_TRACE
static inline void trace_add(EvalTrace *tr, int idx, int n) {
    if (!tr->used[idx]) {
        tr->used[idx] = 1;
        tr->index[tr->count++] = (uint16_t)idx;
    }
    tr->coef[idx] += n;
}
#define TERM(idx, n, sign)                                                                                             \
    do {                                                                                                               \
        int i_ = (idx), n_ = (n) * (sign);                                                                             \
        mg += n_ * P[i_].mg;                                                                                           \
        eg += n_ * P[i_].eg;                                                                                           \
        trace_add(tr, i_, n_);                                                                                         \
    } while (0)
#define EVAL_PARAMS , EvalTrace *tr
/* the trace records the signed term; cmg/ceg then stay 0 */
#define TERMC(idx, n) TERM(idx, n, s)
#else
/* a term of colour c's piece loop, summed without c's sign into cmg/ceg */
#define TERMC(idx, n)                                                                                                  \
    do {                                                                                                               \
        int i_ = (idx), n_ = (n);                                                                                      \
        cmg += n_ * P[i_].mg;                                                                                          \
        ceg += n_ * P[i_].eg;                                                                                          \
    } while (0)
#define TERM(idx, n, sign)                                                                                             \
    do {                                                                                                               \
        int i_ = (idx), n_ = (n) * (sign);                                                                             \
        mg += n_ * P[i_].mg;                                                                                           \
        eg += n_ * P[i_].eg;                                                                                           \
    } while (0)
#define EVAL_PARAMS
#endif

#define EVAL_MIN(a, b) ((a) < (b) ? (a) : (b))

typedef struct {
    Bitboard att[COLOR_NB];   /* attacked by the side */
    Bitboard att2[COLOR_NB];  /* attacked at least twice */
    Bitboard attnk[COLOR_NB]; /* attacked by a piece other than a royal */
    Bitboard attc[COLOR_NB];  /* attacked by a cheap piece */
    int ksq[COLOR_NB];        /* the single royal's square, -1 if not exactly one */
    int phase_material;
} EvalMaps;

Value EVAL_FN(const Position *pos, const EvalGame *g EVAL_PARAMS) {
    const VariantTables *t = pos->t;
    const EvalLayout *L = &g->at;
    const EvalScore *P = g->param;
    const Bitboard occ = pos_occupied(pos);
    int mg = 0, eg = 0;
    EvalMaps m;
    m.phase_material = 0;
    for (int c = 0; c < COLOR_NB; c++) {
        m.att[c] = m.att2[c] = m.attnk[c] = m.attc[c] = bb_empty();
        m.ksq[c] = g->single_royal && pos->royal_count[c] == 1 ? pos->royal_sq[c] : -1;
    }

    /* 1. pieces */
    for (int c = 0; c < COLOR_NB; c++) {
        const int s = c == BLACK ? 1 : -1;
        const int kown = m.ksq[c], kopp = m.ksq[c ^ 1];
        /* rows of distance buckets to each king (a row per king square, so no multiply) */
        const uint8_t *krow_own = kown >= 0 ? g->kbucket + kown * t->sq_count : NULL;
        const uint8_t *krow_opp = kopp >= 0 ? g->kbucket + kopp * t->sq_count : NULL;
        /* WHY two accumulators: the psq table is Black-positive; the terms of this loop are
         * summed for c without the sign, so the sums are not one long multiply-add chain */
        int pmg = 0, peg = 0, cmg = 0, ceg = 0;
        int sq;
        BB_FOREACH (sq, pos->by_color[c]) {
            PieceType pt = piece_type(pos->board[sq]);
#if EVAL_TRACE
            if (L->mat[pt] >= 0) TERM(L->mat[pt], 1, s);
            TERM(L->rank[pt] + g->rel_rank[c][sq], 1, s);
            TERM(L->file[pt] + g->edge_file[sq], 1, s);
#else
            pmg += g->psq[c][pt][sq].mg;
            peg += g->psq[c][pt][sq].eg;
#endif
            Bitboard a = piece_attacks(pos, pt, (Color)c, sq, occ);
            m.att2[c] = bb_or(m.att2[c], bb_and(m.att[c], a));
            m.att[c] = bb_or(m.att[c], a);
            if (g->cheap[pt]) m.attc[c] = bb_or(m.attc[c], a);
            if (L->mat[pt] < 0) continue; /* a royal */
            m.attnk[c] = bb_or(m.attnk[c], a);
            m.phase_material += g->phase_value[pt];
            if (g->ranged[pt] && (EVAL_TRACE || g->mob_used[pt]))
                TERMC(L->mob[pt], bb_popcount(bb_andnot(a, pos->by_color[c])));
            if (EVAL_TRACE || g->kdist_used[pt]) {
                if (krow_own) TERMC(L->kown[pt] + krow_own[sq], 1);
                if (krow_opp) TERMC(L->kopp[pt] + krow_opp[sq], 1);
            }
        }
        mg += pmg + s * cmg;
        eg += peg + s * ceg;
    }

    for (int c = 0; c < COLOR_NB; c++) {
        const int s = c == BLACK ? 1 : -1;
        const int them = c ^ 1;

        /* 2. threats against c's pieces */
        int sq;
        BB_FOREACH (sq, bb_and(pos->by_color[c], m.att[them])) {
            PieceType pt = piece_type(pos->board[sq]);
            if (L->mat[pt] < 0) continue;
            bool defended = bb_test(m.att[c], sq);
            if (!defended) TERM(c == (int)pos->stm ? L->hangm[pt] : L->hang[pt], 1, s);
            if (L->cheapatk[pt] >= 0 && bb_test(m.attc[them], sq)) TERM(L->cheapatk[pt], 1, s);
            if (g->lion[pt]) {
                TERM(L->lion_atk, 1, s);
                if (!defended) TERM(L->lion_hang, 1, s);
            }
        }

        /* 3. king safety of c */
        const int ksq = m.ksq[c];
        if (ksq >= 0) {
            const Bitboard zone = t->king_step[ksq];
            const Bitboard hit = bb_and(zone, m.att[them]);
            int units =
                bb_popcount(hit) + bb_popcount(bb_and(zone, m.att2[them])) + bb_popcount(bb_andnot(hit, m.attnk[c]));
            units = EVAL_MIN(units, KS_UNITS - 1);
            int hb = 0;
            if (g->ks_hands > 1) {
                for (int k = 0; k < t->hand_type_count; k++) {
                    PieceType h = t->hand_types[k];
                    int n = pos->hand[them][h];
                    if (!n) continue;
                    hb += EVAL_MIN(n, g->hand_weight[h]);
                    if (L->dropchk[h] < 0) continue;
                    Bitboard from = bb_empty();
                    for (int f = 0; f < t->face_count[h]; f++)
                        from = bb_or(from, piece_attacks(pos, t->faces[h][f], (Color)c, ksq, occ));
                    from = bb_andnot(bb_andnot(from, occ), t->no_drop);
                    TERM(L->dropchk[h], bb_popcount(bb_andnot(from, m.attnk[c])), s);
                    TERM(L->dropchkd[h], bb_popcount(bb_and(from, m.attnk[c])), s);
                }
                hb = EVAL_MIN(hb, KS_HAND - 1);
            }
            TERM(L->ks + units * g->ks_hands + hb, 1, s);
            TERM(L->kdef + bb_popcount(bb_and(zone, pos->by_color[c])), 1, s);
            TERM(L->kesc + bb_popcount(bb_andnot(bb_andnot(zone, pos->by_color[c]), m.att[them])), 1, s);

            /* 5. entering king */
            if (L->ek_king >= 0 && bb_test(t->zone[c], ksq)) {
                int points = 0, p;
                BB_FOREACH (p, bb_and(pos->by_color[c], t->zone[c]))
                    points += g->impasse_points[piece_type(pos->board[p])];
                TERM(L->ek_king, 1, s);
                TERM(L->ek_points, points, s);
            }
        }

        /* 4. hand */
        for (int k = 0; k < t->hand_type_count; k++) {
            PieceType h = t->hand_types[k];
            int n = pos->hand[c][h];
            if (!n || L->hand[h] < 0) continue;
            for (int j = 0; j < EVAL_MIN(n, HAND_STEPS - 1); j++) TERM(L->hand[h] + j, 1, s);
            if (n >= HAND_STEPS) TERM(L->hand[h] + HAND_STEPS - 1, n - (HAND_STEPS - 1), s);
            if (L->nifu[h] >= 0) {
                unsigned files = 0;
                BB_FOREACH (sq, bb_and(pos->by_type[h], pos->by_color[c])) files |= 1u << g->file_of[sq];
                if (__builtin_popcount(files) == pos->v->files) TERM(L->nifu[h], 1, s);
            }
        }
    }

    /* 6. tempo, taper */
    TERM(L->tempo, 1, pos->stm == BLACK ? 1 : -1);
    int phase = EVAL_PHASE_MAX;
    if (g->tapered) {
        phase = g->start_material ? m.phase_material * EVAL_PHASE_MAX / g->start_material : 0;
        phase = EVAL_MIN(phase, EVAL_PHASE_MAX);
    }
    int64_t total = (int64_t)mg * phase + (int64_t)eg * (EVAL_PHASE_MAX - phase);
    Value v = (Value)(total / EVAL_PHASE_MAX);
#if EVAL_TRACE
    tr->phase = phase;
    tr->black_eval = v;
#endif
    return v;
}

#undef TERM
#undef TERMC
#undef EVAL_PARAMS
#undef EVAL_MIN
