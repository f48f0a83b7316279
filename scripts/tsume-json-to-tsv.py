#!/usr/bin/env python3
"""tsume-json-to-tsv.py - problem files of a tsume collection (one JSON object a problem, as
in the public edo_era_tsume_shogi collections) to the tab-separated rows scripts/bench-mate.py
reads: sfen, mate length, solution (USI moves, space separated), id, solution_verified.

usage: scripts/tsume-json-to-tsv.py PROBLEM.json... > collection.tsv

Each file needs `sfen` (or `corrected_sfen` when it is not null), `solution_moves` and
`solution_usi`; `id` and `status.solution_verified` are copied when present. Rows come out
in the order of the arguments. A file that cannot be read or lacks a field is named on
stderr and the exit status is 1 (the other rows are still written).
"""
import json
import sys


def row(path):
    with open(path, encoding='utf-8') as f:
        p = json.load(f)
    sfen = p.get('corrected_sfen') or p['sfen']
    moves = p.get('solution_usi') or []
    length = int(p['solution_moves'])
    verified = (p.get('status') or {}).get('solution_verified')
    if '\t' in sfen or '\n' in sfen:
        raise ValueError('sfen has a tab or a newline')
    return '\t'.join([sfen.strip(), str(length), ' '.join(moves) if moves else '-',
                      str(p.get('id', path)), 'true' if verified else 'false'])


def main(paths):
    if not paths:
        print(__doc__.strip().split('\n\n')[1], file=sys.stderr)
        return 2
    status = 0
    print('# sfen\tmate_length\tsolution_usi\tid\tverified')
    for path in paths:
        try:
            print(row(path))
        except KeyError as e:
            print('%s: no field %s' % (path, e), file=sys.stderr)
            status = 1
        except (OSError, ValueError, TypeError) as e:
            print('%s: %s' % (path, e), file=sys.stderr)
            status = 1
    return status


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
