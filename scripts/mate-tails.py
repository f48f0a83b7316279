#!/usr/bin/env python3
"""mate-tails.py - the tails of a long tsume row as mid-length problems (docs/mate.md, session 11).

    scripts/mate-tails.py [--bin ./shishi] [--time S] [--hash MB] [--tsv FILE] ROW:LEFT ...

For each ROW:LEFT (e.g. 117:57) the row of length ROW in the tsume file (default
../shared/data/tsume/tsume_std.tsv) has the first ROW - LEFT plies of its solution played, and
`shishi mate` is asked for the rest. One line per tail: the tail, the wall time, the answer
(`mate N`, `nomate`, `timeout`), whether N is the row's own LEFT, the first proof's figures and
whether the answer is proven shortest. Exit status 1 if some answer's length differs from LEFT.
"""
import argparse
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "shishi"))
    ap.add_argument("--time", default="30")
    ap.add_argument("--hash", default="256")
    ap.add_argument("--tsv", default=os.path.join(ROOT, "..", "shared", "data", "tsume", "tsume_std.tsv"))
    ap.add_argument("tails", nargs="+")
    args = ap.parse_args()
    rows = {}
    with open(args.tsv, encoding="utf-8") as f:
        for line in f:
            c = line.rstrip("\n").split("\t")
            if len(c) >= 3 and c[1].isdigit() and c[2] != "-":
                rows[int(c[1])] = (c[0], c[2].split())
    bad = 0
    for spec in args.tails:
        row, left = (int(x) for x in spec.split(":"))
        if row not in rows or not 0 < left <= row:
            sys.exit("mate-tails: no row of %d plies with a solution, or a bad tail %s" % (row, spec))
        sfen, sol = rows[row]
        played = sol[: row - left]
        pos = "sfen " + sfen + (" moves " + " ".join(played) if played else "")
        t0 = time.time()
        p = subprocess.run([args.bin, "mate", "--variant", "shogi", "--position", pos, "--time", args.time,
                            "--hash", args.hash], capture_output=True, text=True)
        wall = time.time() - t0
        answer = next((x for x in p.stdout.splitlines() if x.split()[:1] in (["mate"], ["nomate"], ["timeout"])),
                      p.stdout.strip()[-60:] or p.stderr.strip()[-60:])
        first = next((x.split("first proof")[-1].strip() for x in p.stderr.splitlines() if "first proof after" in x), "-")
        exact = "not proven shortest" if "not ruled out" in p.stderr else "shortest"
        ok = answer == "mate %d" % left
        bad += not ok
        print("%d:%d\t%.1f s\t%s\t%s\tfirst proof %s\t%s" % (row, left, wall, answer, "ok" if ok else "DIFFERS",
                                                             first, exact), flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
