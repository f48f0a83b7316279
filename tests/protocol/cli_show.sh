#!/usr/bin/env bash
# shishi show: the text diagram of every game (labels in the game's notation, owner marks,
# hands, side to move, last move marked), --ascii, --svg checked with a real XML parser,
# and bad arguments (message on stderr, exit status 2, nothing on stdout).
set -u
BIN=$1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# shogi after 7g7f 3c3d: USI labels 9..1 and a..i, 9 board rows, both hands, White to ...
out=$("$BIN" show "startpos moves 7g7f 3c3d" --ascii) || fail "show shogi exit"
echo "$out" | grep -Eqx '   9   8   7   6   5   4   3   2   1' || fail "shogi file labels: $out"
[ "$(echo "$out" | grep -c '^|.*| [a-i]$')" = 9 ] || fail "shogi: not 9 ranks a..i"
echo "$out" | grep -Eqx '\|vL  vN  vS  vG  vK  vG  vS  vN  vL  \| a' || fail "shogi rank a (White's pieces marked v)"
echo "$out" | grep -Eqx '\| L   N   S   G   K   G   S   N   L  \| i' || fail "shogi rank i"
# 3c3d: the from square (3c, empty) and the to square (3d, a White pawn) marked
echo "$out" | grep -Eqx '\|vP  vP  vP  vP  vP  vP   \. \*vP  vP  \| c' || fail "3c not marked: $out"
echo "$out" | grep -Eqx '\| \.   \.   \.   \.   \.   \.  vP \* \.   \.  \| d' || fail "3d not marked"
[ "$(echo "$out" | grep '^|' | grep -o '\*' | wc -l)" = 2 ] || fail "more than the last move marked"
echo "$out" | grep -qx 'White (gote) hand: -' || fail "White's hand"
echo "$out" | grep -qx 'Black (sente) hand: -' || fail "Black's hand"
echo "$out" | grep -qx 'shogi: Black (sente) to move, move 3' || fail "side to move"
echo "$out" | grep -qx 'last move: 3c3d (squares marked \*)' || fail "last move line"
# a hand with counts, from an SFEN, no last move
out=$("$BIN" show "sfen 4k4/9/9/9/9/9/9/9/4K4 w 2Pr3p 1" --ascii) || fail "show sfen"
echo "$out" | grep -qx 'Black (sente) hand: P2' || fail "Black hand P2: $out"
echo "$out" | grep -qx 'White (gote) hand: R P3' || fail "White hand R P3"
echo "$out" | grep -q 'last move' && fail "a position without moves has no last move"

# every game: its board size and labels (chu and wa in XBoard notation: a.. and 1..)
check_game() { # game files ranks first-file-label first-rank-label
    out=$("$BIN" show --variant "$1" startpos --ascii) || { fail "show $1"; return; }
    rows=$(echo "$out" | grep -c '^|')
    [ "$rows" = "$3" ] || fail "$1: $rows rows, want $3"
    cells=$(echo "$out" | grep -m1 '^|' | tr -cd '|' | wc -c)
    [ "$cells" = 2 ] || fail "$1: row frame"
    head=$(echo "$out" | grep -m1 -E '^ +[0-9a-l]+( |$)')
    [ "$(echo $head | wc -w)" = "$2" ] || fail "$1: $(echo $head | wc -w) file labels, want $2"
    [ "$(echo $head | cut -d' ' -f1)" = "$4" ] || fail "$1: first file label '$head'"
    echo "$out" | grep -m1 '^|' | grep -Eq "\| $5\$" || fail "$1: top rank label, want $5"
}
check_game shogi 9 9 9 a
check_game micro 4 5 4 a
check_game nana 3 3 3 a
check_game chu 12 12 a 12
check_game wa 11 11 a 11
check_game wa-nodrop 11 11 a 11
"$BIN" show --variant chu --ascii | grep -q 'hand' && fail "chu has no hands to show"
out=$("$BIN" show --variant chu "sfen lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1" --ascii)
echo "$out" | grep -m1 -Eq '^ +12 +11 ' || fail "chu given as sfen: USI labels 12..1"
# kanji glyphs by default: the same board as --ascii, with the descriptors' glyphs
out=$("$BIN" show "startpos moves 7g7f 3c3d") || fail "show kanji"
echo "$out" | grep -qx '|v香 v桂 v銀 v金 v玉 v金 v銀 v桂 v香 | a' || fail "kanji rank a: $out"
echo "$out" | grep -qx '| ・  ・  ・  ・  ・  ・ v歩\* ・  ・ | d' || fail "kanji rank d"
out=$("$BIN" show "sfen 4k4/9/9/9/9/9/9/9/4K4 w 2Pr3p 1") || fail "show kanji hands"
echo "$out" | grep -qx 'White (gote) hand: 飛 歩3' || fail "kanji hand: $out"
"$BIN" show --variant nana "startpos moves K*1a K*3c" | grep -q 'last move: K\*3c' || fail "nana drop as last move"

