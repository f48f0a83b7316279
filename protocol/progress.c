/* progress.c - the stderr progress bar of progress.h. */
#include "progress.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void clock_text(double sec, char *buf, size_t len) {
    long s = (long)(sec + 0.5);
    if (s >= 3600)
        snprintf(buf, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, len, "%ld:%02ld", s / 60, s % 60);
}

void progress_start(Progress *p, const char *label, int total) {
    p->label = label;
    p->total = total > 0 ? total : 1;
    p->last_decile = -1;
    p->start = now();
    p->tty = isatty(STDERR_FILENO);
    progress_update(p, 0);
}

void progress_update(Progress *p, int done) {
    int decile = done * 10 / p->total;
    if (!p->tty && decile == p->last_decile) return;
    p->last_decile = decile;
    double spent = now() - p->start;
    char elapsed[32], left[32] = "?";
    clock_text(spent, elapsed, sizeof elapsed);
    if (done > 0) clock_text(spent * (p->total - done) / done, left, sizeof left);
    enum { WIDTH = 30 };
    char bar[WIDTH + 1];
    int fill = done * WIDTH / p->total;
    for (int i = 0; i < WIDTH; i++) bar[i] = i < fill ? '#' : '.';
    bar[WIDTH] = 0;
    fprintf(stderr, "%s%s [%s] %d/%d  elapsed %s  left %s%s", p->tty ? "\r" : "", p->label, bar, done, p->total,
            elapsed, left, p->tty ? "  " : "\n");
    fflush(stderr);
}

void progress_finish(Progress *p) {
    if (p->tty) fputc('\n', stderr);
}
