/* solve/index.c - numbering of small-game positions (see index.h). */
#include "index.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../movegen.h"
#include "../placement.h"
#include "../textpos.h"
#include "../zobrist.h"

static int fail(char *err, size_t errlen, const char *msg) {
    snprintf(err, errlen, "%s", msg);
    return -1;
}

static int code_of(const SolveIndex *ix, Piece p) {
    PieceType pt = piece_type(p);
    int g = ix->group_of[pt];
    if (g < 0) return -1;
    int off = 0;
    for (int i = 0; i < g; i++) off += ix->states[i];
    return 1 + 2 * (off + ix->state_of[pt]) + (int)piece_color(p);
}

/* Which game types are tiles, of which kind and state; from the descriptor's tables. */
static int find_groups(SolveIndex *ix, const Position *start, char *err, size_t errlen) {
    const VariantTables *t = ix->v->tables;
    memset(ix->group_of, -1, sizeof ix->group_of);
    memset(ix->state_of, -1, sizeof ix->state_of);
    for (int pt = 1; pt < t->type_count; pt++) {
        if (pt == ix->royal) continue;
        PieceType h = t->hand_type[pt];
        if (!h) return fail(err, errlen, "a piece type never goes to hand");
        int g = 0;
        while (g < ix->groups && ix->group_hand[g] != h) g++;
        if (g == ix->groups) {
            if (g == SOLVE_GROUPS_MAX) return fail(err, errlen, "too many tile kinds");
            ix->group_hand[ix->groups++] = h;
        }
        if (ix->states[g] == SOLVE_STATES_MAX) return fail(err, errlen, "too many states of one tile");
        ix->group_of[pt] = (int8_t)g;
        ix->state_of[pt] = (int8_t)ix->states[g];
        ix->state_type[g][ix->states[g]++] = (PieceType)pt;
    }
    for (int s = 0; s < ix->n; s++) {
        Piece p = start->board[s];
        if (p && piece_type(p) != ix->royal) ix->count[ix->group_of[piece_type(p)]]++;
    }
    for (int g = 0; g < ix->groups; g++)
        for (int c = 0; c < 2; c++) ix->count[g] += start->hand[c][ix->group_hand[g]];
    ix->codes = 1;
    ix->drop_slots = 0;
    for (int pt = 0; pt < PT_MAX; pt++) ix->drop_slot[pt] = -1;
    for (int g = 0; g < ix->groups; g++)
        for (int s = 0; s < ix->states[g]; s++) {
            PieceType pt = ix->state_type[g][s];
            ix->drop_slot[pt] = ix->drop_slots++;
            for (int c = 0; c < 2; c++) {
                ix->code_piece[ix->codes] = piece_make((Color)c, pt);
                ix->code_group[ix->codes++] = (int8_t)g;
            }
        }
    return 0;
}

/* completions[slot][r] and the prefix sums used to rank one square's code. */
static int build_counts(SolveIndex *ix, char *err, size_t errlen) {
    int slots = ix->n - 2, mult[SOLVE_GROUPS_MAX];
    ix->rvec_count = 1;
    for (int g = 0; g < ix->groups; g++) {
        ix->radix[g] = ix->count[g] + 1;
        mult[g] = ix->rvec_count;
        ix->rvec_count *= ix->radix[g];
        if (ix->rvec_count > SOLVE_RVEC_MAX) return fail(err, errlen, "too many tiles");
    }
    int R = ix->rvec_count;
    ix->completions = calloc((size_t)(slots + 1) * R, sizeof *ix->completions);
    ix->prefix = calloc((size_t)slots * R * ix->codes, sizeof *ix->prefix);
    if (!ix->completions || !ix->prefix) return fail(err, errlen, "out of memory");
    for (int r = 0; r < R; r++) {
        uint64_t splits = 1;
        for (int g = 0; g < ix->groups; g++) splits *= (uint64_t)(r / mult[g] % ix->radix[g] + 1);
        ix->completions[(size_t)slots * R + r] = splits;
    }
    for (int slot = slots - 1; slot >= 0; slot--)
        for (int r = 0; r < R; r++) {
            uint64_t sum = 0;
            for (int c = 0; c < ix->codes; c++) {
                ix->prefix[((size_t)slot * R + r) * ix->codes + c] = sum;
                int g = c ? ix->code_group[c] : -1, rr = r;
                if (g >= 0) {
                    if (r / mult[g] % ix->radix[g] == 0) continue;
                    rr -= mult[g];
                }
                sum += ix->completions[(size_t)(slot + 1) * R + rr];
            }
            ix->completions[(size_t)slot * R + r] = sum;
        }
    ix->configs = ix->completions[R - 1];
    return 0;
}

