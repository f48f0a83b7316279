#!/usr/bin/env python3
"""soak.py - reliability soak: many fast games of every game through the shared match runner,
counting what went wrong on Shishi's side and sampling Shishi's memory (docs/reliability.md, "Soak").

    python3 scripts/soak.py [--games N] [--bin ./shishi] [--hash 64] [--out DIR]
                            [--only shogi,chu] [--configs 2,6,7] [--timemargin MS] [--concurrency 1]
                            [--chunk K] [--resume]

For each game (shogi, micro, nana, chu, wa, wa-nodrop) N games are spread round-robin over
match configurations: against the game's peer and against Shishi itself, with 1 and with 2
search threads (half of the games), and for the USI games (shogi, micro, nana) at byoyomi
100 ms and at 1 s + 0.05 s; chu, wa and wa-nodrop are played over XBoard at 10 s + 0.1 s.
The runner (../shared/tools/match/match.py) keeps pondering off (it sends USI_Ponder false /
XBoard `easy`), so no configuration ponders.

From each game line of the runner it counts, for games where a Shishi process is the culprit:
crashes (disconnected / crashed / I/O error / failed to start or at new game), hangs (no move at
all before the runner's deadline: it then kills the engine), time forfeits (a move that came
too late), illegal moves, disputed complaints (Shishi rejected a move the referee calls legal)
and false claims. While the games run it reads VmRSS from /proc/PID/status of every process
below the runner whose executable is the Shishi binary, every 0.2 s, and keeps the peak per game.

--resume skips the matches an earlier run (same DIR, same --games) finished: each finished match
leaves its counts in DIR/<match>.json, so a long soak can be spread over several runs. --chunk K
plays each configuration as runner runs of at most K games (DIR/<match>-partNN.*), so that an
interrupted configuration loses only its current part.

Output: one runner log per match in DIR (default /tmp/shishi-soak), the engines' I/O and
stderr per game in DIR/<match>/game-NNNN.log (the runner's --log), and a Markdown table on
stdout (also DIR/summary.md): game, games, crashes, hangs, forfeits, illegal, disputed,
false claims, void, peak RSS MB, hash MB. Exit status 1 if any Shishi failure was counted.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# game -> (protocol Shishi speaks, Shishi's variant name there or None, peer name, peer variant
# name or None (the runner's table knows it), controls as runner arguments)
USI_CONTROLS = [["--byoyomi", "100"], ["--tc", "1+0.05"]]
XB_CONTROLS = [["--tc", "10+0.1"]]
GAMES = {
    "shogi": ("usi", None, "fairy-stockfish", USI_CONTROLS),
    "micro": ("usi", None, "fairy-stockfish", USI_CONTROLS),
    "nana": ("usi", None, None, USI_CONTROLS),  # no peer plays nana: Shishi against itself
    "chu": ("xboard", "chu", "hachu", XB_CONTROLS),
    "wa": ("xboard", "crazywa", "sjaakii", XB_CONTROLS),  # crazywa crashes in wa (runner README)
    "wa-nodrop": ("xboard", "wa-shogi", "sjaakii", XB_CONTROLS),  # hachu plays chu-like rules in wa
}


def shishi_spec(name, binary, proto, variant, hash_mb, threads):
    spec = ["name=" + name, "cmd=" + binary, "proto=" + proto]
    if proto == "usi":
        spec += ["option.USI_Hash=%d" % hash_mb, "option.Threads=%d" % threads]
    else:
        spec += ["memory=%d" % hash_mb, "cores=%d" % threads]
    if variant:
        spec.append("variant=" + variant)
    return spec


def configurations(game):
    """Match set-ups of one game, in the order games are handed out (round-robin): every
    combination of opponent, control and threads once, ordered so that each pair of
    neighbours differs in threads and the first two differ in opponent too."""
    _, _, peer, controls = GAMES[game]
    opponents = ["peer", "self"] if peer else ["self"]
    rows = []
    for i in range(8):
        row = {"opponent": opponents[i % len(opponents)], "control": controls[(i // 4 + i // 2) % len(controls)],
               "threads": 1 + (i + i // 2) % 2}
        if row not in rows:
            rows.append(row)
    return rows


def children_of(root_pid):
    """Every process below root_pid (by /proc parent links)."""
    parent = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open("/proc/%s/stat" % d) as f:
                    stat = f.read()
                parent[int(d)] = int(stat[stat.rindex(")") + 2 :].split()[1])
            except (OSError, ValueError):
                pass
    below, changed = {root_pid}, True
    while changed:
        changed = False
        for pid, ppid in parent.items():
            if ppid in below and pid not in below:
                below.add(pid)
                changed = True
    below.discard(root_pid)
    return below


class RssSampler(threading.Thread):
    """Peak VmRSS (kB) of the Shishi processes below one runner process."""

    def __init__(self, root_pid, binary):
        super().__init__(daemon=True)
        self.root_pid, self.binary = root_pid, os.path.realpath(binary)
        self.peak_kb, self.processes = 0, set()
        self.done = threading.Event()

    def run(self):
        while not self.done.is_set():
            for pid in children_of(self.root_pid):
                try:
                    if os.path.realpath("/proc/%d/exe" % pid) != self.binary:
                        continue
                    with open("/proc/%d/status" % pid) as f:
                        for line in f:
                            if line.startswith("VmRSS:"):
                                self.peak_kb = max(self.peak_kb, int(line.split()[1]))
                                self.processes.add(pid)
                except OSError:
                    pass
            self.done.wait(0.2)


GAME_LINE = re.compile(r"^Game \d+: .*?: (\S+) \{(.*)\} \[\d+ plies\]")


def classify(reason, shishi_names):
    """The failure category of one game's ending if a Shishi engine caused it, else None."""
    for name in shishi_names:
        if not reason.startswith(name + " ") and not reason.startswith(name + ":"):
            continue
        rest = reason[len(name) :]
        if "disconnected / crashed" in rest or rest.startswith(": I/O error") or "failed at new game" in rest:
            return "crashes"
        if "loses on time (no move within" in rest:
            return "hangs"
        if "loses on time" in rest:
            return "forfeits"
        if "made an illegal move" in rest:
            return "illegal"
        if "rejected the referee-legal move" in rest:
            return "disputed"
        if "made a false claim" in rest:
            return "false claims"
    if reason.startswith("engine failed to start"):
        return "crashes"
    # "X made an illegal move M (claimed by Y: ...)" names the culprit first, handled above
    return None


