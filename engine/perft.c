/* perft.c - recursive move-path counting with bulk counting at the last ply. */
#include "perft.h"

uint64_t perft(Position *pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return movegen_count(pos);
    MoveList list;
    movegen_legal(pos, &list);
    uint64_t nodes = 0;
    for (int i = 0; i < list.size; i++) {
        pos_do_move(pos, list.moves[i]);
        nodes += perft(pos, depth - 1);
        pos_undo_move(pos);
    }
    return nodes;
}

uint64_t perft_divide(Position *pos, int depth, PerftDivideFn fn, void *user) {
    if (depth <= 0) return 1;
    MoveList list;
    movegen_legal(pos, &list);
    uint64_t total = 0;
    for (int i = 0; i < list.size; i++) {
        Move m = list.moves[i];
        pos_do_move(pos, m);
        uint64_t n = perft(pos, depth - 1);
        pos_undo_move(pos);
        if (fn) fn(pos, m, n, user);
        total += n;
    }
    return total;
}
