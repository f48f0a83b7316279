/* mate_int.h - the df-pn solver's internals shared by the files of engine/mate (not for outside use). */
#ifndef SHISHI_MATE_INT_H
#define SHISHI_MATE_INT_H

#include <string.h>

#include "../../src/bigmem.h"
#include "../../src/movegen.h"
#include "mate.h"

/* The tsume rule of the game (royal.c). After an attacker's move: does it count as a check
 * (check games: the defender is in check; check_allowed games: the defender's last royal was
 * taken, or its single royal is attacked)? */
bool mate_attacks_royal(const Position *pos);
/* The move just made took the last royal of the side now to move (check_allowed games). */
bool mate_royal_lost(const Position *pos);
/* The futility test's what-if (docs/mate.md, "Conventions"), the move that took a
 * just-interposed piece made: the taken piece goes from colour from's hand to the other's
 * (from = the attacker: hand it back; the defender: take it back before the unmake).
 * mate_hands_back: whether it moves at all; not where a piece in hand forbids mating
 * (descriptor no_mate_with_hand, nana): there the piece hinders rather than helps, and
 * handing it back would call futile a drop that lengthens the mate. */
bool mate_hands_back(const Position *pos);
void mate_hand_back(Position *pos, Color from);
/* The defender's (side to move) replies that count: every legal move in check games; where
 * check is allowed, those that take the attacker's last royal or leave no royal of the
 * defender to be taken at once (none when a side has no royal left). */
void mate_replies(Position *pos, MoveList *list);
/* How many (scratch is overwritten). */
uint64_t mate_reply_count(Position *pos, MoveList *scratch);
/* The attacker's moves that count as checks (all depths); quiet = false: captures only. */
void mate_attacks(Position *pos, bool quiet, MoveList *list);

/* Proof and disproof numbers. PN_INF marks a proven/disproven side; sums saturate below it. */
#define PN_INF 0x40000000u
enum {
    MATE_HAND_SLOTS = 16, /* hand types a hand can hold for domination (more: exact hands only) */
    REM_NONE = 0x7fff,    /* no depth limit */
    FREE_NONE = 0xff      /* no futile-interposition square */
};

/* The attacker's hand, one count per hand type slot (VariantTables.hand_types order). */
typedef struct {
    uint8_t n[MATE_HAND_SLOTS];
} MateHand;

/* Entry flags. */
enum {
    ENT_REP = 1,   /* disproof that leaned on a repetition on the path (not hand-dominated) */
    ENT_ANCHOR = 2 /* ENT_REP that holds only on its path: maxmask = the shallowest depth it repeated,
                    * parent = the XOR of the path's full keys from there down to the entry's parent */
};

typedef struct {
    MateHand hand; /* proven: proof hand; disproven: disproof hand; else the hand seen */
    uint32_t pn, dn;
    uint32_t amount; /* nodes spent below this entry (garbage-collection priority) */
    int16_t len;     /* proven: mate within len plies (tsume count); disproven: no mate within
                      * len (REM_NONE: none at all); else the budget the pn/dn belong to */
    uint8_t gen, flags;
    uint64_t parent;  /* table key of the node that last searched (or first estimated) this one */
    uint64_t maxmask; /* children (by index) counted by max, not sum: shared with a sibling */
} MateEntry;

enum {
    CLUSTER = 8,
    AGE_TICKS = 1024 /* a generation: this many calls of mtt_collect by all threads, about a million solver nodes */
};

/* CLUSTER entries of the boards whose keys share the low bits (448 bytes, as when each entry
 * held its key). WHY the keys apart, in one cache line: a look-up compares the eight keys in
 * that line and reads only the entries whose key matches, where it used to step through all
 * seven lines (the 47-ply tail: 2.5% faster; mtt_prefetch still asks for the whole cluster,
 * as asking for the keys alone was 4% slower). */
typedef struct {
    uint64_t key[CLUSTER]; /* board key with side to move (and depth salt); 0 = empty */
    MateEntry e[CLUSTER];
} MateCluster;

/* A count of entries in use, kept per thread (MateTable.used: the sum). WHY a cache line each:
 * every store of a new entry counts, and one counter written by two threads made each of
 * them wait for the other's cache line (two threads ran at 0.6 of one thread's speed each). */
