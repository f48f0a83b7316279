#!/usr/bin/env python3
"""Filter a book of YaneuraOu's text format (books/FORMAT.md); a developer's tool.

Usage: scripts/book-filter.py (--drop-shallow D | --played-only) IN OUT

--drop-shallow D  drop every position that has a searched move (depth > 0) shallower than D,
                  so that a resumed `shishi book build` searches it again at the new budget
                  (a book merged from an older, shallower build otherwise keeps the old
                  searches beside the new ones, and the two kinds of values do not compare).
--played-only     keep only the moves the records played (count > 0), and the positions
                  left with at least one: every move then leads where a recorded game went
                  on, so the opponent's recorded reply follows it. Run `shishi book backup`
                  on the result, so that each value is backed up through the moves kept.

Header and comment lines are kept. Prints what it kept and dropped.
"""
import argparse
import sys


def blocks(path):
    head, out, cur = [], [], None
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if line.startswith(('sfen ', 'fen ')):  # USI games, or chu and wa's FEN
                cur = [line, []]
                out.append(cur)
            elif cur is None or line.startswith('#'):
                head.append(line)
            elif line.strip():
                cur[1].append(line)
    return head, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument('--drop-shallow', type=int, metavar='D')
    g.add_argument('--played-only', action='store_true')
    ap.add_argument('input')
    ap.add_argument('output')
    a = ap.parse_args()
    head, book = blocks(a.input)
    kept, lines, dropped_pos, dropped_moves = [], 0, 0, 0
    for number, (sfen, moves) in enumerate(book):
        try:
            fields = [m.split() for m in moves]
            depth = [int(f[3]) for f in fields]
            count = [int(f[4]) for f in fields]
        except (IndexError, ValueError):
            sys.exit('book-filter: %s: position %d (%s): a move line without depth and count'
                     % (a.input, number + 1, sfen))
        if a.drop_shallow is not None:
            if any(0 < d < a.drop_shallow for d in depth):
                dropped_pos += 1
                dropped_moves += len(moves)
                continue
            keep = moves
        else:
            keep = [m for m, c in zip(moves, count) if c > 0]
            dropped_moves += len(moves) - len(keep)
            if not keep:
                dropped_pos += 1
                continue
        kept.append((sfen, keep))
        lines += len(keep)
    with open(a.output, 'w', encoding='utf-8') as f:
        for h in head:
            if h.strip():
                f.write(h + '\n')
        for sfen, moves in kept:
            f.write(sfen + '\n')
            for m in moves:
                f.write(m + '\n')
    print('%s: %d positions, %d moves kept; %d positions, %d moves dropped'
          % (a.output, len(kept), lines, dropped_pos, dropped_moves))


if __name__ == '__main__':
    main()
