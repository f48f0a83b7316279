#!/usr/bin/env bash
# shishi convert: formats by extension, Shift_JIS for .kif, UTF-8 with the #KIF line for .kifu,
# and bad records (truncated line, unknown piece, illegal move, wrong encoding, malformed CSA)
# refused with the file and line named and a non-zero exit, never a crash.
set -u
BIN=$1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
shared=${SHISHI_SHARED:-$(dirname "$0")/../../../shared}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

kif=$shared/data/games/kif/kif1.kif
"$BIN" convert "$kif" -o "$tmp/a.kif" || fail "convert to .kif"
file -b "$tmp/a.kif" | grep -qi 'utf-8' && fail ".kif output is not Shift_JIS"
"$BIN" convert "$kif" -o "$tmp/a.kifu" || fail "convert to .kifu"
head -1 "$tmp/a.kifu" | grep -q '^#KIF version=2.0 encoding=UTF-8' || fail ".kifu lacks the encoding line"
"$BIN" convert "$tmp/a.kif" --to usi >"$tmp/1.usi" || fail "read back Shift_JIS"
"$BIN" convert "$kif" --to usi >"$tmp/2.usi" || fail "kif to usi"
cmp -s "$tmp/1.usi" "$tmp/2.usi" || fail "Shift_JIS round trip changed the moves"
"$BIN" convert "$kif" -o "$tmp/a.csa" && "$BIN" convert "$tmp/a.csa" --to usi | cmp -s - "$tmp/2.usi" || fail "csa round trip"
grep -q '^%TORYO' "$tmp/a.csa" || fail "csa ending"
grep -q 'まで.*手で.*の勝ち' "$tmp/a.kifu" || fail "kif まで line"

# bad records: message names the file and the line, exit status non-zero
bad() { # NAME EXT TEXT LINE
    printf '%b' "$3" >"$tmp/$1.$2"
    out=$("$BIN" convert "$tmp/$1.$2" --to usi 2>&1)
    st=$?
    [ $st -ne 0 ] && [ $st -lt 128 ] || fail "$1: exit status $st"
    echo "$out" | grep -q "$1.$2:$4:" || fail "$1: no file:line in '$out'"
}
bad truncated kif '手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四\n' 4
bad piece kif '手合割：平手\n手数----指手--\n   1 ７六猫(77)\n' 3
bad illegal kif '手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ７五歩(77)\n' 4
bad csaline csa 'V2.2\nPI\n+\n+7776FU\n-33\n' 5
bad csaillegal csa 'V2.2\nPI\n+\n+7775FU\n' 4
bad usimove usi 'startpos moves 7g7f 3c3d 8h2b+ 2b3c\n' 1
printf '\xff\xfe\xff\x00garbage\n' >"$tmp/enc.kif"
"$BIN" convert "$tmp/enc.kif" >/dev/null 2>"$tmp/err"
st=$?
[ $st -ne 0 ] && [ $st -lt 128 ] || fail "wrong encoding: exit status $st"
grep -q 'enc.kif' "$tmp/err" || fail "wrong encoding: message does not name the file"
"$BIN" convert "$tmp/none.kif" 2>/dev/null && fail "missing file accepted"
"$BIN" convert 2>/dev/null; [ $? -eq 2 ] || fail "no input: usage status"
exit $fails
