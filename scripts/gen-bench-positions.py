#!/usr/bin/env python3
# gen-bench-positions.py SHISHI: the middle-game rows of engine/bench.c: an opening line of
# ../shared/tools/match/openings played on by the given binary at depth 5; prints "game sfen".
import subprocess, sys, re
import os
exe = sys.argv[1]
SHARED = os.environ.get('SHISHI_SHARED', os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'shared'))
def line(v, k):
    ls = [l.strip() for l in open(SHARED + f'/tools/match/openings/{v}.txt') if l.strip() and not l.startswith('#')]
    return ls[k].split()
for v, k, extra in [('micro', 3, 10), ('nana', 2, 4), ('chu', 5, 40), ('wa', 4, 30), ('wa-nodrop', 6, 30), ('shogi', 7, 40)]:
    moves = line(v, k)
    sfen = None
    for i in range(extra):
        out = subprocess.run([exe, 'analyse', '--variant', v, '--position', 'startpos moves ' + ' '.join(moves), '--depth', '5'], capture_output=True, text=True).stdout
        m = re.search(r'bestmove (\S+)', out)
        sfen = re.search(r'sfen (.*)', out).group(1)
        if not m or m.group(1) in ('resign', 'win', '(none)'): break
        moves.append(m.group(1))
    out = subprocess.run([exe, 'analyse', '--variant', v, '--position', 'startpos moves ' + ' '.join(moves), '--depth', '1'], capture_output=True, text=True).stdout
    print(v, re.search(r'sfen (.*)', out).group(1))
