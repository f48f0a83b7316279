#!/usr/bin/env bash
# xboard_errors.sh - bad input of every kind gets its CECP error form, changes nothing and
# the engine keeps answering ping (shared/STYLE.md 7; protocols.md B.2).
. "$(dirname "$0")/xboardlib.sh"
xb_start

for v in chu wa-shogi crazywa shogi; do
    send new "variant $v" force
    fence '^(Error|Illegal|tellusererror)'
    case $v in
        chu) m1=e4e5 m2=e9e8 ;;
        shogi) m1=c3c4 m2=g7g6 ;;
        *) m1=a3a4 m2=a9a8 ;;
    esac
    legal $m1
    for fen in "garbage" "" "w" "8/8/8/8/8/8/8/8 w - 0 1" "z11/12/12/12/12/12/12/12/12/12/12/12 w 0 1" \
               "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] x 0 1" \
               "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[- w 0 1" \
               "5k5/11/11/11/11/11/11/11/11/11/5K5 w 0 1 extra"; do
        reply_to "setboard $fen" "tellusererror Illegal position"
    done
    legal $m2                    # the game went on where it was
    illegal "e4" "Illegal move (malformed): e4"
    illegal "$m1$m1" "Illegal move (malformed): $m1$m1"
    illegal "P@" "Illegal move (malformed): P@"
    [ $v = chu ] || illegal "@@@@"         # no passing without a lion
    long=$(printf 'a%.0s' $(seq 1 100))
    reply_to "usermove $long" "Illegal move (malformed): $long"
    reply_to "usermove" "Illegal move (malformed): "
done
# FEN move fields: a full-move number 0 or one that is no number is refused as SFEN refuses
# it (0 used to be read as 1); XBoard's own forms (`w - 0 1` for chu, `w 0 1` for shogi, and
# castling and en-passant dashes `w - - 0 1`) are taken.
WA=hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH
for v in chu wa-shogi crazywa shogi; do
    case $v in
        chu) board=lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL m1=e4e5 ;;
        wa-shogi) board=$WA m1=a3a4 ;;
        crazywa) board="$WA[-]" m1=a3a4 ;;
        shogi) board="lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-]" m1=c3c4 ;;
    esac
    send new "variant $v" force
    fence '^(Error|Illegal|tellusererror)'
    for tail in "w 0 0" "w - 0 0" "b - 0 0" "w 0 x" "w 0 1x" "w - 0 -1" "w 0 100001"; do
        reply_to "setboard $board $tail" "tellusererror Illegal position"
        printf '%s' "$GOT" | grep -q "^# setboard: FEN full-move number '.*' is not a number from 1 to 100000" &&
            ok || fail "$v: setboard ... $tail: no reason naming the full-move number"
    done
    for tail in "w - x 1" "w - - -1 1"; do
        reply_to "setboard $board $tail" "tellusererror Illegal position"
        printf '%s' "$GOT" | grep -q "^# setboard: FEN half-move clock" && ok || fail "$v: $tail: no half-move clock reason"
    done
    for tail in "w 0 1" "w - 0 1" "w - - 0 1" "w 0 12" "w" "w 5"; do
        send "setboard $board $tail"
        fence '^(Error|Illegal|tellusererror)' || echo "    (setboard ... $tail)"
    done
    legal $m1
done
# Third round: `go` after `result` started a search and moved in a finished game. It is
# refused and changes nothing; undo, remove, setboard and new each end the game-over state.
send new "variant shogi" force "sd 1" "usermove c3c4" "usermove g7g6" "result 1-0 {test}"
fence
reply_to go "Error (game is over): go"
sleep 0.3
fence '^move'
illegal h3h4 "Illegal move (game is over): h3h4"
send undo                                        # the game goes on from before g7g6
legal g7g6 h3h4
send "result 0-1 {again}"
reply_to go "Error (game is over): go"
send remove                                      # back to after c3c4 (White to move)
send go
expect '^move [a-i][1-9][a-i][1-9]' 20 && fence Illegal
send force "result 1/2-1/2 {x}" "setboard lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1" go
expect '^move [a-i][1-9][a-i][1-9]' 20 && fence Illegal
send force "result 1-0 {x}" new "variant shogi" force "usermove c3c4" go
expect '^move [a-i][1-9][a-i][1-9]' 20 && fence Illegal
send new "variant chu"
fence '^(Error|Illegal)'
reply_to "variant normal" "Error (unsupported variant): normal"
reply_to "variant micro" "Error (unsupported variant): micro"
# after `new` an unsupported variant leaves the default game (chu: e4e5 is a pawn move)
send "variant crazywa"
fence '^(Error|Illegal)'
send new
reply_to "variant normal" "Error (unsupported variant): normal"
send force
legal e4e5
send new "variant chu"
fence
reply_to "variant" "Error (unsupported variant): "
reply_to "option Okazaki rule=maybe" "Error (bad option value): option Okazaki rule takes true or false, not 'maybe'"
reply_to "option Nonsense=1" "Error (unknown option): Nonsense"
reply_to "option =1" "Error (bad option): option =1"
reply_to "option MultiPV=0" "Error (bad option value): MultiPV must be from 1 to 64, not '0'"
reply_to "option Move overhead=-5" "Error (bad option value): Move overhead must be from 0 to 5000 ms, not '-5'"
silent "option Move overhead=250"
reply_to "memory 0" "Error (bad argument): memory 0"
reply_to "memory lots" "Error (bad argument): memory lots"
reply_to "cores -1" "Error (bad argument): cores -1"
reply_to "cores 1000" "Error (Threads must be from 1 to 64, not '1000'): cores 1000"
reply_to "time abc" "Error (bad argument): time abc"
reply_to "otim" "Error (bad argument): otim"
reply_to "level 40" "Error (bad level): level 40"
reply_to "level 40 5:99 0" "Error (bad level): level 40 5:99 0"
reply_to "level x 5 0" "Error (bad level): level x 5 0"
reply_to "st -1" "Error (bad argument): st -1"
reply_to "st" "Error (bad argument): st"
reply_to "sd 0" "Error (bad argument): sd 0"
reply_to "exclude zz" "Error (malformed move 'zz'): exclude zz"
reply_to "undo" "Error (no move to take back): undo"
reply_to "remove" "Error (no move to take back): remove"
send "usermove e4e5"
expect '^move ' 60                       # the engine answers: nothing above broke the game
fence 'Illegal|Error'

