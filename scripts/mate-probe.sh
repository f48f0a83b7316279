#!/bin/sh
# Build scripts/mate-probe.c against the objects of the last `make` and run it (niced) with
# the given arguments: TSV LENGTH PLAYED NODE_LIMIT [HASH_MB] ['extra moves'] (see the .c file).
# PROBE_STATS=1: the solver's sources are copied to build/probe with scripts/mate-probe-stats.patch
# applied (nodes spent below every move), for the probe's HEAVY= and SPENT= walks.
# PROBE_CFLAGS: extra compiler flags (e.g. -D switches of an experiment).
set -e
cd "$(dirname "$0")/.."
OBJS=$(ls build/cc/src/*.o build/cc/src/*/*.o build/cc/engine/*.o build/cc/engine/solve/*.o \
    build/cc/engine/mate/*.o build/cc/eval/*.o build/cc/books/*.o | grep -v 'mate/\(line\|dfpn\|mate_tt\|parallel\)\.o')
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
nice -n 19 cc -O3 -march=native -std=gnu17 -pthread $FLAGS -o build/mate-probe "$SRC" $OBJS -lm
exec nice -n 19 build/mate-probe "$@"