# SVG: well-formed XML, one text per piece, White's turned, the last move highlighted
"$BIN" show "startpos moves 7g7f 3c3d" --svg "$tmp/b.svg" >/dev/null || fail "svg exit"
python3 - "$tmp/b.svg" <<'PY' || fail "svg content"
import sys, xml.etree.ElementTree as ET
raw = open(sys.argv[1], 'rb').read()
raw.decode('utf-8')
root = ET.fromstring(raw)
ns = '{http://www.w3.org/2000/svg}'
assert root.tag == ns + 'svg', root.tag
texts = list(root.iter(ns + 'text'))
pieces = [t for t in texts if 'piece' in t.get('class', '').split()]
white = [t for t in pieces if 'white' in t.get('class').split()]
assert len(pieces) == 40 and len(white) == 20, (len(pieces), len(white))
assert all(t.get('transform', '').startswith('rotate(180') for t in white)
assert not any(t.get('transform') for t in pieces if t not in white)
last = [r for r in root.iter(ns + 'rect') if r.get('class') == 'last-move']
assert len(last) == 2, len(last)
assert len(list(root.iter(ns + 'line'))) == 20  # 10 + 10 grid lines
labels = [t.text for t in texts if t.text in list('123456789abcdefghi')]
assert len(labels) == 18, labels
hands = [t.text for t in texts if 'hand' in t.get('class', '').split()]
assert len(hands) == 2 and any(h.startswith('\u25b6') for h in hands), hands
PY
for g in micro nana chu wa; do
    "$BIN" show --variant $g --svg - | python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.stdin)' \
        || fail "$g svg not XML"
done

# --record FILE [--move N]: a position of a game record (the reader of src/record/)
games=${SHISHI_SHARED:-$(dirname "$0")/../../../shared}/data/games
out=$("$BIN" show --record "$games/kif/kif1.kif" --move 4 --ascii) || fail "show --record"
want=$("$BIN" convert "$games/kif/kif1.kif" --to usi | head -1 | cut -d' ' -f1-6)
echo "$out" | grep -qx "last move: $(echo "$want" | cut -d' ' -f6) (squares marked \*)" \
    || fail "record ply 4 is not the 4th move of '$want': $out"
echo "$out" | grep -qx 'shogi: Black (sente) to move, move 5' || fail "record ply 4: move number"
"$BIN" show --record "$games/kif/kif1.kif" --move 0 | grep -q 'last move' && fail "--move 0 is the start"
"$BIN" show --record "$games/kif/chushogiKif1.kif" --move 1 --ascii | grep -q '^chu: White' || fail "chu record"

bad() { # bad arguments: exit status 2, a message on stderr, nothing on stdout
    out=$("$BIN" "$@" 2>"$tmp/err"); st=$?
    [ $st = 2 ] || fail "'$*' exit status $st (want 2)"
    [ -s "$tmp/err" ] || fail "'$*' printed no message"
    [ -z "$out" ] || fail "'$*' printed on stdout: $out"
}
bad show --variant chess
bad show "sfen garbage"
bad show "startpos moves 7g7f 7g7f"
bad show startpos moves
bad show --frob
bad show --svg
bad show --svg /nonexistent/dir/x.svg
bad show --record /nonexistent.kif
bad show --record "$games/kif/kif1.kif" --move 9999
bad show --record "$games/kif/kif1.kif" --move x
bad show --record "$games/kif/kif1.kif" startpos
bad show --move 3
[ $fails = 0 ] && echo ok