COLUMNS = ["crashes", "hangs", "forfeits", "illegal", "disputed", "false claims"]


def run_match(args, game, cfg, n, index, part=None):
    proto, variant, peer, _ = GAMES[game]
    binary = os.path.abspath(args.bin)
    if cfg["opponent"] == "peer":
        names = ["shishi"]
        engines = [shishi_spec("shishi", binary, proto, variant, args.hash, cfg["threads"]), ["name=" + peer, "cmd=" + peer]]
    else:
        names = ["shishi-a", "shishi-b"]
        engines = [shishi_spec(nm, binary, proto, variant, args.hash, cfg["threads"]) for nm in names]
    cmd = [sys.executable, args.match, "--variant", game, "--games", str(n), "--timemargin", str(args.timemargin),
           "--concurrency", str(args.concurrency), "--openings", os.path.join(os.path.dirname(args.match), "openings",
                                                                             game + ".txt"),
           "--random-openings", "--seed", str(args.seed + index + (1000 * (part + 1) if part is not None else 0))] + cfg["control"]
    for e in engines:
        cmd += ["--engine"] + e
    label = match_label(game, cfg, index, part)
    log_path = os.path.join(args.out, label + ".log")
    cmd += ["--log", os.path.join(args.out, label)]  # every engine line and stderr, per game
    with open(log_path, "w") as log:
        log.write("$ " + " ".join(cmd) + "\n")
        log.flush()
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        sampler = RssSampler(proc.pid, binary)
        sampler.start()
        counts = {c: 0 for c in COLUMNS}
        counts.update(games=0, void=0)
        for line in proc.stdout:
            log.write(line)
            log.flush()
            m = GAME_LINE.match(line)
            if not m:
                continue
            counts["games"] += 1
            if m.group(1) in ("void", "*"):
                counts["void"] += 1
            c = classify(m.group(2), names)
            if c:
                counts[c] += 1
                print("  %s: %s" % (label, line.strip()), file=sys.stderr)
        proc.wait()
        sampler.done.set()
        sampler.join()
    counts["peak_kb"] = sampler.peak_kb
    print("%-40s games %d  %s  peak RSS %.1f MB  (runner exit %d, log %s)"
          % (label, counts["games"], " ".join("%s %d" % (c, counts[c]) for c in COLUMNS if counts[c]),
             sampler.peak_kb / 1024, proc.returncode, log_path), file=sys.stderr)
    if proc.returncode == 0 and counts["games"] == n:
        with open(os.path.join(args.out, label + ".json"), "w") as f:
            json.dump(counts, f)
    return counts


