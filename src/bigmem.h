/* bigmem.h - zeroed memory for large tables (the search's and the mate solver's hash tables).
 * WHY not calloc: a table of hundreds of megabytes is read at random, one cache line here and
 * there; with 4 KB pages every first touch is a page fault and most reads a TLB miss. Blocks of
 * BIGMEM_HUGE bytes and more are mapped 2 MB-aligned and advised as huge pages (Linux
 * transparent huge pages in `madvise` mode, as Debian ships it), which the kernel may back
 * with 2 MB pages. Smaller blocks come from calloc, aligned to a cache line. */
#ifndef SHISHI_BIGMEM_H
#define SHISHI_BIGMEM_H

#include <stdbool.h>
#include <stddef.h>

enum { BIGMEM_HUGE = 4 << 20 };

typedef struct {
    void *base;    /* what was allocated (calloc or mmap) */
    size_t length; /* mmap'd length, 0 for calloc */
    void *filler;  /* the thread of bigmem_fill_async, while one may run */
} BigMem;

/* bytes of zeroed memory aligned to 64 bytes (2 MB for large blocks), or NULL; m records how
 * to free it. m must not hold a block (free it first, or keep the old one until this succeeds
 * by passing a fresh BigMem). */
void *bigmem_alloc(BigMem *m, size_t bytes);
void bigmem_free(BigMem *m);
/* Let the kernel back a block of BIGMEM_FILL bytes or more now, on a thread of its own,
 * without writing it (Linux MADV_POPULATE_WRITE; elsewhere nothing happens). WHY: the first
 * write to each huge page otherwise stops its writer while the kernel zeroes 2 MB (on this
 * project's VM 3 s per gigabyte, docs/mate.md session 24); the table's user goes on at once,
 * and the pages it touches before the filler gets there are zeroed for it as before. Stopped
 * and joined by bigmem_free. */
enum { BIGMEM_FILL = 256 << 20 };
/* May a block of this size be committed up front? Not above half the machine's memory
 * (Linux lends it lazily): such a table comes in as it is touched. */
bool bigmem_may_commit(size_t bytes);
void bigmem_fill_async(BigMem *m);

#endif