enum { MTT_STRIPES = 8 };
typedef struct {
    _Alignas(64) atomic_size_t n;
} MateCount;

typedef struct {
    MateCluster *c; /* inside mem */
    BigMem mem;
    size_t clusters;                   /* power of two */
    atomic_uchar gen;                  /* advances at every collection and every AGE_TICKS calls of mtt_collect */
    atomic_uint ticks;                 /* calls of mtt_collect (each thread calls it every TICK_MASK + 1 nodes) */
    int hand_slots;                    /* slots compared, 0 when domination is off */
    int hand_run;                      /* the slots' types are hand_run, hand_run + 1, ...: else 0 */
    atomic_uchar *locks;               /* one spin lock per cluster while several threads share the table, else NULL */
    MateCount used[MTT_STRIPES];       /* entries in use: the sum (wrapping), each thread adding to its own */
    _Alignas(64) atomic_bool sweeping; /* a thread is collecting (mtt_collect) */
    bool keep_proofs; /* collection takes proofs only when all else is not enough: set by the walk, which runs alone */
} MateTable;

/* What a look-up or a search tells about one node. */
typedef struct {
    uint32_t pn, dn;
    int16_t len; /* as MateEntry.len */
    uint8_t flags;
    MateHand hand;   /* proof hand (pn == 0) or disproof hand (dn == 0) */
    uint64_t parent; /* stored with an estimate: the searching parent's table key (0: keep) */
    uint64_t mask;   /* stored / found with an estimate of the exact hand and budget: maxmask */
    int16_t rep_at;  /* ENT_REP: the shallowest path depth the repetition depends on; -1 none above the
                      * node (it holds anywhere), -2 a position above the search's root (not stored) */
} MateResult;

/* The path a look-up is made from (anchored repetition disproofs hold only on their path): the
 * full keys of depths 0 .. depth - 1, and the looking node's own (depth) in self. */
typedef struct {
    const uint64_t *keys;
    int depth;
    uint64_t self;
} MatePath;

int mtt_init(MateTable *t, size_t kb);
/* Make the table safe for several solver threads at once (a lock per cluster); -1 when out of
 * memory. Look-ups, stores and collection then lock the cluster they touch. */
int mtt_share(MateTable *t);
/* The calling thread's counter in MateTable.used (helper threads: 1, 2, ...; default 0). */
void mtt_thread_stripe(unsigned index);
void mtt_free(MateTable *t);
/* t gets from's memory and contents (t's own are freed); from is left empty. */
void mtt_take(MateTable *t, MateTable *from);
/* Values of (key, hand) under the depth budget rem (REM_NONE: unlimited): proven when an entry
 * with no bigger hand has a mate within rem, disproven when one with no smaller hand has none
 * within a bound >= rem, else the estimates of the exact hand and budget, else pn = dn = 1
 * with found = false. */
bool mtt_lookup(const MateTable *t, uint64_t key, const MateHand *h, int rem, MateResult *r);
/* mtt_lookup from a child of the node at path->depth: an anchored repetition disproof
 * (ENT_ANCHOR) counts when the path holds the positions it repeated (path NULL: never). */
bool mtt_lookup_path(const MateTable *t, uint64_t key, const MateHand *h, int rem, const MatePath *path, MateResult *r);
/* The XOR of keys[from .. depth - 1] and self: what an anchored entry stores (MateResult.parent). */
uint64_t mtt_path_seg(const MatePath *path, int from);
void mtt_store(MateTable *t, uint64_t key, const MateHand *h, const MateResult *r, uint32_t amount);
/* The parent recorded with an unresolved entry of key (the exact hand h first when given, else
 * the most searched one), and that entry's pn/dn; false when there is none. */
