/* position.c - board state: SFEN in and out, validation, keys of a new position, history.
 * Make/unmake and attack detection live in src/core/makemove.c.
 * Rules come from the descriptor (shared/rules/ (one file per game)); nothing here names a game.
 * Never prints. */
#include "position.h"

#include "notation.h"
#include "placement.h"
#include "zobrist.h"

#include <ctype.h>
#include <stdarg.h>
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
        if (stm_checked) {
            snprintf(reason, len, "perpetual check");
            return RESULT_WIN;
        }
        if (other_checked) {
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

/* ---- SFEN -------------------------------------------------------------------------------- */

__attribute__((format(printf, 3, 4))) static int fail(char *err, size_t errlen, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* Parse one board field into pos (which has v/t set and is cleared). */
static int parse_board(Position *pos, const char *board, char *err, size_t errlen) {
    const Variant *v = pos->v;
    const char *p = board;
    for (int row = 0; row < v->ranks; row++) {
        int y = v->ranks - 1 - row, x = 0;
        while (*p && *p != '/') {
            if (isdigit((unsigned char)*p)) {
                int run = 0;
                while (isdigit((unsigned char)*p)) {
                    run = run * 10 + (*p++ - '0');
                    /* stop before int overflow could wrap a huge run to a plausible one */
                    if (x + run > v->files)
                        return fail(err, errlen, "board: row %d from the top has too many squares", row + 1);
                }
                if (run == 0) return fail(err, errlen, "board row %d from the top: empty run of 0", row + 1);
                x += run;
                continue;
            }
            char sym[3] = {0};
            int i = 0;
            if (*p == '+') sym[i++] = *p++;
            if (!isalpha((unsigned char)*p))
                return fail(err, errlen, "board: unexpected character '%.1s' in row %d from the top", *p ? p : "end",
                            row + 1);
            Color c = isupper((unsigned char)*p) ? BLACK : WHITE;
            sym[i] = (char)toupper((unsigned char)*p);
            PieceType pt = variant_type_of(v, sym);
            if (!pt) {
                char shown[4];
                snprintf(shown, sizeof shown, "%s%c", sym[0] == '+' ? "+" : "", *p);
                return fail(err, errlen, "board: unknown piece '%s' in row %d from the top", shown, row + 1);
            }
            p++;
            if (x >= v->files) return fail(err, errlen, "board: row %d from the top has too many squares", row + 1);
            put_piece(pos, piece_make(c, pt), y * v->files + x);
            x++;
        }
        if (x != v->files) {
            snprintf(err, errlen, "board: row %d from the top has %d squares, expected %d", row + 1, x, v->files);
            return -1;
        }
        if (row < v->ranks - 1) {
            if (*p != '/') {
                snprintf(err, errlen, "board: %d ranks, expected %d", row + 1, v->ranks);
                return -1;
            }
            p++;
        }
    }
    if (*p) {
        snprintf(err, errlen, "board: more than %d ranks", v->ranks);
        return -1;
    }
    return 0;
}

static int parse_hand(Position *pos, const char *hand, char *err, size_t errlen) {
    if (!strcmp(hand, "-") || !*hand) return 0;
    const Variant *v = pos->v;
    for (const char *p = hand; *p;) {
        int count = 1;
        if (isdigit((unsigned char)*p)) {
            count = 0;
            while (isdigit((unsigned char)*p)) {
                count = count * 10 + (*p++ - '0');
                if (count > HAND_MAX) return fail(err, errlen, "hand: count %d too large", count);
            }
            if (count == 0) return fail(err, errlen, "hand: count 0");
            if (!*p) return fail(err, errlen, "hand: count %d without a piece", count);
        }
        if (!isalpha((unsigned char)*p)) return fail(err, errlen, "hand: unexpected character '%.1s'", p);
        char sym[2] = {(char)toupper((unsigned char)*p), 0};
        Color c = isupper((unsigned char)*p) ? BLACK : WHITE;
        PieceType pt = variant_type_of(v, sym);
        bool is_hand = false;
        for (int k = 0; k < pos->t->hand_type_count; k++) is_hand |= pos->t->hand_types[k] == pt;
        if (!pt || !is_hand) return fail(err, errlen, "hand: '%.1s' is not a piece that can be held", p);
        /* the sum of repeated entries ("64P64P...") must not wrap the uint8_t count */
        if (pos->hand[c][pt] + count > HAND_MAX)
            return fail(err, errlen, "hand: count of '%.1s' too large (more than %d)", p, HAND_MAX);
        pos->hand[c][pt] = (uint8_t)(pos->hand[c][pt] + count);
        pos->hand_total[c] += count;
        p++;
    }
    return 0;
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

int pos_set_fields(Position *pos, const Variant *v, const Rules *rules, const char *board, Color stm, const char *hand,
                   int move_number, int lion_sq, char *err, size_t errlen) {
    Position *tmp = malloc(sizeof *tmp);
    if (!tmp) return fail(err, errlen, "out of memory");
    /* Only the parts before the history need clearing. */
    memset(tmp, 0, offsetof(Position, states));
    tmp->v = v;
    tmp->t = v->tables;
    tmp->rules = rules ? *rules : v->defaults;
    tmp->stm = stm;
    tmp->move_number = move_number;
    int rc = parse_board(tmp, board, err, errlen);
    if (!rc) rc = parse_hand(tmp, hand ? hand : "-", err, errlen);
    if (!rc) rc = check_position(tmp, err, errlen);
    if (rc) {
        free(tmp);
        return -1;
    }
    StateInfo *st = &tmp->states[0];
    memset(st, 0, sizeof *st);
    st->lion_sq = (uint8_t)lion_sq;
    Key k = stm == WHITE ? zob_side : 0;
    for (int s = 0; s < tmp->t->sq_count; s++)
        if (tmp->board[s]) k ^= zob_psq[piece_color(tmp->board[s])][piece_type(tmp->board[s])][s];
    for (int c = 0; c < 2; c++)
        for (int q = 1; q < tmp->t->type_count; q++) k ^= hand_key((Color)c, (PieceType)q, tmp->hand[c][q]);
    if (lion_sq != SQ_NONE) k ^= zob_lion[lion_sq];
    st->key = k;
    st->checkers = pos_compute_checkers(tmp, stm);
    pos_copy(pos, tmp);
    free(tmp);
    return 0;
}

int pos_set_sfen(Position *pos, const Variant *v, const Rules *rules, const char *sfen, char *err, size_t errlen) {
    char buf[1024];
    if (!sfen || strlen(sfen) >= sizeof buf) return fail(err, errlen, "SFEN missing or too long");
    snprintf(buf, sizeof buf, "%s", sfen);
    char *fields[6] = {0};
    int nf = 0;
    for (char *save = NULL, *tok = strtok_r(buf, " \t", &save); tok && nf < 6; tok = strtok_r(NULL, " \t", &save))
        fields[nf++] = tok;
    if (nf < 2) return fail(err, errlen, "SFEN needs board and side to move (got %d field%s)", nf, nf == 1 ? "" : "s");
    Color stm;
    if (!strcmp(fields[1], "b"))
        stm = BLACK;
    else if (!strcmp(fields[1], "w"))
        stm = WHITE;
    else
        return fail(err, errlen, "SFEN side to move must be b or w, not '%s'", fields[1]);
    const char *hand = "-";
    int lion = SQ_NONE, next = 2;
    if (v->drops) {
        if (nf < 3) return fail(err, errlen, "SFEN has no hand field");
        hand = fields[2];
        next = 3;
    } else if (nf > 2 && fields[2][strspn(fields[2], "0123456789")]) {
        /* games without drops: an optional '-' or, with lion rules, a counter-strike square
         * (lishogi writes it like "8j"; a field of digits only is the move number) */
        if (strcmp(fields[2], "-")) {
            lion = v->lion_rules ? usi_square_parse(v, fields[2]) : -1;
            if (lion < 0) return fail(err, errlen, "SFEN: bad third field '%s'", fields[2]);
        }
        next = 3;
    }
    int move_number = 1;
    if (nf > next) {
        char *end;
        long n = strtol(fields[next], &end, 10);
        if (*end || n < 1 || n > 100000)
            return fail(err, errlen, "SFEN move number '%s' is not a positive number", fields[next]);
        move_number = (int)n;
        next++;
    }
    if (nf > next) return fail(err, errlen, "SFEN: unexpected extra field '%s'", fields[next]);
    return pos_set_fields(pos, v, rules, fields[0], stm, hand, move_number, lion, err, errlen);
}

void pos_board_string(const Position *pos, char *buf, size_t len) {
    const Variant *v = pos->v;
    size_t o = 0;
    for (int row = 0; row < v->ranks; row++) {
        int y = v->ranks - 1 - row, empty = 0;
        for (int x = 0; x < v->files; x++) {
            Piece p = pos->board[y * v->files + x];
            if (!p) {
                empty++;
                continue;
            }
            if (empty) o += (size_t)snprintf(buf + o, len - o, "%d", empty);
            empty = 0;
            const char *sym = variant_symbol(v, piece_type(p));
            for (const char *c = sym; *c; c++)
                o +=
                    (size_t)snprintf(buf + o, len - o, "%c", piece_color(p) == WHITE ? tolower((unsigned char)*c) : *c);
        }
        if (empty) o += (size_t)snprintf(buf + o, len - o, "%d", empty);
        if (row < v->ranks - 1) o += (size_t)snprintf(buf + o, len - o, "/");
    }
}

void pos_hand_string(const Position *pos, char *buf, size_t len) {
    size_t o = 0;
    buf[0] = 0;
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < pos->t->hand_type_count; k++) {
            PieceType h = pos->t->hand_types[k];
            int n = pos->hand[c][h];
            if (!n) continue;
            char letter = variant_symbol(pos->v, h)[0];
            if (c == WHITE) letter = (char)tolower((unsigned char)letter);
            if (n > 1)
                o += (size_t)snprintf(buf + o, len - o, "%d%c", n, letter);
            else
                o += (size_t)snprintf(buf + o, len - o, "%c", letter);
        }
    if (!o) snprintf(buf, len, "-");
}

void pos_to_sfen(const Position *pos, char *buf, size_t len) {
    char board[512], hand[128];
    pos_board_string(pos, board, sizeof board);
    pos_hand_string(pos, hand, sizeof hand);
    int number = pos->move_number + pos->sp;
    const StateInfo *st = pos_st(pos);
    if (pos->v->drops)
        snprintf(buf, len, "%s %c %s %d", board, pos->stm == BLACK ? 'b' : 'w', hand, number);
    else if (st->lion_sq != SQ_NONE) {
        char sq[16];
        usi_square_format(pos->v, st->lion_sq, sq, sizeof sq);
        snprintf(buf, len, "%s %c %s %d", board, pos->stm == BLACK ? 'b' : 'w', sq, number);
    } else
        snprintf(buf, len, "%s %c - %d", board, pos->stm == BLACK ? 'b' : 'w', number);
}