static void build_kpairs(SolveIndex *ix, const Position *scratch) {
    ix->kpairs = 0;
    Bitboard none = bb_empty();
    for (int a = 0; a < ix->n; a++)
        for (int b = 0; b < ix->n; b++) {
            ix->kpair_of[a][b] = -1;
            if (a == b) continue;
            if (bb_test(pos_piece_attacks(scratch, ix->royal, BLACK, a, none), b) ||
                bb_test(pos_piece_attacks(scratch, ix->royal, WHITE, b, none), a))
                continue;
            ix->kpair_sq[ix->kpairs][0] = (uint8_t)a;
            ix->kpair_sq[ix->kpairs][1] = (uint8_t)b;
            ix->kpair_of[a][b] = (int16_t)ix->kpairs++;
        }
}

static bool has_royal_in_hand(const SolveState *s) {
    return s->royal[BLACK] == SOLVE_IN_HAND || s->royal[WHITE] == SOLVE_IN_HAND;
}

/* The positions with a royal in hand: a walk forward from the start while one is. */
static int build_opening(SolveIndex *ix, Position *pos, char *err, size_t errlen) {
    ix->opening = malloc(SOLVE_OPENING_MAX * sizeof *ix->opening);
    if (!ix->opening) return fail(err, errlen, "out of memory");
    ix->opening_count = 0;
    if (!has_royal_in_hand(&ix->start)) return 0;
    ix->opening[ix->opening_count++] = ix->start;
    MoveList list;
    for (int i = 0; i < ix->opening_count; i++) {
        solve_to_pos(ix, &ix->opening[i], pos);
        movegen_legal(pos, &list);
        for (int k = 0; k < list.size; k++) {
            SolveState next;
            solve_apply(ix, &ix->opening[i], list.moves[k], &next);
            if (!has_royal_in_hand(&next)) continue;
            int j = 0;
            while (j < ix->opening_count && memcmp(&ix->opening[j], &next, sizeof next)) j++;
            if (j < ix->opening_count) continue;
            if (ix->opening_count == SOLVE_OPENING_MAX) return fail(err, errlen, "too many opening positions");
            ix->opening[ix->opening_count++] = next;
        }
    }
    return 0;
}

static int check_game(const Variant *v, char *err, size_t errlen) {
    const VariantTables *t = v->tables;
    if (!t || t->sq_count > SOLVE_SQ_MAX) return fail(err, errlen, "board too large to solve");
    if (v->promotion != PROMO_ROLL && v->promotion != PROMO_NONE)
        return fail(err, errlen, "only games whose pieces roll or never change can be solved");
    if (!v->drops || v->check_allowed || v->lion_rules || v->repeats_rule || v->pass_cycle_loses)
        return fail(err, errlen, "the game's rules are outside what the solver handles");
    if (!t->royal_type) return fail(err, errlen, "the game has no royal piece");
    return 0;
}

int solve_index_init(SolveIndex *ix, const Variant *v, uint64_t max_size, char *err, size_t errlen) {
    memset(ix, 0, sizeof *ix);
    if (check_game(v, err, errlen)) return -1;
    ix->v = v;
    ix->rules = v->defaults;
    ix->n = v->tables->sq_count;
    ix->royal = v->tables->royal_type;
    Position *pos = malloc(sizeof *pos);
    if (!pos) return fail(err, errlen, "out of memory");
    int rc = pos_set_sfen(pos, v, NULL, v->start, err, errlen);
    if (!rc) rc = find_groups(ix, pos, err, errlen);
    if (!rc) rc = build_counts(ix, err, errlen);
    if (!rc) {
        build_kpairs(ix, pos);
        if (!solve_from_pos(ix, pos, &ix->start)) rc = fail(err, errlen, "start position has not one royal per side");
    }
    if (!rc && (double)ix->configs * ix->kpairs * 2 > (double)max_size)
        rc = fail(err, errlen, "too many positions to solve");
    if (!rc) {
        ix->main_size = 2 * (uint64_t)ix->kpairs * ix->configs;
        ix->move_bits = ix->n * ix->n + ix->drop_slots * ix->n;
        rc = build_opening(ix, pos, err, errlen);
        ix->size = ix->main_size + (uint64_t)ix->opening_count;
    }
    free(pos);
    if (rc) solve_index_free(ix);
    return rc;
}

