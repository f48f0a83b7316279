#!/usr/bin/env bash
# shishi run (make run): the start position drawn as a board, one line per finished depth
# (depth, score, nodes, speed, time, PV) in order, the best move (legal), and a hidden
# --depth / --time override so this test takes a second, not the ten seconds of make run.
set -u
BIN=$1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

out=$("$BIN" run --depth 5) || fail "run exit"
echo "$out" | head -1 | grep -Eqx 'Shishi \S+ - shogi, the start position' || fail "title: $(echo "$out" | head -1)"
[ "$(echo "$out" | grep -c '^|.*| [a-i]$')" = 9 ] || fail "no 9-rank board: $out"
echo "$out" | grep -qx '|v香 v桂 v銀 v金 v玉 v金 v銀 v桂 v香 | a' || fail "board rank a"
echo "$out" | grep -qx 'shogi: Black (sente) to move, move 1' || fail "side to move"
echo "$out" | grep -Eq '^depth +score +nodes +speed +time +principal variation$' || fail "column header"
depths=$(echo "$out" | grep -E '^ +[0-9]+ +[-+][0-9]+\.[0-9]{2} +[0-9]+ +[0-9.]+[kM] +[0-9]+\.[0-9] s  [1-9][a-i]' \
    | awk '{print $1}' | tr '\n' ' ')
[ "$depths" = "1 2 3 4 5 " ] || fail "depth lines '$depths': $out"
best=$(echo "$out" | sed -n 's/^Best move: \(\S*\) (score [-+][0-9.]* after depth 5, [0-9]* nodes in [0-9.]* s)$/\1/p')
[ -n "$best" ] || fail "no best-move line: $out"
"$BIN" perft shogi startpos 1 --divide | grep -q "^$best: 1$" || fail "best move '$best' not legal"
# the PV of the last depth starts with the best move
last=$(echo "$out" | grep -E '^ +5 ' | awk '{print $7}')
[ "$last" = "$best" ] || fail "depth-5 PV starts with '$last', best move '$best'"

# --time: stops on time (0.3 s asked, allow for a loaded machine)
t0=$(date +%s%N)
out=$("$BIN" run --time 0.3) || fail "run --time exit"
dt=$((($(date +%s%N) - t0) / 1000000))
[ "$dt" -lt 3000 ] || fail "run --time 0.3 took $dt ms"
echo "$out" | grep -q '^Best move: ' || fail "run --time: no best move"
echo "$out" | grep -q 'Analysing for 0 seconds' && fail "the announced time"

for args in "stray" "--depth 0" "--depth x" "--time -1" "--depth"; do
    out=$("$BIN" run $args 2>/tmp/run.$$); st=$?
    [ $st = 2 ] || fail "'run $args' exit status $st (want 2)"
    [ -s /tmp/run.$$ ] || fail "'run $args' printed no message"
    [ -z "$out" ] || fail "'run $args' printed on stdout"
done
rm -f /tmp/run.$$
[ $fails = 0 ] && echo ok
