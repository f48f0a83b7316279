/* check_stages.c - the search's generation API against movegen_legal: the stages (captures,
 * quiets, evasions, quiet checks), pos_gives_check, movegen_is_pseudo_legal and pos_copy, on
 * every position of the shared perft tables, every position one ply after them, and random
 * playouts from each game's start (fixed seed). */
#include <string.h>

#include "testutil.h"

/* ---- helpers ----------------------------------------------------------------------------- */

/* WHY not ck_assert_msg in the loops: every Check assertion records its location with a write(2),
 * and the walk makes millions of checks; this one costs nothing until it fails. */
#define EXPECT(cond, ...)                                                                                              \
    do {                                                                                                               \
        if (!(cond)) ck_abort_msg(__VA_ARGS__);                                                                        \
    } while (0)

/* xorshift64*: a fixed-seed generator, so every run walks the same positions. */
typedef struct {
    uint64_t s;
} Rng;

static uint32_t rng_next(Rng *r) {
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return (uint32_t)((r->s * 0x2545F4914F6CDD1DULL) >> 32);
}

enum { POOL_MAX = 1024 };

/* What the walk saw, and moves of earlier positions to try as strangers in later ones. */
typedef struct {
    long positions, moves, checks, in_check, captures, quiet_checks, strangers, garbage;
    Move pool[POOL_MAX];
    int pool_size, pool_next;
    Rng rng;
} Walk;

static int cmp_move(const void *a, const void *b) {
    Move x = *(const Move *)a, y = *(const Move *)b;
    return x < y ? -1 : x > y;
}

/* Sorted copy of a list; fails on duplicates. */
static void sorted(const MoveList *in, MoveList *out, const char *what) {
    out->size = in->size;
    memcpy(out->moves, in->moves, sizeof(Move) * (size_t)in->size);
    qsort(out->moves, (size_t)out->size, sizeof(Move), cmp_move);
    for (int i = 1; i < out->size; i++)
        EXPECT(out->moves[i] != out->moves[i - 1], "%s: move %08x twice", what, out->moves[i]);
}

static bool contains(const MoveList *sorted_list, Move m) {
    return bsearch(&m, sorted_list->moves, (size_t)sorted_list->size, sizeof(Move), cmp_move) != NULL;
}

static void assert_same(const MoveList *a, const MoveList *b, const char *what, const char *sfen) {
    EXPECT(a->size == b->size, "%s: %s: %d moves, expected %d", sfen, what, a->size, b->size);
    for (int i = 0; i < a->size; i++)
        EXPECT(a->moves[i] == b->moves[i], "%s: %s: %08x differs from %08x", sfen, what, a->moves[i], b->moves[i]);
}

/* The stage rule: a capture (an enemy piece on the destination or the middle square) or MF_PROMO. */
static bool is_capture_stage(const Position *pos, Move m) {
    if (move_is_drop(m) || move_is_pass(m)) return false;
    if (move_is_double(m) || move_is_promo(m)) return true;
    Piece p = pos->board[move_to(m)];
    return move_to(m) != move_from(m) && p && piece_color(p) != pos->stm;
}

static void stage_sorted(Position *pos, GenType type, MoveList *out, MoveList *scratch, const char *what) {
    Key key = pos_key(pos);
    int sp = pos->sp;
    movegen_stage(pos, type, scratch);
    EXPECT(pos_key(pos) == key && pos->sp == sp, "stage %d changed the position", (int)type);
    sorted(scratch, out, what);
}

/* A move shaped like the generator's encodings, with random fields (often out of range). */
static Move shaped_garbage(Rng *r, const Position *pos) {
    int n = pos->t->sq_count, from = (int)(rng_next(r) % (unsigned)(n + 3)),
        to = (int)(rng_next(r) % (unsigned)(n + 3));
    switch (rng_next(r) % 6) {
    case 0: return move_make((Square)from, (Square)to);
    case 1: return move_make((Square)from, (Square)to) | MF_PROMO;
    case 2: return move_make_drop((PieceType)(rng_next(r) % (unsigned)(pos->t->type_count + 2)), (Square)to);
    case 3: return move_make_double((Square)from, (Square)(rng_next(r) % (unsigned)(n + 3)), (Square)to);
    case 4: return move_make_pass((Square)from);
    default: return move_make((Square)from, (Square)to) | (rng_next(r) & 0xff000000u);
    }
}

