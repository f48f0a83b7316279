#!/usr/bin/env bash
# Every bad input of protocols.md part A and the usi-probe list gets its reply, the engine keeps
# running and keeps its previous state.
set -eu
BIN=$1; D=$(dirname "$0")/drive.py
K='8k/9/9/9/9/9/9/9/K8 b - 1'        # old position: only 9i9h 9i8h 9i8i are legal
python3 "$D" "$BIN" <<END
> usi
< usiok
# unknown command, empty line, blank line
> frobnicate now
= info string error: unknown command 'frobnicate now'
>
> 
> isready
= readyok
# over-long line: one error, then normal service
>> $(python3 -c 'print("position sfen " + "1" * 20000, end="")')\n
< info string error: line too long .*
> isready
= readyok
# bad setoption values: error, old value kept
> setoption name USI_Hash value lots
< info string error: USI_Hash must be .*
> setoption name USI_Hash value 0
< info string error: USI_Hash must be .*
> setoption name MultiPV value 65
< info string error: MultiPV must be .*
> setoption name Threads value -1
< info string error: Threads must be .*
> setoption name USI_Ponder value maybe
< info string error: USI_Ponder takes true or false.*
> setoption name UCI_Variant value chess
= info string error: unknown variant 'chess' (UCI_Variant keeps shogi)
> setoption name MicroDeadDrops value 7
< info string error: option MicroDeadDrops takes true or false.*
> setoption name NanaStalemate value win
< info string error: option NanaStalemate: unknown value 'win'
> setoption name NoSuchOption value 1
= info string error: unknown option 'NoSuchOption'
> setoption value 3
< info string error: setoption needs .*
> isready
= readyok
# bad position commands keep the old position
> position sfen $K
> position sfen lnsgkgsnl/1r5b1/ppppppppp/9
< info string error: .*
> go depth 1
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
> position sfen xyz b - 1
< info string error: .*
> go depth 1
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
> position sfen $K moves 9i9h 1a1b zz9
= info string illegal move zz9
> go depth 1
< bestmove (9h9g|9h8g|9h8h|9h9i|9h8i)( ponder \S+)?
> position sfen $K moves 9i7g
= info string illegal move 9i7g
> go depth 1
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
> position sfen $K moves 1a1b
= info string illegal move 1a1b
> go depth 1
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
> position
< info string error: position needs .*
> position startpos junk
< info string error: .*
> position fen whatever
< info string error: position needs .*
> go depth 1
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
# moves after an illegal one are ignored; the position is the last legal one
> position startpos moves 7g7f 3c3d 7f7e 9a9z 8c8d
= info string illegal move 9a9z
> go depth 1
< bestmove \S+( ponder \S+)?
legal shogi startpos moves 7g7f 3c3d 7f7e
# a variant change keeps working after all of this
> setoption name UCI_Variant value NANA
> position startpos
> go depth 1
< bestmove [KRB]\*[123][abc]( ponder \S+)?
> setoption name USI_Variant value micro
> position startpos moves 1d1c 4b4c 2e4c+
> go depth 1
< bestmove \S+( ponder \S+)?
legal micro startpos moves 1d1c 4b4c 2e4c+
# bad go tokens are reported, the search still answers
> setoption name UCI_Variant value shogi
> position sfen $K
> go depth x
< info string error: go depth: 'x' is not a number
> stop
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
> go depth 1 sideways
< info string error: unknown go parameter 'sideways' \(ignored\)
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
# numbers out of range are reported with the value used (they were moved into range without a
# word); the search runs (docs/usi.md, "go parameters")
> go depth -3
= info string error: go depth: '-3' is out of range (1 to 127), 1 is used
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
# a clock below zero is a GUI's clock that ran out: read as 0 without a word
> go btime -5 wtime -5 byoyomi 100
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
!< info string error.*
# Third round: 0 and numbers past 64 bits were moved into range without a word.
> go depth 0
= info string error: go depth: '0' is out of range (1 to 127), 1 is used
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
> go depth 99999999999999999999 nodes 2000
= info string error: go depth: '99999999999999999999' is out of range (1 to 127), 127 is used
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
> go nodes 0
= info string error: go nodes: '0' is out of range (1 to 9223372036854775807), 1 is used
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
> go nodes 99999999999999999999 depth 2
= info string error: go nodes: '99999999999999999999' is out of range (1 to 9223372036854775807), 9223372036854775807 is used
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
> go movetime 0
= info string error: go movetime: '0' is out of range (1 to 9223372036854775807), 1 is used
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
> go btime 200 wtime 99999999999999999999 binc -5 byoyomi 100
= info string error: go wtime: '99999999999999999999' is out of range (0 to 9223372036854775807), 9223372036854775807 is used
= info string error: go binc: '-5' is out of range (0 to 9223372036854775807), 0 is used
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
> go btime -99999999999999999999 byoyomi 100
= info string error: go btime: '-99999999999999999999' is out of range (0 to 9223372036854775807), 0 is used
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
> go movestogo 0 btime 300 wtime 300
= info string error: go movestogo: '0' is out of range (1 to 9223372036854775807), ignored
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
> go mate 0
= info string error: go mate: '0' is out of range (1 to 9223372036854775807), 1 is used
< checkmate .*
> isready
= readyok
> stop
> ponderhit
> gameover win
> isready
= readyok
# a book that is no regular file is refused at once: reading /dev/zero never ended, and
# isready got no readyok (docs/reliability.md, "Malformed input")
> setoption name BookFile value /dev/zero
> isready
= info string error: book not used: cannot open /dev/zero: not a regular file
= readyok
> setoption name BookFile value /
> isready
= info string error: book not used: cannot open /: a directory, not a file
= readyok
> setoption name BookFile value <empty>
# Second round (docs/reliability.md, "Malformed input, second round").
# a NUL byte in a line: refused whole (the text after it was dropped without a word, so
# this line set the position after 9i9h)
> position sfen $K
>> position sfen $K moves 9i9h\x00 1a1b\n
= info string error: line with a NUL byte, ignored: position sfen $K moves 9i9h
> go depth 1
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
>> \x00quit\n
< info string error: line with a NUL byte, ignored: ?
> isready
= readyok
# a node limit ends an infinite or ponder search early, but its answer waits for stop /
# ponderhit (bestmove came at once)
> go infinite nodes 10
absent 500 bestmove.*
> stop
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
> go ponder nodes 10
absent 500 bestmove.*
> ponderhit
< bestmove (9i9h|9i8h|9i8i)( ponder \S+)?
# Fourth round (docs/reliability.md, "Malformed input, fourth round").
# a tab after the keyword sfen (a blank everywhere else): "sfen" was read as the board
>> position sfen\t8k/9/9/9/9/9/9/9/K8 w - 1\n
> go depth 1
< bestmove (1a1b|1a2a|1a2b)( ponder \S+)?
# sfen with nothing after it was "a SFEN of 1 field"; the position stays
> position sfen
= info string error: no position after 'sfen'
> position sfen  moves 1a1b
= info string error: no position after 'sfen'
> go depth 1
< bestmove (1a1b|1a2a|1a2b)( ponder \S+)?
# gameover with no result or another word: stopped without a word
> gameover maybe
= info string error: gameover takes win, lose or draw, not 'maybe'
> gameover
= info string error: gameover takes win, lose or draw, not ''
> gameover lose
> isready
= readyok
# Session 23: a bad position during a search leaves the search running (it was stopped, and
# its bestmove came unasked); a good one still stops it, as before
> position sfen 8k/9/9/9/9/9/9/9/K8 w - 1
> go infinite
> position sfen junk
< info string error: .*
> position sfen 9/9/9 b - 1
< info string error: .*
absent 300 bestmove.*
> stop
< bestmove (1a1b|1a2a|1a2b)( ponder \S+)?
# setoption while a search runs (a GUI should not send it, but one may): the search keeps the
# values it started with. go mate read Threads, USI_Hash and MateExact on the search's thread
# while they were written: a data race TSan reported on the binary before session 23 (in
# scripts/protocol-stress.py, and with these lines piped at once; here, line by line, only
# now and then).
> position sfen 4k4/9/9/9/9/9/9/9/4K4 b RB2r2b4g4s4n4l18p 1
> go mate infinite
> setoption name Threads value 2
> setoption name MateExact value true
> setoption name MultiPV value 2
> stop
< checkmate .*
> isready
< readyok
> quit
exits 1000
END
echo ok
