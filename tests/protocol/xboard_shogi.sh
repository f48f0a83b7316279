#!/usr/bin/env bash
# xboard_shogi.sh - standard shogi over CECP as XBoard's built-in `shogi` plays it:
# algebraic squares (7g7f = c3c4), drops P@e5, holdings in the FEN, '+'/'=' suffixes
# (uci2wb writes a declined promotion as '='), claims after either side's move.
. "$(dirname "$0")/xboardlib.sh"
xb_start

send new "variant shogi"
fence            # built into XBoard: no setup lines
send force
legal c3c4 g7g6
illegal "7g7f" "Illegal move (malformed): 7g7f"
illegal "c4c6"
legal "b2h8+" "g9h8" "B@e5"     # bishops traded with promotion, then dropped
send undo undo undo
legal "b2h8=" "g9h8"            # declined promotion, written as uci2wb does
illegal "B@c4"                  # onto an occupied square
send "setboard lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - 0 1" force
fence
legal c3c4
send "setboard lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 0 1" force
fence
legal c3c4

# hands, nifu, forced promotion, drops by White
send "setboard 4k4/9/9/9/9/9/9/2P6/4K4[PNp] w - 0 1" force
fence
illegal "P@c5"                  # nifu
illegal "P@e9"                  # could never move
illegal "N@e8"                  # knight on the last two ranks
legal "P@e5" "P@e4"             # White drops with an uppercase letter as XBoard sends
send undo undo
send "setboard 4k4/2P6/9/9/9/9/9/9/4K4[-] w - 0 1" force
illegal "c8c9"                  # pawn must promote on the last rank
legal "c8c9+"

# mate by a gold drop: the user's move is claimed, then the engine's
MATE="4k4/9/4P4/9/9/9/9/9/4K4[G] w - 0 1"
send "setboard $MATE" force "usermove G@e8"
expect_line "1-0 {Sente wins by checkmate}" 5 && fence
send undo "sd 3" post go
expect '^[0-9]+ 100001 [0-9]+ [0-9]+ G@e8' 20
expect_line "move G@e8" 20 && expect_line "1-0 {Sente wins by checkmate}" 5
fence
# the engine mated: when it is to move and mated it claims without moving
send nopost "setboard 4k4/4G4/4P4/9/9/9/9/9/4K4[-] b - 0 1" go
expect_line "1-0 {Sente wins by checkmate}" 5
fence '^move'
# a game: the engine is the second mover after new, and its moves are legal for us
send new "variant shogi" "sd 2" "usermove c3c4"
expect '^move ' 20
fence Illegal
finish
