/* pgn_san.c - PGN move text as XBoard 4.9.1 saves shogi, chu and engine-defined games (wa):
 * piece letter ('+' and the unpromoted letter for a promoted piece, none for the pawn), file
 * and/or rank of the origin only where another piece of the kind reaches the square, 'x' for
 * a capture, the square, '+' for a chosen promotion; drops "P@e5"; a lion's two-leg move as the
 * first leg followed by '-' or 'x' and the final square ("Nxd5-d6", "Nxd5xd6", igui
 * "Nxd5-e5"); a pass "--"; '#' after a move that leaves no legal reply.
 * Read: the same plus long algebraic / coordinate forms ("Ng1f3", "e4-e5", "f5f6,f6f7"),
 * '=' for a declined promotion, annotation marks (! ? #) and a '+' that cannot be a
 * promotion (a check mark from other writers). */
#include <ctype.h>
#include <string.h>

#include "../movegen.h"
#include "../notation.h"
#include "record_int.h"

static bool is_pawn_sym(const char *sym) { return !strcmp(sym, "P"); }

/* "e5" -> file letters "e" and rank digits "5" of an XBoard square. */
static void square_parts(const Variant *v, int sq, char *file, char *rank) {
    char s[16];
    xb_square_format(v, sq, s, sizeof s);
    size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyz");
    snprintf(file, 8, "%.*s", (int)n, s);
    snprintf(rank, 8, "%s", s + n);
}

/* Which parts of the origin XBoard writes: another legal move of a piece of the same type
 * from elsewhere to the same square asks for the file (same rank, or neither shared and no
 * same-file rival) and/or the rank (same file). */
static void disambiguation(Position *pos, int from, int target, bool *file, bool *rank) {
    const int files = pos->v->files;
    PieceType pt = piece_type(pos->board[from]);
    bool same_rank = false, same_file = false, either = false;
    MoveList list;
    movegen_legal(pos, &list);
    for (int i = 0; i < list.size; i++) {
        Move m = list.moves[i];
        if (move_is_drop(m) || move_is_pass(m)) continue;
        int f = move_from(m), reach = move_is_double(m) ? move_mid(m) : move_to(m);
        if (f == from || reach != target || piece_type(pos->board[f]) != pt) continue;
        if (f / files == from / files)
            same_rank = true;
        else if (f % files == from % files)
            same_file = true;
        else
            either = true;
    }
    *file = same_rank || (either && !same_file);
    *rank = same_file;
}

void pgn_format_move(Position *pos, Move m, char *buf, size_t len) {
    const Variant *v = pos->v;
    if (m == MOVE_NONE || move_is_pass(m)) {
        snprintf(buf, len, "--");
        return;
    }
    if (move_is_drop(m)) {
        move_format(pos, m, NOTATION_XBOARD, buf, len);
        return;
    }
    int from = move_from(m), to = move_to(m), first = move_is_double(m) ? move_mid(m) : to;
    const char *sym = variant_symbol(v, piece_type(pos->board[from]));
    bool capture = pos->board[first] != PIECE_NONE;
    char ff[8], fr[8], tf[8], tr[8], out[64];
    square_parts(v, from, ff, fr);
    square_parts(v, first, tf, tr);
    if (is_pawn_sym(sym)) {
        if (!capture && !strcmp(ff, tf))
            snprintf(out, sizeof out, "%s%s", tf, tr);
        else
            snprintf(out, sizeof out, "%s%s%s%s", ff, capture ? "x" : "", tf, tr);
    } else {
        bool need_file, need_rank;
        disambiguation(pos, from, first, &need_file, &need_rank);
        snprintf(out, sizeof out, "%s%s%s%s%s%s", sym, need_file ? ff : "", need_rank ? fr : "", capture ? "x" : "", tf,
                 tr);
    }
    size_t o = strlen(out);
    if (move_is_double(m)) {
        char sf[8], sr[8];
        square_parts(v, to, sf, sr);
        bool second_capture = to != from && pos->board[to] != PIECE_NONE;
        o += (size_t)snprintf(out + o, sizeof out - o, "%c%s%s", second_capture ? 'x' : '-', sf, sr);
    }
    if (move_is_promo(m)) snprintf(out + o, sizeof out - o, "+");
    snprintf(buf, len, "%s", out);
}

/* ---- reading ------------------------------------------------------------------------------ */

typedef struct {
    int file, rank; /* XBoard indices (file from Black's left, rank from Black's side); -1 = not given */
} SqPart;

typedef struct {
    bool promoted;  /* '+' before the letter */
    char letter[4]; /* piece letter(s); "" for none */
    SqPart part[4]; /* origin / legs, in order */
    int nparts;
    char suffix; /* '+', '=' or 0 */
} SanText;

static bool part_full(SqPart p) { return p.file >= 0 && p.rank >= 0; }

static int read_part(const Variant *v, const char **p, SqPart *out) {
    out->file = out->rank = -1;
    if (**p >= 'a' && **p <= 'w') {
        out->file = *(*p)++ - 'a';
        if (out->file >= v->files) return -1;
    }
    if (isdigit((unsigned char)**p)) {
        int r = 0;
        for (; isdigit((unsigned char)**p); (*p)++)
            if (r < 1000) r = r * 10 + (**p - '0'); /* a longer number is out of range anyway */
        if (r < 1 || r > v->ranks) return -1;
        out->rank = r - 1;
    }
    return out->file < 0 && out->rank < 0 ? -1 : 0;
}