/* Every property of the API in the current position (restored afterwards). */
static void check_position(Position *pos, Walk *w) {
    static MoveList legal, all, caps, quiets, evas, qc, want_qc, cc, want_cc, scratch;
    char sfen[1024];
    pos_to_sfen(pos, sfen, sizeof sfen);
    Key key = pos_key(pos);
    movegen_legal(pos, &scratch);
    sorted(&scratch, &legal, "legal");
    stage_sorted(pos, GEN_ALL, &all, &scratch, "all");
    stage_sorted(pos, GEN_CAPTURES, &caps, &scratch, "captures");
    stage_sorted(pos, GEN_QUIETS, &quiets, &scratch, "quiets");
    stage_sorted(pos, GEN_EVASIONS, &evas, &scratch, "evasions");
    stage_sorted(pos, GEN_QUIET_CHECKS, &qc, &scratch, "quiet checks");
    stage_sorted(pos, GEN_CAPTURE_CHECKS, &cc, &scratch, "capture checks");
    assert_same(&all, &legal, "GEN_ALL", sfen);
    if (pos_in_check(pos)) {
        assert_same(&evas, &legal, "GEN_EVASIONS", sfen);
        w->in_check++;
    }
    /* captures and quiets: disjoint, each move classified right, together the legal moves */
    EXPECT(caps.size + quiets.size == legal.size, "%s: %d captures + %d quiets != %d legal", sfen, caps.size,
           quiets.size, legal.size);
    for (int i = 0; i < caps.size; i++) {
        EXPECT(contains(&legal, caps.moves[i]), "%s: capture %08x not legal", sfen, caps.moves[i]);
        EXPECT(is_capture_stage(pos, caps.moves[i]), "%s: %08x is not a capture", sfen, caps.moves[i]);
    }
    for (int i = 0; i < quiets.size; i++) {
        EXPECT(contains(&legal, quiets.moves[i]), "%s: quiet %08x not legal", sfen, quiets.moves[i]);
        EXPECT(!is_capture_stage(pos, quiets.moves[i]), "%s: %08x is a capture", sfen, quiets.moves[i]);
    }
    /* gives check, against the move made; legality of each legal move */
    want_qc.size = want_cc.size = 0;
    for (int i = 0; i < legal.size; i++) {
        Move m = legal.moves[i];
        bool predicted = pos_gives_check(pos, m);
        pos_do_move(pos, m);
        bool actual = bb_any(pos_st(pos)->checkers);
        /* the checkers pos_do_move finds from the move (makemove.c new_checkers), every piece asked */
        EXPECT(bb_equal(pos_st(pos)->checkers, pos_compute_checkers(pos, pos->stm)),
               "%s: the checkers after %08x are not the full count's", sfen, m);
        /* the hands' part of the key pos_do_move keeps (StateInfo.hkey), against a count afresh */
        EXPECT(pos_st(pos)->hkey == pos_hand_part(pos), "%s: the hands' key part after %08x is wrong", sfen, m);
        pos_undo_move(pos);
        EXPECT(predicted == actual, "%s: gives_check(%08x) = %d, after the move %d", sfen, m, predicted, actual);
        EXPECT(movegen_is_pseudo_legal(pos, m), "%s: legal %08x refused", sfen, m);
        if (actual && !is_capture_stage(pos, m)) want_qc.moves[want_qc.size++] = m;
        if (actual && is_capture_stage(pos, m)) want_cc.moves[want_cc.size++] = m;
        w->checks += actual;
    }
    assert_same(&qc, &want_qc, "GEN_QUIET_CHECKS", sfen);
    assert_same(&cc, &want_cc, "GEN_CAPTURE_CHECKS", sfen);
    /* movegen_checks: the capture checks, then the quiet checks, each in its stage's order */
    static MoveList both, joined;
    movegen_stage(pos, GEN_CAPTURE_CHECKS, &joined);
    movegen_stage(pos, GEN_QUIET_CHECKS, &scratch);
    int ncap_want = joined.size;
    for (int i = 0; i < scratch.size; i++) joined.moves[joined.size++] = scratch.moves[i];
    int ncap = movegen_checks(pos, &both);
    EXPECT(ncap == ncap_want, "%s: movegen_checks: %d captures, expected %d", sfen, ncap, ncap_want);
    assert_same(&both, &joined, "movegen_checks", sfen);
    /* strangers: moves of other positions (and other games), and garbage */
    for (int i = 0; i < w->pool_size; i++) {
        Move m = w->pool[i];
        EXPECT(movegen_is_pseudo_legal(pos, m) == contains(&legal, m), "%s: stranger %08x", sfen, m);
    }
    for (int i = 0; i < 48; i++) {
        Move m = i < 16 ? rng_next(&w->rng) : shaped_garbage(&w->rng, pos);
        EXPECT(movegen_is_pseudo_legal(pos, m) == contains(&legal, m), "%s: garbage %08x", sfen, m);
    }
    EXPECT(pos_key(pos) == key, "%s: position changed", sfen);
    for (int i = 0; i < 6 && legal.size; i++) {
        w->pool[w->pool_next] = legal.moves[rng_next(&w->rng) % (unsigned)legal.size];
        w->pool_next = (w->pool_next + 1) % POOL_MAX;
        if (w->pool_size < POOL_MAX) w->pool_size++;
    }
    w->positions++;
    w->moves += legal.size;
    w->captures += caps.size;
    w->quiet_checks += qc.size;
    w->strangers += w->pool_size;
    w->garbage += 48;
}

