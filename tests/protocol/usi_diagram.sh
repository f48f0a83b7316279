#!/usr/bin/env bash
# The `d` debug command: USI writes the board diagram as `info string` lines, XBoard as `#`
# comment lines, so no GUI takes a diagram line for a protocol message; the diagram is the
# current position with the last move marked; the protocol goes on answering afterwards.
set -eu
BIN=$1; D=$(dirname "$0")/drive.py
python3 "$D" "$BIN" <<'END'
> usi
< usiok
> position startpos moves 7g7f
> d
= info string White (gote) hand: -
= info string    9   8   7   6   5   4   3   2   1
= info string +------------------------------------+
= info string |v香 v桂 v銀 v金 v玉 v金 v銀 v桂 v香 | a
< info string \| 歩  歩  ・\* 歩  歩  歩  歩  歩  歩 \| g
< info string shogi: White \(gote\) to move, move 2
= info string last move: 7g7f (squares marked *)
= info string sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2
> setoption name UCI_Variant value micro
> position startpos
> d
= info string White (gote) hand: -
= info string    4   3   2   1
< info string sfen kb\+r\+l/p3/4/3P/\+L\+RBK b - 1
> isready
= readyok
> quit
exits 2000
END
# XBoard: every line of the diagram is a comment line ('#'), squares in XBoard notation
python3 "$D" "$BIN" <<'END'
> xboard
> protover 2
< feature .*done=1
> variant chu
> force
> usermove f4f5
> d
= #      a     b     c     d     e     f     g     h     i     j     k     l
= # +------------------------------------------------------------------------+
= # |v香   v豹   v銅   v銀   v金   v象   v玉   v金   v銀   v銅   v豹   v香   | 12
< # \| ・    ・    ・    仲    ・    歩  \* ・    ・    仲    ・    ・    ・   \| 5
< # chu: White \(gote\) to move, move 2
= # last move: f4f5 (squares marked *)
< # sfen .* w - 2
> ping 7
= pong 7
> quit
exits 2000
END
echo ok
