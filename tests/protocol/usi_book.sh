#!/usr/bin/env bash
# USI with an opening book (books/README.md): the Book* options are announced; a book move is
# answered with `info string book move ...`, an info line with its value, depth and ponder move,
# and `bestmove M ponder P`; BookMoves, BookVariety, BookDepthLimit and an empty BookFile change
# the answer as documented; go infinite and go ponder search instead.
set -eu
BIN=$1; D=$(dirname "$0")/drive.py
BOOK=$(cd "$(dirname "$0")/../data/book" && pwd)/shogi.db
CHU=$(cd "$(dirname "$0")/../data/book" && pwd)/chu.db
python3 "$D" "$BIN" <<END
> usi
< option name BookFile type filename default <empty>
< option name BookMoves type spin default 16 min 0 max 10000
< option name BookVariety type combo default best var best var count var value
< option name BookEvalDiff type spin default 30 min 0 max 100000
< option name BookDepthLimit type spin default 0 min 0 max 1000
< usiok
> setoption name BookFile value $BOOK
> isready
= info string book $BOOK: 3 positions for shogi
= readyok
> usinewgame
> position startpos
> go byoyomi 1000
= info string book move 7g7f value 60 depth 20 count 10 (4 in book)
= info depth 20 seldepth 20 time 0 nodes 0 nps 0 hashfull 0 multipv 1 score cp 60 pv 7g7f 3c3d
= bestmove 7g7f ponder 3c3d
# White to move, a book move without a ponder move
> position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2
> setoption name BookVariety value best
> go btime 1000 wtime 1000 byoyomi 1000
= info string book move 3c3d value -40 depth 20 count 5 (2 in book)
= info depth 20 seldepth 20 time 0 nodes 0 nps 0 hashfull 0 multipv 1 score cp -40 pv 3c3d 2g2f
= bestmove 3c3d ponder 2g2f
> setoption name BookDepthLimit value 21
> position startpos
> go byoyomi 1000
= info string book move 2g2f value 50 depth 22 count 30 (4 in book)
< bestmove 2g2f ponder 8c8d
> setoption name BookDepthLimit value 0
> setoption name BookVariety value value
> setoption name BookEvalDiff value 20
> setoption name BookSeed value 1
> go byoyomi 1000
< info string book move (7g7f|2g2f|5g5f) .*
< bestmove (7g7f|2g2f|5g5f)( ponder \S+)?
# past BookMoves: the engine searches
> setoption name BookMoves value 1
> position startpos moves 7g7f
> go depth 1
< info depth 1 seldepth \d+ time \d+ nodes \d+ .*
< bestmove \S+( ponder \S+)?
legal shogi startpos moves 7g7f
> setoption name BookMoves value 16
> setoption name BookVariety value best
# go infinite never uses the book
> position startpos
> go infinite
< info depth 1 seldepth .*
!< .*book move.*
> stop
< bestmove \S+( ponder \S+)?
# go ponder on a book position: no search and no output; the book move at ponderhit (or stop)
> position startpos moves 7g7f 3c3d
> go ponder btime 1000 wtime 1000 byoyomi 1000
quiet 300
> ponderhit
= info string book move 2g2f value 30 depth 12 count 4 (1 in book)
= info depth 12 seldepth 12 time 0 nodes 0 nps 0 hashfull 0 multipv 1 score cp 30 pv 2g2f 8c8d
= bestmove 2g2f ponder 8c8d
> position startpos
> go ponder byoyomi 1000
quiet 200
> stop
= info string book move 7g7f value 60 depth 20 count 10 (4 in book)
< bestmove 7g7f ponder 3c3d
# go ponder outside the book: a ponder search
> position startpos moves 2g2f
> go ponder byoyomi 1000
< info depth 1 seldepth .*
> ponderhit
< bestmove \S+( ponder \S+)?
# no book
> setoption name BookFile value <empty>
> go depth 1
< info depth 1 seldepth .*
< bestmove \S+( ponder \S+)?
> setoption name BookFile value /nonexistent/book.db
> go depth 1
= info string error: book not used: cannot open /nonexistent/book.db: No such file or directory
< bestmove \S+( ponder \S+)?
# chu: a book keyed by XBoard FEN with XBoard moves, answered in USI notation
> setoption name UCI_Variant value chu
> setoption name BookFile value $CHU
> position startpos
> go byoyomi 1000
= info string book $CHU: 1 positions for chu
= info string book move 7i7h value 15 depth 10 count 3 (1 in book)
= info depth 10 seldepth 10 time 0 nodes 0 nps 0 hashfull 0 multipv 1 score cp 15 pv 7i7h 9e9f
= bestmove 7i7h ponder 9e9f
# the shogi book is refused for chu
> setoption name BookFile value $BOOK
> go byoyomi 1000
= info string error: book not used: line 2: the book is for shogi, not chu
< bestmove \S+( ponder \S+)?
> quit
exits 2000
END
