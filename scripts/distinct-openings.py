#!/usr/bin/env python3
"""distinct-openings.py - how many distinct openings of N plies a match's PGN holds (the runner's
--pgn output): issue #12's variety figure.   usage: distinct-openings.py FILE.pgn [--plies 6]"""
import argparse
import collections
import re

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("pgn")
ap.add_argument("--plies", type=int, default=6)
args = ap.parse_args()
text = open(args.pgn, encoding="utf-8").read()
count = collections.Counter()
for game in re.split(r"^\[Event ", text, flags=re.M)[1:]:
    body = "\n".join(l for l in game.split("\n")[1:] if not l.startswith("["))  # line 0: the Event tag's rest
    body = re.sub(r"\{[^}]*\}", " ", body)
    moves = [t for t in body.split() if not re.fullmatch(r"\d+\.+", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")]
    count[tuple(moves[: args.plies])] += 1
games = sum(count.values())
print("%d games, %d distinct openings of %d plies" % (games, len(count), args.plies))
for line, n in count.most_common(5):
    print("  %3d  %s" % (n, " ".join(line)))
