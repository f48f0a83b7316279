#!/bin/sh
# Build scripts/mate-probe.c against the objects of the last `make` and run it (niced) with
# the given arguments: TSV LENGTH PLAYED NODE_LIMIT [HASH_MB] ['extra moves'] (see the .c file).
# PROBE_STATS=1: the solver's sources are copied to build/probe with scripts/mate-probe-stats.patch
# applied (nodes spent below every move), for the probe's HEAVY= and SPENT= walks.
# PROBE_CFLAGS: extra compiler flags (e.g. -D switches of an experiment).
set -e
cd "$(dirname "$0")/.."
# the default build's folder: build/clang when clang is installed (Makefile), else build/cc
B=build/cc
command -v clang > /dev/null 2>&1 && B=build/clang
OBJS=$(ls $B/src/*.o $B/src/*/*.o $B/engine/*.o $B/engine/solve/*.o \
    $B/engine/mate/*.o $B/eval/*.o $B/books/*.o | grep -v 'mate/\(line\|dfpn\|mate_tt\|parallel\)\.o')
SRC=scripts/mate-probe.c
FLAGS="$PROBE_CFLAGS"
if [ -n "$PROBE_STATS" ]; then
    rm -rf build/probe && mkdir -p build/probe/engine/mate build/probe/scripts
    ln -s ../../src build/probe/src
    for h in engine/*; do [ "$h" = engine/mate ] || ln -s "../../../$h" "build/probe/$h"; done
    cp engine/mate/*.c engine/mate/*.h build/probe/engine/mate/
    cp scripts/mate-probe.c build/probe/scripts/
    (cd build/probe && patch -s -p1 < ../../scripts/mate-probe-stats.patch)
    SRC=build/probe/scripts/mate-probe.c
    FLAGS="$FLAGS -DMATE_STATS"
fi
nice -n 19 "${B#build/}" -O3 -march=native -std=gnu17 -pthread $FLAGS -o build/mate-probe "$SRC" $OBJS -lm
exec nice -n 19 build/mate-probe "$@"
