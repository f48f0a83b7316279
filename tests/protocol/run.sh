#!/usr/bin/env bash
# run.sh - runs every protocol test script in this folder against one binary.
#   tests/protocol/run.sh ./shishi
# Each script tests/protocol/*_*.sh (usi_*.sh, xboard_*.sh, ...) is called as
#   SCRIPT BINARY
# and must exit 0 on success; whatever it prints is shown on failure (or always with -v).
# Closing line: `N passed, N failed`; exit status 1 if any script failed.
set -u
verbose=0
if [ "${1:-}" = "-v" ]; then verbose=1; shift; fi
bin=${1:?usage: tests/protocol/run.sh [-v] BINARY}
case "$bin" in /*) ;; *) bin="$PWD/$bin" ;; esac
if [ ! -x "$bin" ]; then echo "run.sh: $bin is not an executable" >&2; exit 2; fi
dir=$(cd "$(dirname "$0")" && pwd)
# Sanitizer builds (make asan / tsan put them under build/*-asan, *-tsan) run 10x slower:
# scale the timing limits of drive.py scripts.
case "$bin" in *-tsan*|*-asan*) export DRIVE_TIME_SCALE=${DRIVE_TIME_SCALE:-10} ;; esac
passed=0 failed=0
for t in "$dir"/*_*.sh; do
    [ -e "$t" ] || continue
    name=$(basename "$t")
    out=$(mktemp)
    if bash "$t" "$bin" >"$out" 2>&1; then
        passed=$((passed + 1)); echo "PASS $name"
        [ $verbose = 1 ] && sed 's/^/    /' "$out"
    else
        failed=$((failed + 1)); echo "FAIL $name"
        sed 's/^/    /' "$out"
    fi
    rm -f "$out"
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
