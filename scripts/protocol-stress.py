#!/usr/bin/env python3
"""protocol-stress.py - random command sessions against the real engine, with real timing.

    scripts/protocol-stress.py [--bin ./shishi] [--proto usi|xboard] [--sessions N]
                               [--steps N] [--seed K] [--reply S] [--log FILE]

The fuzz targets run whole sessions in-process with every search capped and every command
arriving at once; this drives the binary through its pipes as a GUI does, with random pauses
(0-120 ms) between commands, so commands land while a search, a ponder search, an analysis or
a mate search is running. Each session is a random walk over the protocol's commands: valid
ones (positions reached by the engine's own moves, searches of every kind, stop, ponderhit,
option changes, game switches, new games) and some garbage lines. It checks:

* `isready` is answered with `readyok` (USI), `ping N` with `pong N` (XBoard), within 2 s
  (`--reply`; a sanitizer build needs more: TSan runs the engine 5-15 times slower), whatever
  runs;
* `stop` (USI) or `?` (XBoard, while the engine thinks on its move) gets the search's answer
  within that time; no search answers twice;
* a move the engine played is accepted when the session plays it back (no `Illegal move`
  and no `illegal move` error about it);
* the process stays alive, exits with status 0 within 5 s of `quit`, and writes nothing on
  stderr (a sanitizer report, an abort).

Run it on the normal build, or on `make asan`'s build/shishi-asan to have every session under
AddressSanitizer. Prints one line per session and a summary; exit status 1 on any failure.
"""
import argparse, os, random, select, subprocess, sys, time

USI_POSITIONS = {
    "shogi": ["startpos",
              "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
              "sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
              "sfen 8k/9/9/9/9/9/9/9/K8 b - 1"],
    "micro": ["startpos"],
    "nana": ["startpos"],
    "chu": ["startpos"],
    "wa": ["startpos"],
    "wa-nodrop": ["startpos"],
}
XB_VARIANTS = ["shogi", "chu", "wa", "wa-nodrop"]
REPLY_S = 2.0


class Engine:
    def __init__(self, binary, log):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, bufsize=0)
        self.buf = b""
        self.lines = []  # lines read and not yet consumed
        self.log = log

    def send(self, line):
        if self.log:
            self.log.write("> %s\n" % line)
        try:
            self.p.stdin.write((line + "\n").encode())
        except BrokenPipeError:
            pass

    def poll(self, timeout):
        """Read what is there (waiting up to timeout for the first bytes); returns new lines."""
        got = []
        end = time.time() + timeout
        while True:
            left = end - time.time()
            r, _, _ = select.select([self.p.stdout], [], [], max(left, 0))
            if not r:
                break
            data = os.read(self.p.stdout.fileno(), 65536)
            if not data:
                break
            self.buf += data
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                text = line.decode("utf-8", "replace").rstrip("\r")
                if self.log:
                    self.log.write("< %s\n" % text)
                got.append(text)
            timeout = 0
            end = time.time()
        self.lines += got
        return got

    def wait_for(self, pred, timeout=None):
        """The first line satisfying pred (consumed with everything before it), or None."""
        end = time.time() + (REPLY_S if timeout is None else timeout)
        while True:
            for i, l in enumerate(self.lines):
                if pred(l):
                    del self.lines[: i + 1]
                    return l
            left = end - time.time()
            if left <= 0:
                return None
            self.poll(min(left, 0.05))

    def finish(self):
        self.send("quit")
        try:
            rc = self.p.wait(5)
        except subprocess.TimeoutExpired:
            self.p.kill()
            rc = "hang at quit"
        err = self.p.stderr.read().decode("utf-8", "replace")
        return rc, err


class Session:
    def __init__(self, rng, eng):
        self.rng, self.e = rng, eng
        self.failures = []
        self.stats = {}

    def fail(self, what):
        self.failures.append(what)

    def count(self, key):
        self.stats[key] = self.stats.get(key, 0) + 1

    def pause(self):
        time.sleep(self.rng.choice([0, 0, 0.005, 0.02, 0.05, 0.12]))
        self.e.poll(0)
        lines, self.e.lines = self.e.lines, []
        self.scan(lines)