def match_label(game, cfg, index, part=None):
    label = "%s-%02d-%s-t%d-%s" % (game, index, cfg["opponent"], cfg["threads"], "_".join(cfg["control"]).strip("-"))
    return label if part is None else "%s-part%02d" % (label, part)


def finished_match(args, game, cfg, n, index, part=None):
    """With --resume: the counts of a match an earlier run finished with n games, else None."""
    path = os.path.join(args.out, match_label(game, cfg, index, part) + ".json")
    if not args.resume or not os.path.exists(path):
        return None
    with open(path) as f:
        counts = json.load(f)
    return counts if counts.get("games") == n else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2, help="games per game (variant)")
    ap.add_argument("--bin", default=os.path.join(ROOT, "shishi"))
    ap.add_argument("--hash", type=int, default=64, help="hash MB (USI_Hash / XBoard memory)")
    ap.add_argument("--match", default=os.path.join(ROOT, "..", "shared", "tools", "match", "match.py"))
    ap.add_argument("--out", default="/tmp/shishi-soak")
    ap.add_argument("--only", help="comma-separated games (default: all six)")
    ap.add_argument("--timemargin", type=int, default=500, help="runner grace before a time forfeit, ms")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--configs", help="comma-separated configuration indices to play (default: all; the "
                    "index is the number in each match's name, e.g. shogi-06-...)")
    ap.add_argument("--chunk", type=int, default=0,
                    help="play each configuration as runner runs of at most this many games, each its own "
                    "log and .json (resumable one part at a time; other seeds than without it)")
    ap.add_argument("--resume", action="store_true",
                    help="skip every match an earlier run with the same --out and --games finished (its .json)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if not os.access(args.bin, os.X_OK):
        sys.exit("soak.py: %s is not an executable (run make first)" % args.bin)
    games = args.only.split(",") if args.only else list(GAMES)
    wanted = {int(x) for x in args.configs.split(",")} if args.configs else None
    rows = []
    for game in games:
        cfgs = configurations(game)
        share = [args.games // len(cfgs) + (1 if i < args.games % len(cfgs) else 0) for i in range(len(cfgs))]
        total = {c: 0 for c in COLUMNS}
        total.update(games=0, void=0, peak_kb=0)
        for i, (cfg, n) in enumerate(zip(cfgs, share)):
            if n == 0 or (wanted is not None and i not in wanted):
                continue
            # WHY parts: a configuration is 75 games (up to two hours); --resume skips only
            # what finished, so --chunk K plays it as runs of K games, each resumable
            parts = [(None, n)] if not args.chunk else [
                (j, min(args.chunk, n - j * args.chunk)) for j in range((n + args.chunk - 1) // args.chunk)]
            for part, m in parts:
                counts = finished_match(args, game, cfg, m, i, part)
                if counts:
                    print("%s: finished earlier, %d games" % (match_label(game, cfg, i, part), m), file=sys.stderr)
                else:
                    counts = run_match(args, game, cfg, m, i, part)
                for k in total:
                    total[k] = max(total[k], counts[k]) if k == "peak_kb" else total[k] + counts[k]
        rows.append((game, total))
    head = "| game | games | crashes | hangs | forfeits | illegal | disputed | false claims | void | peak RSS MB | hash MB |"
    lines = [head, "|---|" + "---:|" * (head.count("|") - 2)]
    for game, t in rows:
        lines.append("| %s | %d | %s | %d | %.0f | %d |" % (game, t["games"], " | ".join(str(t[c]) for c in COLUMNS),
                                                            t["void"], t["peak_kb"] / 1024, args.hash))
    table = "\n".join(lines)
    print(table)
    with open(os.path.join(args.out, "summary.md"), "w") as f:
        f.write(table + "\n")
    failures = sum(t[c] for _, t in rows for c in COLUMNS)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
