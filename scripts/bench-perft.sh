#!/usr/bin/env bash
# bench-perft.sh - perft speed of shishi next to a peer engine on the same positions, in the
# same run. Usage: scripts/bench-perft.sh [path/to/shishi]   (make bench-perft)
#
# Both sides are timed without start-up: shishi reports the time of the perft call itself
# ("Time: ... s"), the peer is timed from the `go perft` (or equivalent) command to its
# "Nodes searched" line. The ratio is shishi's nodes/second over the peer's.
set -euo pipefail

# ---- rows ---------------------------------------------------------------------------------
# label | shishi variant | shishi position | depth | peer | peer variant | peer position
# A peer named P is run by the function peer_P (below): add one to compare with another engine
# (e.g. peer_sjaak for chu / wa over XBoard). Positions use shishi's syntax
# (startpos | sfen ... | fen ...); the peer position is passed to the peer as it is.
ROWS=(
  "shogi start|shogi|startpos|5|fairy|shogi|startpos"
  "shogi matsuri|shogi|sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1|4|fairy|shogi|sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"
  "micro start|micro|startpos|7|fairy|micro|startpos"
  "chu start|chu|startpos|4|none||"
  "wa start|wa|startpos|4|sjaak|wa-shogi-drop|startpos"
  "wa-nodrop start|wa-nodrop|startpos|4|sjaak|wa-shogi|startpos"
)

SHISHI=${1:-./shishi}
FAIRY=${FAIRY:-/usr/games/fairy-stockfish}
SJAAK=${SJAAK:-/usr/games/sjaakii}

now() { date +%s.%N; }

# ---- peers --------------------------------------------------------------------------------
# peer_NAME VARIANT POSITION DEPTH -> prints "nodes seconds"

ensure_fairy() {
    [ -x "$FAIRY" ] && return 0
    echo "bench-perft: installing fairy-stockfish" >&2
    SUDO=""
    [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && SUDO=sudo
    $SUDO apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq fairy-stockfish >/dev/null
}

peer_fairy() {
    local variant=$1 position=$2 depth=$3 line t0 t1 nodes=""
    ensure_fairy
    coproc FSF { "$FAIRY" 2>/dev/null; }
    local in=${FSF[1]} out=${FSF[0]}
    printf 'usi\nsetoption name UCI_Variant value %s\nisready\n' "$variant" >&"$in"
    while read -r line <&"$out"; do [ "$line" = readyok ] && break; done
    printf 'position %s\n' "$position" >&"$in"
    printf 'isready\n' >&"$in"
    while read -r line <&"$out"; do [ "$line" = readyok ] && break; done
    t0=$(now)
    printf 'go perft %s\n' "$depth" >&"$in"
    while read -r line <&"$out"; do
        case $line in "Nodes searched: "*) nodes=${line#Nodes searched: }; break ;; esac
    done
    t1=$(now)
    printf 'quit\n' >&"$in"
    wait "$FSF_PID" 2>/dev/null || true
    echo "$nodes $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')"
}

# Sjaak II over XBoard (wa): timed from `perft N` to its depth-N line. Its perft prints every
# depth up to N, so the lower depths (about 1% of the work) are inside its time.
peer_sjaak() {
    local variant=$1 position=$2 depth=$3 line t0 t1 nodes=""
    if [ ! -x "$SJAAK" ]; then
        echo "bench-perft: installing sjaakii" >&2
        SUDO=""
        [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && SUDO=sudo
        $SUDO apt-get update -qq >&2
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq sjaakii >/dev/null
    fi
    coproc SJ { "$SJAAK" 2>/dev/null; }
    local in=${SJ[1]} out=${SJ[0]}
    printf 'xboard\nprotover 2\nvariant %s\n' "$variant" >&"$in"
    case $position in "fen "*) printf 'setboard %s\n' "${position#fen }" >&"$in" ;; esac
    printf 'ping 1\n' >&"$in"
    while read -r line <&"$out"; do [ "$line" = "pong 1" ] && break; done
    t0=$(now)
    printf 'perft %s\n' "$depth" >&"$in"
    while read -r line <&"$out"; do
        set -- $line
        if [ "${1:-}" = "$depth" ] && [ $# -ge 2 ]; then nodes=$2; break; fi
    done
    t1=$(now)
    printf 'quit\n' >&"$in"
    wait "$SJ_PID" 2>/dev/null || true
    echo "$nodes $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')"
}

# No peer for chu: Debian's Fairy-Stockfish has no chu and HaChu has no perft command.
# The row still shows shishi's own speed (docs/rules-chu.md: at least half of shogi's).
peer_none() { echo "- 0"; }

# ---- shishi -------------------------------------------------------------------------------
run_shishi() {
    local variant=$1 position=$2 depth=$3 out nodes secs
    out=$("$SHISHI" perft "$variant" "$position" "$depth")
    nodes=$(printf '%s\n' "$out" | sed -n 's/^Nodes searched: //p')
    secs=$(printf '%s\n' "$out" | sed -n 's/^Time: \([0-9.]*\) s.*/\1/p')
    echo "$nodes $secs"
}

[ -x "$SHISHI" ] || { echo "bench-perft: no executable $SHISHI" >&2; exit 2; }

printf '%-14s %5s %13s %10s %13s %10s %6s  %s\n' row depth shishi_nodes shishi_nps peer_nodes peer_nps ratio peer
for row in "${ROWS[@]}"; do
    IFS='|' read -r label variant position depth peer pvariant pposition <<<"$row"
    read -r n1 s1 < <(run_shishi "$variant" "$position" "$depth")
    read -r n2 s2 < <("peer_$peer" "$pvariant" "$pposition" "$depth")
    nps1=$(awk -v n="$n1" -v s="$s1" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }')
    nps2=$(awk -v n="$n2" -v s="$s2" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }')
    ratio=$(awk -v a="$nps1" -v b="$nps2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
    note=""
    [ "$n2" != "-" ] && [ "$n1" != "$n2" ] && note=" (node counts differ)"
    printf '%-14s %5s %13s %10s %13s %10s %5sx  %s%s\n' "$label" "$depth" "$n1" "$nps1" "$n2" "$nps2" "$ratio" "$peer" "$note"
done