class UsiSession(Session):
    """USI: one game at a time; `moves` is the line from the current start position."""

    def start(self):
        self.e.send("usi")
        if not self.e.wait_for(lambda l: l == "usiok"):
            self.fail("no usiok")
        self.game, self.base, self.moves = "shogi", "startpos", []
        self.searching = None  # None, "go", "ponder", "mate", "infinite"
        self.answers = 0

    def scan(self, lines):
        for l in lines:
            if l.startswith("bestmove") or l.startswith("checkmate"):
                self.answers += 1
                if self.searching is None:
                    self.fail("an answer without a search: " + l)
                self.searching = None
                w = l.split()
                if w[0] == "bestmove" and len(w) > 1 and w[1] not in ("resign", "win"):
                    self.last_best = w[1]

    def position_line(self):
        spec = self.base if self.base == "startpos" else self.base
        return "position " + spec + (" moves " + " ".join(self.moves) if self.moves else "")

    def settle(self):
        """End any search (stop) and take its answer."""
        if self.searching:
            self.e.send("stop")
            self.count("stop")
            l = self.e.wait_for(lambda x: x.startswith(("bestmove", "checkmate")))
            if l:
                self.scan([l])
            else:
                self.fail("no answer within %.0f s of stop (%s)" % (REPLY_S, self.searching))
                self.searching = None

    def ready(self):
        """isready -> readyok within REPLY_S, whatever runs; returns the lines before it."""
        self.e.send("isready")
        seen, t0 = [], time.time()
        while True:
            l = self.e.wait_for(lambda x: True, REPLY_S - (time.time() - t0))
            if l is None:
                self.fail("no readyok within %.0f s (%s)" % (REPLY_S, self.searching))
                return seen
            if l == "readyok":
                return seen
            seen.append(l)
            self.scan([l])

    def step(self):
        r, e = self.rng, self.e
        act = r.choices(["isready", "go", "stop", "play", "position", "option", "newgame", "variant",
                         "ponderhit", "garbage"], [6, 8, 4, 4, 3, 3, 1, 1, 2, 1])[0]
        self.count(act)
        if act == "isready":
            self.ready()
        elif act == "go":
            if self.searching:
                return self.settle()
            e.send(self.position_line())
            kind = r.choice(["byoyomi", "movetime", "depth", "nodes", "infinite", "ponder", "mate", "mateinf"])
            if kind == "byoyomi":
                e.send("go btime 0 wtime 0 byoyomi %d" % r.choice([10, 50, 200]))
                self.searching = "go"
            elif kind == "movetime":
                e.send("go movetime %d" % r.choice([1, 30, 150]))
                self.searching = "go"
            elif kind == "depth":
                e.send("go depth %d" % r.randint(1, 6))
                self.searching = "go"
            elif kind == "nodes":
                e.send("go nodes %d" % r.choice([1, 100, 5000]))
                self.searching = "go"
            elif kind == "infinite":
                e.send("go infinite")
                self.searching = "infinite"
            elif kind == "ponder":
                e.send("go ponder btime 1000 wtime 1000 byoyomi 100")
                self.searching = "ponder"
            elif kind == "mate":
                e.send("go mate %d" % r.choice([20, 200, 1000]))
                self.searching = "mate"
            else:
                e.send("go mate infinite")
                self.searching = "mateinf"
        elif act == "stop":
            self.settle()
        elif act == "ponderhit":
            if self.searching == "ponder":
                e.send("ponderhit")
                self.searching = "go"
        elif act == "play":
            self.settle()
            best = getattr(self, "last_best", None)
            if best:
                self.moves.append(best)
                e.send(self.position_line())
                self.last_best = None
                for l in self.ready():  # the engine's own move, played back: accepted
                    if "error" in l and ("illegal" in l or best in l):
                        self.fail("own move %s refused: %s" % (best, l))
        elif act == "position":
            self.settle()
            self.base = r.choice(USI_POSITIONS[self.game])
            self.moves = []
            self.last_best = None
            e.send(self.position_line())
        elif act == "option":
            # WHY 600 MB among the sizes: `go mate` then gets a table over 256 MB, whose pages a
            # thread of its own backs while the solver runs (src/bigmem.h)
            self.settle() if r.random() < 0.5 else None
            e.send(r.choice(["setoption name Threads value %d" % r.randint(1, 2),
                             "setoption name USI_Hash value %d" % r.choice([1, 16, 64, 600]),
                             "setoption name MultiPV value %d" % r.randint(1, 3),
                             "setoption name USI_Ponder value %s" % r.choice(["true", "false"]),
                             "setoption name BookFile value tests/data/book/shogi.db",
                             "setoption name BookFile value <empty>"]))
        elif act == "newgame":
            self.settle()
            e.send("usinewgame")
            self.base, self.moves, self.last_best = "startpos", [], None
        elif act == "variant":
            self.settle()
            self.game = r.choice(list(USI_POSITIONS))
            e.send("setoption name UCI_Variant value " + self.game)
            e.send("usinewgame")
            self.base, self.moves, self.last_best = "startpos", [], None
        else:
            # WHY no `go x` or `isready x`: the engine takes them as go and isready (unknown
            # tokens ignored, as USI asks), which would break this script's own bookkeeping
            e.send(r.choice(["gox", "position sfen x", "setoption name", "bogus 1 2 3", "position startpos moves 1a1a",
                             "", "isreadyx", "position startpos moves"]))
        self.pause()

    def end(self):
        self.settle()
        self.e.send("isready")
        if not self.e.wait_for(lambda l: l == "readyok"):
            self.fail("no readyok at the end")


