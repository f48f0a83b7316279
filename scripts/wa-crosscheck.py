#!/usr/bin/env python3
"""wa-crosscheck.py - compare Shishi's wa move generator with Sjaak II on random games.

Developer tool, not part of `make test`. Plays random games with Shishi's legal moves (both
wa games), mirrors every move into Sjaak II (XBoard, force mode), and at every few plies asks
Sjaak II for the FEN and `perft 2`; Shishi then counts perft 2 from Sjaak II's FEN (which also
exercises Shishi's FEN parser) and from its own move list.

Known difference: Sjaak II's perft lists pawn drops that mate, although it refuses them in play
("may not be used to give mate"); Shishi never generates them (wa.md 4 rule 2). So when the
counts differ, the script compares the move lists of every line and asks Sjaak II to play each
move only it lists; a difference made only of such refused drop mates counts as explained.
Anything else is printed as a real disagreement.

With --random N it also sets up N random positions per game (kings plus a crowd of random
pieces, promoted ones included, and random holdings in the drop game), which reach checks,
pins by range-limited sliders and jump checks far more often than random play does.

usage: scripts/wa-crosscheck.py [--shishi ./shishi] [--sjaak /usr/games/sjaakii]
                                [--games 20] [--plies 150] [--every 5] [--random 0] [--seed 1]
Exit status 0 when every compared position agreed.
"""
import argparse
import random
import re
import subprocess
import sys

GAMES = [("wa-nodrop", "wa-shogi"), ("wa", "wa-shogi-drop")]


class Sjaak:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.ping_no = 0
        self.send("xboard")
        self.send("protover 2")
        self.sync()

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def sync(self):
        """Wait for a pong; return the lines printed before it."""
        self.ping_no += 1
        self.send("ping %d" % self.ping_no)
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("Sjaak II exited")
            line = line.rstrip("\n")
            if line == "pong %d" % self.ping_no:
                return lines
            lines.append(line)

    def new_game(self, variant):
        self.send("new")
        self.send("variant " + variant)
        self.send("force")
        self.sync()

    def move(self, mv):
        self.send(mv)
        for line in self.sync():
            if "llegal" in line or "rror" in line:
                raise RuntimeError("Sjaak II rejected %s: %s" % (mv, line))

    def fen(self):
        self.send("fen")
        for line in self.sync():
            if re.match(r"^[0-9A-Za-z+/]+(\[[^\]]*\])? [wb] ", line):
                return line.strip()
        raise RuntimeError("no FEN from Sjaak II")

    def moves(self, fen, line):
        """Sjaak II's perft-1 move list after playing `line` from fen, in Shishi's spelling."""
        self.send("setboard " + fen)
        for mv in line:
            self.move(mv)
        self.send("perft 1 1")
        out = set()
        for text in self.sync():
            m = re.match(r"^\s*(\S+)\s+(\d+)\s+\d+\s*$", text)
            if m and int(m.group(2)) > 0:  # Sjaak II lists pseudo-legal moves with 0
                out.add(re.sub(r"^[A-Z+]*([a-k]\d+)[-x]([a-k]\d+)", r"\1\2", m.group(1)))
        return out

    def refuses_drop_mate(self, fen, line, mv):
        self.send("setboard " + fen)
        for x in line:
            self.move(x)
        self.send(mv)
        return any("give mate" in t for t in self.sync())

    def perft2(self):
        self.send("perft 2")
        for line in self.sync():
            m = re.match(r"^\s*2\s+(\d+)\s", line)
            if m:
                return int(m.group(1))
        raise RuntimeError("no perft 2 from Sjaak II")


def shishi(args, game, spec, depth, divide=False):
    cmd = [args.shishi, "perft", game, spec, str(depth)] + (["--divide"] if divide else [])
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("shishi %s: %s" % (" ".join(cmd[1:]), out.stderr.strip()))
    moves, total = {}, None
    for line in out.stdout.splitlines():
        m = re.match(r"^(\S+): (\d+)$", line)
        if m:
            moves[m.group(1)] = int(m.group(2))
        m = re.match(r"^Nodes searched: (\d+)$", line)
        if m:
            total = int(m.group(1))
    return total, moves


def explained(args, sj, game, fen):
    """Do Shishi's and Sjaak II's move lists differ, over two plies, only by drop mates that
    Sjaak II itself refuses to play? Leaves Sjaak II's position changed (caller resyncs)."""
    ok = True
    _, root = shishi(args, game, "fen " + fen, 1, divide=True)
    lines = [[]] + [[m] for m in sorted(root)]
    for line in lines:
        spec = "fen " + fen + (" moves " + " ".join(line) if line else "")
        _, mine = shishi(args, game, spec, 1, divide=True)
        theirs = sj.moves(fen, line)
        for mv in sorted(set(mine) - theirs):
            print("  only Shishi: %s after %s" % (mv, line))
            ok = False
        for mv in sorted(theirs - set(mine)):
            if "@" in mv and sj.refuses_drop_mate(fen, line, mv):
                continue
            print("  only Sjaak II: %s after %s" % (mv, line))
            ok = False
    return ok


