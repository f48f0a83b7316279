#!/usr/bin/env bash
# xboard_chu.sh - chu over CECP: no setup lines (XBoard knows chu), the move forms of
# shared/rules/chu.md 4 (comma legs, HaChu's split legs, igui, passes, '=' and '+'),
# the engine's multi-leg `move`, result claims after either side's move.
. "$(dirname "$0")/xboardlib.sh"
xb_start

send new "variant chu"
fence            # XBoard knows chu: no setup/piece lines, no error
send force
legal e4e5 e9e8 h4h5 h9h8
# bad moves leave the position as it was: White's e8e7 is not possible now (Black to move)
illegal e8e7
illegal a4a6
illegal "zz99" "Illegal move (malformed): zz99"
illegal "e5e6,e6e7,e7e8" "Illegal move (malformed): e5e6,e6e7,e7e8"
legal e5e6

# lion moves (chu.md 4): Black lion f5, White gold f6 and rook f7, kings in the corners
LION="11k/12/12/12/12/5r6/5g6/5N6/12/12/12/K11 w 0 1"
send "setboard $LION"
fence
# HaChu's split form: "f5f6," then "f6f7" on separate lines; bare king ends the game
send "usermove f5f6," "usermove f6f7"
expect_line "1-0 {Sente wins by bare king}" 5 && fence
illegal l12k12 "Illegal move (game is over): l12k12"
send undo
legal "f5f6,f6f5"                       # igui: capture on f6, stay on f5
send undo
legal "@@@@"                            # lion pass
send undo
legal "f5e5,e5f5"                       # pass written through an empty square
send undo
legal "f5f6,f6f7"
send undo
illegal "f5f6,f6h8"                      # second leg too far
illegal "f5f6,f7f8" "Illegal move (malformed): f5f6,f7f8"
# the engine's own double capture comes as one comma line, then its claim
send "sd 3" go
expect_line "move f5f6,f6f7" 20 && expect_line "1-0 {Sente wins by bare king}" 5
fence
send new "variant chu"
silent "option Bare king=0"
send "setboard $LION" force "usermove f5f6,f6f7"
fence "1-0|0-1|1/2"                     # bare king off: no claim
silent "option Bare king=1"

# promotion on entering the zone (ranks 9-12 for Black): '+', none, '='
send new "variant chu" "setboard 11k/12/12/12/4P7/12/12/12/12/12/12/K11 w 0 1" force
legal "e8e9+"
send undo
legal "e8e9"
send undo
legal "e8e9="
send undo
illegal "e8e10"

# capturing the last royal ends the game: Gote takes Sente's king by a user move
send new "variant chu" "setboard k11/12/12/12/12/12/12/12/12/12/r11/K11 b 0 1" force
send "usermove a2a1"
expect_line "0-1 {Gote wins by last royal captured}" 5 && fence
# ... and by the engine's move, which is claimed after it (the move promotes or not)
send new "variant chu" "setboard k11/R11/12/12/12/12/12/12/12/12/12/11K w 0 1" "sd 2" go
expect '^move a11a12' 20 && expect_line "1-0 {Sente wins by last royal captured}" 5
fence
# the engine plays the second mover after new + a user move, and answers with a legal move
send new "variant chu" "sd 2" "usermove e4e5"
expect '^move [a-l][0-9]+[a-l][0-9]+' 20
fence Illegal
send force "usermove e5e6"
fence Illegal
finish
