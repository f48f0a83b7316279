/* bigmem.c - zeroed memory for large tables (bigmem.h). */
#include "bigmem.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

enum { HUGE_PAGE = 2 << 20, LINE = 64 };

void *bigmem_alloc(BigMem *m, size_t bytes) {
    m->base = NULL;
    m->length = 0;
    m->filler = NULL;
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

bool bigmem_may_commit(size_t bytes) {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 && bytes <= (size_t)pages / 2 * (size_t)page;
}

typedef struct {
    pthread_t thread;
    void *addr;
    size_t len;
    atomic_bool stop;
} Filler;

/* WHY one huge page per call: the table's user faults pages in at random meanwhile, and a
 * single call over the whole block held it up until the end (1.9 s for 1 GB); stop is seen
 * between pages, so bigmem_free waits for one page at most. */
static void *fill_main(void *arg) {
    Filler *f = arg;
#ifdef MADV_POPULATE_WRITE
    for (size_t o = 0; o < f->len && !atomic_load_explicit(&f->stop, memory_order_relaxed); o += HUGE_PAGE)
        if (madvise((char *)f->addr + o, f->len - o < HUGE_PAGE ? f->len - o : HUGE_PAGE, MADV_POPULATE_WRITE))
            break; /* a kernel before 5.14 says EINVAL: the pages come on first touch */
#else
    (void)f;
#endif
    return NULL;
}

void bigmem_fill_async(BigMem *m) {
    if (m->length < BIGMEM_FILL || m->filler || !bigmem_may_commit(m->length)) return;
    Filler *f = malloc(sizeof *f);
    if (!f) return;
    f->addr = m->base;
    f->len = m->length;
    atomic_init(&f->stop, false);
    if (pthread_create(&f->thread, NULL, fill_main, f)) {
        free(f);
        return;
    }
    m->filler = f;
}

void bigmem_free(BigMem *m) {
    if (m->filler) {
        Filler *f = m->filler;
        atomic_store(&f->stop, true);
        pthread_join(f->thread, NULL);
        free(f);
        m->filler = NULL;
    }
    if (m->length)
        munmap(m->base, m->length);
    else
        free(m->base);
    m->base = NULL;
    m->length = 0;
}
