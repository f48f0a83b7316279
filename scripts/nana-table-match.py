#!/usr/bin/env python3
"""nana-table-match.py [--games 100] [--movetime 1000] [--shishi ./shishi] [--out DIR]

Issue #10's play check: Shishi with the nana table against Shishi's own search without it
(SolvedTables=false), both one thread and 64 MB, at a fixed time per move, from the nana
openings of ../shared/tools/match/openings/nana.txt, colours alternating. Then, game by
game, the value the table promises the table side at the end of the opening (the position
after the opening moves, read with `shishi analyse`) next to what it scored. Prints the
table of results; exits 1 if the table side ever scored less than its promise.
The match runner's output and PGN go to --out (default /tmp/nana-table-match)."""
import argparse, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get("SHISHI_SHARED", os.path.join(HERE, "..", "..", "shared"))


def table_value(shishi, moves):
    """'win' / 'loss' / 'draw' for the side to move after the opening moves."""
    spec = "startpos" + (" moves " + " ".join(moves) if moves else "")
    out = subprocess.run([shishi, "analyse", "--variant", "nana", "--position", spec], capture_output=True,
                         text=True, timeout=120).stdout
    m = re.search(r"the side to move has an? (win|loss|draw)", out)
    if not m:
        raise SystemExit(f"nana-table-match: no table value for '{spec}':\n{out}")
    return m.group(1)


def parse_pgn(path):
    games = []
    for block in open(path).read().split("[Event ")[1:]:
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', block))
        games.append(tags)
    return games


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--movetime", type=int, default=1000)
    ap.add_argument("--shishi", default=os.path.join(HERE, "..", "shishi"))
    ap.add_argument("--out", default="/tmp/nana-table-match")
    ap.add_argument("--concurrency", type=int, default=2)
    a = ap.parse_args()
    shishi = os.path.abspath(a.shishi)
    os.makedirs(a.out, exist_ok=True)
    pgn = os.path.join(a.out, "nana.pgn")
    if os.path.exists(pgn):
        os.remove(pgn)
    openings = os.path.join(SHARED, "tools", "match", "openings", "nana.txt")
    cmd = [sys.executable, os.path.join(SHARED, "tools", "match", "match.py"), "--variant", "nana",
           "--engine", "name=table", f"cmd={shishi}", "proto=usi", "option.USI_Hash=64", "option.Threads=1",
           "--engine", "name=search", f"cmd={shishi}", "proto=usi", "option.USI_Hash=64", "option.Threads=1",
           "option.SolvedTables=false",
           "--games", str(a.games), "--movetime", str(a.movetime), "--concurrency", str(a.concurrency),
           "--openings", openings, "--pgn", pgn]
    print("$ " + " ".join(cmd), flush=True)
    with open(os.path.join(a.out, "match.txt"), "w") as log:
        subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, check=False)
    # the opening tag counts file lines (comments included)
    file_lines = open(openings).read().splitlines()
    cache, rows, short = {}, {}, 0
    for g in parse_pgn(pgn):
        m = re.search(r"line (\d+)", g.get("Opening", ""))
        moves = file_lines[int(m.group(1)) - 1].split() if m else []
        key = " ".join(moves)
        if key not in cache:
            cache[key] = table_value(shishi, moves)
        val = cache[key]
        stm_black = len(moves) % 2 == 0
        table_black = g["Black"] == "table"
        promise = {"win": 1.0, "loss": 0.0, "draw": 0.5}[val]
        if stm_black != table_black:
            promise = 1.0 - promise
        res = g["Result"]
        score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(res)
        if score is None:
            score = -1.0
        elif not table_black:
            score = 1.0 - score
        r = rows.setdefault(promise, [0, 0, 0, 0])
        r[{1.0: 0, 0.5: 1, 0.0: 2}.get(score, 3)] += 1
        if score < promise:
            short += 1
            print(f"SHORT: game {g.get('Round')} opening '{key}' promised {promise} scored {score} ({res}, "
                  f"{g.get('Termination', '')})")
    print(f"\n{sum(sum(r) for r in rows.values())} games, table side's results by the table's promise:")
    print("| promise | games | table wins | draws | table losses | unfinished |")
    print("|---|---|---|---|---|---|")
    names = {1.0: "win", 0.5: "draw", 0.0: "loss"}
    for p in sorted(rows, reverse=True):
        r = rows[p]
        print(f"| {names[p]} | {sum(r)} | {r[0]} | {r[1]} | {r[2]} | {r[3]} |")
    print(f"games scoring less than promised: {short}")
    sys.exit(1 if short else 0)


if __name__ == "__main__":
    main()
