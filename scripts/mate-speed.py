#!/usr/bin/env python3
"""mate-speed.py - the mate solver's speed, two or more builds against each other.

  scripts/mate-speed.py --file ROWS.tsv [--ids ID,ID,...] [--nodes N] [--reps R] BIN BIN...

Each build searches each chosen row (the form scripts/bench-mate.py reads; --ids picks rows by
their label, default the first three) for N nodes (`go mate infinite nodes N`, USI, one thread,
64 MB) or until its first proof, whichever comes first, and the wall time of the rows together
is one sample. The builds take turns, in alternating order, R times, and the median and least
of each build's samples are printed. WHY interleaved and repeated: on one thread the solver
searches the same nodes in every run, so time is the only difference between two builds that
search the same tree (check that with scripts/mate-first-proof.py), and on a shared machine
one run of each varies by about a tenth (docs/mate.md, session 37).
"""
import argparse
import os
import runpy
import statistics
import subprocess
import sys
import time

# scripts/bench-mate.py's row reader and USI helpers (one format, one reader)
BENCH = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'bench-mate.py'))


def one(binary, sfen, nodes):
    p = BENCH['start_usi'](binary, 'setoption name USI_Hash value 64\nsetoption name Threads value 1\n',
                          stderr=subprocess.STDOUT)
    start = time.time()
    p.stdin.write('position sfen %s\ngo mate infinite nodes %d\n' % (sfen, nodes))
    p.stdin.flush()
    for out in p.stdout:
        if out.startswith('checkmate') or 'plies read from the proof' in out:
            break
    took = time.time() - start
    try:
        p.stdin.write('stop\n')
        p.stdin.flush()
    except BrokenPipeError:
        pass
    BENCH['quit_engine'](p)
    return took


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--file', required=True)
    ap.add_argument('--ids', default='', help='comma-separated row labels (default: the first three rows)')
    ap.add_argument('--nodes', type=int, default=2000000)
    ap.add_argument('--reps', type=int, default=8)
    ap.add_argument('builds', nargs='+')
    args = ap.parse_args()
    rows = [(sfen, label.strip()) for sfen, _, _, label in BENCH['rows'](args.file, 1 << 30)]
    if args.ids:
        want = args.ids.split(',')
        rows = [r for r in rows if r[1] in want]
        if len(rows) != len(want):
            sys.exit('mate-speed.py: not every id of --ids is a row of %s' % args.file)
    else:
        rows = rows[:3]
    samples = {b: [] for b in args.builds}
    for rep in range(args.reps):
        for b in (args.builds if rep % 2 == 0 else args.builds[::-1]):
            samples[b].append(sum(one(b, sfen, args.nodes) for sfen, _ in rows))
    print('rows %s, %d nodes each, %d runs of each build' % (' '.join(r[1] for r in rows), args.nodes, args.reps))
    for b in args.builds:
        v = samples[b]
        print('%-28s median %6.2f s  least %6.2f s  (%s)' % (b, statistics.median(v), min(v),
                                                               ' '.join('%.2f' % x for x in v)))


if __name__ == '__main__':
    main()
