#!/usr/bin/env bash
# shishi analyse --record: a short CSA game in which White hangs a promoted bishop (move 4,
# 2b7g+ takes nothing and the knight or bishop takes it) is analysed at a small depth. Checked:
# one line per move, the blunder marked ?? on move 4 and only there, the summary counting it
# for White, the annotated KIF re-read with a comment on every move, the PGN with the $4 NAG,
# the SVG parsed by a real XML parser with its blunder mark, the progress lines on stderr, a
# game ending in mate scored `mate 1`, a multi-game CSA file's --game, bad arguments refused, and the single-position analyse intact.
set -u
BIN=$1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

game='+7776FU\n-3334FU\n+7675FU\n-2277UM\n+8877KA\n-8384FU\n+2726FU\n%%TORYO\n'
printf "V2.2\nN+Sente\nN-Gote\nPI\n+\n$game" >"$tmp/g.csa"
"$BIN" analyse --record "$tmp/g.csa" --depth 4 -o "$tmp/out.kifu" --svg "$tmp/g.svg" >"$tmp/out" 2>"$tmp/err" ||
    fail "analyse --record exit status $?"
cat "$tmp/out"
lines=$(grep -cE '^ +[0-9]+  (black|white)  ' "$tmp/out")
[ "$lines" = 7 ] || fail "expected 7 move lines, got $lines"
grep -qE '^ +4  white  ７七角成\(22\) .* \?\?$' "$tmp/out" || fail "move 4 (the hung bishop) not marked ??"
[ "$(grep -cE '\?\?$' "$tmp/out")" = 1 ] || fail "?? on a move other than 4"
grep -qE '^blunders +0 +1 ' "$tmp/out" || fail "summary does not count White's blunder"
grep -qE '^moves +4 +3$' "$tmp/out" || fail "summary move counts"
grep -qE '^accuracy ' "$tmp/out" || fail "no accuracy line"
grep -q 'analysing \[#*\] 8/8' "$tmp/err" || fail "no final progress line on stderr"

# the annotated KIF reads back with a comment on every move
"$BIN" convert "$tmp/out.kifu" --to pgn >"$tmp/back.pgn" || fail "annotated KIF does not re-read"
[ "$(grep -o '{shishi: ' "$tmp/back.pgn" | wc -l)" = 7 ] || fail "annotated KIF: not 7 comments read back"
grep -q '^\*shishi: .* ??, best ' "$tmp/out.kifu" || fail "KIF comment lacks the blunder mark and best move"

# PGN output: NAG $4 on the blunder
"$BIN" analyse --record "$tmp/g.csa" --depth 4 -o "$tmp/out.pgn" >/dev/null 2>&1 || fail "-o .pgn"
grep -Eq ' \$4 \{([-+][0-9.]+/[0-9]+ )?shishi: [^}]*\?\?' "$tmp/out.pgn" || fail "PGN lacks \$4 on the blunder"
# and XBoard's score/depth form at the start of the comments (XBoard reads it as the move's score)
grep -Eq '\{[-+][0-9]+\.[0-9][0-9]/4 shishi: ' "$tmp/out.pgn" || fail "PGN comments lack XBoard's score/depth"

python3 - "$tmp/g.svg" <<'PY' || fail "SVG is not well-formed or lacks its parts"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
ns = "{http://www.w3.org/2000/svg}"
assert root.tag == ns + "svg", root.tag
assert root.find(ns + "polyline") is not None, "no curve"
pts = root.find(ns + "polyline").get("points").split()
assert len(pts) == 8, len(pts)  # the start and the position after each of 7 moves
marks = [c for c in root.iter(ns + "circle") if c.get("class") == "j3"]
assert len(marks) == 1 and marks[0].find(ns + "title").text.startswith("4. "), "blunder mark"
texts = [t.text for t in root.iter(ns + "text")]
assert "+0" in texts and "move" in texts, texts
PY

# a game ending in mate: the mating move is `mate 1` for its player (a drop of the gold)
echo 'sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b' >"$tmp/mate.usi"
"$BIN" analyse --record "$tmp/mate.usi" --depth 3 >"$tmp/out3" 2>/dev/null || fail "mate record"
grep -qE '^ +1  black  G\*5b +mate 1 ' "$tmp/out3" || fail "mating move not scored mate 1: $(cat "$tmp/out3")"

# two games in one CSA file: --game 2 analyses the second (3 moves)
printf "V2.2\nPI\n+\n$game/\nV2.2\nPI\n+\n+2726FU\n-8384FU\n+2625FU\n%%CHUDAN\n" >"$tmp/two.csa"
"$BIN" analyse --record "$tmp/two.csa" --game 2 --nodes 2000 >"$tmp/out2" 2>/dev/null || fail "--game 2"
[ "$(grep -cE '^ +[0-9]+  (black|white)  ' "$tmp/out2")" = 3 ] || fail "--game 2: not 3 move lines"
"$BIN" analyse --record "$tmp/two.csa" --game 3 >/dev/null 2>&1 && fail "--game 3 of 2 accepted"
"$BIN" analyse --record "$tmp/none.csa" >/dev/null 2>&1 && fail "missing record accepted"
"$BIN" analyse --record "$tmp/g.csa" --depth 2 --nodes 5 >/dev/null 2>&1; [ $? = 2 ] || fail "two limits: not status 2"
"$BIN" analyse --record "$tmp/g.csa" --bogus 1 >/dev/null 2>&1; [ $? = 2 ] || fail "unknown option: not status 2"
# an output that cannot be written is refused before the analysis (it was found only after the
# whole analysis): status 1, a message naming it, no move table, no progress, and no file of
# this run left behind; an existing -o file keeps its text
for args in "-o $tmp/no/such/dir/out.kif" "-o $tmp" "--svg $tmp/no/such/dir/g.svg" \
            "-o $tmp/fresh.kif --svg $tmp/no/such/dir/g.svg" "-o $tmp/keep.kif --svg $tmp"; do
    echo "keep me" >"$tmp/keep.kif"
    # shellcheck disable=SC2086
    "$BIN" analyse --record "$tmp/g.csa" --nodes 20000 $args >"$tmp/outw" 2>"$tmp/errw"; st=$?
    [ $st = 1 ] || fail "analyse $args: status $st, not 1"
    grep -q 'cannot write' "$tmp/errw" || fail "analyse $args: no 'cannot write' message: $(cat "$tmp/errw")"
    grep -q 'analysing' "$tmp/errw" && fail "analyse $args: analysed before refusing the output"
    [ -s "$tmp/outw" ] && fail "analyse $args: printed $(head -2 "$tmp/outw")"
    [ -e "$tmp/fresh.kif" ] && fail "analyse $args: left $tmp/fresh.kif behind"
    [ "$(cat "$tmp/keep.kif")" = "keep me" ] || fail "analyse $args: an existing -o file lost its text"
done
# and a writable -o that exists is replaced whole (not appended to)
printf 'old text that is longer than nothing\n%.0s' $(seq 1 50) >"$tmp/over.kifu"
"$BIN" analyse --record "$tmp/g.csa" --depth 2 -o "$tmp/over.kifu" >/dev/null 2>&1 || fail "-o over an existing file"
grep -q 'old text' "$tmp/over.kifu" && fail "-o over an existing file: the old text is still there"
"$BIN" convert "$tmp/over.kifu" --to pgn >/dev/null 2>&1 || fail "-o over an existing file: does not re-read"
"$BIN" analyse --depth 3 | grep -q '^bestmove ' || fail "single-position analyse broken"
exit $fails