void solve_index_free(SolveIndex *ix) {
    free(ix->completions);
    free(ix->prefix);
    free(ix->opening);
    ix->completions = ix->prefix = NULL;
    ix->opening = NULL;
}

uint64_t solve_index_of(const SolveIndex *ix, const SolveState *s) {
    if (has_royal_in_hand(s)) {
        for (int i = 0; i < ix->opening_count; i++)
            if (!memcmp(&ix->opening[i], s, sizeof *s)) return ix->main_size + (uint64_t)i;
        return UINT64_MAX;
    }
    int kp = ix->kpair_of[s->royal[BLACK]][s->royal[WHITE]];
    if (kp < 0) return UINT64_MAX;
    int R = ix->rvec_count, r = R - 1, slot = 0;
    uint64_t rank = 0;
    for (int sq = 0; sq < ix->n; sq++) {
        if (sq == s->royal[BLACK] || sq == s->royal[WHITE]) continue;
        int c = s->board[sq] ? code_of(ix, s->board[sq]) : 0;
        if (c < 0) return UINT64_MAX;
        rank += ix->prefix[((size_t)slot * R + r) * ix->codes + c];
        if (c) {
            int g = ix->code_group[c], mult = 1;
            for (int i = 0; i < g; i++) mult *= ix->radix[i];
            if (r / mult % ix->radix[g] == 0) return UINT64_MAX;
            r -= mult;
        }
        slot++;
    }
    uint64_t split = 0, mult = 1;
    for (int g = 0, m = 1; g < ix->groups; m *= ix->radix[g], g++) {
        int left = r / m % ix->radix[g];
        if (s->hand[BLACK][g] + s->hand[WHITE][g] != left) return UINT64_MAX;
        split += mult * s->hand[BLACK][g];
        mult *= (uint64_t)(left + 1);
    }
    return ((uint64_t)s->stm * ix->kpairs + (uint64_t)kp) * ix->configs + rank + split;
}

void solve_state_of(const SolveIndex *ix, uint64_t idx, SolveState *s) {
    memset(s, 0, sizeof *s);
    if (idx >= ix->main_size) {
        *s = ix->opening[idx - ix->main_size];
        return;
    }
    uint64_t rank = idx % ix->configs, rest = idx / ix->configs;
    int kp = (int)(rest % (uint64_t)ix->kpairs);
    s->stm = (uint8_t)(rest / (uint64_t)ix->kpairs);
    s->royal[BLACK] = ix->kpair_sq[kp][0];
    s->royal[WHITE] = ix->kpair_sq[kp][1];
    s->board[s->royal[BLACK]] = piece_make(BLACK, ix->royal);
    s->board[s->royal[WHITE]] = piece_make(WHITE, ix->royal);
    int R = ix->rvec_count, r = R - 1, slot = 0;
    for (int sq = 0; sq < ix->n; sq++) {
        if (sq == s->royal[BLACK] || sq == s->royal[WHITE]) continue;
        const uint64_t *pre = &ix->prefix[((size_t)slot * R + r) * ix->codes];
        int c = ix->codes - 1; /* the largest feasible code whose offset is <= rank */
        for (; c > 0; c--) {
            int g = ix->code_group[c], mult = 1;
            for (int i = 0; i < g; i++) mult *= ix->radix[i];
            if (pre[c] <= rank && r / mult % ix->radix[g] > 0) break;
        }
        rank -= pre[c];
        if (c) {
            int g = ix->code_group[c], mult = 1;
            for (int i = 0; i < g; i++) mult *= ix->radix[i];
            r -= mult;
            s->board[sq] = ix->code_piece[c];
        }
        slot++;
    }
    for (int g = 0, m = 1; g < ix->groups; m *= ix->radix[g], g++) {
        int left = r / m % ix->radix[g];
        s->hand[BLACK][g] = (uint8_t)(rank % (uint64_t)(left + 1));
        s->hand[WHITE][g] = (uint8_t)(left - s->hand[BLACK][g]);
        rank /= (uint64_t)(left + 1);
    }
}

