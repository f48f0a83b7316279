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

/* A Position (the struct is large: from a small pool, else the heap); give it back with
 * fuzz_free_position. */
Position *fuzz_new_position(void);
void fuzz_free_position(Position *p);

/* The position key computed from scratch (board, hands, side to move, lion square). */
Key fuzz_key_from_scratch(const Position *pos);

/* Cheap invariants of one position: key from scratch, SFEN and XBoard FEN write -> read ->
 * write to the same text and the same key (the FEN's without chu's counter-strike square, which
 * a FEN does not hold). */
void fuzz_check_position(const Position *pos);
/* Everything above plus, for every legal move: it formats in USI and XBoard notation; after its
 * make the key equals the key from scratch; after make and unmake the key is what it was. The
 * checks that generate the legal list again, i.e. the text parses back to the move (in both
 * notations) and after make and unmake the legal move list is what it was, run on every move
 * when there are at most 8 or the run is exhaustive (fuzz_set_exhaustive), else on 8 moves
 * spread over the list from an offset picked by seed (fuzz_hash of the input): under libFuzzer
 * each such check generates the whole list, so checking all of them cost the square of the
 * list's length (chu: 900 generations a position). */
void fuzz_check_moves(Position *pos, uint64_t seed);
/* Every move gets every check of fuzz_check_moves (replay.c, i.e. `make test`, sets it). */
void fuzz_set_exhaustive(bool on);
/* A hash of the input (FNV-1a), to pick samples from. */
uint64_t fuzz_hash(const uint8_t *data, size_t size);

/* Protocol sessions. fuzz_run_session runs the USI or XBoard loop in-process on the input
 * (fmemopen) with its output captured (io_set_output); returns the output, malloc'd. */
char *fuzz_run_session(const uint8_t *data, size_t size, bool xboard);
/* The next input line from *at as the protocol reader gives it (io_read_line): end of line
 * and trailing blanks cut, a NUL ends the text. Returns false at the end of the input; *overlong
 * tells that the reader refuses the line (longer than it takes, or with a NUL byte): the
 * loops answer such a line with an error and nothing else. */
bool fuzz_next_line(const uint8_t *data, size_t size, size_t *at, char *line, size_t cap, bool *overlong);
/* The first word of a command line (after blanks) and the text after it and its blanks. */
void fuzz_split_command(const char *line, char *cmd, size_t cap, const char **args);

/* The input as a NUL-terminated string (at most max bytes; a NUL inside ends it); free() it. */
char *fuzz_string(const uint8_t *data, size_t size, size_t max);

#endif
