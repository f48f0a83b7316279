#!/usr/bin/env bash
# xboard_book.sh - XBoard with an opening book: the Book* options as `feature option=` lines,
# `option BookFile=...`, a book move played at once as `move` (after a thinking line with its
# depth, value and ponder move when `post` is on), and analyze mode never using the book.
. "$(dirname "$0")/xboardlib.sh"
BOOK=$(cd "$(dirname "$0")/../data/book" && pwd)/shogi.db
CHU=$(cd "$(dirname "$0")/../data/book" && pwd)/chu.db
xb_spawn
send xboard "protover 2"
expect '^feature option="BookFile -file "' 10
expect '^feature option="BookMoves -spin 16 0 10000"' 10
expect '^feature option="BookVariety -combo \*best /// count /// value"' 10
expect '^feature option="BookEvalDiff -spin 30 0 100000"' 10
expect '^feature option="BookDepthLimit -spin 0 0 1000"' 10
expect '^feature done=1' 10
send new "variant shogi" "option BookFile=$BOOK" post "st 1" go
expect_line "# book move c3c4 value 60 depth 20 count 10 (4 in book)" 10
expect_line "20 60 0 0 c3c4 g7g6" 5
expect_line "move c3c4" 5
send force
fence
# White to move from the book, without thinking output
send new "variant shogi" nopost force "usermove c3c4" go
expect_line "move g7g6" 10
send force
fence '^[0-9]+ '
# BookDepthLimit through `option`
send new "variant shogi" "option BookDepthLimit=21" force go
expect_line "move h3h4" 10
send force "option BookDepthLimit=0"
fence
# chu: the same kind of book (XBoard FEN keys), the move in XBoard notation
send new "variant chu" "option BookFile=$CHU" nopost "st 1" go
expect_line "move f4f5" 10
send force
fence
# pondering (hard): the predicted reply g7g6 leads to a book position, so no ponder search
# runs; at the ponder hit the book move goes out at once
send new "variant shogi" "option BookFile=$BOOK" hard nopost "st 5" go
expect_line "move c3c4" 10
fence '^[0-9]+ '
send "usermove g7g6"
expect_line "move h3h4" 2
send easy force
fence
# the hidden seed is accepted, bad values are refused
silent "option BookSeed=3" "option BookVariety=count" "option BookVariety=best"
reply_to "option BookVariety=maybe" "Error (bad option value): BookVariety: unknown value 'maybe'"
# analyze mode: the engine's search, not the book
send new "variant shogi" post force analyze
expect '^[0-9]+ -?[0-9]+ [0-9]+ [0-9]+ ' 10
printf '%s' "$GOT" | grep -q 'book move' && fail "analyze used the book" || ok
send exit
fence '^(move|Error|Illegal|#.*book)'
finish