/* The position and every position one ply after it. */
static void check_with_children(Position *pos, Walk *w) {
    static MoveList list;
    check_position(pos, w);
    movegen_legal(pos, &list); /* check_position keeps lists of its own */
    for (int i = 0; i < list.size; i++) {
        pos_do_move(pos, list.moves[i]);
        check_position(pos, w);
        pos_undo_move(pos);
    }
}

static Walk *walk_new(uint64_t seed) {
    Walk *w = calloc(1, sizeof *w);
    w->rng.s = seed;
    return w;
}

/* ---- the shared perft tables -------------------------------------------------------------- */

/* Every distinct position of a table (variant from variant_col, or the given game). */
static int table_walk(Walk *w, const char *file, int variant_col, const char *variant, int spec_col) {
    TestTsv tsv;
    char last[1024] = "";
    int distinct = 0;
    for (test_tsv_open(&tsv, file); test_tsv_next(&tsv);) {
        const char *game = variant_col >= 0 ? tsv.cols[variant_col] : variant;
        char key[1024];
        snprintf(key, sizeof key, "%s %s", game, tsv.cols[spec_col]);
        if (!strcmp(key, last)) continue;
        snprintf(last, sizeof last, "%s", key);
        Position *pos = test_position(game, tsv.cols[spec_col]);
        check_with_children(pos, w);
        ck_assert_int_eq(pos->sp, 0);
        free(pos);
        distinct++;
    }
    test_tsv_close(&tsv);
    return distinct;
}

START_TEST(stages_small_tables) {
    static const char *const games[] = {"shogi", "micro", "nana", "wa", "wa-nodrop"};
    Walk *w = walk_new(0x5eed0001);
    for (int i = 0; i < 5; i++) {
        char file[64];
        snprintf(file, sizeof file, "perft/%s.tsv", games[i]);
        ck_assert_int_ge(table_walk(w, file, -1, games[i], 0), 2);
    }
    ck_assert_int_gt(w->positions, 1000);
    ck_assert_int_gt(w->checks, 100);
    ck_assert_int_gt(w->quiet_checks, 50);
    free(w);
}
END_TEST

START_TEST(stages_chu_table) {
    Walk *w = walk_new(0x5eed0002);
    ck_assert_int_ge(table_walk(w, "perft/chu.tsv", -1, "chu", 0), 4);
    ck_assert_int_gt(w->positions, 250);
    ck_assert_int_gt(w->checks, 0);
    free(w);
}
END_TEST

START_TEST(stages_perft_std) {
    Walk *w = walk_new(0x5eed0003);
    ck_assert_int_ge(table_walk(w, "perft/perft_std.tsv", 0, NULL, 1), 200);
    ck_assert_int_gt(w->positions, 20000);
    ck_assert_int_gt(w->in_check, 100);
    ck_assert_int_gt(w->quiet_checks, 1000);
    free(w);
}
END_TEST

/* ---- random playouts ------------------------------------------------------------------------ */

enum { PLAYOUTS = 12, PLAYOUT_PLIES = 40 };

/* Random games from the start: checks, hands, promotions, flips and rolls come by themselves. */
static void playouts(const char *game, const char *option, const char *value, uint64_t seed) {
    Walk *w = walk_new(seed);
    static MoveList list;
    for (int g = 0; g < PLAYOUTS; g++) {
        Position *pos = test_position_with(game, "startpos", option, value);
        for (int ply = 0; ply < PLAYOUT_PLIES; ply++) {
            char reason[64];
            if (pos_game_result(pos, reason, sizeof reason) != RESULT_NONE) break;
            check_position(pos, w);
            movegen_legal(pos, &list);
            /* prefer captures half the time: playouts then reach sparse, tactical positions */
            Move m = list.moves[rng_next(&w->rng) % (unsigned)list.size];
            if (rng_next(&w->rng) & 1)
                for (int i = 0; i < list.size; i++)
                    if (is_capture_stage(pos, list.moves[i]) && (rng_next(&w->rng) & 3) == 0) {
                        m = list.moves[i];
                        break;
                    }
            pos_do_move(pos, m);
        }
        /* pos_copy carries the history: the copy plays on identically */
        Position *copy = malloc(sizeof *copy);
        pos_copy(copy, pos);
        ck_assert_int_eq(copy->sp, pos->sp);
        ck_assert_uint_eq(pos_key(copy), pos_key(pos));
        ck_assert_int_eq(pos_repetitions(copy), pos_repetitions(pos));
        while (copy->sp > 0) {
            ck_assert_uint_eq(pos_key(copy), pos_key(pos));
            pos_undo_move(copy);
            pos_undo_move(pos);
        }
        ck_assert_int_eq(memcmp(copy->board, pos->board, sizeof pos->board), 0);
        free(copy);
        free(pos);
    }
    ck_assert_int_gt(w->positions, PLAYOUTS * 4);
    free(w);
}

