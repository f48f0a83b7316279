#!/usr/bin/env bash
# USI searches: legal bestmove for go depth 1 in every USI game, resign / win verdicts, info
# line format, MultiPV labels, ponder and infinite wait for ponderhit/stop, stop and quit
# answer promptly, go mate answers, go nodes is deterministic.
set -eu
BIN=$1; D=$(dirname "$0")/drive.py
W='+R+B+P+P+P+P+P+PK/+P+P7/9/9/9/9/9/9/4k4 b RB 1'   # Black may declare (CSA 27 points)
M='kG7/1G7/9/9/9/9/9/9/8K w - 1'                      # White is checkmated
T='5n2k/5l3/5B3/6R2/9/9/9/9/K8 b G 1'                 # tsume: mate in 5 plies (usi-probe)
python3 "$D" "$BIN" <<END
> usi
< usiok
> isready
= readyok
> usinewgame
> position startpos
> go depth 1
< info depth 1 seldepth \d+ time \d+ nodes \d+ nps \d+ hashfull \d+ multipv 1 score cp -?\d+ pv \S+.*
< bestmove \S+( ponder \S+)?
legal shogi startpos
> position startpos moves 7g7f 3c3d 8h2b+
> go depth 2
< bestmove \S+( ponder \S+)?
legal shogi startpos moves 7g7f 3c3d 8h2b+
> setoption name UCI_Variant value micro
> position startpos
> go depth 1
< bestmove \S+( ponder \S+)?
legal micro startpos
> setoption name UCI_Variant value nana
> position startpos moves K*1a K*3c C*1c
> go depth 1
< bestmove \S+( ponder \S+)?
legal nana startpos moves K*1a K*3c C*1c
> setoption name UCI_Variant value chu
> position startpos
> go depth 1
< bestmove \S+( ponder \S+)?
legal chu sfen lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1
# wa over USI: 11x11 squares 1a..11k, drops P*5e; with and without drops
> setoption name UCI_Variant value wa
> position startpos moves 7i7h 5c5d P*5e
< info string illegal move P\*5e
> position startpos moves 7i7h 5c5d
> go depth 1
< bestmove \S+( ponder \S+)?
legal wa sfen hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH b - 1 moves 7i7h 5c5d
> setoption name UCI_Variant value wa-nodrop
> position startpos
> go depth 1
< bestmove \S+( ponder \S+)?
legal wa-nodrop sfen hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH b - 1
> setoption name UCI_Variant value chu
> position startpos
# chu: the royal must be taken (docs/mate.md); no attacking move at the start
> go mate 1000
= checkmate nomate
# chu: a side whose last royal was taken has lost; asked to move all the same (a runner
# without a referee), it resigns; the other side still gets a move
> position sfen 5g6/12/12/12/12/12/12/12/12/12/12/5K6 w - 1
> go depth 3
= bestmove resign
> position sfen 5g6/12/12/12/12/12/12/12/12/12/12/5K6 b - 1
> go depth 3
< bestmove (?!resign)\S+( ponder \S+)?
> setoption name UCI_Variant value shogi
# verdicts
> position sfen $W
> go depth 1
= bestmove win
> setoption name EnteringKingRule value NoEnteringKing
> go depth 1
< bestmove (?!win|resign)\S+( ponder \S+)?
> setoption name EnteringKingRule value CSARule27
> position sfen $M
> go depth 3
= bestmove resign
> go infinite
quiet 300
> stop
within 500
= bestmove resign
# a mate score in plies (a quiet first move: the search is no tsume solver); two quiet
# first moves mate in 3 plies here (3d3b+ ... G*2b and 4c3b+ ... 3d1d)
> position sfen $T
> go depth 6
< info depth \d+ .* score mate 3 pv (3d3b\+ \S+ G\*2b|4c3b\+ \S+ 3d1d)
< bestmove \S+( ponder \S+)?
# MultiPV: lines labelled 1..3 at each depth
> setoption name MultiPV value 3
> position startpos
> go depth 2
< info depth 2 .* multipv 1 .*
< info depth 2 .* multipv 2 .*
< info depth 2 .* multipv 3 .*
< bestmove \S+( ponder \S+)?
> setoption name MultiPV value 1
# infinite and ponder: no bestmove before stop / ponderhit, then at once
> position startpos
> go infinite
absent 400 bestmove.*
> stop
within 500
< bestmove \S+( ponder \S+)?
legal shogi startpos
> position startpos moves 7g7f
> go ponder btime 0 wtime 0 byoyomi 500
absent 400 bestmove.*
> isready
< readyok
> ponderhit
within 2000
< bestmove \S+( ponder \S+)?
legal shogi startpos moves 7g7f
> go ponder btime 0 wtime 0 byoyomi 500
absent 300 bestmove.*
> stop
within 500
< bestmove \S+( ponder \S+)?
# isready is answered during a search
> go infinite
sleep 100
> isready
within 500
< readyok
> stop
< bestmove \S+( ponder \S+)?
# go mate
> position sfen $T
> go mate 5000
# the line read from the proof comes at once as an info line (score mate, its PV), then the
# solver's notes, then the answer; '<' matches whole lines
< info depth 5 seldepth 5 time \d+ nodes \d+ nps \d+ hashfull \d+ multipv 1 score mate 5 pv 3d3a\+ 1a1b 4c3d\+ 1b1c 3a1a
< info string a mate of 5 plies read from the proof; looking for a shorter one
< info string first proof after \d+ nodes, 5 plies
< checkmate 3d3a\+ 1a1b 4c3d\+ 1b1c 3a1a
> position sfen 8k/9/9/9/9/9/9/9/K8 b - 1
> go mate 2000
= checkmate nomate
> position startpos
> go mate 2000
= checkmate nomate
> position sfen 4k4/9/9/9/9/9/9/9/4K4 b RB 1
> go mate infinite
absent 300 checkmate.*
> stop
within 500
# '<', not '=': a progress line (info nodes ..., about once a second) may come first in slow
# (sanitizer) builds
< checkmate timeout
> go mate 200
< checkmate timeout
# byoyomi only: answers within the byoyomi
> go btime 0 wtime 0 byoyomi 1000
within 1600
< bestmove \S+( ponder \S+)?
> go movetime 300
within 1000
< bestmove \S+( ponder \S+)?
> quit
exits 1000
END

