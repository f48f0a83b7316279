/* common.c - see fuzz.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../protocol/io.h"
#include "../../protocol/protocols.h"
#include "../../src/zobrist.h"
#include "fuzz.h"

enum { POSITIONS_MAX = 512, TEXT_MAX = 2048, SAMPLE_MOVES = 8, POSITION_POOL = 8 };

static struct {
    const Variant *game;
    char *sfen;
} positions[POSITIONS_MAX];
static int position_count;
static int game_count;
static bool exhaustive; /* fuzz_set_exhaustive */

void fuzz_fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz invariant broken: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

/* WHY a pool: a Position is 167 KB, above what ASan's allocator serves from its size classes,
 * so every malloc and free of one is an mmap, page faults and poisoning its shadow; an input of
 * the position targets made several. */
static Position *pool[POSITION_POOL];
static int pool_count;

Position *fuzz_new_position(void) {
    if (pool_count) return pool[--pool_count];
    Position *p = malloc(sizeof *p);
    if (!p) fuzz_fail("out of memory");
    return p;
}

void fuzz_free_position(Position *p) {
    if (p && pool_count < POSITION_POOL)
        pool[pool_count++] = p;
    else
        free(p);
}

char *fuzz_string(const uint8_t *data, size_t size, size_t max) {
    size_t n = size < max ? size : max;
    char *s = malloc(n + 1);
    if (!s) fuzz_fail("out of memory");
    memcpy(s, data, n);
    s[n] = 0;
    return s;
}

static void add_position(const Variant *v, Position *pos) {
    char sfen[TEXT_MAX];
    pos_to_sfen(pos, sfen, sizeof sfen);
    for (int i = 0; i < position_count; i++)
        if (positions[i].game == v && !strcmp(positions[i].sfen, sfen)) return;
    if (position_count == POSITIONS_MAX) return;
    positions[position_count].game = v;
    positions[position_count++].sfen = strdup(sfen);
}

/* One row's position: "startpos", an SFEN, an XBoard FEN, or a lishogi chu SFEN whose third
 * field is a counter (shared/data/perft/chu.tsv): the last is read without that field. */
static int read_row_position(Position *pos, const Variant *v, const char *text) {
    char err[256];
    if (!strcmp(text, "startpos")) return pos_set_sfen(pos, v, NULL, v->start, err, sizeof err);
    if (!pos_set_sfen(pos, v, NULL, text, err, sizeof err)) return 0;
    if (!fen_parse(pos, v, NULL, text, err, sizeof err)) return 0;
    char board[TEXT_MAX], side[8], third[64], number[32];
    if (sscanf(text, "%2047s %7s %63s %31s", board, side, third, number) == 4) {
        char fixed[TEXT_MAX + 64];
        snprintf(fixed, sizeof fixed, "%s %s - %s", board, side, number);
        if (!pos_set_sfen(pos, v, NULL, fixed, err, sizeof err)) return 0;
    }
    return -1;
}

static void load_perft_positions(const Variant *v, Position *pos) {
    const char *shared = getenv("SHISHI_SHARED");
    char path[1024];
    snprintf(path, sizeof path, "%s/data/perft/%s.tsv", shared && *shared ? shared : "../shared", v->name);
    FILE *f = fopen(path, "r");
    if (!f) return;
    char line[TEXT_MAX];
    while (fgets(line, sizeof line, f)) {
        char *tab = strchr(line, '\t');
        if (!tab || line[0] == '#') continue;
        *tab = 0;
        if (!strcmp(line, "position")) continue;
        if (!read_row_position(pos, v, line)) add_position(v, pos);
    }
    fclose(f);
}

void fuzz_init(void) {
    static bool done;
    if (done) return;
    done = true;
    variants_init();
    /* WHY: the nana solved table is tens of MB; loading it in every session would swamp the
     * run. Pointing the search at an empty place makes the engine report it missing and search. */
    setenv("SHISHI_TABLES", "/nonexistent-shishi-fuzz", 1);
    if (getenv("FUZZ_EXHAUSTIVE")) exhaustive = true; /* e.g. to re-check a corpus under the sanitizers */
    Position *pos = fuzz_new_position();
    char err[256];
    for (const Variant *const *v = variant_list(); *v; v++) {
        game_count++;
        if (pos_set_sfen(pos, *v, NULL, (*v)->start, err, sizeof err)) fuzz_fail("%s start: %s", (*v)->name, err);
        add_position(*v, pos);
    }
    for (const Variant *const *v = variant_list(); *v; v++) load_perft_positions(*v, pos);
    fuzz_free_position(pos);
}

