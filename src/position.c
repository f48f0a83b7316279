/* position.c - board state: building and validating a position, keys of a new position,
 * history and repetition. Make/unmake and attack detection live in src/core/makemove.c; the
 * position as text (SFEN, XBoard FEN) in textpos.c, above this file.
 * Rules come from the descriptor (shared/rules/ (one file per game)); nothing here names a game.
 * Never prints. */
#include "position.h"

#include "placement.h"
#include "zobrist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Repetition verdict (shogi Game end; micro 5; nana 3.8; chu 6; wa 6). */
GameResult pos_repetition_result(const Position *pos, int occurrences, char *reason, size_t len) {
    char scratch[32];
    if (!reason) reason = scratch, len = sizeof scratch;
    Key k = pos_key(pos);
    int seen = 0, first = pos->sp;
    /* the cycle starts at the earliest of the `occurrences` latest occurrences */
    for (int i = pos->sp - 2; i >= 0 && seen + 1 < occurrences; i -= 2)
        if (pos->states[i].key == k) {
            seen++;
            first = i;
        }
    if (seen + 1 < occurrences) return RESULT_NONE;
    if (pos->rules.perpetual_check_loses) {
        /* states[j].checkers: the side to move at j is in check, i.e. the move into j checked */
        bool stm_checked = true, other_checked = true;
        for (int j = first + 1; j <= pos->sp; j++) {
            bool chk = bb_any(pos->states[j].checkers);
            if (((pos->sp - j) & 1) == 0)
                stm_checked &= chk;
            else
                other_checked &= chk;
        }
        /* WHY not when both: where a royal may stand attacked (chu) both sides can be "in
         * check" through the whole cycle; neither is then the one checker, and the verdict must
         * not depend on who is to move (it did: each side saw the same cycle as its own win) */
        if (stm_checked && !other_checked) {
            snprintf(reason, len, "perpetual check");
            return RESULT_WIN;
        }
        if (other_checked && !stm_checked) {
            snprintf(reason, len, "perpetual check");
            return RESULT_LOSS;
        }
    }
    if (pos->v->pass_cycle_loses) {
        /* chu 6: in a cycle with passes, the side that passed first loses. Move j was made
         * by the side to move at j - 1, which is the side to move now iff sp - j is odd. */
        for (int j = first + 1; j <= pos->sp; j++)
            if (move_is_pass(pos->states[j].move)) {
                snprintf(reason, len, "repetition by passing");
                return ((pos->sp - j) & 1) ? RESULT_LOSS : RESULT_WIN;
            }
    }
    snprintf(reason, len, "repetition");
    return RESULT_DRAW;
}

void pos_copy(Position *dst, const Position *src) {
    memcpy(dst, src, offsetof(Position, states) + sizeof(StateInfo) * (size_t)(src->sp + 1));
}

int pos_repetitions(const Position *pos) {
    int n = 0;
    Key k = pos->states[pos->sp].key;
    for (int i = pos->sp - 2; i >= 0; i -= 2)
        if (pos->states[i].key == k) n++;
    return n;
}

/* ---- building a position ------------------------------------------------------------------ */

void pos_begin(Position *pos, const Variant *v, const Rules *rules, Color stm, int move_number) {
    /* Only the parts before the history need clearing. */
    memset(pos, 0, offsetof(Position, states));
    pos->v = v;
    pos->t = v->tables;
    pos->rules = rules ? *rules : v->defaults;
    pos->stm = stm;
    pos->move_number = move_number;
}

void pos_put_piece(Position *pos, Piece pc, int sq) { put_piece(pos, pc, sq); }

void pos_add_to_hand(Position *pos, Color c, PieceType pt, int count) {
    pos->hand[c][pt] = (uint8_t)(pos->hand[c][pt] + count);
    pos->hand_total[c] += count;
}

void pos_hand_transfer(Position *pos, Color from, PieceType h) {
    Color to = color_flip(from);
    int a = pos->hand[from][h], b = pos->hand[to][h];
    Key d = hand_key(from, h, a) ^ hand_key(from, h, a - 1) ^ hand_key(to, h, b) ^ hand_key(to, h, b + 1);
    pos->states[pos->sp].key ^= d;
    pos->states[pos->sp].hkey ^= d;
    pos->hand[from][h] = (uint8_t)(a - 1);
    pos->hand[to][h] = (uint8_t)(b + 1);
    pos->hand_total[from]--;
    pos->hand_total[to]++;
}

