/* strbuf.c - the clamped appender and the growing text (strbuf.h). */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

void sb_append(Sbuf *b, const char *s, size_t n) {
    if (b->oom) return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1) cap *= 2;
        char *p = realloc(b->s, cap);
        if (!p) {
            b->oom = true;
            return;
        }
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

void sb_put(Sbuf *b, const char *s) { sb_append(b, s, strlen(s)); }

bool sb_read(Sbuf *b, FILE *f) {
    char block[1 << 16];
    for (size_t got; !b->oom && (got = fread(block, 1, sizeof block, f)) > 0;) sb_append(b, block, got);
    return !ferror(f);
}

void sb_printf(Sbuf *b, const char *fmt, ...) {
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < (int)sizeof tmp) {
        sb_put(b, tmp);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        b->oom = true;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb_put(b, big);
    free(big);
}