int fuzz_game_count(void) { return game_count; }
const Variant *fuzz_game(int i) { return variant_list()[i]; }
int fuzz_position_count(void) { return position_count; }
const Variant *fuzz_position_game(int i) { return positions[i].game; }
const char *fuzz_position_sfen(int i) { return positions[i].sfen; }

Key fuzz_key_from_scratch(const Position *pos) {
    Key k = pos->stm == WHITE ? zob_side : 0;
    for (int s = 0; s < pos->t->sq_count; s++)
        if (pos->board[s]) k ^= zob_psq[piece_color(pos->board[s])][piece_type(pos->board[s])][s];
    for (int c = 0; c < COLOR_NB; c++)
        for (int h = 1; h < pos->t->type_count; h++) k ^= hand_key((Color)c, (PieceType)h, pos->hand[c][h]);
    if (pos_st(pos)->lion_sq != SQ_NONE) k ^= zob_lion[pos_st(pos)->lion_sq];
    return k;
}

void fuzz_check_position(const Position *pos) {
    FUZZ_CHECK(pos_key(pos) == fuzz_key_from_scratch(pos), "key %016llx, from scratch %016llx",
               (unsigned long long)pos_key(pos), (unsigned long long)fuzz_key_from_scratch(pos));
    Position *again = fuzz_new_position();
    char text[TEXT_MAX], text2[TEXT_MAX], err[256];

    pos_to_sfen(pos, text, sizeof text);
    FUZZ_CHECK(!pos_set_sfen(again, pos->v, &pos->rules, text, err, sizeof err), "%s: own SFEN '%s' rejected: %s",
               pos->v->name, text, err);
    pos_to_sfen(again, text2, sizeof text2);
    FUZZ_CHECK(!strcmp(text, text2), "%s: SFEN '%s' reads back as '%s'", pos->v->name, text, text2);
    FUZZ_CHECK(pos_key(again) == pos_key(pos), "%s: SFEN '%s' reads back with another key", pos->v->name, text);

    fen_format(pos, text, sizeof text);
    FUZZ_CHECK(!fen_parse(again, pos->v, &pos->rules, text, err, sizeof err), "%s: own FEN '%s' rejected: %s",
               pos->v->name, text, err);
    fen_format(again, text2, sizeof text2);
    FUZZ_CHECK(!strcmp(text, text2), "%s: FEN '%s' reads back as '%s'", pos->v->name, text, text2);
    /* An XBoard FEN has no field for chu's counter-strike square (../shared/rules/chu.md 7.3:
     * after setboard, no restriction), so the FEN reads back as the same position without
     * one: the key without the lion term, everything else the same. */
    int lion = pos_st(pos)->lion_sq;
    Key fen_key = lion != SQ_NONE ? pos_key(pos) ^ zob_lion[lion] : pos_key(pos);
    FUZZ_CHECK(pos_st(again)->lion_sq == SQ_NONE && pos_key(again) == fen_key,
               "%s: FEN '%s' reads back with another key", pos->v->name, text);
    fuzz_free_position(again);
}

static bool same_list(const MoveList *a, const MoveList *b) {
    return a->size == b->size && !memcmp(a->moves, b->moves, (size_t)a->size * sizeof a->moves[0]);
}

void fuzz_set_exhaustive(bool on) { exhaustive = on; }

uint64_t fuzz_hash(const uint8_t *data, size_t size) {
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (size_t i = 0; i < size; i++) h = (h ^ data[i]) * 1099511628211ull;
    return h;
}

/* Does move i of n get the checks that generate the legal list again? All of them when the list
 * is short or the run is exhaustive, else SAMPLE_MOVES spread evenly from an offset the input
 * picks. */
static bool sampled(int i, int n, uint64_t seed) {
    if (exhaustive || n <= SAMPLE_MOVES) return true;
    int from_offset = (i - (int)(seed % (uint64_t)n) + n) % n, step = n / SAMPLE_MOVES;
    return from_offset % step == 0 && from_offset / step < SAMPLE_MOVES;
}