class XboardSession(Session):
    """XBoard: the engine plays one side (or analyses); we play its moves back for the other."""

    def start(self):
        self.e.send("xboard")
        self.e.send("protover 2")
        if not self.e.wait_for(lambda l: "done=1" in l):
            self.fail("no feature done=1")
        self.pings = 0
        self.thinking = False  # the engine thinks on its move
        self.analyzing = False
        self.e.send("new")
        self.e.send("variant shogi")
        self.e.send("st 1")

    def scan(self, lines):
        for l in lines:
            if l.startswith("move "):
                self.thinking = False
                self.pending = l.split()[1]
            elif l.startswith(("1-0", "0-1", "1/2-1/2", "resign")):
                self.thinking = False  # the game is over: the engine waits for new, undo, ...

    def move_now(self):
        """`?` while the engine thinks on its move: its move (or the game's end) within REPLY_S."""
        if not self.thinking:
            return
        self.e.send("?")
        l = self.e.wait_for(lambda x: x.startswith(("move ", "1-0", "0-1", "1/2-1/2", "resign")))
        if l:
            self.scan([l])
        else:
            self.fail("no move within %.0f s of ?" % REPLY_S)
        self.thinking = False

    def ping(self):
        """ping N -> pong N within REPLY_S, whatever runs; returns the lines before it."""
        self.pings += 1
        n = self.pings
        self.e.send("ping %d" % n)
        seen, t0 = [], time.time()
        while True:
            l = self.e.wait_for(lambda x: True, REPLY_S - (time.time() - t0))
            if l is None:
                self.fail("no pong %d within %.0f s (thinking %s, analysing %s)" % (n, REPLY_S, self.thinking,
                                                                                   self.analyzing))
                return seen
            if l == "pong %d" % n:
                return seen
            seen.append(l)
            self.scan([l])

    def step(self):
        r, e = self.rng, self.e
        act = r.choices(["ping", "go", "move_now", "play", "analyze", "option", "new", "undo", "level",
                         "hard", "garbage"], [6, 5, 3, 5, 2, 3, 1, 1, 1, 1, 1])[0]
        self.count(act)
        if act == "ping":
            self.ping()
        elif act == "go":
            if self.analyzing:
                e.send("exit")
                self.analyzing = False
            if not self.thinking:
                e.send("go")
                self.thinking = True
        elif act == "move_now":
            self.move_now()
        elif act == "play":
            mv = getattr(self, "pending", None)
            if mv and not self.thinking and not self.analyzing:
                # the engine's last move taken back and played again as the user's: accepted
                e.send("force")
                e.send("undo")
                e.send("usermove " + mv)
                for l in self.ping():
                    if l.startswith("Illegal move") and mv in l:
                        self.fail("own move %s refused: %s" % (mv, l))
            self.pending = None
        elif act == "analyze":
            self.move_now()
            if self.analyzing:
                e.send("exit")
                self.analyzing = False
            else:
                e.send("post")
                e.send("analyze")
                self.analyzing = True
        elif act == "option":
            e.send(r.choice(["memory %d" % r.choice([1, 16, 64, 600]), "cores %d" % r.randint(1, 2),
                             "option MultiPV=%d" % r.randint(1, 3), "option BookFile=tests/data/book/shogi.db",
                             "option BookFile=", "easy"]))
        elif act == "new":
            if self.analyzing:
                e.send("exit")
                self.analyzing = False
            e.send("new")
            e.send("variant " + r.choice(XB_VARIANTS))
            self.thinking = False
            self.pending = None
        elif act == "undo":
            if not self.thinking:
                e.send(r.choice(["undo", "remove"]))
                self.pending = None
        elif act == "level":
            e.send(r.choice(["st 1", "sd 3", "level 0 0:05 0", "level 40 1 0", "time 500", "otim 500"]))
        elif act == "hard":
            e.send(r.choice(["hard", "easy"]))
        else:
            e.send(r.choice(["usermove zz", "setboard junk", "variant nosuch", "memory lots", "option =1", "",
                             "ping", "level 1"]))
        self.pause()

    def end(self):
        if self.analyzing:
            self.e.send("exit")
        self.e.send("force")
        self.ping()


