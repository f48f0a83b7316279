/* table-latency.c - how long this machine takes to reach a random cluster of a mate table of a
 * given size: one read at a time (latency) and five at once after their prefetches (what an
 * expansion does with its children's clusters). A developer's tool for docs/mate.md's session
 * 49: the solver's nodes per second on a 4 GB table follow these figures more than the CPU's.
 *
 * usage: cc -O2 scripts/table-latency.c -o table-latency && ./table-latency MB...
 *        (e.g. ./table-latency 16 64 512 4096)
 *
 * The buffer is asked for in transparent huge pages, as the solver's table is (src/bigmem.c),
 * and written once before timing. Figures are nanoseconds per cluster, 448 bytes and seven
 * cache lines as MateCluster; four million reads each. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

enum { CLUSTER_BYTES = 448, LINES = CLUSTER_BYTES / 64, READS = 4000000, AT_ONCE = 5 };

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t next(uint64_t x) { return x * 6364136223846793005ULL + 1442695040888963407ULL; }

/* Reads `chains` independent sequences of clusters; each cluster's address depends on what
 * the previous read of its chain returned, so a chain never runs ahead of its memory. */
static double run(const char *b, size_t clusters, int chains) {
    uint64_t x[AT_ONCE], s[AT_ONCE] = {0};
    for (int k = 0; k < chains; k++) x[k] = 0x9E3779B97F4A7C15ULL * (uint64_t)(k + 1);
    size_t rounds = READS / (size_t)chains;
    double t0 = now();
    for (size_t i = 0; i < rounds; i++) {
        const char *p[AT_ONCE];
        for (int k = 0; k < chains; k++) {
            x[k] = next(x[k] + s[k]);
            p[k] = b + ((x[k] >> 20) & (clusters - 1)) * CLUSTER_BYTES;
            for (int l = 0; l < LINES; l++) __builtin_prefetch(p[k] + 64 * l);
        }
        for (int k = 0; k < chains; k++) {
            uint64_t a = 0;
            for (int l = 0; l < LINES; l++) a += *(const volatile uint64_t *)(p[k] + 64 * l);
            s[k] = a & 1;
        }
    }
    return (now() - t0) * 1e9 / (double)(rounds * (size_t)chains);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s MB...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        char *end;
        unsigned long long mb = strtoull(argv[i], &end, 10);
        if (*end || mb == 0 || mb > (1ULL << 20)) {
            fprintf(stderr, "%s: not a size in MB: %s\n", argv[0], argv[i]);
            return 2;
        }
        size_t bytes = (size_t)mb << 20, clusters = 1;
        while (clusters * 2 * CLUSTER_BYTES <= bytes) clusters *= 2;
        char *b = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (b == MAP_FAILED) {
            fprintf(stderr, "%s: cannot map %llu MB\n", argv[0], mb);
            return 1;
        }
        madvise(b, bytes, MADV_HUGEPAGE);
        memset(b, 1, bytes);
        double one = run(b, clusters, 1), five = run(b, clusters, AT_ONCE);
        printf("%6llu MB: %6.1f ns a cluster one at a time, %6.1f ns five at once\n", mb, one, five);
        munmap(b, bytes);
    }
    return 0;
}