LETTERS = "EXFRWVDMGCSULHOP"
PROMOTED = "FRWVDMGCSULHOP"


def random_fen(rng, drops):
    """A random wa position: two kings near each other, 6-24 other pieces, random holdings."""
    board = {}
    kings = rng.sample(range(121), 2)
    board[kings[0]], board[kings[1]] = "K", "k"
    for _ in range(rng.randint(6, 24)):
        sq = rng.randrange(121)
        if sq in board:
            continue
        letter = rng.choice(LETTERS)
        white = rng.random() < 0.5
        rank = sq // 11
        if letter in "PO" and rank == (0 if white else 10):
            continue  # would be a dead piece
        sym = ("+" if letter in PROMOTED and rng.random() < 0.3 else "") + letter
        board[sq] = sym.lower() if white else sym
    rows = []
    for rank in range(10, -1, -1):
        row, empty = "", 0
        for f in range(11):
            pc = board.get(rank * 11 + f)
            if pc is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
            empty = 0
            row += pc
        rows.append(row + (str(empty) if empty else ""))
    hold = ""
    if drops:
        hold = "".join(rng.choice(LETTERS) if rng.random() < 0.5 else rng.choice(LETTERS).lower()
                       for _ in range(rng.randint(0, 5)))
        hold = "[%s]" % (hold or "-")
    return "/".join(rows) + hold + " " + rng.choice("wb") + " 0 1"


def check_random(args, sj, rng, game, xb, count):
    agreed = disagreed = explained_n = 0
    sj.new_game(xb)
    tried = 0
    while agreed + disagreed < count and tried < count * 50:
        tried += 1
        fen = random_fen(rng, game == "wa")
        try:
            got, _ = shishi(args, game, "fen " + fen, 2)
        except RuntimeError:
            continue  # malformed for Shishi (side not to move in check, nifu, ...)
        sj.send("setboard " + fen)
        sj.sync()
        want = sj.perft2()
        if want == got:
            agreed += 1
        elif explained(args, sj, game, fen):
            agreed += 1
            explained_n += 1
        else:
            disagreed += 1
            print("DISAGREE %s random position: Sjaak II %d, Shishi %d\n  fen %s" % (game, want, got, fen))
    print("%s random positions: %d agreed (%d through pawn-drop mates), %d disagreed"
          % (game, agreed, explained_n, disagreed), flush=True)
    return agreed, disagreed, explained_n


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shishi", default="./shishi")
    ap.add_argument("--sjaak", default="/usr/games/sjaakii")
    ap.add_argument("--games", type=int, default=20, help="random games per wa game")
    ap.add_argument("--plies", type=int, default=150)
    ap.add_argument("--every", type=int, default=5, help="compare every N plies")
    ap.add_argument("--random", type=int, default=0, help="random set-up positions per wa game")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    sj = Sjaak(args.sjaak)
    agreed = disagreed = explained_n = 0
    for game, xb in GAMES:
        for g in range(args.games):
            sj.new_game(xb)
            played = []
            for ply in range(args.plies + 1):
                spec = "startpos" + (" moves " + " ".join(played) if played else "")
                if ply % args.every == 0:
                    fen = sj.fen()
                    want = sj.perft2()
                    got_fen, _ = shishi(args, game, "fen " + fen, 2)
                    got_own, _ = shishi(args, game, spec, 2)
                    if want == got_fen == got_own:
                        agreed += 1
                    elif got_fen == got_own and explained(args, sj, game, fen):
                        agreed += 1
                        explained_n += 1
                    else:
                        disagreed += 1
                        print("DISAGREE %s game %d ply %d: Sjaak II %d, Shishi %s (from FEN) %s (from moves)"
                              % (game, g, ply, want, got_fen, got_own))
                        print("  fen " + fen)
                        print("  " + spec)
                    if got_fen != want:
                        sj.send("setboard " + fen)  # explained() moved Sjaak II elsewhere
                        sj.sync()
                _, moves = shishi(args, game, spec, 1, divide=True)
                if not moves:
                    break
                mv = rng.choice(sorted(moves))
                sj.move(mv)
                played.append(mv)
            print("%s game %d: %d plies, agreed so far %d, disagreed %d"
                  % (game, g, len(played), agreed, disagreed), flush=True)
    if args.random:
        for game, xb in GAMES:
            a, d, e = check_random(args, sj, rng, game, xb, args.random)
            agreed, disagreed, explained_n = agreed + a, disagreed + d, explained_n + e
    sj.send("quit")
    print("positions compared: %d agreed (%d of them only through Sjaak II's pawn-drop mates), %d disagreed"
          % (agreed, explained_n, disagreed))
    return 0 if disagreed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