def run(args):
    global REPLY_S
    REPLY_S = args.reply
    rng = random.Random(args.seed)
    log = open(args.log, "w") if args.log else None
    failed = 0
    totals = {}
    for s in range(args.sessions):
        if log:
            log.write("# session %d\n" % s)
        eng = Engine(args.bin, log)
        sess = (UsiSession if args.proto == "usi" else XboardSession)(rng, eng)
        t0 = time.time()
        sess.start()
        for _ in range(args.steps):
            if eng.p.poll() is not None:
                sess.fail("the engine exited (status %s)" % eng.p.returncode)
                break
            sess.step()
        if eng.p.poll() is None:
            sess.end()
        rc, err = eng.finish()
        if rc != 0:
            sess.fail("exit status %s" % rc)
        if err.strip():
            sess.fail("stderr: " + err.strip()[:300])
        for k, v in sess.stats.items():
            totals[k] = totals.get(k, 0) + v
        status = "ok" if not sess.failures else "FAIL: " + "; ".join(sess.failures[:3])
        print("%s session %d: %d steps, %.1f s, %s" % (args.proto, s, args.steps, time.time() - t0, status), flush=True)
        failed += bool(sess.failures)
    print("%s: %d sessions, %d failed; commands: %s" % (args.proto, args.sessions, failed,
          ", ".join("%s %d" % kv for kv in sorted(totals.items()))))
    return 1 if failed else 0


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default="./shishi")
    ap.add_argument("--proto", choices=["usi", "xboard"], default="usi")
    ap.add_argument("--sessions", type=int, default=10)
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reply", type=float, default=REPLY_S, help="seconds allowed for readyok, pong and answers")
    ap.add_argument("--log", help="write every line sent and read")
    sys.exit(run(ap.parse_args()))