START_TEST(stages_playouts) {
    static const char *const games[] = {"shogi", "micro", "nana", "chu", "wa", "wa-nodrop"};
    for (int i = 0; i < 6; i++) playouts(games[i], NULL, NULL, 0xc0ffee00u + (uint64_t)i);
    /* rule switches that change the generator's path */
    playouts("chu", "Allow repeats", "false", 0xc0ffee10u); /* repeat ban: filtered lists */
    playouts("chu", "Okazaki rule", "true", 0xc0ffee11u);
    playouts("micro", "MicroDeadDrops", "false", 0xc0ffee12u);
    playouts("nana", "NanaNoStalemateWithHand", "true", 0xc0ffee13u);
    playouts("wa", "Wa drop rules", "free", 0xc0ffee14u);
}
END_TEST

/* ---- hand-made positions -------------------------------------------------------------------- */

static Move usi(Position *pos, const char *text) {
    Move m;
    char err[256];
    ck_assert_msg(move_parse(pos, text, NOTATION_USI, &m, err, sizeof err) == 0, "%s: %s", text, err);
    return m;
}

/* Discovered check, a checking drop, a promotion that checks, a quiet check, no check without a
 * royal: pos_gives_check's cases one by one in shogi. */
START_TEST(gives_check_examples) {
    /* Black: rook 5i behind its own silver 5e, king 9i; White king 5a; Black holds a gold. */
    Position *pos = test_position("shogi", "sfen 4k4/9/9/9/4S4/9/9/9/K3R4 b G 1");
    ck_assert(pos_gives_check(pos, usi(pos, "5e4d")));  /* discovered by the rook */
    ck_assert(pos_gives_check(pos, usi(pos, "5e6f")));  /* discovered */
    ck_assert(!pos_gives_check(pos, usi(pos, "5e5d"))); /* stays on the line */
    ck_assert(pos_gives_check(pos, usi(pos, "G*5b")));
    ck_assert(pos_gives_check(pos, usi(pos, "G*4b")));
    ck_assert(!pos_gives_check(pos, usi(pos, "G*5c"))); /* too far for a gold */
    MoveList list;
    movegen_stage(pos, GEN_QUIET_CHECKS, &list);
    ck_assert_int_gt(list.size, 0);
    free(pos);
    /* promotion: from 4b both a silver and a promoted silver (a gold's moves) attack 5a
     * diagonally forward; from 3b neither does */
    pos = test_position("shogi", "sfen 4k4/9/5S3/9/9/9/9/9/K8 b - 1");
    ck_assert(pos_gives_check(pos, usi(pos, "4c4b+")));
    ck_assert(pos_gives_check(pos, usi(pos, "4c4b"))); /* a silver on 4b attacks 5a diagonally */
    ck_assert(!pos_gives_check(pos, usi(pos, "4c3b")));
    free(pos);
    /* chu allows check: White's king f12 already stands attacked by the rook f1. Every quiet
     * move keeping the attack checks: the king's 3 moves and the rook's 10 up the file (f9-f11
     * also promote, but those are GEN_CAPTURES moves); its 10 sideways moves do not. */
    pos = test_position("chu", "fen 5k6/12/12/12/12/12/12/12/12/12/12/K4R6 w 0 1");
    movegen_stage(pos, GEN_QUIET_CHECKS, &list);
    ck_assert_int_eq(list.size, 13);
    movegen_stage(pos, GEN_QUIETS, &list);
    ck_assert_int_eq(list.size, 23);
    free(pos);
    /* nana: the royal still in hand, nothing to attack yet */
    pos = test_position("nana", "startpos");
    movegen_stage(pos, GEN_QUIET_CHECKS, &list);
    ck_assert_int_eq(list.size, 0);
    movegen_stage(pos, GEN_CAPTURES, &list);
    ck_assert_int_eq(list.size, 0);
    free(pos);
}
END_TEST

Suite *suite_stages(void) {
    Suite *s = suite_create("stages");
    TCase *tc = tcase_create("stages");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, gives_check_examples);
    tcase_add_test(tc, stages_small_tables);
    tcase_add_test(tc, stages_chu_table);
    tcase_add_test(tc, stages_perft_std);
    tcase_add_test(tc, stages_playouts);
    suite_add_tcase(s, tc);
    return s;
}
