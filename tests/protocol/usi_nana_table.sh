#!/usr/bin/env bash
# USI in nana with the solved table (docs/nana.md): isready loads it (a 1 s clock does not cover
# the load at the first go: soak time forfeit), go answers at once from the table with a
# mate score and a PV that follows it; go mate answers exactly; a drawn position scores cp 0;
# a non-default rule option or a missing table falls back to the search with an info string.
set -eu
BIN=$1; D=$(dirname "$0")/drive.py
python3 "$D" "$BIN" <<END
> usi
< usiok
> setoption name UCI_Variant value nana
> isready
< info string solved table .*nana\.tbl
= readyok
> position startpos
> go btime 1000 wtime 1000
within 300
< info depth 125 seldepth 125 .* score mate 125 pv K\*3b K\*1b .*
= bestmove K*3b ponder K*1b
> go mate 1000
< checkmate K\*3b K\*1b C\*2c( \S+){122}
> position startpos moves K*2c K*2a
> go depth 5
< info depth 1 .* score cp 0 pv .*
< bestmove \S+ ponder \S+
> position sfen k1G/1sT/cK1 b - 1
> go depth 5
< info depth 181 .* score mate 181 pv .*
< bestmove \S+ ponder \S+
> position startpos moves K*3b
> go mate 1000
= checkmate nomate
> setoption name SolvedTables value false
> position startpos moves K*2a K*2c T*3a T*1c
> go depth 3
< info depth 1 seldepth \d+ time \d+ nodes [1-9]\d* .*
< bestmove \S+.*
> setoption name SolvedTables value true
> setoption name NanaStalemate value draw
> position startpos
> go depth 2
< info string rule options differ from the game's defaults: solved table not used, searching
< bestmove \S+.*
> quit
exits 2000
END
SHISHI_TABLES=/nonexistent python3 "$D" "$BIN" <<END
> usi
< usiok
> setoption name UCI_Variant value nana
> position startpos
> go depth 2
< info string (no solved table|error).*using the search
< bestmove \S+.*
> quit
exits 2000
END
# a truncated table and a table with one byte flipped are rejected, and the search plays
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
TBL=$("$BIN" solve --where nana)
rejected() { # $1: the expected error after "nana.tbl: "
    SHISHI_TABLES=$TMP python3 "$D" "$BIN" <<END
> usi
< usiok
> setoption name UCI_Variant value nana
> position startpos
> go depth 2
< info string error: .*nana\.tbl: $1; using the search
< bestmove \S+.*
> quit
exits 2000
END
}
head -c 1000000 "$TBL" > "$TMP/nana.tbl"
rejected 'truncated table'
cp "$TBL" "$TMP/nana.tbl"
printf '\x07' | dd of="$TMP/nana.tbl" bs=1 seek=5000000 conv=notrunc status=none
rejected 'checksum mismatch \(corrupt table\)'
