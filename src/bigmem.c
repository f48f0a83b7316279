/* bigmem.c - zeroed memory for large tables (bigmem.h). */
#include "bigmem.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

enum { HUGE_PAGE = 2 << 20, LINE = 64 };

void *bigmem_alloc(BigMem *m, size_t bytes) {
    m->base = NULL;
    m->length = 0;
    if (bytes >= BIGMEM_HUGE && bytes < SIZE_MAX - HUGE_PAGE) {
        size_t len = bytes + HUGE_PAGE;
        void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED) {
            uintptr_t a = ((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
#ifdef MADV_HUGEPAGE
            madvise((void *)a, bytes, MADV_HUGEPAGE); /* advice only: no huge pages is no error */
#endif
            m->base = p;
            m->length = len;
            return (void *)a;
        }
    }
    if (bytes > SIZE_MAX - LINE) return NULL;
    void *p = calloc(bytes + LINE - 1, 1);
    if (!p) return NULL;
    m->base = p;
    return (void *)(((uintptr_t)p + LINE - 1) & ~(uintptr_t)(LINE - 1));
}

void bigmem_free(BigMem *m) {
    if (m->length)
        munmap(m->base, m->length);
    else
        free(m->base);
    m->base = NULL;
    m->length = 0;
}
