/* slot.c - see slot.h. The book is loaded lazily (at `isready` or the first `go`), so a
 * GUI's setoption lines cost nothing until the book is wanted. */
#include "slot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Bad lines reported one by one before the rest are only counted. */
enum { SLOT_WARN_SHOWN = 10 };

typedef struct {
    const Reporter *r;
    const char *path;
    int shown;
} WarnCtx;

static void note(const Reporter *r, const char *text) {
    if (r && r->on_string) r->on_string(r->user, text);
}

static void slot_warn(void *user, int line, const char *msg) {
    WarnCtx *w = user;
    if (w->shown++ >= SLOT_WARN_SHOWN) return;
    char text[1024];
    snprintf(text, sizeof text, "book %.600s:%d: %s", w->path, line, msg);
    note(w->r, text);
}

void book_slot_init(BookSlot *s) {
    memset(s, 0, sizeof *s);
    s->scratch = malloc(sizeof *s->scratch);
}

void book_slot_free(BookSlot *s) {
    book_free(s->book);
    free(s->scratch);
    memset(s, 0, sizeof *s);
}

void book_slot_sync(BookSlot *s, const EngineContext *e, const Reporter *r) {
    const char *path = engine_option_string(e, EOPT_BOOK_FILE);
    const Variant *v = engine_variant(e);
    unsigned sets = engine_option_sets(e, EOPT_BOOK_FILE); /* set again: read the file again */
    if (s->tried && s->variant == v && s->file_sets == sets && !strcmp(s->path, path)) return;
    book_free(s->book);
    s->book = NULL;
    s->tried = true;
    s->file_sets = sets;
    s->variant = v;
    snprintf(s->path, sizeof s->path, "%s", path);
    if (!path[0]) return;
    Book *b = book_create(v);
    WarnCtx w = {.r = r, .path = path};
    char err[512], text[1024];
    int bad = b ? book_load(b, path, slot_warn, &w, err, sizeof err) : -1;
    if (!b) snprintf(err, sizeof err, "out of memory");
    if (bad < 0) {
        snprintf(text, sizeof text, "error: book not used: %s", err);
        note(r, text);
        book_free(b);
        return;
    }
    if (bad > SLOT_WARN_SHOWN) {
        snprintf(text, sizeof text, "book %.600s: %d more bad lines skipped", path, bad - SLOT_WARN_SHOWN);
        note(r, text);
    }
    snprintf(text, sizeof text, "book %.600s: %d positions for %s", path, book_size(b), v->name);
    note(r, text);
    s->book = b;
}

/* Seed the generator at the first use and whenever BookSeed was set (0: from the clock). */
static void slot_seed(BookSlot *s, const EngineContext *e) {
    unsigned sets = engine_option_sets(e, EOPT_BOOK_SEED);
    if (s->seeded && sets == s->seed_sets) return;
    s->seeded = true;
    s->seed_sets = sets;
    uint64_t seed = (uint64_t)engine_option_int(e, EOPT_BOOK_SEED);
    s->rng = seed ? seed : (uint64_t)time(NULL) ^ (uint64_t)(uintptr_t)s;
}

static bool book_wanted(const SearchLimits *l) {
    return !l->infinite && !l->ponder && !l->mate && !l->mate_probe && !l->exclude_count;
}

/* Report move m of entry (its index i) as a finished search would. */
static void report(const BookEntry *entry, int i, const Position *root, const Reporter *r, Notation n) {
    const BookMove *m = &entry->moves[i];
    Move pv[2] = {m->move, m->ponder};
    char text[256], mv[64];
    move_format(root, m->move, n, mv, sizeof mv);
    snprintf(text, sizeof text, "book move %s value %d depth %d count %llu (%d in book)", mv, m->value, m->depth,
             (unsigned long long)m->count, entry->count);
    note(r, text);
    int depth = m->depth > 0 ? m->depth : 1;
    SearchInfo info = {.depth = depth,
                       .seldepth = depth,
                       .multipv = 1,
                       .score = m->value,
                       .bound = BOUND_EXACT,
                       .pv_length = m->ponder != MOVE_NONE ? 2 : 1,
                       .pv = pv,
                       .root = root};
    if (r->on_info) r->on_info(r->user, &info);
    BestMove best = {.kind = BEST_MOVE, .best = m->move, .ponder = m->ponder, .score = m->value, .root = root};
    if (r->on_bestmove) r->on_bestmove(r->user, &best);
}

/* The book's choice for the current position (index into *entry), or -1; rng is the
 * generator to draw from (the slot's own, or a copy for a look that must not use it up). */
static int slot_choose(BookSlot *s, const EngineContext *e, const Reporter *r, uint64_t *rng, BookEntry **entry) {
    if (!s->scratch) return -1;
    book_slot_sync(s, e, r);
    const Position *pos = engine_position(e);
    if (!s->book || pos->move_number - 1 + pos->sp >= engine_option_int(e, EOPT_BOOK_MOVES)) return -1;
    *entry = book_find(s->book, pos);
    if (!*entry) return -1;
    static const BookPickMode modes[BOOK_VARIETY_NB] = {BOOK_PICK_BEST, BOOK_PICK_COUNT, BOOK_PICK_VALUE};
    int variety = engine_option_int(e, EOPT_BOOK_VARIETY);
    BookPickParams p = {.mode = modes[variety >= 0 && variety < BOOK_VARIETY_NB ? variety : 0],
                        .eval_diff = engine_option_int(e, EOPT_BOOK_EVAL_DIFF),
                        .depth_limit = engine_option_int(e, EOPT_BOOK_DEPTH_LIMIT)};
    pos_copy(s->scratch, pos);
    return book_pick(*entry, s->scratch, &p, rng);
}

bool book_slot_go(BookSlot *s, const EngineContext *e, const SearchLimits *l, const Reporter *r, Notation n) {
    if (!book_wanted(l)) return false;
    slot_seed(s, e);
    BookEntry *entry = NULL;
    int i = slot_choose(s, e, r, &s->rng, &entry);
    if (i < 0) return false;
    report(entry, i, engine_position(e), r, n);
    return true;
}

bool book_slot_has_move(BookSlot *s, const EngineContext *e, const Reporter *r) {
    slot_seed(s, e);
    uint64_t rng = s->rng; /* a look only: the generator stays where it was */
    BookEntry *entry = NULL;
    return slot_choose(s, e, r, &rng, &entry) >= 0;
}
