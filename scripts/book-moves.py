#!/usr/bin/env python3
"""How long the book side stays in its book, from a match runner PGN.

Usage: scripts/book-moves.py [--name book] [--fast-ms 5] FILE.pgn...

A book move is answered without a search, so the runner's move comment shows (almost) no
time: `{+0.60/11 0.001s}`. For every game the script counts the named side's moves from the
start up to its first move that took more than --fast-ms milliseconds (its first search),
and prints the distribution, the mean and the mean clock time the side had spent by its
20th move against its opponent (what the book saved). A game without time comments is
skipped (say so on stderr).
"""
import argparse
import re
import sys
from collections import Counter

TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
COMMENT = re.compile(r'\{([^}]*)\}')
TIME = re.compile(r'(\d+(?:\.\d+)?)s\b')


def games(path):
    """Yield (tags, movetext) per game of a PGN file."""
    tags, text = {}, []
    with open(path, encoding='utf-8', errors='replace') as f:
        for line in f:
            m = TAG.match(line)
            if m and text:
                yield tags, ' '.join(text)
                tags, text = {}, []
            if m:
                tags[m.group(1)] = m.group(2)
            elif line.strip():
                text.append(line.strip())
    if tags or text:
        yield tags, ' '.join(text)


def move_times(text):
    """Seconds per ply, from the comments that follow the moves (None: no time given)."""
    out = []
    for c in COMMENT.findall(text):
        t = TIME.search(c)
        if '/' in c or t:
            out.append(float(t.group(1)) if t else None)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--name', default='book', help='the book side\'s name in the PGN tags')
    ap.add_argument('--fast-ms', type=float, default=5.0, help='a move at most this fast is a book move')
    ap.add_argument('--spent-at', type=int, default=20, help='compare the time spent by this many own moves')
    ap.add_argument('pgn', nargs='+')
    a = ap.parse_args()
    dist, by_colour, spent = Counter(), {'Black': [], 'White': []}, []
    skipped = 0
    for path in a.pgn:
        for tags, text in games(path):
            colour = 'Black' if tags.get('Black') == a.name else 'White' if tags.get('White') == a.name else None
            times = move_times(text)
            if colour is None or not times or any(t is None for t in times):
                skipped += 1
                continue
            first = 0 if colour == 'Black' else 1
            own, other = times[first::2], times[1 - first::2]
            n = 0
            while n < len(own) and own[n] * 1000 <= a.fast_ms:
                n += 1
            dist[n] += 1
            by_colour[colour].append(n)
            k = min(a.spent_at, len(own), len(other))
            if k:
                spent.append((sum(own[:k]), sum(other[:k])))
    total = sum(dist.values())
    if not total:
        sys.exit('book-moves: no game with the side %r and time comments' % a.name)
    mean = sum(k * v for k, v in dist.items()) / total
    print('games %d, book moves before the first search: mean %.2f' % (total, mean))
    print('  ' + ', '.join('%d: %d' % (k, dist[k]) for k in sorted(dist)))
    for c, v in by_colour.items():
        if v:
            print('  as %s: mean %.2f over %d games' % (c, sum(v) / len(v), len(v)))
    if spent:
        o = sum(s for s, _ in spent) / len(spent)
        p = sum(s for _, s in spent) / len(spent)
        print('time spent by the first %d moves of each side (mean): %s %.2f s, opponent %.2f s'
              % (a.spent_at, a.name, o, p))
    if skipped:
        print('book-moves: %d games skipped (another side\'s name, or no time comments)' % skipped,
              file=sys.stderr)


if __name__ == '__main__':
    main()
