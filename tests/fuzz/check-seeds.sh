#!/bin/sh
# check-seeds.sh SHARED TMP: every seed make-seeds.py writes today is in tests/fuzz/corpus/
# (same name, same bytes). Fails when a protocol script or a shared file gained something the
# committed seeds lack: then run `tests/fuzz/make-seeds.py SHARED` and commit what it adds.
set -eu
shared=$1 tmp=$2
rm -rf "$tmp"
python3 tests/fuzz/make-seeds.py "$shared" "$tmp"
missing=0
for f in "$tmp"/*/*; do
    seed=tests/fuzz/corpus/${f#"$tmp"/}
    if ! cmp -s "$f" "$seed"; then
        echo "check-seeds: $seed missing (make-seeds.py writes it; run tests/fuzz/make-seeds.py $shared)" >&2
        missing=$((missing + 1))
    fi
done
rm -rf "$tmp"
[ "$missing" -eq 0 ] && echo "check-seeds: every generated seed is committed"
