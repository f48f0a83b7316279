#!/usr/bin/env python3
"""make-seeds.py - writes the seed corpora of the fuzz targets into tests/fuzz/corpus/<target>/.

    tests/fuzz/make-seeds.py [SHARED [OUT]]   (SHARED: the shared checkout, default ../shared;
                                               OUT: default tests/fuzz/corpus)

position: every start and perft position of every game as SFEN/FEN (first byte: game and
          reader, as fuzz_position.c reads it), and lishogi games as "startpos moves ...";
move:     the first moves of lishogi games and perft-position move lists in both notations;
record:   the game records of SHARED/data/games/kif/, tests/data/xboard/*.pgn and
          tests/data/dialects/, and lishogi USI games (first byte: format and game, as
          fuzz_record.c reads it; each file once with its format and once detected);
usi, xboard: the sessions of tests/protocol/usi_*.sh and xboard_*.sh (their `> ` lines, or
          the commands of `send`, `legal`, `illegal`, `reply_to` and `silent` lines, loops
          unrolled), one file per session.
Run from the repository root. Files are named by content hash, so re-running adds nothing twice.
"""
import hashlib, os, re, shlex, sys

GAMES = ["shogi", "micro", "nana", "chu", "wa", "wa-nodrop"]  # src/variant.c registry order
XBOARD_DEFAULT = {"chu", "wa", "wa-nodrop"}
shared = sys.argv[1] if len(sys.argv) > 1 else "../shared"
out = sys.argv[2] if len(sys.argv) > 2 else "tests/fuzz/corpus"


def put(target, data):
    if isinstance(data, str):
        data = data.encode()
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()[:16]), "wb") as f:
        f.write(data)


def perft_positions(game):
    path = os.path.join(shared, "data/perft", game + ".tsv")
    seen = []
    if os.path.exists(path):
        for line in open(path):
            pos = line.split("\t")[0]
            if pos not in ("position", "startpos") and not pos.startswith("#") and pos not in seen:
                seen.append(pos)
    return seen


games_file = os.path.join(shared, "data/games/lishogi_usi_games.txt")
shogi_games = [l.split() for l in open(games_file) if l.strip() and not l.startswith("#")][:12]

for g, game in enumerate(GAMES):
    n = len(GAMES)
    for pos in perft_positions(game):
        # 0: SFEN reader, 1: FEN reader, 2: position spec (the game's default notation)
        put("position", bytes([g + n * (1 if game in XBOARD_DEFAULT else 0)]) + pos.encode())
        put("position", bytes([g + 2 * n]) + pos.encode())
    put("position", bytes([g + 2 * n]) + b"startpos")
for moves in shogi_games:
    put("position", bytes([0 + 2 * len(GAMES)]) + ("startpos moves " + " ".join(moves[:40])).encode())
    # move target: position 0 is the shogi start position (fuzz_init adds start positions first)
    put("move", bytes([0, 0]) + " ".join(moves[:30]).encode())
    put("move", bytes([0, 2]) + " ".join(moves[:8]).encode())
put("move", bytes([0, 1]) + b"g3g4 c7c6 h2b8+ b8b9")  # XBoard squares on the shogi board
put("move", bytes([1, 0]) + b"1e1d 5a5b 1d1c+")       # micro
put("move", bytes([2, 0]) + b"K*1a K*3c C*1c")       # nana
put("move", bytes([3, 0]) + b"7i7h 6d6e 5h5g5f")     # chu, lishogi USI
put("move", bytes([3, 1]) + b"e4e5 e9e8 h4h5 f5f6,f6f7 @@@@")  # chu, XBoard
put("move", bytes([4, 1]) + b"f3f4 f9f8 P@e5")       # wa, XBoard
put("move", bytes([5, 0]) + b"6i6h 6c6d")            # wa-nodrop, USI

# record: byte 0 = format (0 kif, 1 ki2, 2 csa, 3 usi, 4 pgn, 5 detect) + 8 * (game + 1 or 0)
#         + 64 (Shift_JIS round trip)
FORMATS = {".kif": 0, ".kifu": 0, ".ki2": 1, ".csa": 2, ".usi": 3, ".txt": 3, ".pgn": 4}
record_files = []
for d in (os.path.join(shared, "data/games/kif"), "tests/data/xboard", "tests/data/dialects"):
    if os.path.isdir(d):
        record_files += [os.path.join(d, n) for n in sorted(os.listdir(d))]
