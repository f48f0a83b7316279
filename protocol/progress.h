/* progress.h - a progress bar on stderr for long command-line jobs: done / total, elapsed and
 * estimated time left. On a terminal it redraws one line in place (\r); otherwise it prints a
 * line about every 10% so that logs stay short. */
#ifndef SHISHI_PROGRESS_H
#define SHISHI_PROGRESS_H

#include <stdbool.h>

typedef struct {
    const char *label; /* "analysing" */
    int total, last_decile;
    double start;
    bool tty;
} Progress;

void progress_start(Progress *p, const char *label, int total);
/* done items of total are finished. */
void progress_update(Progress *p, int done);
/* Close the line (terminal) after the last update. */
void progress_finish(Progress *p);

#endif
