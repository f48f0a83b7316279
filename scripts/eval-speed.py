#!/usr/bin/env python3
"""eval-speed.py OLD NEW [--ms 2000] [--rounds 2]

Nodes per second of two Shishi binaries on the positions of engine/bench.c and each game's
start position, per game: each
position is searched for --ms milliseconds (USI `go movetime`, 1 thread, 64 MB, fresh
`usinewgame`) by OLD and NEW in turn, --rounds times. Prints the median nps per game and
NEW/OLD. Issue #8's speed check (the evaluation may cost at most 25% of the speed).
Run it alone: the figures are wall-clock rates on a 2-core machine."""
import argparse, importlib.util, os, re, statistics

# the USI driver of search-speed.py (one engine process, `go`, the last nps)
_spec = importlib.util.spec_from_file_location("search_speed", os.path.join(os.path.dirname(__file__), "search-speed.py"))
_search_speed = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_search_speed)
Usi = _search_speed.Usi

def bench_positions():
    src = open(os.path.join(os.path.dirname(__file__), "..", "engine", "bench.c")).read()
    body = src[src.index("{", src.index("positions")):]
    out = []
    for m in re.finditer(r'\{"([a-z-]+)",\s*((?:"[^"]*"\s*)+)\}', body):
        spec = "".join(re.findall(r'"([^"]*)"', m.group(2)))
        out.append((m.group(1), spec))
    for game in dict.fromkeys(g for g, _ in out):
        out.append((game, "startpos"))
    return out

def nps(binary, game, spec, ms):
    # SolvedTables off: a solved game (nana) would answer from its table without searching
    e = Usi([binary], {"UCI_Variant": game, "USI_Hash": 64, "Threads": 1, "SolvedTables": "false"})
    e.go(spec, f"movetime {ms}")
    e.quit()
    return e.nps

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old"); ap.add_argument("new")
    ap.add_argument("--ms", type=int, default=2000); ap.add_argument("--rounds", type=int, default=2)
    a = ap.parse_args()
    res = {}
    for r in range(a.rounds):
        for game, spec in bench_positions():
            for name, b in (("old", a.old), ("new", a.new)):
                res.setdefault(game, {}).setdefault(name, []).append(nps(b, game, spec, a.ms))
    print(f"{'game':10} {'old nps':>10} {'new nps':>10} {'new/old':>8}")
    for game, d in res.items():
        o, n = statistics.median(d["old"]), statistics.median(d["new"])
        print(f"{game:10} {o:10.0f} {n:10.0f} {n / o if o else 0:8.2f}")

if __name__ == "__main__":
    main()
