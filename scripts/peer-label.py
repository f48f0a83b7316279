#!/usr/bin/env python3
"""peer-label.py IN OUT --engine CMD [--depth D] [--jobs J] [--max-positions N] [--option NAME=VALUE ...]

Relabel training data (`<sfen>;<result>[;<score>]`, the format of `shishi selfplay`) with the
search score of another USI engine: every data line gets the engine's `go depth D` score,
in centipawns from Black's view, in place of its own score; the result and the `# game`
lines (the tuner holds out whole games by them) are kept. Positions the engine scores as a
mate get +-MATE_CP. `shishi tune --score-weight W` then blends that score into the target
(docs/tuning.md). J engine processes run at once on consecutive slices of whole games; the
output keeps the input's order, so a run is reproducible for a deterministic engine.

Example (fairy-stockfish as the labeller, docs/tuning.md "Peer-labelled data"):
  scripts/peer-label.py shogi-1.txt shogi-1-fsf.txt --engine /usr/games/fairy-stockfish --depth 7 --jobs 2
"""
import argparse, os, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor

MATE_CP = 5000
DATA_SCORE_MAX = 30000


class Usi:
    def __init__(self, cmd, options):
        self.p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("usi")
        self.wait("usiok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait("readyok")

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def wait(self, token):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.split() and line.split()[0] == token:
                return line

    def score(self, sfen, depth):
        """The engine's last score for the side to move, or None."""
        self.send(f"position sfen {sfen}")
        self.send(f"go depth {depth}")
        last = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            w = line.split()
            if not w:
                continue
            if w[0] == "bestmove":
                return last
            if w[0] == "info" and "score" in w:
                i = w.index("score")
                if w[i + 1] == "cp":
                    last = int(w[i + 2])
                elif w[i + 1] == "mate":
                    m = w[i + 2]
                    last = -MATE_CP if m.startswith("-") else MATE_CP

    def quit(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def split_games(lines, parts):
    """Slices of whole games (a game ends with its '# game' line), about equal in size."""
    games, cur = [], []
    for line in lines:
        cur.append(line)
        if line.startswith("# game"):
            games.append(cur)
            cur = []
    if cur:
        games.append(cur)
    total = sum(len(g) for g in games)
    out, acc = [[]], 0
    for g in games:
        if acc >= (len(out)) * total / parts and len(out) < parts:
            out.append([])
        out[-1].extend(g)
        acc += len(g)
    return out


def label_slice(idx, lines, args, progress):
    e = Usi(args.engine, [o.split("=", 1) for o in args.option])
    out = []
    try:
        for line in lines:
            s = line.rstrip("\n")
            if not s or s.startswith("#"):
                out.append(s)
                continue
            f = s.split(";")
            if len(f) < 2:
                raise SystemExit(f"peer-label: malformed line: {s[:80]}")
            sfen, result = f[0].strip(), f[1].strip()
            sc = e.score(sfen, args.depth)
            progress[idx] += 1
            if sc is None:
                out.append(f"{sfen};{result}")
                continue
            stm = sfen.split()[1]
            black = sc if stm == "b" else -sc
            black = max(-DATA_SCORE_MAX, min(DATA_SCORE_MAX, black))
            out.append(f"{sfen};{result};{black}")
    finally:
        e.quit()
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("inp")
    ap.add_argument("out")
    ap.add_argument("--engine", required=True)
    ap.add_argument("--depth", type=int, default=7)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--max-positions", type=int, default=0)
    ap.add_argument("--option", action="append", default=[], help="USI option NAME=VALUE (repeatable)")
    a = ap.parse_args()
    lines = open(a.inp).read().splitlines()
    if a.max_positions:
        kept, n = [], 0
        for line in lines:
            if not line.startswith("#") and line.strip():
                if n >= a.max_positions:
                    break
                n += 1
            kept.append(line)
        # end on a whole game
        while kept and not kept[-1].startswith("# game"):
            kept.pop()
        lines = kept
    todo = sum(1 for l in lines if l.strip() and not l.startswith("#"))
    slices = split_games(lines, a.jobs)
    progress = [0] * len(slices)
    t0 = time.time()
    with ThreadPoolExecutor(len(slices)) as ex:
        futs = [ex.submit(label_slice, i, sl, a, progress) for i, sl in enumerate(slices)]
        while not all(f.done() for f in futs):
            time.sleep(2)
            done = sum(progress)
            el = time.time() - t0
            eta = el / done * (todo - done) if done else 0
            sys.stderr.write(f"\r{done}/{todo} positions, {el:.0f} s, eta {eta:.0f} s   ")
        results = [f.result() for f in futs]
    sys.stderr.write("\n")
    d = os.path.dirname(os.path.abspath(a.out))
    with tempfile.NamedTemporaryFile("w", dir=d, delete=False) as tmp:
        tmp.write(f"# peer-label.py engine={a.engine} depth={a.depth} from {os.path.basename(a.inp)}\n")
        for r in results:
            for line in r:
                tmp.write(line + "\n")
    os.chmod(tmp.name, 0o644)
    os.replace(tmp.name, a.out)
    print(f"peer-label: {todo} positions in {time.time() - t0:.0f} s -> {a.out}")


if __name__ == "__main__":
    main()
