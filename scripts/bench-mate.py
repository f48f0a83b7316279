#!/usr/bin/env python3
"""bench-mate.py - run the tsume file through `shishi mate` (and Fairy-Stockfish when present).

usage: scripts/bench-mate.py [--shishi ./shishi] [--fsf /usr/games/fairy-stockfish]
                             [--file ../shared/data/tsume/tsume_std.tsv] [--min-len 0] [--max-len 13] [--time 10] [--no-fsf] [--bounded]
                             [--hash MB] [--threads N] [--gps [/usr/games/gpsusi]]

For every row with a mate length up to --max-len (and every 'none<=N' row) it prints the
length found, the expected length, the time and the row's label (its fourth column: the
source, or the problem's id in a file of scripts/tsume-json-to-tsv.py), then the solve
count (the row's length), the found count (a mate of any length) and total time per
engine. A row counts as solved when the length matches (or no mate is reported for a
'none<=N' row). `--gps` adds GPS Shogi's solver (gpsusi, `go mate <ms>`), which answers
with the first line its proof gives, not the shortest. Fairy-Stockfish is driven over UCI
with `go mate N` (N = moves, i.e. (plies + 1) / 2) and a movetime cap; it reports `score
mate K` in info lines, and has no tsume conventions (it counts futile interpositions), so
its lengths may exceed the row's.
"""
import argparse
import os
import subprocess
import sys
import time


def rows(path, max_len):
    with open(path) as f:
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            cols = line.rstrip('\n').split('\t')
            sfen, length = cols[0], cols[1]
            label = cols[3] if len(cols) > 3 else sfen[:40]
            if length.startswith('none<='):
                want, limit = None, int(length[6:])
            else:
                want = limit = int(length)
            if limit <= max_len:
                yield sfen, want, limit, label


def run_shishi(binary, sfen, limit, seconds, bounded=False, extra=()):
    t = time.time()
    bound = ['--max-plies', str(limit)] if bounded else []
    p = subprocess.run([binary, 'mate', '--position', 'sfen ' + sfen, '--time', str(seconds)] + bound + list(extra),
                       capture_output=True, text=True, timeout=seconds + 30)
    dt = time.time() - t
    out = p.stdout.split('\n')
    info = [l.split() for l in p.stderr.split('\n') if l.startswith('info nodes ')]
    run_shishi.nodes = int(info[-1][2]) if info else 0
    if out and out[0].startswith('mate '):
        return int(out[0].split()[1]), dt
    return (0 if out and out[0] == 'nomate' else -1), dt


def sfen_to_fen(sfen):
    """SFEN board/side/hand to the FEN Fairy-Stockfish reads for shogi: board[hand] side."""
    board, side, hand = sfen.split()[:3]
    hand_txt = ''
    if hand != '-':
        num = ''
        for ch in hand:
            if ch.isdigit():
                num += ch
            else:
                hand_txt += ch * (int(num) if num else 1)
                num = ''
    return '%s[%s] %s - - 0 1' % (board, hand_txt, 'w' if side == 'b' else 'b')


def run_fsf(binary, sfen, limit, seconds):
    p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    t = time.time()
    moves = (limit + 1) // 2
    p.stdin.write('uci\nsetoption name UCI_Variant value shogi\nposition fen %s\ngo mate %d movetime %d\n'
                  % (sfen_to_fen(sfen), moves, int(seconds * 1000)))
    p.stdin.flush()
    found = 0
    for line in p.stdout:
        parts = line.split()
        if 'mate' in parts and 'score' in parts:
            k = int(parts[parts.index('mate') + 1])
            if k > 0:
                found = 2 * k - 1
        if line.startswith('bestmove'):
            break
    dt = time.time() - t
    quit_engine(p)
    return found, dt


def quit_engine(p):
    """Send `quit`, then wait a little for the process; kill it if it lingers."""
    try:
        p.stdin.write('quit\n')
        p.stdin.flush()
    except BrokenPipeError:
        pass
    try:
        p.wait(timeout=15)
    except subprocess.TimeoutExpired:
        p.kill()


