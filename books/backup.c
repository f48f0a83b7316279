/* backup.c - negamax through a book: the book's positions and moves as a graph (each move's
 * resulting position looked up by its key), then one depth-first walk on an explicit stack that
 * gives every move into a searched position minus that position's best value. No I/O.
 * WHY: each position's values come from one MultiPV search; without the backup a book move can
 * lead into a position whose own best value is far worse (books/README.md, micro's book). */
#include "backup.h"

#include <stdlib.h>
#include <string.h>

#include "../engine/engine.h" /* VALUE_MATE, VALUE_MATE_IN_MAX: the search's mate scores */
#include "../src/movegen.h"

enum { CHILD_NONE = -1, CHILD_ILLEGAL = -2 };
enum { UNSEEN, ON_STACK, DONE };

typedef struct {
    int entry, next; /* the position and its next edge to look at */
} Frame;

typedef struct {
    Book *b;
    int n;           /* positions */
    int *first;      /* the edges of position i: first[i] .. first[i + 1] - 1 */
    int *edge_move;  /* per edge: the move's index in its entry, edges sorted by move */
    int *edge_child; /* per edge: the resulting position, CHILD_NONE or CHILD_ILLEGAL */
    int *best;       /* per position: the index of its best move after the backup, -1 none */
    char *state;     /* per position: UNSEEN, ON_STACK, DONE */
    bool *searched;  /* per position: a move of depth > 0 before the backup */
    Frame *stack;    /* at most n frames: a position is pushed once */
    int *roots;      /* the positions sorted by key */
    BookBackupStats st;
} Walk;

static void walk_free(Walk *w) {
    free(w->first), free(w->edge_move), free(w->edge_child), free(w->best);
    free(w->state), free(w->searched), free(w->stack), free(w->roots);
}

static int walk_alloc(Walk *w, Book *b) {
    int n = book_size(b), edges = 0;
    for (int i = 0; i < n; i++) edges += book_entry_at(b, i)->count;
    *w = (Walk){.b = b, .n = n};
    size_t un = (size_t)n + 1, ue = (size_t)edges + 1;
    w->first = malloc(sizeof *w->first * un), w->edge_move = malloc(sizeof *w->edge_move * ue);
    w->edge_child = malloc(sizeof *w->edge_child * ue), w->best = malloc(sizeof *w->best * un);
    w->state = calloc(un, 1), w->searched = calloc(un, sizeof *w->searched);
    w->stack = malloc(sizeof *w->stack * un), w->roots = malloc(sizeof *w->roots * un);
    bool ok = w->first && w->edge_move && w->edge_child && w->best && w->state && w->searched && w->stack && w->roots;
    if (!ok) walk_free(w);
    return ok ? 0 : -1;
}

/* A move's value seen from the side that played the move before it: negated, and a mate score
 * one ply longer (the search writes mate in k plies as VALUE_MATE - k). Book values are read in
 * +-1000000, so the negation cannot overflow; values beyond the mate scores are only negated. */
static int value_from_child(int v) {
    int r = -v;
    if (r >= VALUE_MATE_IN_MAX && r <= VALUE_MATE) return r - 1;
    if (r <= -VALUE_MATE_IN_MAX && r >= -VALUE_MATE) return r + 1;
    return r;
}

/* qsort helpers: a move index with its move (edges by move), a position with its key. */
typedef struct {
    Move move;
    int index;
} MoveIndex;
static int cmp_move(const void *a, const void *b) {
    Move x = ((const MoveIndex *)a)->move, y = ((const MoveIndex *)b)->move;
    return (x > y) - (x < y);
}
typedef struct {
    const char *key;
    int index;
} KeyIndex;
static int cmp_key(const void *a, const void *b) {
    return strcmp(((const KeyIndex *)a)->key, ((const KeyIndex *)b)->key);
}

/* The edges of position i from edge `at`: its moves sorted by encoding, each one's result. */
static void add_edges(Walk *w, int i, Position *pos, MoveIndex *order, int at) {
    BookEntry *e = book_entry_at(w->b, i), *base = book_entry_at(w->b, 0);
    char key[1024], err[256];
    bool ok = book_key_position(book_variant(w->b), e->key, pos, err, sizeof err) == 0;
    for (int k = 0; k < e->count; k++) order[k] = (MoveIndex){e->moves[k].move, k};
    qsort(order, (size_t)e->count, sizeof *order, cmp_move);
    for (int k = 0; k < e->count; k++) {
        int c = CHILD_ILLEGAL;
        if (ok && movegen_is_legal(pos, order[k].move)) {
            pos_do_move(pos, order[k].move);
            book_key(pos, book_key_kind(w->b), key, sizeof key);
            BookEntry *child = book_find_key(w->b, key);
            c = child ? (int)(child - base) : CHILD_NONE;
            pos_undo_move(pos);
        } else
            w->st.illegal++;
        w->edge_move[at + k] = order[k].index;
        w->edge_child[at + k] = c;
    }
}

