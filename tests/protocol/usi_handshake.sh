#!/usr/bin/env bash
# USI handshake: id, every option in order (built from the game descriptors), usiok; isready;
# usi again; setoption of every listed option with its default value is accepted silently.
set -eu
BIN=$1; D=$(dirname "$0")/drive.py
python3 "$D" "$BIN" <<'END'
> usi
< id name Shishi \S+
= id author the Shishi developers
= option name USI_Hash type spin default 64 min 1 max 65536
= option name USI_Ponder type check default false
= option name MultiPV type spin default 1 min 1 max 64
= option name UCI_Variant type combo default shogi var shogi var micro var nana var chu var wa var wa-nodrop
= option name Threads type spin default 1 min 1 max 64
= option name SolvedTables type check default true
= option name MateExact type check default false
= option name NodesLimit type spin default 0 min 0 max 1000000000
= option name BookFile type filename default <empty>
= option name BookMoves type spin default 16 min 0 max 10000
= option name BookVariety type combo default best var best var count var value
= option name BookEvalDiff type spin default 30 min 0 max 100000
= option name BookDepthLimit type spin default 0 min 0 max 1000
= option name EnteringKingRule type combo default CSARule27 var CSARule27 var CSARule24 var NoEnteringKing
= option name MicroDeadDrops type check default true
= option name NanaStalemate type combo default loss var loss var draw
= option name NanaNoStalemateWithHand type check default false
= option name NanaPerpetualCheckLoses type check default false
= option name Okazaki rule type check default false
= option name Bare king type check default true
= option name Allow repeats type check default true
= option name GoBetweenLastRank type check default false
= option name Wa drop rules type combo default modern var modern var free
= usiok
> isready
= readyok
> setoption name USI_Hash value 16
> setoption name USI_Ponder value true
> setoption name MultiPV value 1
> setoption name UCI_Variant value shogi
> setoption name Threads value 1
> setoption name SolvedTables value true
> setoption name MateExact value false
> setoption name NodesLimit value 0
> setoption name BookFile value <empty>
> setoption name BookMoves value 16
> setoption name BookVariety value best
> setoption name BookEvalDiff value 30
> setoption name BookDepthLimit value 0
> setoption name EnteringKingRule value CSARule27
> setoption name MicroDeadDrops value true
> setoption name NanaStalemate value loss
> setoption name NanaNoStalemateWithHand value false
> setoption name NanaPerpetualCheckLoses value false
> setoption name Okazaki rule value false
> setoption name Bare king value true
> setoption name Allow repeats value true
> setoption name GoBetweenLastRank value false
> setoption name Wa drop rules value modern
> isready
= readyok
> usinewgame
> isready
= readyok
> usi
< id name Shishi \S+
< usiok
> quit
exits 1000
END
# The version on the command line is the one in the handshake.
v=$("$BIN" --version)
case "$v" in "Shishi "*) ;; *) echo "FAIL: --version printed '$v'"; exit 1 ;; esac
printf 'usi\nquit\n' | "$BIN" | grep -qx "id name $v" || { echo "FAIL: id name differs from '$v'"; exit 1; }
echo ok