def start_usi(binary, options='', cwd=None, stderr=subprocess.DEVNULL):
    """A USI engine started, sent `usi`, the given setoption lines and `isready`, and read up to
    its `readyok` (scripts/mate-speed.py uses it too)."""
    p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                         text=True, cwd=cwd)
    p.stdin.write('usi\n%sisready\n' % options)
    p.stdin.flush()
    for line in p.stdout:
        if line.startswith('readyok'):
            break
    return p


def run_gps(binary, sfen, seconds):
    """GPS Shogi's solver (gpsusi, Debian's gpsshogi) over USI `go mate`: its line as it comes
    (the solver does not look for the shortest), 0 for `checkmate nomate`, -1 otherwise."""
    p = start_usi(binary, cwd='/tmp')
    t = time.time()
    p.stdin.write('position sfen %s\ngo mate %d\n' % (sfen, int(seconds * 1000)))
    p.stdin.flush()
    found = -1
    for line in p.stdout:
        if line.startswith('checkmate'):
            words = line.split()[1:]
            found = 0 if words == ['nomate'] else -1 if words in ([], ['timeout'], ['notimplemented']) else len(words)
            break
    dt = time.time() - t
    quit_engine(p)
    return found, dt


def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument('--shishi', default=os.path.join(here, '..', 'shishi'))
    ap.add_argument('--fsf', default='/usr/games/fairy-stockfish')
    ap.add_argument('--file', default=os.path.join(here, '..', '..', 'shared', 'data', 'tsume', 'tsume_std.tsv'))
    ap.add_argument('--max-len', type=int, default=13)
    ap.add_argument('--min-len', type=int, default=0)
    ap.add_argument('--time', type=float, default=10)
    ap.add_argument('--no-fsf', action='store_true')
    ap.add_argument('--gps', nargs='?', const='/usr/games/gpsusi',
                    help='also run GPS Shogi\'s solver (default path /usr/games/gpsusi); it counts as solved '
                         'only when its line has the row\'s length, and its "found" count is of any mate')
    ap.add_argument('--bounded', action='store_true', help='pass the row length as --max-plies')
    ap.add_argument('--hash', type=int, help='shishi mate --hash MB (default: the engine\'s)')
    ap.add_argument('--threads', type=int, help='shishi mate --threads N (default: the engine\'s, one)')
    a = ap.parse_args()
    extra = (['--hash', str(a.hash)] if a.hash else []) + (['--threads', str(a.threads)] if a.threads else [])
    engines = [('shishi', lambda s, l: run_shishi(a.shishi, s, l, a.time, a.bounded, extra))]
    if os.access(a.fsf, os.X_OK) and not a.no_fsf:
        engines.append(('fairy-stockfish', lambda s, l: run_fsf(a.fsf, s, l, a.time)))
    if a.gps:
        engines.append(('gps', lambda s, l: run_gps(a.gps, s, a.time)))
    totals = {name: [0, 0, 0.0, 0, 0] for name, _ in engines}
    for sfen, want, limit, label in rows(a.file, a.max_len):
        if limit < a.min_len:
            continue
        cells = []
        for name, run in engines:
            got, dt = run(sfen, limit)
            ok = got == want if want else got == 0 or got > limit
            t = totals[name]
            t[0] += ok
            t[4] += got > 0 if want else got == 0  # a mate of any length (no mate for a 'none' row)
            t[1] += 1
            t[2] += dt
            nodes = ''
            if name == 'shishi':
                t[3] += run_shishi.nodes
                nodes = ' %9d nodes' % run_shishi.nodes
            cells.append('%s %4s %6.2fs%s%s' % (name, got if got >= 0 else 'time', dt, nodes, '' if ok else ' MISS'))
        print('%-4s %s  %s' % (want if want else 'none', ' | '.join(cells), label), flush=True)
    for name, (ok, n, secs, nodes, found) in totals.items():
        extra = '  %d nodes, %.0f nodes/s' % (nodes, nodes / secs if secs else 0) if name == 'shishi' else ''
        print('%-16s solved %d/%d  found %d/%d  total %.2fs%s' % (name, ok, n, found, n, secs, extra))
    return 0


if __name__ == '__main__':
    sys.exit(main())
