#!/usr/bin/env python3
"""drive.py - talk to an engine from a small script and assert its replies.

    drive.py BINARY [SCRIPT]        (SCRIPT defaults to stdin)

Script lines (leading spaces ignored, '#' starts a comment line):
  > TEXT          send TEXT (a line) to the engine
  >> TEXT         send TEXT exactly as written after '>> ' with \\n, \\r, \\t escapes and no newline added
  < REGEX         read lines until one matches REGEX in full (fails after the timeout)
  = TEXT          the next unread line must be exactly TEXT
  !< REGEX        no line read since the last '>' or mark matched REGEX (e.g. no early bestmove)
  mark            start a new window for '!<'
  quiet MS        wait MS milliseconds; no line may arrive meanwhile
  sleep MS        wait MS milliseconds (lines that arrive are kept for later reads)
  absent MS REGEX wait MS milliseconds; no line arriving meanwhile may match REGEX
  within MS       the next '<' must match within MS milliseconds of the last '>'
  timeout S       per-read timeout in seconds (default 20)
  legal GAME SPEC the move of the last matched 'bestmove M' line is legal in SPEC of GAME
                  (checked with `BINARY perft GAME SPEC 1 --divide`)
  save NAME       remember the last matched line under NAME
  same A B        lines saved as A and B are equal after dropping 'time'/'nps' fields
  exits MS        the engine exits (after the last '>') within MS milliseconds, status 0
  eof             close the engine's stdin
Exit status 0 when every step held; otherwise 1, with the transcript.
Environment: DRIVE_TIME_SCALE multiplies the 'within' and 'exits' limits (sanitizer builds).
"""
import os
import queue
import re
import subprocess
import sys
import threading
import time