static int san_syntax(const Variant *v, const char *s, SanText *t) {
    memset(t, 0, sizeof *t);
    const char *p = s;
    if (*p == '+') t->promoted = true, p++;
    if (isupper((unsigned char)*p)) {
        t->letter[0] = *p++;
        if (*p == '\'') t->letter[1] = *p++;
    } else if (t->promoted)
        return -1;
    bool after_comma = false;
    while (*p && !strchr("+=", *p)) {
        if (strchr("-x:,", *p)) {
            after_comma = *p++ == ',';
            continue;
        }
        SqPart sp;
        if (t->nparts >= 4 || read_part(v, &p, &sp)) return -1;
        /* "f5f6,f6f7": the square after the comma repeats the previous one */
        bool repeat = after_comma && t->nparts && t->part[t->nparts - 1].file == sp.file &&
                      t->part[t->nparts - 1].rank == sp.rank;
        if (!repeat) t->part[t->nparts++] = sp;
        after_comma = false;
    }
    if (*p == '+' || *p == '=') t->suffix = *p++;
    if (t->suffix == '=' && isupper((unsigned char)*p)) p++; /* "=P": chess-style "stays" */
    return *p || t->nparts == 0 || !part_full(t->part[t->nparts - 1]) ? -1 : 0;
}

static bool part_matches(const Variant *v, SqPart p, int sq) {
    return (p.file < 0 || p.file == sq % v->files) && (p.rank < 0 || p.rank == sq / v->files);
}

/* Does board move m fit the text (origin optional or partial, every leg given)? */
static bool san_fits(const Position *pos, const SanText *t, Move m) {
    const Variant *v = pos->v;
    int sq[3], n = 0;
    sq[n++] = move_from(m);
    if (move_is_double(m)) sq[n++] = move_mid(m);
    sq[n++] = move_to(m);
    int skip; /* squares of the move the text leaves out (0: origin given, 1: not) */
    if (t->nparts == n)
        skip = 0;
    else if (t->nparts == n - 1)
        skip = 1;
    else
        return false;
    for (int i = 0; i < t->nparts; i++) {
        SqPart p = t->part[i];
        if ((i > 0 || skip) && !part_full(p)) return false;
        if (!part_matches(v, p, sq[i + skip])) return false;
    }
    const char *sym = variant_symbol(v, piece_type(pos->board[sq[0]]));
    if (t->letter[0]) {
        char want[8];
        snprintf(want, sizeof want, "%s%s", t->promoted ? "+" : "", t->letter);
        return !strcmp(sym, want);
    }
    /* no letter: a pawn in SAN, any piece in coordinate form (full origin) */
    return (skip == 0 && part_full(t->part[0])) || is_pawn_sym(sym);
}

static int san_match(Position *pos, const SanText *t, Move *out) {
    MoveList list;
    movegen_legal(pos, &list);
    Move promo[8], plain[8];
    int np = 0, nn = 0;
    for (int i = 0; i < list.size; i++) {
        Move m = list.moves[i];
        if (move_is_drop(m) || move_is_pass(m) || !san_fits(pos, t, m)) continue;
        if (move_is_promo(m)) {
            if (np < 8) promo[np++] = m;
        } else if (nn < 8)
            plain[nn++] = m;
    }
    /* '+' promotes where it can (else it is a check mark); '=' or nothing declines, unless
     * only the promotion is legal */
    bool use_promo = t->suffix == '+' ? np > 0 : t->suffix == '=' ? false : nn == 0;
    int n = use_promo ? np : nn;
    if (n == 1) *out = use_promo ? promo[0] : plain[0];
    return n == 1 ? 0 : n == 0 ? -1 : -2;
}

int pgn_parse_move(Position *pos, const char *text, Move *out, char *err, size_t errlen) {
    char s[64];
    snprintf(s, sizeof s, "%s", text);
    size_t n = strlen(s);
    while (n && strchr("!?#", s[n - 1])) s[--n] = 0;
    if (!strcmp(s, "--") || !strcmp(s, "Z0") || !strcmp(s, "pass") || !strcmp(s, "null")) snprintf(s, sizeof s, "@@@@");
    char *star = strchr(s, '*');
    if (star && star > s) *star = '@';
    if (!strcmp(s, "@@@@") || strchr(s, '@')) return move_parse(pos, s, NOTATION_XBOARD, out, err, errlen);
    SanText t;
    if (san_syntax(pos->v, s, &t)) {
        snprintf(err, errlen, "malformed move '%s'", text);
        return -1;
    }
    int rc = san_match(pos, &t, out);
    if (rc == 0) return 0;
    /* XBoard-only coordinate forms such as a pass through an empty square "f5e5,e5f5" */
    char e2[128];
    if (move_parse(pos, s, NOTATION_XBOARD, out, e2, sizeof e2) == 0) return 0;
    snprintf(err, errlen, "%s move '%s'", rc == -2 ? "ambiguous" : "illegal", text);
    return -1;
}
