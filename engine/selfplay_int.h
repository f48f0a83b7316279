/* selfplay_int.h - what selfplay.c (the games) and selfplay_data.c (the files) share; not part
 * of the selfplay contract in selfplay.h. */
#ifndef SHISHI_SELFPLAY_INT_H
#define SHISHI_SELFPLAY_INT_H

#include "../src/variant.h"
#include "selfplay.h"

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

/* What an existing data file already holds. */
typedef struct {
    int games;       /* complete games (their `# game` lines) */
    long positions;  /* data lines of those games */
    bool has_header; /* the header line is there */
} SelfplayFileState;

/* Look at the data file before appending: a missing or empty file holds nothing; a file whose
 * first line is not a selfplay header, or names another game, is refused; lines after the last
 * complete game (a run killed mid-write) are cut off. 0, or -1 with a message. */
int selfplay_file_scan(const char *path, const Variant *v, SelfplayFileState *st, char *err, size_t errlen);

#endif
