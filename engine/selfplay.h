/* selfplay.h - games of the engine against itself at a fixed node or depth budget, written as
 * training data for an evaluation tuner: quiet positions with the game's result and the
 * search's score. Drives the search only through the engine facade (engine.h); never prints,
 * progress goes to a callback.
 *
 * The data file (text, appended to):
 *   # shishi selfplay variant=<name> nodes=<n>|depth=<d> seed=<s>     header, once
 *   <sfen>;<result>;<score>                                            one per recorded position
 *   # game <index> result <1|0.5|0> plies <n>                          after each game's positions
 * result is the game's result from Black's (sente's) view; score is the search score of the
 * position from Black's view in centipawns. Games are written whole and in index order. */
#ifndef SHISHI_SELFPLAY_H
#define SHISHI_SELFPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "../eval/data_line.h"
#include "../src/variant.h"

enum {
    SELFPLAY_DEFAULT_GAMES = 1000,
    SELFPLAY_DEFAULT_NODES = 5000,
    SELFPLAY_DEFAULT_THREADS = 2,
    SELFPLAY_DEFAULT_HASH_MB = 16,
    SELFPLAY_DEFAULT_RANDOM_PLIES = 6,
    SELFPLAY_DEFAULT_MAX_PLIES = 400,
    SELFPLAY_MAX_PLIES_LIMIT = 3000,  /* the position history holds 4096 plies, search included */
    SELFPLAY_SKIP_PLIES = 4,          /* plies after the random start that are never recorded */
    SELFPLAY_ADJUDICATE_SCORE = 2000, /* |score| from this on (or a mate score) ... */
    SELFPLAY_ADJUDICATE_PLIES = 6,    /* ... for this many plies in a row for one side wins */
    SELFPLAY_SCORE_CLAMP = DATA_SCORE_MAX,
    SELFPLAY_LINE_MAX = 2048 /* longest data line (a chu SFEN is about 200 characters) */
};

typedef struct {
    const char *variant;  /* game name as variant_find takes it */
    int games;            /* games the file holds when done (index 0 .. games-1) */
    uint64_t nodes;       /* node budget per move (used when depth is 0) */
    int depth;            /* depth budget per move; 0 = use nodes */
    int threads;          /* workers, each playing whole games with its own one-thread engine */
    int hash_mb;          /* hash table per worker */
    const char *out;      /* data file; appended to, resumed when it already holds games */
    const char *openings; /* file of opening lines, NULL = the start position */
    int random_plies;     /* uniformly random legal plies after the opening */
    uint64_t seed;        /* game i draws its opening and random plies from seed + i */
    int max_plies;        /* plies from the opening start after which the game is a draw */
} SelfplayConfig;

/* Fill cfg with the defaults above (variant "shogi", out and openings NULL, seed 1). */
void selfplay_config_default(SelfplayConfig *cfg);

/* Progress: called on the caller's thread of selfplay_run, once at the start (games_done =
 * the games already in the file, which may be more than games_total), about four times a
 * second while games are played, and once at the end. positions counts the data lines in
 * the file. */
typedef void (*SelfplayProgress)(void *user, int games_done, int games_total, long positions, double elapsed_s);

/* Play the games missing from cfg->out (a file holding k games gets games k .. games-1).
 * Returns 0, or -1 with a message in err (bad option, unreadable openings, unwritable or
 * foreign output file, engine error). cb may be NULL. */
int selfplay_run(const SelfplayConfig *cfg, SelfplayProgress cb, void *user, char *err, size_t errlen);

/* Data lines are read back with data_line_parse (eval/data_line.h). */

/* The opening lines of an openings file, each a whole position spec (engine_set_position). */
typedef struct {
    char **specs;
    int count;
} SelfplayOpenings;

/* Read an openings file: '#' lines and blank lines are skipped; a line of moves is played from
 * the start position in the notation the file's first line names ("usi notation" / "xboard
 * notation", else the game's own); a line starting with startpos, sfen, fen or holding a '/'
 * is a position spec as it stands. Every line is checked. 0, or -1 with a message. */
int selfplay_openings_load(SelfplayOpenings *o, const char *path, const Variant *v, char *err, size_t errlen);
void selfplay_openings_free(SelfplayOpenings *o);

#endif
