/* io.c - see io.h. */
#include "io.h"

#include <pthread.h>
#include <stdarg.h>
#include <string.h>

/* WHY static: the lock guards the process's one stdout. */
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *out_file; /* NULL: stdout (io_set_output) */

void io_set_output(FILE *f) {
    pthread_mutex_lock(&out_lock);
    out_file = f;
    pthread_mutex_unlock(&out_lock);
}

void io_line(const char *fmt, ...) {
    char buf[IO_LINE_MAX + 256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&out_lock);
    FILE *f = out_file ? out_file : stdout;
    fputs(buf, f);
    fputc('\n', f);
    fflush(f);
    pthread_mutex_unlock(&out_lock);
}

bool io_read_line(FILE *f, char *buf, size_t len, IoLineFault *fault) {
    size_t n = 0;
    int c;
    bool any = false, nul = false, overlong = false;
    while ((c = fgetc(f)) != EOF) {
        any = true;
        if (c == '\n') break;
        if (c == 0) nul = true;
        if (n + 1 < len)
            buf[n++] = (char)c;
        else
            overlong = true;
    }
    *fault = overlong ? IO_LINE_OVERLONG : nul ? IO_LINE_NUL : IO_LINE_OK;
    if (!any) return false;
    while (n > 0 && (buf[n - 1] == '\r' || buf[n - 1] == ' ' || buf[n - 1] == '\t')) n--;
    buf[n] = 0;
    return true;
}
