/* textpos.c - positions and squares as text (shared/rules/README.md, protocols.md): SFEN and
 * XBoard FEN in and out, USI and XBoard squares. Lexing is textscan.h's; building and
 * checking the position is position.c's. Never prints. */
#include "textpos.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "textscan.h"

__attribute__((format(printf, 3, 4))) static int fail(char *err, size_t errlen, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* Append to buf at offset *o; a truncated write leaves *o at the terminating zero, never
 * past the buffer. */
__attribute__((format(printf, 4, 5))) static void append(char *buf, size_t len, size_t *o, const char *fmt, ...) {
    if (*o + 1 >= len) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *o, len - *o, fmt, ap);
    va_end(ap);
    if (n > 0) *o = (size_t)n < len - *o ? *o + (size_t)n : len - 1;
}

enum { FIELDS_MAX = 8 };

/* Split buf at blanks in place; stores up to FIELDS_MAX fields and returns how many there
 * are (more than FIELDS_MAX means too many). */
static int split_fields(char *buf, char *fields[FIELDS_MAX]) {
    int n = 0;
    for (char *p = buf;;) {
        while (*p == ' ' || *p == '\t') *p++ = 0;
        if (!*p) return n;
        if (n < FIELDS_MAX) fields[n] = p;
        n++;
        while (*p && *p != ' ' && *p != '\t') p++;
    }
}

/* ---- squares ------------------------------------------------------------------------------ */

int usi_square_read(const Variant *v, const char **p) { return scan_usi_square(v->files, v->ranks, p); }

int usi_square_parse(const Variant *v, const char *s) {
    const char *p = s;
    int sq = usi_square_read(v, &p);
    return sq >= 0 && !*p ? sq : -1;
}

void usi_square_format(const Variant *v, int sq, char *buf, size_t len) {
    snprintf(buf, len, "%d%c", v->files - sq_x(v, sq), 'a' + (v->ranks - 1 - sq_y(v, sq)));
}

int xb_square_read(const Variant *v, const char **p) { return scan_xb_square(v->files, v->ranks, p); }

void xb_square_format(const Variant *v, int sq, char *buf, size_t len) {
    snprintf(buf, len, "%c%d", 'a' + sq_x(v, sq), sq_y(v, sq) + 1);
}

/* ---- SFEN in ------------------------------------------------------------------------------- */

static int board_piece(Position *pos, const ScanItem *it, int row, int x, int y, char *err, size_t errlen) {
    const Variant *v = pos->v;
    PieceType pt = variant_type_of(v, it->sym);
    if (!pt) {
        char shown[4];
        char letter = it->sym[it->sym[0] == '+'];
        snprintf(shown, sizeof shown, "%s%c", it->sym[0] == '+' ? "+" : "",
                 it->white ? (char)tolower((unsigned char)letter) : letter);
        return fail(err, errlen, "board: unknown piece '%s' in row %d from the top", shown, row + 1);
    }
    if (x >= v->files) return fail(err, errlen, "board: row %d from the top has too many squares", row + 1);
    pos_put_piece(pos, piece_make(it->white ? WHITE : BLACK, pt), y * v->files + x);
    return 0;
}

/* One rank of the board field; leaves *last at the item that ended it (slash or end). */
static int parse_row(Position *pos, const char **p, int row, ScanItem *last, char *err, size_t errlen) {
    const Variant *v = pos->v;
    int y = v->ranks - 1 - row, x = 0;
    for (;;) {
        ScanKind k = scan_board_item(p, last);
        if (k == SCAN_SLASH || k == SCAN_END) break;
        if (k == SCAN_BAD) {
            char shown[4] = "end";
            if (last->bad) shown[0] = last->bad, shown[1] = 0;
            return fail(err, errlen, "board: unexpected character '%s' in row %d from the top", shown, row + 1);
        }
        if (k == SCAN_RUN) {
            if (last->run == 0) return fail(err, errlen, "board row %d from the top: empty run of 0", row + 1);
            if (x + last->run > v->files)
                return fail(err, errlen, "board: row %d from the top has too many squares", row + 1);
            x += last->run;
            continue;
        }
        if (board_piece(pos, last, row, x, y, err, errlen)) return -1;
        x++;
    }
    if (x != v->files)
        return fail(err, errlen, "board: row %d from the top has %d squares, expected %d", row + 1, x, v->files);
    return 0;
}