/* Count limits, royals, dead pieces, the side not to move in check. */
static int check_position(const Position *pos, char *err, size_t errlen) {
    const Variant *v = pos->v;
    const VariantTables *t = pos->t;
    int per_side[COLOR_NB][PT_MAX] = {{0}};
    for (int s = 0; s < t->sq_count; s++) {
        Piece p = pos->board[s];
        if (!p) continue;
        PieceType pt = piece_type(p);
        Color c = piece_color(p);
        per_side[c][variant_base_type(v, pt)]++;
        /* a piece that could never move: malformed, unless the rules let it be dropped there */
        if (v->promotion == PROMO_ZONE && bb_test(t->dead[c][pt], s) && !pos->rules.free_drops &&
            !pos->rules.dead_drops) {
            snprintf(err, errlen, "%s on %s could never move", variant_symbol(v, pt),
                     c == BLACK ? "Black's far rank" : "White's far rank");
            return -1;
        }
    }
    for (int c = 0; c < 2; c++)
        for (int q = 1; q < t->type_count; q++) per_side[c][q] += pos->hand[c][q];
    /* Composed positions may hold extra material (shared/rules/micro.md 6.4 has four pawn
     * tiles; perft_std.tsv a third rook), so a kind may reach twice the game's set; more is
     * malformed. Royals stay limited to the set, per side. docs/rules.md, "Material". */
    for (int q = 1; q < t->type_count; q++) {
        int total = per_side[BLACK][q] + per_side[WHITE][q], max = t->max_count[q];
        if (t->flags[q] & PF_ROYAL) {
            for (int c = 0; c < 2; c++)
                if (per_side[c][q] > max / 2) {
                    snprintf(err, errlen, "%s has %d pieces of kind %s (at most %d)", c == BLACK ? "Black" : "White",
                             per_side[c][q], variant_symbol(v, (PieceType)q), max / 2);
                    return -1;
                }
        } else if (total > 2 * max) {
            snprintf(err, errlen, "too many pieces of kind %s (%d, at most %d)", variant_symbol(v, (PieceType)q), total,
                     2 * max);
            return -1;
        }
    }
    for (int c = 0; c < 2; c++)
        if (pos->royal_count[c] > 1 && !v->check_allowed) {
            snprintf(err, errlen, "%s has %d royal pieces", c == BLACK ? "Black" : "White", pos->royal_count[c]);
            return -1;
        }
    /* nifu on the board */
    if (!pos->rules.free_drops)
        for (int q = 1; q < t->type_count; q++) {
            if (!(t->flags[q] & PF_NIFU)) continue;
            for (int c = 0; c < 2; c++)
                for (int x = 0; x < v->files; x++) {
                    Bitboard b = bb_and(bb_and(pos->by_type[q], pos->by_color[c]), t->file_bb[x]);
                    if (bb_more_than_one(b)) {
                        snprintf(err, errlen, "two %s of one side on a file", variant_symbol(v, (PieceType)q));
                        return -1;
                    }
                }
        }
    if (!v->check_allowed && bb_any(pos_compute_checkers(pos, color_flip(pos->stm)))) {
        snprintf(err, errlen, "the side not to move is in check");
        return -1;
    }
    return 0;
}

int pos_finish(Position *pos, int lion_sq, char *err, size_t errlen) {
    if (check_position(pos, err, errlen)) return -1;
    StateInfo *st = &pos->states[0];
    memset(st, 0, sizeof *st);
    pos->sp = 0;
    st->lion_sq = (uint8_t)lion_sq;
    Key k = pos->stm == WHITE ? zob_side : 0;
    for (int s = 0; s < pos->t->sq_count; s++)
        if (pos->board[s]) k ^= zob_psq[piece_color(pos->board[s])][piece_type(pos->board[s])][s];
    for (int c = 0; c < 2; c++)
        for (int q = 1; q < pos->t->type_count; q++) k ^= hand_key((Color)c, (PieceType)q, pos->hand[c][q]);
    if (lion_sq != SQ_NONE) k ^= zob_lion[lion_sq];
    st->key = k;
    st->hkey = pos_hand_part(pos);
    st->checkers = pos_compute_checkers(pos, pos->stm);
    return 0;
}

Key pos_hand_part(const Position *pos) {
    Key k = 0;
    for (int c = 0; c < COLOR_NB; c++)
        for (int i = 0; i < pos->t->hand_type_count; i++) {
            PieceType h = pos->t->hand_types[i];
            k ^= hand_key((Color)c, h, pos->hand[c][h]);
        }
    return k;
}
