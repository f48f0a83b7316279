#!/usr/bin/env bash
# The command-line face: help, --version, analyse (progress, MultiPV labels, final move, bad
# arguments -> message on stderr and exit status 2), bench (one total line, deterministic).
set -u
BIN=$1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

"$BIN" help >/tmp/cli.$$ 2>&1 || fail "help exit status"
for w in perft analyse bench check; do grep -q "shishi $w" /tmp/cli.$$ || fail "help does not list $w"; done
"$BIN" --version | grep -Eqx 'Shishi \S+' || fail "--version"

# analyse: depth lines, a labelled MultiPV, a legal final move in the game's notation
out=$("$BIN" analyse --variant shogi --position "startpos moves 7g7f" --depth 3 --multipv 2) || fail "analyse exit"
echo "$out" | grep -Eq '^depth  3/[0-9 ]+ line 1  score [-+][0-9.]+ +nodes +[0-9]+  time +[0-9]+ ms  pv \S+' || fail "analyse line 1: $out"
echo "$out" | grep -Eq '^depth  3/[0-9 ]+ line 2  ' || fail "analyse line 2"
best=$(echo "$out" | sed -n 's/^bestmove //p')
"$BIN" perft shogi "startpos moves 7g7f" 1 --divide | grep -q "^$best: 1$" || fail "analyse bestmove '$best' not legal"
out=$("$BIN" analyse --variant chu --nodes 3000) || fail "analyse chu"
echo "$out" | grep -Eq '^bestmove [a-l][0-9]+[a-l][0-9]+' || fail "chu bestmove not in XBoard notation: $out"
out=$("$BIN" analyse --variant nana --time 0.2) || fail "analyse --time"
echo "$out" | grep -Eq '^bestmove ' || fail "analyse --time: no bestmove"
out=$("$BIN" analyse --position "sfen kG7/1G7/9/9/9/9/9/9/8K w - 1" --depth 2) || fail "analyse mated"
echo "$out" | grep -q '^bestmove none' || fail "mated position: $out"

bad() { # bad arguments: exit status 2, a message on stderr, nothing on stdout
    out=$("$BIN" "$@" 2>/tmp/cli.$$); st=$?
    [ $st = 2 ] || fail "'$*' exit status $st (want 2)"
    [ -s /tmp/cli.$$ ] || fail "'$*' printed no message"
    [ -z "$out" ] || fail "'$*' printed on stdout: $out"
}
bad analyse --variant chess
bad analyse --depth 0
bad analyse --depth x
bad analyse --nodes -5
bad analyse --time soon
bad analyse --multipv 65
bad analyse --depth 2 --nodes 100
bad analyse --frob 1
bad analyse --depth
bad analyse stray
bad analyse --position "sfen garbage"
bad analyse --position "startpos moves 7g7f 7g7f"
bad bench 0
bad bench deep
bad frobnicate

# Input files that are no regular files get a message at once (reading /dev/zero never
# ended and filled the memory); any non-zero status (convert and analyse --record use 1).
# WHY the memory cap only outside sanitizer builds: ASan and TSan reserve terabytes of address
# space for their shadow memory at start-up, which a virtual-memory limit refuses.
case "$BIN" in *-asan*|*-tsan*) VMEM=unlimited ;; *) VMEM=4000000 ;; esac
refused() { # refused STATUS WORDS... : that exit status, the message on stderr matches WORDS
    want=$1; shift
    out=$(ulimit -v $VMEM; timeout 20 "$BIN" "$@" 2>/tmp/cli.$$); st=$?
    [ $st = "$want" ] || fail "'$*' exit status $st (want $want)"
    grep -q "$REASON" /tmp/cli.$$ || fail "'$*' message: $(cat /tmp/cli.$$) (want '$REASON')"
}
REASON='cannot read /dev/zero'; refused 2 show --record /dev/zero
REASON='/dev/zero: cannot read'; refused 1 convert /dev/zero
REASON="cannot open '/dev/zero': not a regular file"; refused 2 eval --params /dev/zero
REASON='/dev/zero: not a regular file'; refused 2 tune --variant shogi --data /dev/zero --out /dev/null
REASON="openings file '/dev/zero': not a regular file"; refused 2 selfplay --openings /dev/zero --games 1 --out /tmp/cli-sp.$$
REASON='cannot open /: a directory, not a file'; refused 2 book merge / / -o /tmp/cli-bk.$$
rm -f /tmp/cli-sp.$$ /tmp/cli-bk.$$
# more inputs the adversarial round found accepted (docs/reliability.md, "Malformed input")
: > /tmp/cli-empty.$$.txt   # .txt: read as USI move lists
printf '\001\002\377garbage\n' > /tmp/cli-bin.$$
REASON="not ''"; refused 2 perft shogi startpos ''
REASON="bad value 'nan' for --time"; refused 2 mate --position startpos --time nan
REASON="Threads must be from 1 to 64, not '0'"; refused 2 mate --position startpos --threads 0
REASON='no game in the text'; refused 1 convert /tmp/cli-empty.$$.txt
REASON='no parameter rows'; refused 2 eval --params /tmp/cli-empty.$$.txt
REASON='no parameter rows'; refused 2 eval --params /tmp/cli-bin.$$
REASON="2 bad lines skipped"; refused 1 book merge /tmp/cli-empty.$$.txt /tmp/cli-bin.$$ -o /tmp/cli-bk.$$
REASON="takes no arguments (see shishi help), not 'extra'"
refused 2 check extra
refused 2 help extra
refused 2 --version extra
rm -f /tmp/cli-empty.$$.txt /tmp/cli-bin.$$ /tmp/cli-bk.$$
# second round (docs/reliability.md, "Malformed input, second round")
# a blank record named .kif/.ki2/.pgn (or read --from kif) was converted, shown, analysed and
# put in a book as a game of no moves, exit 0
E=/tmp/cli-empty.$$
: > $E.kif; : > $E.pgn; printf '\xef\xbb\xbf\n \r\n\t\n' > $E.ki2; printf '# only a comment\n' > $E.c.kif; : > $E.txt
REASON='no game in the text'
for f in $E.kif $E.pgn $E.ki2 $E.c.kif; do
    refused 1 convert $f
    refused 2 show --record $f
    refused 1 analyse --record $f --depth 1