/* Parse one board field into pos (which pos_begin has cleared). */
static int parse_board(Position *pos, const char *board, char *err, size_t errlen) {
    const Variant *v = pos->v;
    const char *p = board;
    ScanItem last = {0};
    for (int row = 0; row < v->ranks; row++) {
        if (parse_row(pos, &p, row, &last, err, errlen)) return -1;
        if (row < v->ranks - 1 && last.kind != SCAN_SLASH)
            return fail(err, errlen, "board: %d ranks, expected %d", row + 1, v->ranks);
    }
    if (last.kind != SCAN_END || *p) return fail(err, errlen, "board: more than %d ranks", v->ranks);
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
        pos_add_to_hand(pos, c, pt, count);
        p++;
    }
    return 0;
}

int pos_set_fields(Position *pos, const Variant *v, const Rules *rules, const char *board, Color stm, const char *hand,
                   int move_number, int lion_sq, char *err, size_t errlen) {
    Position *tmp = malloc(sizeof *tmp);
    if (!tmp) return fail(err, errlen, "out of memory");
    pos_begin(tmp, v, rules, stm, move_number);
    int rc = parse_board(tmp, board, err, errlen);
    if (!rc) rc = parse_hand(tmp, hand ? hand : "-", err, errlen);
    if (!rc) rc = pos_finish(tmp, lion_sq, err, errlen);
    if (!rc) pos_copy(pos, tmp);
    free(tmp);
    return rc;
}

int pos_set_sfen(Position *pos, const Variant *v, const Rules *rules, const char *sfen, char *err, size_t errlen) {
    char buf[1024];
    if (!sfen || strlen(sfen) >= sizeof buf) return fail(err, errlen, "SFEN missing or too long");
    snprintf(buf, sizeof buf, "%s", sfen);
    char *fields[FIELDS_MAX];
    int nf = split_fields(buf, fields);
    if (nf > FIELDS_MAX) return fail(err, errlen, "SFEN: too many fields");
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
            return fail(err, errlen, "SFEN move number '%s' is not a number from 1 to 100000", fields[next]);
        move_number = (int)n;
        next++;
    }
    if (nf > next) return fail(err, errlen, "SFEN: unexpected extra field '%s'", fields[next]);
    return pos_set_fields(pos, v, rules, fields[0], stm, hand, move_number, lion, err, errlen);
}

/* ---- SFEN out ------------------------------------------------------------------------------ */

void pos_board_string(const Position *pos, char *buf, size_t len) {
    const Variant *v = pos->v;
    size_t o = 0;
    if (len) buf[0] = 0;
    for (int row = 0; row < v->ranks; row++) {
        int y = v->ranks - 1 - row, empty = 0;
        for (int x = 0; x < v->files; x++) {
            Piece p = pos->board[y * v->files + x];
            if (!p) {
                empty++;
                continue;
            }
            if (empty) append(buf, len, &o, "%d", empty);
            empty = 0;
            for (const char *c = variant_symbol(v, piece_type(p)); *c; c++)
                append(buf, len, &o, "%c", piece_color(p) == WHITE ? tolower((unsigned char)*c) : *c);
        }
        if (empty) append(buf, len, &o, "%d", empty);
        if (row < v->ranks - 1) append(buf, len, &o, "/");
    }
}

