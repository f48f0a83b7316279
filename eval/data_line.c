/* data_line.c - the training-data line (data_line.h). Never prints. */
#include "data_line.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- data lines ------------------------------------------------------------------------- */

/* The field [s, end) without the spaces around it, copied into buf; false if it does not fit. */
static bool copy_field(const char *s, const char *end, char *buf, size_t len) {
    while (s < end && isspace((unsigned char)*s)) s++;
    while (end > s && isspace((unsigned char)end[-1])) end--;
    if ((size_t)(end - s) >= len) return false;
    memcpy(buf, s, (size_t)(end - s));
    buf[end - s] = 0;
    return true;
}

static int parse_result(const char *s, const char *end, double *out, char *err, size_t errlen) {
    char buf[32], *stop;
    if (!copy_field(s, end, buf, sizeof buf) || !buf[0]) {
        snprintf(err, errlen, "missing or overlong result after ';'");
        return -1;
    }
    double r = strtod(buf, &stop);
    if (*stop || (r != 0 && r != 0.5 && r != 1)) {
        snprintf(err, errlen, "result must be 1, 0.5 or 0, not '%s'", buf);
        return -1;
    }
    *out = r;
    return 0;
}

static int parse_score(const char *s, const char *end, int *out, char *err, size_t errlen) {
    char buf[32], *stop;
    if (!copy_field(s, end, buf, sizeof buf) || !buf[0]) {
        snprintf(err, errlen, "empty or overlong score after the second ';'");
        return -1;
    }
    long x = strtol(buf, &stop, 10);
    if (*stop || x < -DATA_SCORE_MAX || x > DATA_SCORE_MAX) {
        snprintf(err, errlen, "score must be a number of centipawns, whole and within +-%d, not '%s'", DATA_SCORE_MAX,
                 buf);
        return -1;
    }
    *out = (int)x;
    return 0;
}

int data_line_parse(const char *line, char *sfen, size_t sfen_len, double *result, int *score, bool *has_score,
                    char *err, size_t errlen) {
    while (isspace((unsigned char)*line)) line++;
    const char *end = line + strlen(line);
    while (end > line && isspace((unsigned char)end[-1])) end--;
    if (end == line || line[0] == '#') return 0;
    const char *semi = memchr(line, ';', (size_t)(end - line));
    if (!semi) {
        snprintf(err, errlen, "expected <sfen>;<result>[;<score>]: missing ';'");
        return -1;
    }
    if (!copy_field(line, semi, sfen, sfen_len)) {
        snprintf(err, errlen, "SFEN longer than %zu characters", sfen_len ? sfen_len - 1 : 0);
        return -1;
    }
    if (!sfen[0]) {
        snprintf(err, errlen, "empty SFEN before ';'");
        return -1;
    }
    const char *semi2 = memchr(semi + 1, ';', (size_t)(end - semi - 1));
    double r;
    int sc = 0;
    if (parse_result(semi + 1, semi2 ? semi2 : end, &r, err, errlen) ||
        (semi2 && parse_score(semi2 + 1, end, &sc, err, errlen)))
        return -1;
    if (result) *result = r;
    if (score) *score = sc;
    if (has_score) *has_score = semi2 != NULL;
    return 1;
}
