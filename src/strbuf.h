/* strbuf.h - appending formatted text. StrBuf: into a fixed buffer without ever writing or
 * pointing past it (the offset stops at the last byte, the text stays terminated, and a
 * truncation is remembered), for every "o += snprintf(buf + o, ...)" style accumulation.
 * Sbuf: a text on the heap that grows as needed (records, SVG documents). */
#ifndef SHISHI_STRBUF_H
#define SHISHI_STRBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
    char *buf;
    size_t cap; /* bytes of buf, the terminator included */
    size_t len; /* characters written, always < cap (when cap > 0) */
    bool truncated;
} StrBuf;

/* Start an empty text in buf[cap]. */
static inline StrBuf strbuf_init(char *buf, size_t cap) {
    if (cap) buf[0] = 0;
    return (StrBuf){.buf = buf, .cap = cap, .len = 0, .truncated = cap == 0};
}

/* Append printf-style; what does not fit is cut off and sets truncated. */
void strbuf_printf(StrBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A growing NUL-terminated text: start with Sbuf b = {0}; s is malloc'ed (NULL while empty);
 * a failed allocation sets oom and later appends do nothing (the caller frees s). */
typedef struct {
    char *s;
    size_t len, cap;
    bool oom;
} Sbuf;
void sb_put(Sbuf *b, const char *s);
/* Append n bytes (NULs included; the text stays terminated after them). */
void sb_append(Sbuf *b, const char *s, size_t n);
/* Append everything left in the stream f (opened by the caller); false on a read error. */
bool sb_read(Sbuf *b, FILE *f);
void sb_printf(Sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
