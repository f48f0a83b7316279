#!/bin/sh
# fuzz-campaign.sh - run every libFuzzer target of tests/fuzz/ for a number of executions
# (issue #11: 10^7 each) one after the other, one process each, and write a summary.
#
#   make fuzz-long [FUZZ_RUNS=10000000]          builds the targets, then runs this script
#   scripts/fuzz-campaign.sh [--runs N] [--build DIR] [--out DIR] [target ...]
#
# Each target runs `DIR/fuzz-<target> -runs=N` (one process, no -jobs/-workers) from its corpus
# DIR/fuzz-corpus/<target>/ (kept between campaigns and shared with `make fuzz`), the committed
# seeds and the regressions, under nice -n 19 (NICE= to change). A find (crash, sanitizer
# report, broken invariant, timeout of 30 s, more than 2 GB) stops that target: libFuzzer saves
# the input to OUT/artifacts/<target>-..., the summary says so, and the campaign goes on with
# the next target. Run it again after the fix: the corpus is kept, so the target resumes from
# what it had found. OUT/summary.tsv: target, executions asked, executions done, exec/s,
# coverage (edges) at start and end, new corpus inputs, peak RSS MB, seconds, result.
set -u

runs=10000000
build=build/clang-fuzz
out=
nice_cmd=${NICE-nice -n 19}
while [ $# -gt 0 ]; do
    case "$1" in
    --runs) runs=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h | --help) sed -n '2,15p' "$0"; exit 0 ;;
    --*) echo "fuzz-campaign: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
done
targets=$*
if [ -z "$targets" ]; then
    for f in tests/fuzz/fuzz_*.c; do targets="$targets $(basename "$f" .c | sed 's/^fuzz_//')"; done
fi
[ -n "$out" ] || out=$build/fuzz-campaign/$(date +%Y%m%d-%H%M%S)
mkdir -p "$out/artifacts"
export SHISHI_SHARED="${SHISHI_SHARED:-../shared}"

# The longest input libFuzzer makes, per target: positions and move lists are short; records,
# books and sessions need room (every committed session seed fits in 2048 bytes).
max_len() {
    case "$1" in
    position | move) echo 1024 ;;
    usi | xboard) echo 2048 ;;
    *) echo 4096 ;;
    esac
}

# The value of libFuzzer's final "stat::<name>:" line in a log.
stat() { sed -n "s/^stat::$2: *//p" "$1" | tail -n 1; }

# The edge count of the first or last status line ("#N ... cov: C ft: ...").
coverage() {
    if [ "$2" = first ]; then
        grep -o 'cov: [0-9]*' "$1" | head -n 1 | sed 's/cov: //'
    else
        grep -o 'cov: [0-9]*' "$1" | tail -n 1 | sed 's/cov: //'
    fi
}

# What stopped the run: the artifact libFuzzer wrote, or "ok". WHY slow units apart: libFuzzer
# writes an input that took over 10 s (-report_slow_units) and runs on; on this 2-core machine
# that happens when other work starves the niced campaign (session 16: inputs of 0.3-0.9 s
# took 25-38 s while a mate run had both cores), so they are counted, not taken as finds.
result() {
    art=$(sed -n 's/.*Test unit written to \([^ ]*\).*/\1/p' "$1" | grep -v -- '-slow-unit-' | tail -n 1)
    slow=$(grep -c 'Test unit written to .*-slow-unit-' "$1")
    if [ -n "$art" ]; then
        why=$(grep -m1 -o 'ERROR: [A-Za-z]*: [a-z-]*\|fuzz invariant broken\|runtime error\|fuzz: [a-z/ ]*move' "$1")
        echo "find (${why:-see log}): $art"
    elif [ "$2" -ne 0 ]; then
        echo "exit $2 without an artifact (see log)"
    elif [ "$slow" -gt 0 ]; then
        echo "$slow slow-unit reports (see log), ok"
    else
        echo ok
    fi
}

printf 'target\truns asked\texecutions\texec/s\tcov start\tcov end\tnew inputs\tpeak RSS MB\tseconds\tresult\n' \
    > "$out/summary.tsv"
echo "fuzz-campaign: $runs executions per target ($targets); logs, summary and finds in $out"
for t in $targets; do
    bin=$build/fuzz-$t
    if [ ! -x "$bin" ]; then
        printf '%s\t%s\t-\t-\t-\t-\t-\t-\t-\tnot built (%s)\n' "$t" "$runs" "$bin" >> "$out/summary.tsv"
        continue
    fi
    mkdir -p "$build/fuzz-corpus/$t"
    log=$out/$t.log
    seeds=tests/fuzz/corpus/$t
    [ -d "tests/fuzz/regressions/$t" ] && seeds="$seeds tests/fuzz/regressions/$t"
    start=$(date +%s)
    # shellcheck disable=SC2086 # nice_cmd is a command and its arguments; seeds two folders
    $nice_cmd "$bin" -runs="$runs" -max_len="$(max_len "$t")" -timeout=30 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$out/artifacts/$t-" "$build/fuzz-corpus/$t" $seeds > "$log" 2>&1
    rc=$?
    secs=$(($(date +%s) - start))
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$runs" "$(stat "$log" number_of_executed_units)" \
        "$(stat "$log" average_exec_per_sec)" "$(coverage "$log" first)" "$(coverage "$log" last)" \
        "$(stat "$log" new_units_added)" "$(stat "$log" peak_rss_mb)" "$secs" "$(result "$log" $rc)" \
        >> "$out/summary.tsv"
    tail -n 1 "$out/summary.tsv"
done
echo "fuzz-campaign: summary in $out/summary.tsv"
column -t -s "$(printf '\t')" "$out/summary.tsv" 2> /dev/null || cat "$out/summary.tsv"