bool mtt_parent(const MateTable *t, uint64_t key, const MateHand *h, uint64_t *parent, uint32_t *pn, uint32_t *dn);
/* Free room when the table is nearly full: unresolved entries of little work go first. */
void mtt_collect(MateTable *t);
int mtt_hashfull(const MateTable *t);
/* Start loading the cluster of key (its entries span several cache lines). */
static inline void mtt_prefetch(const MateTable *t, uint64_t key) {
    const char *c = (const char *)&t->c[key & (t->clusters - 1)];
    for (size_t b = 0; b < sizeof(MateCluster); b += 64) __builtin_prefetch(c + b);
}
/* Drop every ENT_REP disproof (before a search that must not trust them). */
void mtt_clear_rep(MateTable *t);
/* The whole table to a file and back (a developer's tool: SHISHI_MATE_SAVE / SHISHI_MATE_LOAD,
 * docs/mate.md). mtt_load needs the same problem (root: its position key), table size and hand
 * slots; 0 or -1 (the table is then empty). */
int mtt_save(const MateTable *t, const char *path, uint64_t root);
int mtt_load(MateTable *t, const char *path, uint64_t root);
/* Drop the proofs of key that prove it with hand h (no bigger proof hand): the proof-line walk
 * found them going round a cycle or back up its path (proofline.c). */
void mtt_forget_proof(MateTable *t, uint64_t key, const MateHand *h);

/* A hand's counts as one 16-byte vector. WHY vectors: the comparisons of hands run several
 * times at most table look-ups and stores; a loop over the slots with early exits was a tenth
 * of a look-up's time late in Microcosmos (docs/mate.md, session 42). */
typedef uint8_t MateHandVec __attribute__((vector_size(MATE_HAND_SLOTS)));

