/* encoding.c - UTF-8 validation and Shift_JIS (CP932) conversion through glibc iconv. */
#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>

#include "record_int.h"

int record_is_utf8(const char *text, size_t len) {
    const unsigned char *s = (const unsigned char *)text, *e = s + len;
    while (s < e) {
        int n = *s < 0x80 ? 0 : (*s & 0xE0) == 0xC0 ? 1 : (*s & 0xF0) == 0xE0 ? 2 : (*s & 0xF8) == 0xF0 ? 3 : -1;
        if (n < 0 || (n == 1 && *s < 0xC2) || s + n >= e + (n ? 0 : 1)) return 0;
        for (int i = 1; i <= n; i++)
            if ((s[i] & 0xC0) != 0x80) return 0;
        s += n + 1;
    }
    return 1;
}

static char *convert(const char *to, const char *from, const char *text, size_t len, size_t *outlen) {
    iconv_t cd = iconv_open(to, from);
    if (cd == (iconv_t)-1) return NULL;
    size_t cap = len * 2 + 16, left = cap - 1;
    char *out = malloc(cap), *o = out;
    char *in = (char *)text;
    size_t inleft = len;
    while (out && inleft) {
        if (iconv(cd, &in, &inleft, &o, &left) != (size_t)-1) break;
        if (errno != E2BIG) {
            free(out);
            out = NULL;
            break;
        }
        size_t used = (size_t)(o - out);
        cap *= 2;
        char *p = realloc(out, cap);
        if (!p) {
            free(out);
            out = NULL;
            break;
        }
        out = p;
        o = out + used;
        left = cap - used - 1;
    }
    iconv_close(cd);
    if (!out) return NULL;
    *o = 0;
    if (outlen) *outlen = (size_t)(o - out);
    return out;
}

char *record_sjis_to_utf8(const char *text, size_t len) { return convert("UTF-8", "CP932", text, len, NULL); }

char *record_utf8_to_sjis(const char *text, size_t *outlen) {
    return convert("CP932", "UTF-8", text, strlen(text), outlen);
}
