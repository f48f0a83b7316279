#!/usr/bin/env python3
"""Print each game of a match runner's --log folder as a USI move list, one game a line.

The runner's PGN writes a USI engine's moves in the runner's own notation, which the book
builder and `shishi convert` do not read for every game (a chu lion's double move, or the
`[Notation "usi"]` PGN). The engines' own `position ... moves` commands are plain USI (lishogi
notation for chu), which `shishi book build --from` reads as a USI move list (docs/records.md).

Each game's moves are those of the last `position` command sent to either engine, followed
by that engine's `bestmove` answer when it is a move, printed as `startpos moves ...` or
`sfen <SFEN> moves ...` (both forms the USI move-list reader takes).

usage: scripts/log-moves.py LOGDIR > games.usi
"""
import os
import re
import sys

POSITION = re.compile(r"^\s*[\d.]+\s+(\S+)\s+<\s+position\s+(.*)$")
BESTMOVE = re.compile(r"^\s*[\d.]+\s+(\S+)\s+>\s+bestmove\s+(\S+)")


def game_moves(path):
    """(start, moves) of the last position command and its answer, or None."""
    last = None
    answer = None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = POSITION.match(line)
            if m:
                last = (m.group(1), m.group(2).strip())
                answer = None
                continue
            m = BESTMOVE.match(line)
            if m and last and m.group(1) == last[0] and answer is None:
                answer = m.group(2)
    if last is None:
        return None
    start, _, moves = (last[1] + " ").partition(" moves ")
    moves = moves.split()
    if answer and answer not in ("resign", "win", "(none)"):
        moves.append(answer)
    return start.strip(), moves


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    logdir = argv[1]
    names = sorted(n for n in os.listdir(logdir) if n.startswith("game-") and n.endswith(".log"))
    if not names:
        print(f"{logdir}: no game-*.log files", file=sys.stderr)
        return 1
    for name in names:
        got = game_moves(os.path.join(logdir, name))
        if got is None:
            print(f"{name}: no position command, skipped", file=sys.stderr)
            continue
        start, moves = got
        print(start + (" moves " + " ".join(moves) if moves else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
