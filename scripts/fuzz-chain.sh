#!/bin/sh
# fuzz-chain.sh - one libFuzzer target of a fuzz build, chunk after chunk, for the long counts of
# issue #11 (docs/reliability.md), so that a session's end or a find loses at most one chunk.
#
#   scripts/fuzz-chain.sh TREE TARGET RUNS COUNT OUT
#
# TREE is a checkout whose build/clang-fuzz/fuzz-TARGET is built (the Makefile's fuzz-targets
# with its FUZZ_MAKE flags); each chunk is scripts/fuzz-campaign.sh --runs RUNS there, written to
# OUT/chunkN/ (summary.tsv, log, artifacts), the corpus kept in TREE/build/clang-fuzz/fuzz-corpus/.
# The chain stops before the next chunk when OUT/STOPPED exists, and after a chunk whose result is
# neither `ok` nor `N slow-unit reports (see log), ok` (a find: OUT/HALTED says which). WHY slow
# units go on: they are inputs slowed past 10 s by other work on the machine (replayed alone they
# take well under a second); every one is still listed in its chunk's summary. Run it in its own
# session, e.g.
#   (setsid nohup nice -n 19 scripts/fuzz-chain.sh /tmp/fuzz usi 100000 40 /tmp/fz/usi >/dev/null 2>&1 &)
# With autogroup scheduling (/proc/sys/kernel/sched_autogroup_enabled 1) `nice` orders processes
# only within a session: to let a measurement in another session take a whole core, lower the
# chain's group (echo 10 > /proc/PID/autogroup, PID any process of the chain; session 33).
# SHISHI_SHARED defaults to TREE/../shared.
set -u
[ $# -eq 5 ] || { sed -n '2,19p' "$0" >&2; exit 2; }
tree=$1 target=$2 runs=$3 count=$4 out=$5
mkdir -p "$out" || exit 1
out=$(cd "$out" && pwd)
cd "$tree" || exit 1
export SHISHI_SHARED="${SHISHI_SHARED:-$(cd .. && pwd)/shared}"
i=1
while [ "$i" -le "$count" ]; do
    [ -e "$out/STOPPED" ] && exit 0
    sh scripts/fuzz-campaign.sh --runs "$runs" --build build/clang-fuzz --out "$out/chunk$i" "$target" \
        > "$out/chunk$i.log" 2>&1
    result=$(cut -f10 "$out/chunk$i/summary.tsv" | tail -n 1)
    case "$result" in
    ok | *", ok") ;;
    *) echo "stopped after chunk $i: $result" > "$out/HALTED"; exit 1 ;;
    esac
    i=$((i + 1))
done