# Malformed input found by the adversarial round (docs/reliability.md, "Malformed input").
START='# sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'
AFTER_C3C4='# sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2'
board_is() { send d; expect_line "$1" 5 && fence; }
send new "variant shogi" force
legal c3c4
# remove with one ply played: an error and nothing taken back (it used to undo the ply)
reply_to "remove" "Error (no move to take back): remove"
board_is "$AFTER_C3C4"
legal g7g6                               # White's move: c3c4 is still on the board
send remove
board_is "$START"
# a first leg that is no pair of squares is refused at once, and no half move is kept
reply_to "usermove zz," "Illegal move (malformed): zz,"
reply_to "usermove c3c4+," "Illegal move (malformed): c3c4+,"
legal c3c4
board_is "$AFTER_C3C4"
send remove
# `memory` without a number; a level without any time
reply_to "memory" "Error (bad argument): memory"
reply_to "level 0 0 0" "Error (bad level): level 0 0 0"
# a bad usermove while the engine thinks on its move leaves the search running: it still
# moves (it used to stop the search for good, and the game hung)
# (WHY no fence right after each refusal: the search's own output may come before the pong)
send new "variant shogi" "st 1" go
send "usermove zz" && expect_line "Illegal move (malformed): zz" 5
send "usermove c3c5" && expect_line "Illegal move: c3c5" 5
expect '^move [a-i][1-9][a-i][1-9]' 10 && fence 'Illegal|Error'
# ... and while it analyses: the analysis goes on (stat01 answers only while it runs)
send new "variant shogi" force post analyze
expect '^[0-9]+ -?[0-9]+ [0-9]+ [0-9]+ ' 10
send "usermove zz" && expect_line "Illegal move (malformed): zz" 5
send "."
expect '^stat01: [0-9]+ [0-9]+ [0-9]+ 0 30$' 5 && fence '^stat01|Illegal|Error'
send exit
board_is "$START"
# an over-long line is refused whole, then the engine goes on
send "$(printf 'x%.0s' $(seq 1 20000))"
expect '^Error \(line too long\): x{60}\.\.\.$' 5 && fence
# a stray '\r' (CRLF input) is harmless
send $'ping 5\r'
expect_line "pong 5" 5

# Second round (docs/reliability.md, "Malformed input, second round").
# A NUL byte in a line: refused whole (the text after it was dropped without a word, so
# "usermove c3c4<NUL>x" played c3c4)
send new "variant shogi" force
printf 'usermove c3c4\0x\n' >&"$XB_IN"
expect_line "Error (NUL byte in the line): usermove c3c4" 5 && fence
board_is "$START"
# a first leg no piece can make was kept without a word and glued to the next usermove
# ("c3c4," then c3c4 was refused as "c3c4,c3c4")
illegal "c3c4," "Illegal move: c3c4,"
legal c3c4
board_is "$AFTER_C3C4"
send new "variant chu" force
fence
illegal "e4e5," "Illegal move: e4e5,"      # a pawn's step
legal e4e5
# a lion's first leg is kept; a new move of its own drops it with a word
LION='12/12/12/12/12/12/5N6/12/12/12/p10P/k10K w 0 1'
send "setboard $LION"
fence
send "usermove f6f7,"
fence
send "usermove f7f8,f8f9"
expect_line "Illegal move (first leg without a second): f6f7," 5
expect_line "Illegal move: f7f8,f8f9" 5 && fence
send "usermove f6f7," "usermove f7f8"           # HaChu's two lines still make one move
fence 'Illegal|Error'
board_is "# sfen 12/12/12/12/5N6/12/12/12/12/12/p10P/k10K w - 2"
# settings changed while the engine thinks on its move: the engine still moves (memory, cores
# and options halted the search for good; exclude, include and exit, analysis commands,
# halted it too; so did a bad setboard, until session 23). Out of book: the position after
# 1. c3c4 e7e6 (XBoard's squares).
OOB='lnsgkgsnl/1r5b1/pppp1pppp/4p4/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[-] w - 0 3'
for cmd in "memory 32" "cores 1" "option MultiPV=2" "exclude zz" "exclude c4c5" "include all" "exit" "setboard junk"; do
    send new "variant shogi" force "setboard $OOB" "st 1" go
    sleep 0.2
    send "$cmd"
    expect '^move [a-i][1-9][a-i][1-9]\+?$' 10 || echo "    (after: $cmd)"
    fence '^move|Illegal'
done
send "option MultiPV=1"
# ... and while it analyses: the analysis goes on (stat01 answers only while it runs)
for cmd in "memory 16" "cores 1" "option MultiPV=2" "setboard junk" "setboard 9/9/9 w"; do
    send new "variant shogi" force post analyze
    expect '^[0-9]+ -?[0-9]+ [0-9]+ [0-9]+ ' 10
    send "$cmd"
    sleep 0.2
    send "."
    expect '^stat01: [0-9]+ [0-9]+ [0-9]+ 0 30$' 5 || echo "    (after: $cmd)"
    send exit
    fence '^stat01|Illegal|Error'
done
send "option MultiPV=1"
finish
