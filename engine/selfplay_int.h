/* selfplay_int.h - what selfplay.c (the games) and selfplay_data.c (the files) share; not part
 * of the selfplay contract in selfplay.h. */
#ifndef SHISHI_SELFPLAY_INT_H
#define SHISHI_SELFPLAY_INT_H

#include "../src/variant.h"
#include "selfplay.h"

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