bool solve_from_pos(const SolveIndex *ix, const Position *pos, SolveState *s) {
    const VariantTables *t = pos->t;
    if (pos->v != ix->v) return false;
    memset(s, 0, sizeof *s);
    s->stm = (uint8_t)pos->stm;
    int seen[SOLVE_GROUPS_MAX] = {0}, royals[COLOR_NB] = {0};
    for (int sq = 0; sq < ix->n; sq++) {
        Piece p = pos->board[sq];
        if (!p) continue;
        PieceType pt = piece_type(p);
        if (pt == ix->royal) {
            s->royal[piece_color(p)] = (uint8_t)sq;
            royals[piece_color(p)]++;
        } else if (ix->group_of[pt] < 0)
            return false;
        else
            seen[ix->group_of[pt]]++;
        s->board[sq] = p;
    }
    PieceType rh = t->hand_type[ix->royal];
    for (int c = 0; c < 2; c++) {
        int total = 0;
        for (int g = 0; g < ix->groups; g++) {
            s->hand[c][g] = pos->hand[c][ix->group_hand[g]];
            seen[g] += s->hand[c][g];
            total += s->hand[c][g];
        }
        if (rh && pos->hand[c][rh]) {
            s->royal[c] = SOLVE_IN_HAND;
            royals[c] += pos->hand[c][rh];
            total += pos->hand[c][rh];
        }
        if (royals[c] != 1 || total != pos->hand_total[c]) return false;
    }
    for (int g = 0; g < ix->groups; g++)
        if (seen[g] != ix->count[g]) return false;
    return true;
}

bool solve_to_pos(const SolveIndex *ix, const SolveState *s, Position *pos) {
    const Variant *v = ix->v;
    memset(pos, 0, offsetof(Position, states));
    pos->v = v;
    pos->t = v->tables;
    pos->rules = ix->rules;
    pos->stm = (Color)s->stm;
    pos->move_number = 1;
    for (int sq = 0; sq < ix->n; sq++)
        if (s->board[sq]) put_piece(pos, s->board[sq], sq);
    PieceType rh = v->tables->hand_type[ix->royal];
    for (int c = 0; c < 2; c++) {
        for (int g = 0; g < ix->groups; g++) {
            pos->hand[c][ix->group_hand[g]] = s->hand[c][g];
            pos->hand_total[c] += s->hand[c][g];
        }
        if (s->royal[c] == SOLVE_IN_HAND) {
            pos->hand[c][rh]++;
            pos->hand_total[c]++;
        }
    }
    pos->sp = 0;
    StateInfo *st = &pos->states[0];
    memset(st, 0, sizeof *st);
    st->lion_sq = SQ_NONE;
    Key k = s->stm == WHITE ? zob_side : 0;
    for (int sq = 0; sq < ix->n; sq++)
        if (s->board[sq]) k ^= zob_psq[piece_color(s->board[sq])][piece_type(s->board[sq])][sq];
    for (int c = 0; c < 2; c++)
        for (int q = 1; q < pos->t->type_count; q++) k ^= hand_key((Color)c, (PieceType)q, pos->hand[c][q]);
    st->key = k;
    st->hkey = pos_hand_part(pos);
    st->checkers = pos_compute_checkers(pos, (Color)s->stm);
    return !bb_any(pos_compute_checkers(pos, color_flip((Color)s->stm)));
}

uint64_t solve_index_of_pos(const SolveIndex *ix, const Position *pos) {
    SolveState s;
    return solve_from_pos(ix, pos, &s) ? solve_index_of(ix, &s) : UINT64_MAX;
}

int solve_move_bit(const SolveIndex *ix, Move m) {
    if (move_is_drop(m)) {
        int slot = ix->drop_slot[move_drop_type(m)];
        return slot < 0 ? -1 : ix->n * ix->n + slot * ix->n + move_to(m);
    }
    return move_from(m) * ix->n + move_to(m);
}

void solve_apply(const SolveIndex *ix, const SolveState *s, Move m, SolveState *out) {
    const VariantTables *t = ix->v->tables;
    *out = *s;
    Color us = (Color)s->stm;
    int to = move_to(m);
    if (move_is_drop(m)) {
        PieceType pt = move_drop_type(m);
        if (pt == ix->royal)
            out->royal[us] = (uint8_t)to;
        else
            out->hand[us][ix->group_of[pt]]--;
        out->board[to] = piece_make(us, pt);
    } else {
        int from = move_from(m);
        PieceType pt = piece_type(s->board[from]);
        if (s->board[to]) out->hand[us][ix->group_of[piece_type(s->board[to])]]++;
        if (pt == ix->royal)
            out->royal[us] = (uint8_t)to;
        else if (ix->v->promotion == PROMO_ROLL && t->changes_to[pt])
            pt = t->changes_to[pt];
        out->board[from] = PIECE_NONE;
        out->board[to] = piece_make(us, pt);
    }
    out->stm = (uint8_t)color_flip(us);
}