/* The graph: every position's edges, which positions are searched, the roots in key order. */
static int walk_graph(Walk *w) {
    int most = 0;
    for (int i = 0; i < w->n; i++)
        if (book_entry_at(w->b, i)->count > most) most = book_entry_at(w->b, i)->count;
    Position *pos = malloc(sizeof *pos);
    MoveIndex *order = malloc(sizeof *order * (size_t)(most + 1));
    KeyIndex *keys = malloc(sizeof *keys * (size_t)(w->n + 1));
    int rc = pos && order && keys ? 0 : -1;
    for (int i = 0, at = 0; i < w->n && !rc; i++) {
        BookEntry *e = book_entry_at(w->b, i);
        w->first[i] = at;
        add_edges(w, i, pos, order, at);
        at += e->count;
        w->first[i + 1] = at;
        for (int k = 0; k < e->count; k++) w->searched[i] |= e->moves[k].depth > 0;
        w->best[i] = -1;
        keys[i] = (KeyIndex){e->key, i};
    }
    if (!rc) qsort(keys, (size_t)w->n, sizeof *keys, cmp_key);
    for (int i = 0; i < w->n && !rc; i++) w->roots[i] = keys[i].index;
    free(pos), free(order), free(keys);
    return rc;
}

/* Is move a better than move b: higher value, then deeper, then the lower encoding (so the
 * choice does not depend on the order of the moves in the book). */
static bool better(const BookMove *a, const BookMove *b) {
    if (a->value != b->value) return a->value > b->value;
    if (a->depth != b->depth) return a->depth > b->depth;
    return a->move < b->move;
}

/* Position i after all its children: back its moves up, then find its best move. */
static void finish(Walk *w, int i) {
    BookEntry *e = book_entry_at(w->b, i);
    for (int k = w->first[i]; k < w->first[i + 1]; k++) {
        int c = w->edge_child[k];
        if (c < 0) continue;
        if (w->state[c] == ON_STACK) w->st.cycles++;
        if (w->state[c] != DONE || w->best[c] < 0) continue;
        const BookMove *cb = &book_entry_at(w->b, c)->moves[w->best[c]];
        BookMove *m = &e->moves[w->edge_move[k]];
        int v = value_from_child(cb->value), change = abs(v - m->value);
        if (change) w->st.moves_changed++;
        if (change > w->st.largest) w->st.largest = change;
        m->value = v;
        if (cb->depth > m->depth) m->depth = cb->depth;
        m->ponder = cb->move;
    }
    for (int k = w->first[i]; k < w->first[i + 1]; k++) {
        const BookMove *m = &e->moves[w->edge_move[k]];
        if (w->edge_child[k] == CHILD_ILLEGAL || m->depth <= 0) continue;
        if (w->best[i] < 0 || better(m, &e->moves[w->best[i]])) w->best[i] = w->edge_move[k];
    }
    w->st.positions++;
}

/* The depth-first walk from root: a child is entered when it is searched and not yet seen;
 * a position is finished when all its edges were looked at. */
static void walk_from(Walk *w, int root) {
    int sp = 0;
    w->stack[sp++] = (Frame){root, w->first[root]};
    w->state[root] = ON_STACK;
    while (sp > 0) {
        Frame *f = &w->stack[sp - 1];
        if (f->next < w->first[f->entry + 1]) {
            int c = w->edge_child[f->next++];
            if (c >= 0 && w->searched[c] && w->state[c] == UNSEEN) {
                w->state[c] = ON_STACK;
                w->stack[sp++] = (Frame){c, w->first[c]};
            }
            continue;
        }
        finish(w, f->entry);
        w->state[f->entry] = DONE;
        sp--;
    }
}

int book_backup(Book *b, BookBackupStats *st) {
    Walk w;
    if (walk_alloc(&w, b)) return -1;
    if (walk_graph(&w)) {
        walk_free(&w);
        return -1;
    }
    for (int i = 0; i < w.n; i++)
        if (!w.searched[i]) w.state[i] = DONE; /* never changed; best stays -1 */
    for (int r = 0; r < w.n; r++)
        if (w.state[w.roots[r]] == UNSEEN) walk_from(&w, w.roots[r]);
    if (st) *st = w.st;
    walk_free(&w);
    return 0;
}