done
refused 1 convert $E.txt --from kif
refused 2 book build --variant shogi --from $E.kif -o $E.db
rm -f $E.kif $E.pgn $E.ki2 $E.c.kif $E.txt $E.db
# an option given twice: the last one counted without a word
REASON='eval: --variant given twice'; refused 2 eval --variant shogi --variant micro
REASON='analyse: --position given twice'; refused 2 analyse --position startpos --depth 1 --position 'sfen 8k/9/9/9/9/9/9/9/K8 b - 1'
REASON='convert: -o given twice'; refused 2 convert x.kif -o a.kif -o b.kif
REASON='book: --out given twice'; refused 2 book build --variant shogi --from x.kif -o a.db --out b.db
REASON='perft: --divide given twice'; refused 2 perft shogi startpos 1 --divide --divide
# solve --threads through atoi ('2x' was 2), an unknown game named
REASON="bad value '2x' for --threads"; refused 2 solve nana --threads 2x -o /dev/null
REASON="unknown game 'chess'"; refused 2 solve chess
# analyse --record --time nan searched for ever (NaN passed the range test)
printf 'startpos moves 7g7f 3c3d\n' > $E.usi
REASON='bad value for --time'; refused 2 analyse --record $E.usi --time nan
rm -f $E.usi

# bench: one stdout line, identical twice
a=$("$BIN" bench 2 2>/dev/null) || fail "bench exit"
b=$("$BIN" bench 2 2>/dev/null)
echo "$a" | grep -Eqx 'Nodes searched: [1-9][0-9]*' || fail "bench output: $a"
[ "$a" = "$b" ] || fail "bench not deterministic: $a / $b"
# mate: the line on stdout; a 5-ply mate whose first proof is 19 plies: exact by default, and
# with --exact (a flag without a value, anywhere among the options)
P="sfen ln6l/3+BRrk2/6pg1/p2G3p1/3PppP1p/PP7/2BGP1N1P/6K2/LN6L b G4SN4P2p 1"
for args in "" "--exact" "--exact --hash 16"; do
    out=$("$BIN" mate --position "$P" $args 2>/tmp/cli.$$) || fail "mate $args: exit status"
    [ "$out" = "$(printf 'mate 5\n5b4b+ 3b4b R*5b 4b4c 6d5d')" ] || fail "mate $args: $out"
    grep -q 'shorter mates not ruled out' /tmp/cli.$$ && fail "mate $args: not exact"
done
# on two threads (the root's searches shared, engine/mate/parallel.c): still the 5-ply mate,
# proven shortest (which 5-ply line depends on the threads' timing)
out=$("$BIN" mate --position "$P" --threads 2 2>/tmp/cli.$$) || fail "mate --threads 2: exit status"
[ "$(echo "$out" | head -1)" = "mate 5" ] || fail "mate --threads 2: $out"
grep -q 'shorter mates not ruled out' /tmp/cli.$$ && fail "mate --threads 2: not exact"
# several games: KIF holds one a file (OUT-1.kif, OUT-2.kif ...); CSA, PGN and USI keep them together
D=/tmp/cli-games.$$; mkdir -p $D
printf 'V2.2\nPI\n+\n+7776FU\n%%TORYO\n/\nV2.2\nPI\n+\n+2726FU\n%%TORYO\n' > $D/two.csa
"$BIN" convert $D/two.csa -o $D/g.kifu 2>/tmp/cli.$$ || fail "convert two games to KIF: exit status"
[ "$("$BIN" convert $D/g-1.kifu --to usi)" = "startpos moves 7g7f" ] || fail "game 1 of two in KIF"
[ "$("$BIN" convert $D/g-2.kifu --to usi)" = "startpos moves 2g2f" ] || fail "game 2 of two in KIF"
[ -e $D/g.kifu ] && fail "two games written into one KIF file"
"$BIN" convert $D/two.csa -o $D/g.pgn || fail "convert two games to PGN: exit status"
[ "$("$BIN" convert $D/g.pgn --to usi | wc -l)" = 2 ] || fail "two games through PGN"
[ "$("$BIN" convert $D/g.pgn --to csa | grep -c '^V2.2')" = 2 ] || fail "two games through CSA"
# show --game K: the K-th game of the file (game 2 opened with 2g2f: the pawn is on 2f)
"$BIN" show --record $D/two.csa --game 2 --ascii | grep -q '^| \.   \.   \.   \.   \.   \.   \.   P \* \.  | f' ||
    fail "show --game 2"
REASON='no game 3'; refused 2 show --record $D/two.csa --game 3
rm -rf $D
rm -f /tmp/cli.$$
[ $fails = 0 ] && echo ok
