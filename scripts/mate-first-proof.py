#!/usr/bin/env python3
"""mate-first-proof.py - the solver's first proof, counted in nodes, on every row of a tsume file.

  scripts/mate-first-proof.py [--shishi BIN] --file ROWS.tsv [--nodes N] [--hash MB] [--env K=V ...] [--first-only]
  scripts/mate-first-proof.py --compare BASE.txt OTHER.txt ...

The first form runs `go mate infinite nodes N` (USI, one thread) on each row of a file in the
form scripts/bench-mate.py reads (sfen, length, solution, id) and prints a line a row: the id,
the stated length, the nodes of the first proof (`-` when none came within N) and its plies,
and the answer (the line's length, `nomate` or `timeout`), then a total. With --first-only the
engine is sent `stop` at its first proof and that row's answer is `-` (the shortening, up to N
nodes a row, is most of the time such a run takes); a row without a first proof keeps its
answer (`nomate`, `timeout`). WHY nodes, not time:
on one thread the solver is deterministic (its restarts come after a number of nodes), so the
figures do not depend on the machine's load, and two builds (or two settings of a developer's
environment variable, --env) can be compared while other jobs hold the cores. An unproven row
counts N in the total.

The second form reads such outputs and prints, for each against the first: rows first-proven,
the total nodes (unproven rows at the cap given with --nodes, default 4,000,000), answers at
the stated length, and the geometric mean of the ratio of first-proof nodes over the rows both
proved (below 1: fewer nodes). Exit status 1 when a row could not be run.
"""
import argparse
import math
import os
import re
import runpy
import subprocess
import sys


def bench_rows():
    """scripts/bench-mate.py's reader of tsume rows (one format, one reader)."""
    return runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'bench-mate.py'))['rows']


def run(args):
    env = dict(os.environ)
    for kv in args.env:
        k, _, v = kv.partition('=')
        env[k] = v
    total = proven = rows = 0
    status = 0
    for sfen, want, limit, label in bench_rows()(args.file, 1 << 30):
        length = str(want) if want is not None else 'none<=%d' % limit
        label = re.sub(r'\s+', '_', label.strip()) or str(rows + 1)
        script = ('usi\nsetoption name USI_Hash value %d\nsetoption name Threads value 1\nisready\n'
                  'position sfen %s\ngo mate infinite nodes %d\n' % (args.hash, sfen, args.nodes))
        p = subprocess.Popen([args.shishi], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True, env=env)
        p.stdin.write(script)
        p.stdin.flush()
        first, answer, stopped = None, None, False
        for out in p.stdout:
            m = re.search(r'first proof after (\d+) nodes, (\d+) plies', out)
            if m:
                first = (int(m.group(1)), int(m.group(2)))
            # WHY the line's string: the engine shows the line read from its first proof at
            # once, and says after how many nodes that proof came only with its answer
            if args.first_only and not stopped and (m or 'plies read from the proof' in out):
                stopped = True
                p.stdin.write('stop\n')
                p.stdin.flush()
            if out.startswith('checkmate'):
                w = out.split()
                answer = w[1] if len(w) == 2 and w[1] in ('nomate', 'timeout') else str(len(w) - 1)
                if args.first_only and first:
                    answer = '-'  # stopped at the first proof: no length worth reporting
                break
        try:
            p.stdin.write('quit\n')
            p.stdin.flush()
        except BrokenPipeError:
            pass
        p.wait()
        if answer is None:
            status = 1
            answer = 'error'
        rows += 1
        proven += first is not None
        total += first[0] if first else args.nodes
        print('%-14s %6s first %10s %5s answer %s' % (label, length, first[0] if first else '-',
                                                      first[1] if first else '-', answer), flush=True)
    print('rows %d first-proven %d total-first-nodes %d (unproven rows at %d)' % (rows, proven, total, args.nodes))
    return status


def load(path):
    rows = {}
    with open(path, encoding='utf-8') as f:
        for line in f:
            w = line.split()
            if len(w) >= 7 and w[2] == 'first':
                rows[w[0]] = (w[1], None if w[3] == '-' else int(w[3]), w[-1])
    return rows


def compare(paths, cap):
    base = load(paths[0])
    for path in paths:
        d = load(path)
        common = [k for k in base if k in d]
        both = [k for k in common if base[k][1] and d[k][1]]
        gm = math.exp(sum(math.log(d[k][1] / base[k][1]) for k in both) / len(both)) if both else float('nan')

        def figures(rows):
            return (sum(1 for k in common if rows[k][1] is not None),
                    sum(rows[k][1] if rows[k][1] is not None else cap for k in common),
                    sum(1 for k in common if rows[k][2] == rows[k][0]))
        p, t, e = figures(d)
        bp, bt, be = figures(base)
        print('%s: rows %d, first-proven %d (base %d), nodes %d (base %d), at the stated length %d (base %d), '
              'geometric mean of the ratio %.3f over %d rows' % (path, len(common), p, bp, t, bt, e, be, gm, len(both)))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--shishi', default='./shishi')
    ap.add_argument('--file')
    ap.add_argument('--nodes', type=int, default=4000000)
    ap.add_argument('--hash', type=int, default=64)
    ap.add_argument('--env', action='append', default=[], help='K=V for the engine\'s environment')
    ap.add_argument('--first-only', action='store_true', help='stop each row at its first proof')
    ap.add_argument('--compare', nargs='+', metavar='OUTPUT')
    args = ap.parse_args()
    if args.compare:
        return compare(args.compare, args.nodes)
    if not args.file:
        ap.error('--file or --compare is needed')
    return run(args)


if __name__ == '__main__':
    sys.exit(main())
