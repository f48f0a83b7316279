/* textscan.h - the lexical layer of position text: squares and board/hand items, knowing
 * only board sizes. It depends on nothing in the game model, so the descriptor compiler
 * (variant.c: the start position's piece counts, no-drop squares) and the text module
 * (textpos.c) read text with the same rules without variant.c calling upwards. */
#ifndef SHISHI_TEXTSCAN_H
#define SHISHI_TEXTSCAN_H

#include <ctype.h>
#include <stdbool.h>

/* A decimal number of at most max_digits digits at *p (advanced); -1 if there is none. */
static inline int scan_number(const char **p, int max_digits) {
    const char *s = *p;
    int n = 0, digits = 0;
    while (isdigit((unsigned char)*s) && digits < max_digits) n = n * 10 + (*s++ - '0'), digits++;
    if (!digits) return -1;
    *p = s;
    return n;
}

/* Digits at *p as a count, saturating at cap + 1 (every digit is consumed). */
static inline int scan_count(const char **p, int cap) {
    int n = 0;
    for (; isdigit((unsigned char)**p); (*p)++)
        if (n <= cap) n = n * 10 + (**p - '0');
    return n > cap ? cap + 1 : n;
}

/* USI square: file number from Black's right, rank letter from the top ("7g", "12l").
 * Returns the square (y * files + x) and advances *p, or -1 leaving *p alone. */
static inline int scan_usi_square(int files, int ranks, const char **p) {
    const char *s = *p;
    int file = scan_number(&s, 2);
    if (file < 1 || file > files || *s < 'a' || *s >= 'a' + ranks) return -1;
    int rank = *s++ - 'a';
    *p = s;
    return (ranks - 1 - rank) * files + (files - file);
}

/* XBoard square: file letter from Black's left, rank number from Black's side ("e5"). */
static inline int scan_xb_square(int files, int ranks, const char **p) {
    const char *s = *p;
    if (*s < 'a' || *s >= 'a' + files) return -1;
    int file = *s++ - 'a';
    int rank = scan_number(&s, 2);
    if (rank < 1 || rank > ranks) return -1;
    *p = s;
    return (rank - 1) * files + file;
}

/* One item of an SFEN/FEN board field. */
typedef enum { SCAN_END, SCAN_RUN, SCAN_PIECE, SCAN_SLASH, SCAN_BAD } ScanKind;
typedef struct {
    ScanKind kind;
    int run;     /* SCAN_RUN: empty squares (saturates past 9999) */
    char sym[3]; /* SCAN_PIECE: upper-case symbol, "P" or "+P" */
    bool white;  /* SCAN_PIECE: written in lower case */
    char bad;    /* SCAN_BAD: the offending character (0 at the end of the text) */
} ScanItem;

/* Read the next item at *p (advanced past it). The field ends at a blank or the end. */
static inline ScanKind scan_board_item(const char **p, ScanItem *it) {
    const char *s = *p;
    it->kind = SCAN_BAD;
    it->bad = 0;
    if (!*s || *s == ' ' || *s == '\t')
        it->kind = SCAN_END;
    else if (*s == '/')
        it->kind = SCAN_SLASH, s++;
    else if (isdigit((unsigned char)*s)) {
        it->kind = SCAN_RUN;
        it->run = scan_count(&s, 9999);
    } else {
        int i = 0;
        if (*s == '+') it->sym[i++] = *s++;
        if (isalpha((unsigned char)*s)) {
            it->kind = SCAN_PIECE;
            it->white = islower((unsigned char)*s);
            it->sym[i++] = (char)toupper((unsigned char)*s++);
            it->sym[i] = 0;
        } else
            it->bad = *s;
    }
    *p = s;
    return it->kind;
}

#endif