static inline MateHandVec hand_vec(const uint8_t *p) {
    MateHandVec v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* 0xff in the first slots lanes, 0 past them. */
static inline MateHandVec hand_mask(int slots) {
    static const uint8_t ones[2 * MATE_HAND_SLOTS] = {255, 255, 255, 255, 255, 255, 255, 255,
                                                      255, 255, 255, 255, 255, 255, 255, 255};
    return hand_vec(ones + MATE_HAND_SLOTS - slots);
}

static inline bool hand_vec_zero(MateHandVec v) {
    uint64_t w[2];
    memcpy(w, &v, sizeof w);
    return !(w[0] | w[1]);
}

/* Every one of the first slots counts of a is at most b's; exact for every count 0-255
 * (disproof hands hold 255 for "any number"). */
static inline bool hand_le(const MateHand *a, const MateHand *b, int slots) {
    return hand_vec_zero((MateHandVec)(hand_vec(a->n) > hand_vec(b->n)) & hand_mask(slots));
}

/* The first slots counts of a and b are equal. */
static inline bool hand_eq(const MateHand *a, const MateHand *b, int slots) {
    return hand_vec_zero((hand_vec(a->n) ^ hand_vec(b->n)) & hand_mask(slots));
}

/* A node on the current path (index: depth). */
typedef struct {
    uint64_t tkey; /* table key */
    size_t base;   /* its children in the arena */
    int n, sel;    /* how many, the one being searched */
    bool or_node;
    uint32_t pn, dn; /* its values in the current iteration */
} MateFrame;

/* A counting filter of keys by their low 16 bits (the keys on the path), with a bit per slot
 * that says whether its count is above zero. WHY the bits: the look-ups (one for every child of
 * every expansion, one for every node entered) read 8 KB that stay in the first-level cache;
 * read from the 128 KB of counters they missed it, and those two loads were a third of
 * search()'s own time (docs/mate.md, session 37). */
typedef struct {
    uint64_t bits[1 << 10];
    uint16_t count[1 << 16];
} KeyFilter;

/* What the threads of one search of the root share besides the table (parallel.c). */
typedef struct {
    atomic_bool stop;              /* every thread leaves its search */
    atomic_uint_fast64_t nodes;    /* the helpers' nodes, added every TICK_MASK + 1 of them */
    atomic_uint_fast64_t restarts; /* the helpers' restarts (parallel.c solve_restarting) */
} MateShared;

/* The solver's cache of move lists (listcache.c): a list of checks (attacker to move) or of
 * replies (defender to move) by the position's full key, direct-mapped, one thread's own.
 * Lists longer than MATE_LIST_MOVES are not kept. */
enum { MATE_LIST_MOVES = 29, MATE_LIST_CHECKS = 1, MATE_LIST_REPLIES = 2 };
typedef struct {
    struct MateListSlot *slot; /* NULL: none (not made yet, or off) */
    bool off;                  /* none for this solve: the game's lists depend on the path, or out of memory */
    uint64_t hits;             /* lists it gave */
} MateLists;
/* The cache for a solve of pos's game, empty (off when it cannot be had). */
void mate_lists_init(MateLists *l, const Position *pos);
void mate_lists_free(MateLists *l);
/* The list of the current position (kind MATE_LIST_CHECKS or MATE_LIST_REPLIES) into list;
 * false when it is not kept. */
bool mate_lists_get(MateLists *l, const Position *pos, int kind, MoveList *list);
void mate_lists_put(MateLists *l, const Position *pos, int kind, const MoveList *list);

/* The running solver (one per thread). */
typedef struct MateSolver {
    Position *pos;
    MateControl *c;             /* a helper thread reads its limits only; the main thread writes its results */
    MateTable *tt;              /* the main thread's, shared by the helpers */
    MateShared *par;            /* NULL when one thread searches */
    bool helper;                /* a helper thread: no progress reports, no limits of its own */
    unsigned noise, noise_tick; /* a helper's diversity: every noise-th look-up of a child is raised by one */
    uint64_t own_nodes;
    int root_sp; /* the root's Position.sp: root searches run on every thread */
    Color attacker;
    bool dominate;       /* hand domination is sound in this game */
    int slot_of[PT_MAX]; /* hand slot of a hand type, -1 when none */
    bool fast_keys;      /* child keys computable without making the move (mate_child_key) */
    bool eager_drops;    /* MateControl.eager_drops, kept here: read for every defender child (dfpn.c kid_waits),
                          * where a helper would share the main thread's MateControl cache line */
    int64_t start_ms, next_report_ms;
    bool aborted;
    uint64_t node_cap; /* stop at this many nodes (the shortening's budget), 0 = none */
    /* begin the search of the root again at this many nodes of this thread's own (the first
     * proof's restarts, parallel.c), 0 = never; restart_hit: the search stopped there */
    uint64_t restart_at;
    bool restart_hit;
    bool store_rep;   /* keep repetition disproofs in the table */
    bool in_tiebreak; /* line.c: reading a line to break a tie (no nested tie-breaks) */
    /* positions on the current path (full keys), open addressing */
    uint64_t *path; /* HISTORY_MAX keys, then a KeyFilter of them */
    /* positions above the search's root that count as repetitions too: pos->states from
     * outer_from up to outer_to (the proof-line walk's path, dfpn_solve_below; their counters
     * are in path's); an empty range when none */
    int outer_from, outer_to;
    int outer_hit;     /* the lowest of those a search met as a repetition (outer_to: none) */
    MateFrame *frames; /* HISTORY_MAX frames, then a KeyFilter of their table keys */
    /* children of the nodes on the path */
    struct MateChild *kids;
    size_t kids_cap, kids_top;
    MoveList *gen, *scratch;
    MateLists lists;
} MateSolver;

typedef struct MateChild {
    uint64_t key; /* the child's table key (node_key after the move) */
    Move move;
    uint32_t pn, dn;
    int16_t len;
    uint8_t flags;
    uint8_t dslot;  /* 0x80 | hand slot of the attacker the move changed, 0 = none */
    int8_t dval;    /* by how much */
    uint8_t active; /* scratch: counted in this iteration (delayed drops are not) */
    uint8_t maxc;   /* shares its subtree with another child: the flagged ones count by their max */
    uint8_t grp;    /* an interposing drop's group for the delayed expansion (drop_group), else 0 */
    uint8_t lazy;   /* a later drop of its group not yet looked up (dfpn.c kid_waits) */
    int16_t rep_at; /* as MateResult.rep_at */
    MateHand hand;
} MateChild;

/* The memory the solver's tables may take, in KB (MateControl.hash_kb, or the default). */
static inline size_t mate_hash_kb(const MateControl *c) {
    return c->hash_kb ? c->hash_kb : (size_t)MATE_HASH_DEFAULT << 10;
}

/* The nodes this thread has searched (the main thread's count is MateControl.nodes). */
static inline uint64_t mate_own_nodes(const MateSolver *ms) { return ms->helper ? ms->own_nodes : ms->c->nodes; }

/* df-pn on the current position (attacker or defender to move) until it is proven or
 * disproven or the search is stopped; rem: plies allowed (REM_NONE = unlimited), free_sq:
 * the square of an interposing drop just made (its capture costs no depth). */
void dfpn_solve(MateSolver *ms, int rem, int free_sq, MateResult *out);
/* A search of the root (rem: its budget; the first proof, then the shortening's) on
 * MateControl.threads threads (parallel.c): the main thread is ms, the helpers search the same
 * root, perturbed. restart: the first proof, where every thread begins its search again now
 * and then on its own node count (parallel.c solve_restarting) and each helper has a table of
 * its own (a portfolio); else the threads share the table. */
void mate_root_solve(MateSolver *ms, int rem, MateResult *out, bool restart);
/* A solver's own buffers (path, frames, move lists), and their release (with its children). */
int mate_solver_alloc(MateSolver *ms);
void mate_solver_release(MateSolver *ms);
/* Look the current position up (no search). */
bool dfpn_probe(MateSolver *ms, int rem, int free_sq, MateResult *out);
/* dfpn_solve with the positions of ms->pos's history from index from_sp up to the current one
 * counted as on the path above the root: reaching one is a repetition. The repetition
 * disproofs it finds hold on that path only and are not stored. */
void dfpn_solve_below(MateSolver *ms, int from_sp, int rem, int fsq, MateResult *out);
/* Forget the stored proofs of the current position (unlimited, no free square). */
void dfpn_forget(MateSolver *ms);
/* The table key of the current position (unlimited, no free square): what dfpn_forget forgets. */
uint64_t dfpn_key(const MateSolver *ms);
void mate_hand_of(const MateSolver *ms, MateHand *h);
/* Depth budget of the child reached by move m from a node with budget rem (a futility test,
 * MF_VIRT, gets the defender's budget from before its drop back). */
int mate_child_rem(int rem, Move m);
/* The free square of that child: a defender's drop in a depth-limited search leaves its square
 * (whose capture gets a futility test), else FREE_NONE. */
int mate_child_free(int rem, Move m, bool attacker_node);
/* The attacker's candidate moves (checks; within the budget) or the defender's evasions.
 * After a defender's drop on the free square fsq (depth-limited search) each capture of the
 * dropped piece comes twice: as itself, and flagged MF_VIRT, the futility test. */
void mate_gen(MateSolver *ms, int rem, int fsq, MoveList *list);

/* MF_VIRT (a solver-only flag above the move encoding's bits): the capture of a piece just
 * interposed, made with the taken piece handed back to the defender: the position as if the
 * interposition had not been there, the checker on its square. Mated within the defender's
 * budget before the drop, the drop was futile (docs/mate.md, "Conventions"). mate_do and
 * mate_undo make and unmake a solver move, flagged or not. */
enum { MF_VIRT = 1u << 28 };
void mate_do(MateSolver *ms, Move m);
void mate_undo(MateSolver *ms, Move m);

/* proofline.c: the line of the proof the table holds under the budget rem (REM_NONE: the
 * unlimited proof), attacker to move at the root: the attacker's proven check of the fewest
 * plies and the defender's longest reply, computed over the stored proofs (futile drops not
 * counted); 0 when the proofs do not carry one. */
int mate_proof_line(MateSolver *ms, int rem, Move *line, int max);

/* line.c: did the solver stop at its own node cap (MateSolver.node_cap), not at a limit of
 * the caller (stop, deadline, node limit)? */
bool mate_cap_stopped(const MateSolver *ms);
/* line.c: a cap of extra more nodes for one search, under the cap already set (*outer, the
 * shortening's); returns the cap, or 0 when the one set is lower. mate_cap_pop puts *outer
 * back and returns whether the search stopped at this cap (then ms->aborted is cleared). */
uint64_t mate_cap_push(MateSolver *ms, uint64_t extra, uint64_t *outer);
bool mate_cap_pop(MateSolver *ms, uint64_t cap, uint64_t outer);

#endif
