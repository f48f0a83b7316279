/* fuzz_position.c - position text of every game. The first byte picks the game and how the
 * rest is read: as an SFEN (pos_set_sfen), an XBoard FEN (fen_parse) or a position spec with
 * moves (position_parse_spec, "startpos moves ..." / "sfen ... moves ..."). A position that is
 * accepted must pass fuzz_check_moves: SFEN/FEN round trips, key from scratch, every legal
 * move formats, make/unmake leaves the key as it was; on a sample of the moves picked by the
 * input (all of them in a replay) the text parses back and the move list is unchanged. */
#include <stdlib.h>

#include "fuzz.h"

enum { TEXT_MAX = 4096 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_init();
    if (size < 1) return 0;
    int games = fuzz_game_count();
    const Variant *v = fuzz_game(data[0] % games);
    int how = data[0] / games % 3;
    char *text = fuzz_string(data + 1, size - 1, TEXT_MAX);
    Position *pos = fuzz_new_position();
    char err[256];
    int rc = how == 0   ? pos_set_sfen(pos, v, NULL, text, err, sizeof err)
             : how == 1 ? fen_parse(pos, v, NULL, text, err, sizeof err)
                        : position_parse_spec(pos, v, NULL, text, err, sizeof err);
    if (!rc) fuzz_check_moves(pos, fuzz_hash(data, size));
    fuzz_free_position(pos);
    free(text);
    return 0;
}