/* The text of m in each notation parses back to m. */
static void check_notations(Position *pos, Move m, const char *sfen) {
    for (int n = NOTATION_USI; n <= NOTATION_XBOARD; n++) {
        char text[64], err[128];
        Move back = MOVE_NONE;
        move_format(pos, m, (Notation)n, text, sizeof text);
        FUZZ_CHECK(!move_parse(pos, text, (Notation)n, &back, err, sizeof err), "%s %s: legal move '%s' rejected: %s",
                   pos->v->name, sfen, text, err);
        FUZZ_CHECK(back == m, "%s %s: '%s' parses as another move (%08x, not %08x)", pos->v->name, sfen, text,
                   (unsigned)back, (unsigned)m);
    }
}

void fuzz_check_moves(Position *pos, uint64_t seed) {
    fuzz_check_position(pos);
    MoveList *before = malloc(sizeof *before), *after = malloc(sizeof *after);
    if (!before || !after) fuzz_fail("out of memory");
    movegen_legal(pos, before);
    FUZZ_CHECK(movegen_count(pos) == (uint64_t)before->size, "%s: movegen_count %llu, list %d", pos->v->name,
               (unsigned long long)movegen_count(pos), (int)before->size);
    Key key = pos_key(pos);
    char sfen[TEXT_MAX];
    pos_to_sfen(pos, sfen, sizeof sfen);
    bool room = pos->sp < HISTORY_MAX - 2;
    for (int i = 0; i < (int)before->size; i++) {
        Move m = before->moves[i];
        char text[64];
        bool full = sampled(i, (int)before->size, seed);
        if (full)
            check_notations(pos, m, sfen);
        else
            for (int n = NOTATION_USI; n <= NOTATION_XBOARD; n++) move_format(pos, m, (Notation)n, text, sizeof text);
        if (!room) continue;
        pos_do_move(pos, m);
        FUZZ_CHECK(pos_key(pos) == fuzz_key_from_scratch(pos), "%s %s: key after move %d differs from scratch",
                   pos->v->name, sfen, i);
        pos_undo_move(pos);
        FUZZ_CHECK(pos_key(pos) == key, "%s %s: key changed by make/unmake of move %d", pos->v->name, sfen, i);
        if (!full) continue;
        movegen_legal(pos, after);
        FUZZ_CHECK(same_list(before, after), "%s %s: legal moves changed by make/unmake of move %d", pos->v->name, sfen,
                   i);
    }
    char sfen2[TEXT_MAX];
    pos_to_sfen(pos, sfen2, sizeof sfen2);
    FUZZ_CHECK(!strcmp(sfen, sfen2), "%s: make/unmake changed the SFEN '%s' to '%s'", pos->v->name, sfen, sfen2);
    free(before);
    free(after);
}

bool fuzz_next_line(const uint8_t *data, size_t size, size_t *at, char *line, size_t cap, bool *overlong) {
    if (*at >= size) return false;
    size_t end = *at;
    while (end < size && data[end] != '\n') end++;
    size_t n = end - *at;
    *overlong = n > IO_LINE_MAX - 1 || memchr(data + *at, 0, n);
    if (n > cap - 1) n = cap - 1;
    memcpy(line, data + *at, n);
    while (n > 0 && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t')) n--;
    line[n] = 0;
    *at = end < size ? end + 1 : end;
    return true;
}

void fuzz_split_command(const char *line, char *cmd, size_t cap, const char **args) {
    while (*line == ' ' || *line == '\t') line++;
    size_t n = 0;
    while (line[n] && line[n] != ' ' && line[n] != '\t') {
        if (n < cap - 1) cmd[n] = line[n];
        n++;
    }
    cmd[n < cap - 1 ? n : cap - 1] = 0;
    line += n;
    while (*line == ' ' || *line == '\t') line++;
    *args = line;
}

char *fuzz_run_session(const uint8_t *data, size_t size, bool xboard) {
    static const uint8_t nothing[1] = {'\n'};
    if (!size) data = nothing, size = 1; /* fmemopen takes no empty buffer */
    char *out = NULL;
    size_t out_len = 0;
    FILE *o = open_memstream(&out, &out_len);
    FILE *in = fmemopen((void *)data, size, "r");
    if (!o || !in) fuzz_fail("cannot open the session streams");
    io_set_output(o);
    int rc = xboard ? xboard_main(in, "xboard") : usi_main(in, "usi");
    io_set_output(NULL);
    fclose(in);
    fclose(o);
    FUZZ_CHECK(rc == 0, "%s loop returned %d", xboard ? "XBoard" : "USI", rc);
    return out;
}
