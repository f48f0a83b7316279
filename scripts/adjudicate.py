#!/usr/bin/env python3
"""adjudicate.py - re-score a match's move-limit draws by the engines' own final evaluations.

    scripts/adjudicate.py RUNNER-OUTPUT LOG-DIR [--threshold CP] [--last N]

RUNNER-OUTPUT is what ../shared/tools/match/match.py printed (its "Game N: ..." lines),
LOG-DIR the folder of its --log option (game-NNNN.log, one per game). A game the runner
scored as a draw at its move limit ("move limit (... plies) reached") becomes a win when
both engines agree: in each engine's last N reported scores (default 3, `info ... score`),
every one says the same side is ahead by at least CP centipawns (default 300; a mate score
counts as 10,000). Every other game keeps the runner's result. The two engines' scales may
differ (different evaluations), so agreement of both is required, never one engine's word.

Prints the runner's and the adjudicated W/D/L, score and Elo (95%) for the first engine
(the runner's A: line, else the first game's Black). Used where a game's self-play rarely ends within the move limit (chu).
"""
import argparse
import math
import os
import re
import sys

GAME = re.compile(r"^Game (\d+): (\S+) \(black\) vs (\S+) \(white\): (1-0|0-1|1/2-1/2) \{([^}]*)\}")
ENGINE_A = re.compile(r"^\s+A: (\S+) \[")
INFO = re.compile(r"^\s*[\d.]+\s+(\S+)\s+>\s+info .*score (cp|mate) (-?\d+)")


def elo(w, d, l):
    n = w + d + l
    if n == 0:
        return 0.0, 0.0, 0.0
    s = (w + d / 2) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * (0 - s) ** 2) / n
    se = math.sqrt(var / n)

    def e(x):
        x = min(max(x, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / x - 1)
    return s, e(s), (e(s + 1.96 * se) - e(s - 1.96 * se)) / 2


def last_scores(path, last):
    scores = {}
    with open(path, errors="replace") as f:
        for line in f:
            m = INFO.match(line)
            if not m:
                continue
            v = int(m.group(3))
            if m.group(2) == "mate":
                v = 10000 if v > 0 else -10000
            scores.setdefault(m.group(1), []).append(v)
    return {k: v[-last:] for k, v in scores.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("output")
    ap.add_argument("logdir")
    ap.add_argument("--threshold", type=int, default=300)
    ap.add_argument("--last", type=int, default=3)
    a = ap.parse_args()
    first = None
    raw = [0, 0, 0]
    adj = [0, 0, 0]
    changed = 0
    seen = set()
    try:
        lines = open(a.output, errors="replace").read().splitlines()
    except OSError as e:
        sys.exit("adjudicate.py: %s" % e)
    for line in lines:
        m = ENGINE_A.match(line)
        if m and first is None:
            first = m.group(1)
            continue
        m = GAME.match(line)
        if not m or m.group(1) in seen:
            continue
        seen.add(m.group(1))
        n, black, white, res, why = int(m.group(1)), m.group(2), m.group(3), m.group(4), m.group(5)
        if first is None:
            first = black
        a_white = white == first
        pts = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[res]
        if a_white:
            pts = 1 - pts
        raw[0 if pts == 1 else 1 if pts == 0.5 else 2] += 1
        if res == "1/2-1/2" and "move limit" in why:
            path = os.path.join(a.logdir, "game-%04d.log" % n)
            if os.path.exists(path):
                sc = last_scores(path, a.last)
                other = white if black == first else black
                sa, sb = sc.get(first, []), sc.get(other, [])
                if sa and sb:
                    if min(sa) >= a.threshold and max(sb) <= -a.threshold:
                        pts = 1.0
                    elif max(sa) <= -a.threshold and min(sb) >= a.threshold:
                        pts = 0.0
                    if pts != 0.5:
                        changed += 1
        adj[0 if pts == 1 else 1 if pts == 0.5 else 2] += 1
    if first is None:
        sys.exit("adjudicate.py: no 'Game N:' lines in %s" % a.output)
    for name, r in (("runner", raw), ("adjudicated", adj)):
        s, e, err = elo(*r)
        print("%-12s %s: W %d D %d L %d  score %.1f%%  Elo %+.1f +/- %.1f" % (name, first, r[0], r[1], r[2],
                                                                         100 * s, e, err))
    print("move-limit draws adjudicated: %d (threshold %d cp, both engines' last %d scores)" %
          (changed, a.threshold, a.last))


if __name__ == "__main__":
    main()
