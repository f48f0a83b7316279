/* strbuf.c - the clamped appender (strbuf.h). */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>

void strbuf_printf(StrBuf *b, const char *fmt, ...) {
    if (b->len + 1 >= b->cap) {
        b->truncated = true;
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->buf + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->buf[b->len] = 0;
        b->truncated = true;
        return;
    }
    size_t room = b->cap - b->len - 1;
    if ((size_t)n > room) {
        b->len += room;
        b->truncated = true;
    } else
        b->len += (size_t)n;
}
