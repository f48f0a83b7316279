/* strbuf.h - appending formatted text to a fixed buffer without ever writing or pointing past
 * it: the offset stops at the last byte, the text stays terminated, and a truncation is
 * remembered. For every "o += snprintf(buf + o, ...)" style accumulation above src/. */
#ifndef SHISHI_STRBUF_H
#define SHISHI_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

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

#endif
