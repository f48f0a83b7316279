/* solve/table.c - the table file (docs/nana.md, "File format"): a 64-byte header, then one
 * value byte per index number. Little-endian host order (the header's byte-order mark
 * rejects the other). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solve.h"

enum { TABLE_VERSION = 1 };
static const char TABLE_MAGIC[8] = {'S', 'H', 'S', 'O', 'L', 'V', 'E', 'D'};

typedef struct {
    char magic[8];
    uint32_t version, byte_order; /* 0x01020304 */
    char game[16];
    uint64_t size;    /* index numbers = value bytes that follow */
    uint64_t configs; /* index layout: contents per royal pair */
    uint32_t kpairs, opening;
    uint64_t checksum; /* FNV-1a 64 of the values */
} TableHeader;

_Static_assert(sizeof(TableHeader) == 64, "table header is 64 bytes");

static int fail(char *err, size_t errlen, const char *path, const char *msg) {
    snprintf(err, errlen, "%s: %s", path, msg);
    return -1;
}

void solve_table_name(const Variant *v, char *buf, size_t len) { snprintf(buf, len, "%s.tbl", v->name); }

static void make_header(const SolvedTable *t, TableHeader *h) {
    memset(h, 0, sizeof *h);
    memcpy(h->magic, TABLE_MAGIC, sizeof h->magic);
    h->version = TABLE_VERSION;
    h->byte_order = 0x01020304;
    snprintf(h->game, sizeof h->game, "%s", t->ix.v->name);
    h->size = t->ix.size;
    h->configs = t->ix.configs;
    h->kpairs = (uint32_t)t->ix.kpairs;
    h->opening = (uint32_t)t->ix.opening_count;
    h->checksum = t->checksum;
}

int solve_table_write(const SolvedTable *t, const char *path, char *err, size_t errlen) {
    TableHeader h;
    make_header(t, &h);
    FILE *f = fopen(path, "wb");
    if (!f) return fail(err, errlen, path, "cannot create");
    bool ok = fwrite(&h, sizeof h, 1, f) == 1 && fwrite(t->value, 1, t->ix.size, f) == t->ix.size;
    if (fclose(f) || !ok) return fail(err, errlen, path, "write failed");
    return 0;
}

static int read_values(SolvedTable *t, FILE *f, const TableHeader *h, const char *path, char *err, size_t errlen) {
    t->value = malloc(t->ix.size);
    if (!t->value) return fail(err, errlen, path, "out of memory");
    if (fread(t->value, 1, t->ix.size, f) != t->ix.size) return fail(err, errlen, path, "truncated table");
    if (fgetc(f) != EOF) return fail(err, errlen, path, "trailing bytes after the table");
    t->checksum = solve_checksum(t->value, t->ix.size);
    if (t->checksum != h->checksum) return fail(err, errlen, path, "checksum mismatch (corrupt table)");
    return 0;
}

int solve_table_read(SolvedTable *t, const Variant *v, const char *path, char *err, size_t errlen) {
    memset(t, 0, sizeof *t);
    FILE *f = fopen(path, "rb");
    if (!f) return fail(err, errlen, path, "not found");
    TableHeader h, want;
    int rc = 0;
    if (fread(&h, sizeof h, 1, f) != 1 || memcmp(h.magic, TABLE_MAGIC, sizeof h.magic))
        rc = fail(err, errlen, path, "not a solved-game table");
    else if (h.version != TABLE_VERSION || h.byte_order != 0x01020304)
        rc = fail(err, errlen, path, "table version or byte order not supported");
    else if (solve_index_init(&t->ix, v, 1ull << 32, err, errlen))
        rc = -1;
    if (!rc) {
        t->checksum = h.checksum;
        make_header(t, &want);
        if (strncmp(h.game, want.game, sizeof h.game) || h.size != want.size || h.configs != want.configs ||
            h.kpairs != want.kpairs || h.opening != want.opening)
            rc = fail(err, errlen, path, "table of another game or index layout");
    }
    if (!rc) rc = read_values(t, f, &h, path, err, errlen);
    fclose(f);
    if (rc) solved_free(t);
    return rc;
}

uint8_t solved_probe(const SolvedTable *t, const Position *pos) {
    uint64_t idx = solve_index_of_pos(&t->ix, pos);
    return idx < t->ix.size ? t->value[idx] : SOLVE_ILLEGAL;
}
