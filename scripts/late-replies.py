#!/usr/bin/env python3
"""late-replies.py - from the per-game logs of ../shared/tools/match/match.py --log DIR, count
per engine the replies that came after the clock the `go` gave the side to move had run out
(a loss under a GUI without grace; the runner allows --timemargin more), and the lowest clock.

    scripts/late-replies.py DIR

Works for USI logs of games from the start position (`position startpos moves ...`) under a
Fischer clock (`go btime B wtime W binc I winc I`); the side to move is found from the number
of moves. docs/reliability.md, "A time loss at 10 s + 0.1 s"."""
import glob
import os
import re
import sys
from collections import defaultdict

LINE = re.compile(r"\s*([0-9.]+) (\S+) (<|\s>)\s+(.*)")


def scan(path, stats):
    side, sent = {}, {}
    with open(path, errors="replace") as f:
        for line in f:
            m = LINE.match(line)
            if not m:
                continue
            t, name, way, text = float(m.group(1)), m.group(2), m.group(3).strip(), m.group(4)
            if way == "<" and text.startswith("position startpos"):
                side[name] = len(text.split(" moves ")[1].split()) % 2 if " moves " in text else 0
            elif way == "<" and text.startswith("go "):
                c = re.search(r"btime (\d+) wtime (\d+)", text)
                if c and name in side:
                    sent[name] = (t, int(c.group(1 + side[name])))
            elif way == ">" and text.startswith("bestmove") and name in sent:
                t0, clock = sent.pop(name)
                ms = (t - t0) * 1000
                s = stats[name]
                s["moves"] += 1
                s["late"] += ms > clock
                s["min_clock"] = min(s["min_clock"], clock)
                s["worst"] = max(s["worst"], ms - clock)


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        sys.exit("usage: late-replies.py DIR (a match.py --log folder)")
    stats = defaultdict(lambda: {"moves": 0, "late": 0, "min_clock": 10**12, "worst": -10**12})
    for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.log"))):
        scan(path, stats)
    for name, s in sorted(stats.items()):
        print("%-16s moves %7d  after the clock ran out %5d  lowest clock %6d ms  worst %+.0f ms"
              % (name, s["moves"], s["late"], s["min_clock"], s["worst"]))


if __name__ == "__main__":
    main()
