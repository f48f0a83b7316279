/* fuzz_move.c - move text in every notation against real positions (fuzz_position_sfen: the
 * start and perft positions of every game). Byte 0 picks the position, byte 1 the notation
 * (USI, which for chu is lishogi's, or XBoard); the rest is a list of moves separated by
 * blanks, each parsed in the position the earlier ones led to. A move that parses must be in
 * the legal list and must format back to a text that parses to it; after it is made the key
 * equals the key from scratch. At the end the last position passes fuzz_check_position (or, when
 * byte 1 has bit 2 set, fuzz_check_moves), and
 * taking every move back restores the first position's SFEN and key exactly. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

enum { TEXT_MAX = 2048, PLIES_MAX = 64 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_init();
    if (size < 2) return 0;
    int index = data[0] % fuzz_position_count();
    Notation n = data[1] & 1 ? NOTATION_XBOARD : NOTATION_USI;
    const Variant *v = fuzz_position_game(index);
    Position *pos = fuzz_new_position();
    MoveList *list = malloc(sizeof *list);
    char err[256], start[TEXT_MAX], now[TEXT_MAX];
    if (pos_set_sfen(pos, v, NULL, fuzz_position_sfen(index), err, sizeof err))
        fuzz_fail("%s position %d no longer reads: %s", v->name, index, err);
    pos_to_sfen(pos, start, sizeof start);
    Key start_key = pos_key(pos);
    char *text = fuzz_string(data + 2, size - 2, TEXT_MAX);
    int plies = 0;
    for (char *save = NULL, *tok = strtok_r(text, " \t\r\n", &save); tok && plies < PLIES_MAX;
         tok = strtok_r(NULL, " \t\r\n", &save)) {
        Move m;
        char back_text[64];
        if (move_parse(pos, tok, n, &m, err, sizeof err)) continue;
        movegen_legal(pos, list);
        bool listed = false;
        for (int i = 0; i < list->size && !listed; i++) listed = list->moves[i] == m;
        FUZZ_CHECK(listed, "%s: '%s' parsed to a move not in the legal list", v->name, tok);
        move_format(pos, m, n, back_text, sizeof back_text);
        Move back;
        FUZZ_CHECK(!move_parse(pos, back_text, n, &back, err, sizeof err) && back == m,
                   "%s: '%s' formats as '%s', which does not parse back to it", v->name, tok, back_text);
        pos_do_move(pos, m);
        plies++;
        FUZZ_CHECK(pos_key(pos) == fuzz_key_from_scratch(pos), "%s: key after '%s' differs from scratch", v->name, tok);
    }
    /* byte 1's second bit: the full check (every legal move) on the position reached */
    if (plies && data[1] & 2)
        fuzz_check_moves(pos, fuzz_hash(data, size));
    else if (plies)
        fuzz_check_position(pos);
    while (plies--) pos_undo_move(pos);
    pos_to_sfen(pos, now, sizeof now);
    FUZZ_CHECK(!strcmp(start, now) && pos_key(pos) == start_key, "%s: undoing the moves left '%s', not '%s'", v->name,
               now, start);
    free(text);
    free(list);
    fuzz_free_position(pos);
    return 0;
}
