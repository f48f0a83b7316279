#!/usr/bin/env python3
"""gnushogi-mates.py LOGDIR [--shishi PATH]

The match runner does not know gnushogi 1.4.2's end-of-game line `Black mates!` / `White
mates!` (it knows `Computer mates!` / `Opponent mates!`), so a game Shishi ends by mate is
scored as a gnushogi time forfeit (it prints the line and then waits). This script reads the
runner's per-game logs (`match.py --log LOGDIR`), rebuilds each final position (Shishi's
last `position` command plus its last `bestmove`), counts the legal replies with
`shishi perft shogi POSITION 1`, and prints, per game, the runner's result, the colour
gnushogi says mates, and the number of legal replies (0 = checkmate)."""
import argparse, glob, re, subprocess

ap = argparse.ArgumentParser()
ap.add_argument("logdir")
ap.add_argument("--shishi", default="./shishi")
a = ap.parse_args()
mated = 0
logs = sorted(glob.glob(a.logdir + "/game-*.log"))
for f in logs:
    pos = best = mates = result = None
    for line in open(f, errors="replace"):
        m = re.search(r"shishi <  position (.*)$", line)
        if m:
            pos = m.group(1).strip()
        m = re.search(r"shishi  > bestmove (\S+)", line)
        if m:
            best = m.group(1)
        m = re.search(r"gnushogi  > (Black|White) mates!", line)
        if m:
            mates = m.group(1)
        m = re.search(r"# result: (.*)$", line)
        if m:
            result = m.group(1)
    if not pos or not best:
        print(f"{f}: no Shishi move found")
        continue
    spec = pos + (" " + best if " moves " in pos else " moves " + best)
    out = subprocess.run([a.shishi, "perft", "shogi", spec, "1"], capture_output=True, text=True).stdout
    replies = re.findall(r"Nodes searched: (\d+)", out)
    n = int(replies[-1]) if replies else -1
    mated += n == 0 and mates is not None
    print(f"{f.split('/')[-1]}: result {result}; gnushogi: {mates or 'no'} mates; legal replies: {n}")
print(f"{mated} of {len(logs)} games end in a checkmate that gnushogi itself announced")
