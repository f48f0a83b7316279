/* common.c - see common.h. */
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/diagram.h"
#include "../src/movegen.h"
#include "io.h"

void copy_position(Position *dst, const Position *src) { pos_copy(dst, src); }

void format_moves(Position *scratch, const Position *root, const Move *line, int length, Notation n, char *buf,
                  size_t len) {
    size_t o = 0;
    if (len) buf[0] = 0;
    copy_position(scratch, root);
    for (int i = 0; i < length; i++) {
        if (!movegen_is_legal(scratch, line[i])) break;
        char m[64];
        move_format(scratch, line[i], n, m, sizeof m);
        size_t need = strlen(m) + (o ? 1 : 0);
        if (o + need >= len) break;
        snprintf(buf + o, len - o, "%s%s", o ? " " : "", m);
        o += need;
        pos_do_move(scratch, line[i]);
    }
}

Notation spec_notation(const Variant *v, const char *spec) {
    return (!strncmp(spec, "sfen ", 5) || (!v->xboard_default && strncmp(spec, "fen ", 4))) ? NOTATION_USI
                                                                                            : NOTATION_XBOARD;
}

void print_diagram(const Position *pos, Notation n, const char *prefix) {
    DiagramStyle style = {.ascii = false, .notation = n};
    char *text = diagram_text(pos, &style);
    if (!text) return;
    for (char *line = text, *end; *line; line = end + 1) {
        end = strchr(line, '\n');
        if (!end) end = line + strlen(line) - 1; /* the text ends with '\n'; never reached */
        *end = 0;
        io_line("%s%s", prefix, line);
    }
    free(text);
}

bool parse_long(const char *s, long lo, long hi, long *out) {
    char *end;
    while (*s == ' ') s++;
    long x = strtol(s, &end, 10);
    while (*end == ' ') end++;
    if (end == s || *end || x < lo || x > hi) return false;
    *out = x;
    return true;
}

int clamp_ms(long long x) { return x < 0 ? 0 : x > 1000000000LL ? 1000000000 : (int)x; }
