#!/usr/bin/env python3
"""search-speed.py SHISHI [--depth 14] [--fsf fairy-stockfish] [--nps-seconds 10]

Issue #7's speed figures, measured in one run on this machine:
  1. time to depth D on the shogi start position and the shogi rows of engine/bench.c,
     Shishi next to Fairy-Stockfish (USI `go depth D`, fresh `usinewgame`, 1 thread, 64 MB);
  2. nodes per second of Shishi with Threads 1 and Threads 2 (`go movetime`), and the time
     each takes to reach a fixed depth.
Run it alone: the figures are wall-clock times on a 2-core machine."""
import argparse, re, subprocess, sys, time, shutil

POSITIONS = [
    "startpos",
    "sfen lnsgkgsnl/1r7/p1ppp1bpp/1p3pp2/7P1/2P6/PP1PPPP1P/1B3S1R1/LNSGKG1NL b - 9",
    "sfen l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1",
    "sfen 6n1l/2+S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2+pPP+p1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1",
    "sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "sfen +L1sgkg3/4r2s1/+P1pp1p+Ppn/1p2p3l/4b1L1p/2PP1N3/+pP2PP1PP/4G1SR1/2SK2gNL w BNP 46",
]


class Usi:
    def __init__(self, cmd, options):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("usi")
        self.wait("usiok")
        for k, v in options.items():
            self.send(f"setoption name {k} value {v}")
        self.send("isready")
        self.wait("readyok")

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine died")
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines

    def go(self, position, limit):
        self.send("usinewgame")
        self.send("position " + position)
        self.send("isready")
        self.wait("readyok")
        t0 = time.monotonic()
        self.send("go " + limit)
        lines = self.wait("bestmove")
        dt = time.monotonic() - t0
        nodes = 0
        depth = 0
        self.nps = 0
        for l in lines:
            m = re.search(r"\bnodes (\d+)", l)
            if m:
                nodes = int(m.group(1))
            m = re.search(r"\bnps (\d+)", l)
            if m:
                self.nps = int(m.group(1))
            m = re.search(r"\bdepth (\d+)", l)
            if m and " lowerbound" not in l and " upperbound" not in l:
                depth = int(m.group(1))
        return dt, nodes, depth

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("shishi")
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--fsf", default=shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish")
    ap.add_argument("--nps-seconds", type=float, default=10)
    ap.add_argument("--threads-only", action="store_true", help="only the Threads 1 / 2 part")
    a = ap.parse_args()
    opts = {"USI_Hash": 64, "Threads": 1}
    if not a.threads_only:
        time_to_depth(a, opts)
    threads(a)


def time_to_depth(a, opts):
    print(f"## Time to depth {a.depth} (1 thread, 64 MB, fresh hash)\n")
    print("| position | Shishi s | Shishi nodes | Fairy-Stockfish s | FSF nodes |")
    print("|---|---|---|---|---|")
    sh = Usi([a.shishi], opts)
    fsf = Usi([a.fsf], {"USI_Hash": 64, "Threads": 1, "UCI_Variant": "shogi"}) if a.fsf else None
    tot = [0.0, 0.0]
    for p in POSITIONS:
        t1, n1, _ = sh.go(p, f"depth {a.depth}")
        t2, n2 = (float("nan"), 0)
        if fsf:
            t2, n2, _ = fsf.go(p, f"depth {a.depth}")
        tot[0] += t1
        tot[1] += t2
        print(f"| {p[:40]} | {t1:.2f} | {n1} | {t2:.2f} | {n2} |")
        sys.stdout.flush()
    print(f"| **total** | **{tot[0]:.2f}** | | **{tot[1]:.2f}** | |\n")
    sh.quit()
    if fsf:
        fsf.quit()


def threads(a):
    print(f"## Threads: nodes per second over {a.nps_seconds:.0f} s and time to depth {a.depth}\n")
    print("| position | Threads | nodes/s | time to depth s |")
    print("|---|---|---|---|")
    ratio = []
    for p in POSITIONS[:3]:
        row = []
        for t in (1, 2):
            e = Usi([a.shishi], {"USI_Hash": 64, "Threads": t})
            e.go(p, f"movetime {int(a.nps_seconds * 1000)}")
            nps = e.nps  # WHY the engine's own figure: the last info line may come long before the end
            td, _, _ = e.go(p, f"depth {a.depth}")
            e.quit()
            row.append(nps)
            print(f"| {p[:40]} | {t} | {nps:.0f} | {td:.2f} |")
            sys.stdout.flush()
        ratio.append(row[1] / row[0])
    print(f"\nThreads 2 / Threads 1 nodes per second: " + ", ".join(f"{r:.2f}x" for r in ratio))


if __name__ == "__main__":
    main()