# quit during a search exits within 100 ms (best of 3 tries: the machine may be loaded).
# Skipped for sanitizer builds (run.sh sets DRIVE_TIME_SCALE): their exit alone takes seconds.
ok=0
[ -n "${DRIVE_TIME_SCALE:-}" ] && ok=1
for try in 1 2 3; do
    [ $ok = 1 ] && break
    if python3 "$D" "$BIN" >/tmp/usi_quit.$$ 2>&1 <<'END'
> usi
< usiok
> position startpos
> go infinite
sleep 300
> quit
exits 100
END
    then ok=1; break; fi
done
[ $ok = 1 ] || { cat /tmp/usi_quit.$$; rm -f /tmp/usi_quit.$$; exit 1; }
rm -f /tmp/usi_quit.$$

# determinism: the same go nodes twice after usinewgame gives the same last info line
python3 "$D" "$BIN" <<'END'
> usi
< usiok
> setoption name USI_Hash value 16
> isready
= readyok
> usinewgame
> position startpos moves 7g7f 3c3d
> go nodes 20000
sleep 100
< bestmove \S+( ponder \S+)?
> usinewgame
> position startpos moves 7g7f 3c3d
> go depth 7
< info depth 7 .*
save a
< bestmove \S+( ponder \S+)?
> usinewgame
> position startpos moves 7g7f 3c3d
> go depth 7
< info depth 7 .*
save b
< bestmove \S+( ponder \S+)?
same a b
> quit
exits 1000
END

# NodesLimit caps every search: with it, `go depth 40` and a long byoyomi stop where
# `go nodes 4000` stops (the same last info line, time and nps dropped), and still answer
last_info() {
    { printf 'usi\nsetoption name USI_Hash value 16\n%bisready\nusinewgame\nposition startpos moves 7g7f 3c3d\n%s\n' "$1" "$2"
      sleep 3; echo quit; } | timeout 20 "$BIN" | grep -E '^(info depth|bestmove)' | tail -2 |
        sed 's/ time [0-9]*//; s/ nps [0-9]*//' | tr '\n' '|'
}
a=$(last_info '' 'go nodes 4000')
b=$(last_info 'setoption name NodesLimit value 4000\n' 'go depth 40')
c=$(last_info 'setoption name NodesLimit value 4000\n' 'go btime 0 wtime 0 byoyomi 60000')
case "$a" in "info depth "*"|bestmove "*) ;; *) echo "FAIL: go nodes 4000 gave '$a'"; exit 1 ;; esac
[ "$a" = "$b" ] || { echo "FAIL: NodesLimit 4000 + go depth 40 gave '$b', go nodes 4000 '$a'"; exit 1; }
[ "$a" = "$c" ] || { echo "FAIL: NodesLimit 4000 + byoyomi 60 s gave '$c', go nodes 4000 '$a'"; exit 1; }
python3 "$D" "$BIN" <<'END'
> usi
< usiok
> setoption name NodesLimit value -1
< info string error: .*
> quit
exits 1000
END
echo ok
