/* fuzz.h - what the fuzz targets share (tests/fuzz/README.md).
 * Each target is one file fuzz_<name>.c defining LLVMFuzzerTestOneInput. It is linked either
 * with libFuzzer (clang, `make fuzz`) or with replay.c (any compiler, `make test` replays the
 * corpus and the regressions). Targets check invariants and call fuzz_fail() (which aborts)
 * when one does not hold, so a broken invariant is a crash the fuzzer keeps. */
#ifndef SHISHI_FUZZ_H
#define SHISHI_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "../../src/movegen.h"
#include "../../src/notation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Report a broken invariant (printf-style) and abort. */
void fuzz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
#define FUZZ_CHECK(cond, ...)                                                                                          \
    do {                                                                                                               \
        if (!(cond)) fuzz_fail(__VA_ARGS__);                                                                           \
    } while (0)

/* Once per process: variants_init(), no solved tables (SHISHI_TABLES), the position set. */
void fuzz_init(void);

/* The registered games, in registry order. */
int fuzz_game_count(void);
const Variant *fuzz_game(int i);

/* Real positions: every game's start position and the positions of its perft table
 * ($SHISHI_SHARED/data/perft/<game>.tsv, ../shared by default), as SFENs. */
int fuzz_position_count(void);
const Variant *fuzz_position_game(int i);
const char *fuzz_position_sfen(int i);

/* A heap-allocated Position (the struct is large); free() it. */
Position *fuzz_new_position(void);

/* The position key computed from scratch (board, hands, side to move, lion square). */
Key fuzz_key_from_scratch(const Position *pos);

/* Cheap invariants of one position: key from scratch, SFEN and XBoard FEN write -> read ->
 * write to the same text and the same key. */
void fuzz_check_position(const Position *pos);
/* Everything above plus, for every legal move: it formats in USI and XBoard notation and parses
 * back to itself; after its make the key equals the key from scratch; after make and unmake
 * the key and the legal move list are what they were. */
void fuzz_check_moves(Position *pos);

/* Protocol sessions. fuzz_run_session runs the USI or XBoard loop in-process on the input
 * (fmemopen) with its output captured (io_set_output); returns the output, malloc'd. */
char *fuzz_run_session(const uint8_t *data, size_t size, bool xboard);
/* The next input line from *at as the protocol reader gives it (io_read_line): end of line
 * and trailing blanks cut, a NUL ends the text. Returns false at the end of the input; *overlong
 * tells that the line is longer than the reader takes (it then ignores the line). */
bool fuzz_next_line(const uint8_t *data, size_t size, size_t *at, char *line, size_t cap, bool *overlong);
/* The first word of a command line (after blanks) and the text after it and its blanks. */
void fuzz_split_command(const char *line, char *cmd, size_t cap, const char **args);

/* The input as a NUL-terminated string (at most max bytes; a NUL inside ends it); free() it. */
char *fuzz_string(const uint8_t *data, size_t size, size_t max);

#endif
