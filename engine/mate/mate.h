/* mate.h - the tsume (mate) solver behind USI `go mate` and `shishi mate`: df-pn+ with hand
 * domination (proof and disproof pieces), a bounded table with garbage collection, then an
 * exact search inside the proof for the shortest mate under tsume conventions (docs/mate.md).
 * Knows no game by name; where royals may be left attacked (descriptor check_allowed) the
 * royal must be taken (royal.c, docs/mate.md). Never prints: progress goes to a callback. */
#ifndef SHISHI_MATE_H
#define SHISHI_MATE_H

#include <stdatomic.h>

#include "../engine.h"

enum {
    MATE_MAX_PLIES = 63,   /* the brute-force solver's horizon */
    MATE_LINE_MAX = 4000,  /* longest line mate_search writes */
    MATE_HASH_DEFAULT = 64 /* MB when MateControl.hash_kb is 0 */
};
/* The shortening's default budget (MateControl.shorten_nodes = 0). WHY bounded: ruling out
 * every shorter mate means disproving budget L - 2, a search of the whole tree below L - 2
 * plies; for the 611-ply Kotobuki the first proof takes 335k nodes and that disproof more than
 * 6M without an end in sight, so an unbounded `go mate infinite` would never answer. */
#define MATE_SHORTEN_FACTOR 4
#define MATE_SHORTEN_MIN    2000000ULL
#define MATE_SHORTEN_ALL    UINT64_MAX
/* The first restart of each thread's search for the first proof (MateControl.restart_nodes
 * = 0; engine/mate/parallel.c solve_restarting says why it restarts). */
#define MATE_RESTART_NODES 1000000ULL
/* A helper's share of the first proof on several threads (MateControl.helper_nodes = 0): it
 * stops after this many of its own nodes and leaves the main thread to search alone.
 * WHY: a helper searches in the small table the main one leaves (512 MB of 4 GB), and a proof
 * it finds late there is a large proof in a small table, which the walk over the stored proofs
 * may not read in time: Microcosmos on two threads under `go mate 600000`, the helper proved
 * first by a hair (258.2M nodes of both) and its walk met 567 cycles and 1,784 failing proofs,
 * 60M nodes, no line at the deadline (`checkmate timeout`), where the main thread's own proof is
 * read in about 1M (docs/mate.md, session 50). The helper's worth is an early second draw: on
 * Zukou at 10 s a problem it proves within about 4M of its nodes. */
#define MATE_HELPER_NODES (1ULL << 26)

/* One progress report, about once per second while the solver runs. */
typedef struct {
    uint64_t nodes;
    int64_t time_ms;
    int hashfull; /* permille of the solver's table in use */
} MateProgress;

typedef struct {
    const atomic_bool *stop; /* may be NULL; checked every few thousand nodes */
    int64_t deadline_ms;     /* absolute now_ms() deadline, -1 = none */
    uint64_t node_limit;     /* stop after about this many nodes, 0 = none */
    int max_plies;           /* longest mate looked for, 0 = any length */
    uint64_t shorten_nodes;  /* after the first proof, nodes the search for a shorter mate may spend: 0 = the
                              * default (MATE_SHORTEN_FACTOR x the first proof's, at least MATE_SHORTEN_MIN),
                              * MATE_SHORTEN_ALL = until the shortest is proven or the deadline */
    size_t hash_kb;          /* solver table size in KB (KB, not MB: the fuzz build's tables are smaller than
                              * one MB), 0 = MATE_HASH_DEFAULT MB */
    int threads;             /* threads of the root's searches (first proof, shorter budgets), 0 or 1 = one */
    uint64_t restart_nodes;  /* each thread's search for the first proof begins again after this many of its
                              * own nodes, then after twice as many each time: 0 = MATE_RESTART_NODES */
    uint64_t helper_nodes;   /* a helper's share of the first proof, in its own nodes: 0 = MATE_HELPER_NODES (the
                              * tests make it small) */
    uint64_t walk_cap_nodes; /* the first cap of a search of the walk over the proofs (proofline.c; a node whose
                              * proofs went round a cycle: a hundredth of it), four times larger at each walk
                              * the caps leave without a line: 0 = 1,000,000 (the tests make it small) */
    bool no_lists;           /* the solver without its cache of move lists (the tests compare the two) */
    bool eager_drops;        /* every interposing drop looked up or estimated when its node is expanded, as before
                              * session 48, not only once the drops before it on its square are proven (the tests
                              * compare the two) */
    void *user;              /* passed to on_progress */
    void (*on_progress)(void *user, const MateProgress *p); /* may be NULL */
    /* may be NULL: the verified line read from the first proof, before the search for a shorter
     * mate begins (the answer unless that finds one); root is the problem's position */
    void (*on_line)(void *user, const Move *line, int length, uint64_t nodes, const Position *root);
    uint64_t nodes;       /* out: nodes visited */
    int hashfull;         /* out: permille of the table in use at the end */
    uint64_t first_nodes; /* out: nodes when the root was first proven, 0 = never */
    int first_len;        /* out: length that first proof stored */
    uint64_t restarts;    /* out: times a thread's search began again before it (every thread's) */
    uint64_t list_hits;   /* out: move lists the main thread's cache gave (listcache.c) */
    uint64_t estimates;   /* out: first estimates the main thread made (children the table did not know) */
    bool shortest;        /* out: the line found is proven the shortest mate */
    bool bounded;         /* out (not shortest): the line is the longest defence against the proof's own checks, so its
                           * length bounds the mate from above (else a walk along stored lengths, no bound) */
    const char *walk_fault; /* out: why the last proof-line walk gave no line (NULL: it gave one) */
    /* the walk_ counts below are summed over the run's proof-line walks */
    uint64_t walk_nodes;           /* out: nodes that walk visited */
    uint64_t walk_searched;        /* out: solver nodes that walk's searches of lost proofs visited */
    uint64_t walk_cycles;          /* out: cycles of stored proofs that walk forgot and searched again */
    uint64_t walk_forgot;          /* out: proofs of nodes that walk found failing on its path, forgotten */
    uint64_t walk_capped;          /* out: searches that walk cut at its caps (proofline.c) */
    uint64_t walk_scale;           /* out: the largest factor a walk's caps were grown by (1: none grew, 0: no walk) */
    int table_loaded, table_saved; /* out: SHISHI_MATE_LOAD / SHISHI_MATE_SAVE (docs/mate.md): 1 done,
                                    * -1 failed, 0 not asked */
} MateControl;

/* Search the side to move's forced mate in pos (restored on return). MATE_FOUND fills
 * line[0..*length) (at most line_max moves): the shortest mate found with the longest
 * defence, futile interpositions not counted, checked move by move before it is returned;
 * c->shortest tells whether no shorter mate exists (the shortening may stop early, see
 * MateControl.shorten_nodes; the line is then the first proof's own).
 * MATE_NONE: no mate exists, or none within max_plies. MATE_TIMEOUT: stopped, out of
 * time or out of memory. (MATE_UNSUPPORTED is not returned by any game now.) */
MateStatus mate_search(Position *pos, MateControl *c, Move *line, int line_max, int *length);

/* Is line[0..length) a mate under tsume rules from pos (restored)? Every move legal, every
 * attacker move checks, and at the end the defender is in check with no reply but
 * interposing drops. */
bool mate_line_valid(Position *pos, const Move *line, int length);

/* The older iterative-deepening proof search (engine/mate/brute.c): exact but exponential;
 * kept as an independent reference for the tests. max_plies <= MATE_MAX_PLIES. */
MateStatus mate_brute_search(Position *pos, MateControl *c, Move *line, int *length);

#endif