SCALE = float(os.environ.get("DRIVE_TIME_SCALE", "1"))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    text = open(sys.argv[2]).read() if len(sys.argv) > 2 else sys.stdin.read()
    proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, bufsize=0)
    lines = queue.Queue()
    transcript = []

    def reader():
        for raw in proc.stdout:
            lines.put((time.monotonic(), raw.decode(errors="replace").rstrip("\r\n")))
        lines.put((time.monotonic(), None))

    threading.Thread(target=reader, daemon=True).start()
    pending = []          # lines read but not yet consumed
    window = []           # lines seen since the last send / mark
    saved = {}
    last_match = None
    last_send = time.monotonic()
    read_timeout = 20.0
    within = None
    eof = False

    def fail(msg):
        print("FAIL:", msg)
        print("---- transcript ----")
        for t in transcript[-60:]:
            print(t if len(t) <= 200 else t[:200] + "...")
        try:
            proc.kill()
        except OSError:
            pass
        sys.exit(1)

    def next_line(deadline):
        nonlocal eof
        if pending:
            return pending.pop(0)
        if eof:
            return None
        try:
            stamp, line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return "TIMEOUT"
        if line is None:
            eof = True
            return None
        transcript.append("< " + line)
        window.append(line)
        return (stamp, line)

    def collect(seconds):
        end = time.monotonic() + seconds
        got = []
        while True:
            r = next_line(end)
            if r == "TIMEOUT" or r is None:
                break
            got.append(r)
        return got

    for n, raw in enumerate(text.splitlines(), 1):
        step = raw.strip()
        if not step or step.startswith("#"):
            continue
        where = "line %d: %s" % (n, step)
        if step.startswith(">> "):
            data = step[3:].encode().decode("unicode_escape").encode("latin-1")
            transcript.append("> " + repr(data))
            try:
                proc.stdin.write(data)
                proc.stdin.flush()
            except OSError:
                fail(where + " (engine closed its input)")
            last_send = time.monotonic()
            window.clear()
        elif step.startswith("> ") or step == ">":
            data = step[2:] if step != ">" else ""
            transcript.append("> " + data)
            try:
                proc.stdin.write((data + "\n").encode())
                proc.stdin.flush()
            except OSError:
                fail(where + " (engine closed its input)")
            last_send = time.monotonic()
            window.clear()
        elif step.startswith("!< "):
            rx = re.compile(step[3:])
            for ln in window + [p[1] for p in pending if p[1] not in window]:
                if rx.fullmatch(ln):
                    fail(where + " (unexpected line: %s)" % ln)
        elif step.startswith("< "):
            rx = re.compile(step[2:])
            deadline = time.monotonic() + read_timeout
            while True:
                r = next_line(deadline)
                if r == "TIMEOUT":
                    fail(where + " (no such line within %.0f s)" % read_timeout)
                if r is None:
                    fail(where + " (engine exited first)")
                stamp, line = r
                if rx.fullmatch(line):
                    last_match = line
                    if within is not None and (stamp - last_send) * 1000 > within:
                        fail(where + " (came after %.0f ms, limit %.0f ms)" % ((stamp - last_send) * 1000, within))
                    within = None
                    break
        elif step.startswith("= "):
            want = step[2:]
            r = next_line(time.monotonic() + read_timeout)
            if r == "TIMEOUT" or r is None:
                fail(where + " (no line)")
            if r[1] != want:
                fail(where + " (got: %s)" % r[1])
            last_match = r[1]
        elif step == "mark":
            window.clear()
        elif step.startswith("quiet "):
            got = collect(int(step.split()[1]) / 1000.0)
            if got:
                fail(where + " (got: %s)" % got[0][1])
        elif step.startswith("absent "):
            _, ms, rx = step.split(" ", 2)
            got = collect(int(ms) / 1000.0)
            for g in got:
                if re.fullmatch(rx, g[1]):
                    fail(where + " (got: %s)" % g[1])
            pending.extend(got)
        elif step.startswith("sleep "):
            pending.extend(collect(int(step.split()[1]) / 1000.0))
        elif step.startswith("within "):
            within = int(step.split()[1]) * SCALE
        elif step.startswith("timeout "):
            read_timeout = float(step.split()[1])
        elif step.startswith("save "):
            saved[step.split()[1]] = last_match
        elif step.startswith("same "):
            a, b = step.split()[1:3]
            strip = lambda s: re.sub(r" (time|nps) \d+", "", s or "")
            if strip(saved.get(a)) != strip(saved.get(b)):
                fail(where + " (%s != %s)" % (saved.get(a), saved.get(b)))
        elif step.startswith("legal "):
            _, game, spec = step.split(" ", 2)
            m = re.match(r"bestmove (\S+)", last_match or "")
            if not m:
                fail(where + " (no bestmove line matched before)")
            out = subprocess.run([binary, "perft", game, spec, "1", "--divide"], capture_output=True,
                                 text=True).stdout
            moves = {ln.split(":")[0] for ln in out.splitlines() if re.fullmatch(r"\S+: 1", ln)}
            if m.group(1) not in moves:
                fail(where + " (%s is not among the %d legal moves)" % (m.group(1), len(moves)))
        elif step.startswith("exits "):
            limit = int(step.split()[1]) * SCALE
            try:
                status = proc.wait(timeout=max(limit / 1000.0 - (time.monotonic() - last_send), 0) + 0.001)
            except subprocess.TimeoutExpired:
                fail(where + " (still running after %.0f ms)" % limit)
            took = (time.monotonic() - last_send) * 1000
            if took > limit:
                fail(where + " (exit after %.0f ms)" % took)
            if status != 0:
                fail(where + " (exit status %d)" % status)
        elif step == "eof":
            proc.stdin.close()
        else:
            fail(where + " (unknown script step)")
    try:
        proc.stdin.close()
    except OSError:
        pass
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        fail("engine still running 5 s after its input ended")
    if proc.returncode not in (0, None):
        fail("engine exit status %d" % proc.returncode)
    if os.environ.get("DRIVE_VERBOSE"):
        print("\n".join(transcript))


if __name__ == "__main__":
    main()