for path in record_files:
    ext = os.path.splitext(path)[1]
    if ext in FORMATS:
        data = open(path, "rb").read()
        put("record", bytes([FORMATS[ext] + 64]) + data)
        put("record", bytes([5]) + data)
for moves in shogi_games[:6]:
    put("record", bytes([3]) + " ".join(moves).encode())
put("record", bytes([3]) + b"startpos moves " + " ".join(shogi_games[0][:20]).encode() + b"\n" +
    b"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 3c3d 7g7f\n")
put("record", bytes([3]) + b"micro startpos moves 1e1d 5a5b 1d1c+")
put("record", bytes([3 + 8 * 2]) + b"startpos moves 1e1d 5a5b 1d1c+")
put("record", bytes([3 + 8 * 3]) + b"K*1a K*3c C*1c")
put("record", bytes([3]) + b"chu startpos moves 7i7h 6d6e")
put("record", bytes([3]) + b"wa-nodrop startpos moves 6i6h 6c6d")


SESSION_MAX = 2048  # the campaign's -max_len for the session targets (scripts/fuzz-campaign.sh)


def put_session(target, lines):
    """A session of at most SESSION_MAX bytes (libFuzzer cuts longer seeds there): a longer one
    is cut at command boundaries, each later part opened with the protocol's handshake."""
    opening = ["xboard", "protover 2"] if target == "xboard" else ["usi"]
    part = []
    for l in lines:
        if part and len("\n".join(part + [l]) + "\n") > SESSION_MAX:
            put(target, "\n".join(part) + "\n")
            part = list(opening)
        part.append(l)
    put(target, "\n".join(part) + "\n")


def put_sessions(target, lines):
    """One file per session: a script restarts the engine after each quit."""
    chunk = []
    for l in lines:
        chunk.append(l)
        if l.split()[:1] == ["quit"]:
            put_session(target, chunk)
            chunk = []
    if [l for l in chunk if l.split()[:1] not in (["xboard"], ["protover"])]:
        put_session(target, chunk)


# The scripts' variables that name files: the same files, from the repository root (where the
# campaign and `make test-fuzz` run), so that the seeds load the test books.
SEED_FILES = {"BOOK": "tests/data/book/shogi.db", "CHU": "tests/data/book/chu.db"}


def expand(word, env):
    return re.sub(r"\$\{?([A-Za-z_]+)\}?", lambda m: env.get(m.group(1), ""), word)


def shell_words(line):
    line = line.split(" #")[0].strip()
    try:
        return shlex.split(line)
    except ValueError:
        return []


def xboard_session(lines, env):
    """The commands an xboard_*.sh script sends: `send`, `legal`, `illegal`, `reply_to` and
    `silent` lines (their commands), `fence` as a ping, and each `for V in ...; do ... done`
    loop's body once per value, with $V replaced."""
    session, i = [], 0
    while i < len(lines):
        words = shell_words(lines[i])
        i += 1
        if len(words) >= 4 and words[0] == "for" and words[2] == "in" and words[-1] == "do":
            body = []
            while i < len(lines) and shell_words(lines[i])[:1] != ["done"]:
                body.append(lines[i])
                i += 1
            i += 1
            for value in words[3:-1]:
                session += xboard_session(body, dict(env, **{words[1]: value.rstrip(";")}))
            continue
        if not words:
            continue
        args = [expand(w, env) for w in words[1:]]
        if words[0] in ("xb_start", "xb_spawn"):
            session += ["xboard", "protover 2"] if words[0] == "xb_start" else []
        elif words[0] == "send":
            session += args
        elif words[0] == "legal":
            session += ["usermove " + a for a in args] + ["ping 1"]
        elif words[0] == "illegal" and args:
            session.append("usermove " + args[0])
        elif words[0] in ("reply_to", "silent") and args:
            session.append(args[0])
        elif words[0] == "fence":
            session.append("ping 2")
    return session


proto = "tests/protocol"
for name in sorted(os.listdir(proto)):
    path = os.path.join(proto, name)
    if name.startswith("usi_") and name.endswith(".sh"):
        session = [expand(l[2:], SEED_FILES) for l in open(path).read().splitlines() if l.startswith("> ")]
        put_sessions("usi", session)
    elif name.startswith("xboard_") and name.endswith(".sh"):
        text = open(path).read()
        env = dict(re.findall(r'^([A-Z_]+)="([^"]*)"', text, re.M) + re.findall(r"^([A-Z_]+)='([^']*)'", text, re.M))
        env.update(SEED_FILES)
        put_sessions("xboard", xboard_session(text.splitlines(), env))