void pos_hand_string(const Position *pos, char *buf, size_t len) {
    size_t o = 0;
    if (len) buf[0] = 0;
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < pos->t->hand_type_count; k++) {
            PieceType h = pos->t->hand_types[k];
            int n = pos->hand[c][h];
            if (!n) continue;
            char letter = variant_symbol(pos->v, h)[0];
            if (c == WHITE) letter = (char)tolower((unsigned char)letter);
            if (n > 1)
                append(buf, len, &o, "%d%c", n, letter);
            else
                append(buf, len, &o, "%c", letter);
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

/* ---- XBoard FEN ---------------------------------------------------------------------------- */

int fen_parse(Position *pos, const Variant *v, const Rules *rules, const char *fen, char *err, size_t errlen) {
    char buf[1024], board[512], hold[160] = "-";
    if (!fen || strlen(fen) >= sizeof buf) {
        snprintf(err, errlen, "FEN missing or too long");
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", fen);
    char *fields[FIELDS_MAX];
    int nf = split_fields(buf, fields);
    if (nf > FIELDS_MAX) {
        snprintf(err, errlen, "FEN: too many fields");
        return -1;
    }
    if (nf < 2) {
        snprintf(err, errlen, "FEN needs a board and a side to move");
        return -1;
    }
    int next = 1;
    snprintf(board, sizeof board, "%s", fields[0]);
    char *br = strchr(board, '[');
    if (!br && fields[1][0] == '[') br = fields[next++];
    if (br) {
        char *close = strchr(br, ']');
        if (!close || close[1]) {
            snprintf(err, errlen, "FEN holdings: missing ']'");
            return -1;
        }
        *close = 0;
        snprintf(hold, sizeof hold, "%s", br[1] ? br + 1 : "-");
        if (br >= board && br < board + sizeof board) *br = 0;
    }
    if (br && !v->drops && strcmp(hold, "-")) {
        snprintf(err, errlen, "FEN holdings in a game without drops");
        return -1;
    }
    if (nf <= next) {
        snprintf(err, errlen, "FEN needs a side to move");
        return -1;
    }
    Color stm;
    if (!strcmp(fields[next], "w"))
        stm = BLACK; /* XBoard's "white" is the first mover */
    else if (!strcmp(fields[next], "b"))
        stm = WHITE;
    else {
        snprintf(err, errlen, "FEN side to move must be w or b, not '%s'", fields[next]);
        return -1;
    }
    next++;
    int move_number = 1;
    /* Then, all optional: the castling and en-passant fields ('-' each; XBoard writes one for
     * chu, none for shogi), the half-move clock and the full-move number. WHY 0 is refused as
     * a full-move number: FEN counts full moves from 1 (XBoard writes move / 2 + 1) and SFEN
     * refuses a move number 0; it used to be taken as 1 without a word. */
    for (int k = 0; next < nf && k < 2 && !strcmp(fields[next], "-"); k++) next++;
    static const char *const counter[2] = {"half-move clock", "full-move number"};
    for (int k = 0; next < nf && k < 2; k++, next++) {
        char *end;
        long x = strtol(fields[next], &end, 10);
        if (end == fields[next] || *end || x < k || x > 100000) {
            snprintf(err, errlen, "FEN %s '%s' is not a number from %d to 100000", counter[k], fields[next], k);
            return -1;
        }
        if (k == 1) move_number = (int)(2 * (x - 1) + 1 + (stm == WHITE));
    }
    if (next < nf) {
        snprintf(err, errlen, "FEN: unexpected field '%s'", fields[next]);
        return -1;
    }
    return pos_set_fields(pos, v, rules, board, stm, hold, move_number, SQ_NONE, err, errlen);
}
void fen_format(const Position *pos, char *buf, size_t len) {
    char board[512], hold[160];
    size_t o = 0;
    pos_board_string(pos, board, sizeof board);
    hold[0] = 0;
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < pos->t->hand_type_count; k++) {
            PieceType h = pos->t->hand_types[k];
            char letter = variant_symbol(pos->v, h)[0];
            if (c == WHITE) letter = (char)tolower((unsigned char)letter);
            for (int i = 0; i < pos->hand[c][h] && o + 2 < sizeof hold; i++) hold[o++] = letter, hold[o] = 0;
        }
    int ply = pos->move_number + pos->sp;
    if (pos->v->drops)
        snprintf(buf, len, "%s[%s] %c 0 %d", board, o ? hold : "-", pos->stm == BLACK ? 'w' : 'b', (ply + 1) / 2);
    else
        snprintf(buf, len, "%s %c 0 %d", board, pos->stm == BLACK ? 'w' : 'b', (ply + 1) / 2);
}

/* ---- the whole descriptor ------------------------------------------------------------------ */

int variant_validate(const Variant *v, char *err, size_t errlen) {
    if (variant_validate_descriptor(v, err, errlen)) return -1;
    Position *pos = malloc(sizeof *pos);
    if (!pos) return fail(err, errlen, "out of memory");
    char perr[256];
    int rc = pos_set_sfen(pos, v, NULL, v->start, perr, sizeof perr);
    free(pos);
    if (rc) return fail(err, errlen, "start position does not parse: %.200s", perr);
    return 0;
}
