#!/usr/bin/env bash
# make install / make uninstall into temporary prefixes (run by `make test-install`, part of
# `make test`): the installed binary runs (--version) and answers a nana `go` from the table
# installed under share/shishi, the man page renders without a warning, DESTDIR stages the
# same tree under another root, and uninstall leaves no file behind.
#   tests/install.sh [MAKE VARIABLES...]   (e.g. BIN=build/shishi-asan BUILD=build/gcc-asan)
set -u
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
MAKE=${MAKE:-make}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

inst() { "$MAKE" --no-print-directory -s "$@" >"$tmp/make.log" 2>&1 || { fail "make $*"; cat "$tmp/make.log"; }; }

# 1. PREFIX
p=$tmp/usr
inst install PREFIX="$p" "$@"
for f in bin/shishi share/man/man6/shishi.6 share/doc/shishi/README.md share/doc/shishi/usage.md \
         share/shishi/nana.tbl share/shishi/books/shogi.db share/shishi/books/chu.db; do
    [ -f "$p/$f" ] || fail "not installed: $f"
done
[ -x "$p/bin/shishi" ] || fail "bin/shishi not executable"
"$p/bin/shishi" --version | grep -Eqx 'Shishi \S+' || fail "installed --version"
# the installed table comes first (before the build folder's copy)
where=$(cd / && SHISHI_TABLES= "$p/bin/shishi" solve --where nana 2>&1)
[ "$where" = "$p/bin/../share/shishi/nana.tbl" ] || fail "solve --where: $where"
out=$(cd / && printf 'usi\nsetoption name UCI_Variant value nana\nposition startpos\ngo depth 1\nquit\n' \
      | SHISHI_TABLES= "$p/bin/shishi" 2>&1)
echo "$out" | grep -q "^info string solved table $p/bin/../share/shishi/nana.tbl" || fail "installed engine: no solved table: $out"
echo "$out" | grep -Eq '^bestmove [KRBGSNLP]\*[1-3][a-c]' || fail "installed engine: nana bestmove: $out"
# the man page renders without warnings
warn=$(MANWIDTH=80 man --warnings -l "$p/share/man/man6/shishi.6" 2>&1 >/dev/null)
[ -z "$warn" ] || fail "man page warnings: $warn"
MANWIDTH=80 man -l "$p/share/man/man6/shishi.6" 2>/dev/null | grep -q 'SUBCOMMANDS' || fail "man page has no SUBCOMMANDS"
inst uninstall PREFIX="$p" "$@"
left=$(cd "$p" && find . -type f -o -type l)
[ -z "$left" ] || fail "left after uninstall: $left"
[ ! -e "$p/share/shishi" ] && [ ! -e "$p/share/doc/shishi" ] || fail "shishi's folders left after uninstall"

# 2. DESTDIR: the tree staged under another root, the engine still finds its table there
inst install PREFIX=/opt/shishi DESTDIR="$tmp/stage" "$@"
s=$tmp/stage/opt/shishi
[ -x "$s/bin/shishi" ] && [ -f "$s/share/shishi/nana.tbl" ] && [ -f "$s/share/man/man6/shishi.6" ] \
    || fail "DESTDIR install: $(cd "$tmp/stage" && find . -type f)"
w=$(cd / && SHISHI_TABLES= "$s/bin/shishi" solve --where nana 2>&1)
[ "$w" = "$s/bin/../share/shishi/nana.tbl" ] || fail "DESTDIR: solve --where: $w"
inst uninstall PREFIX=/opt/shishi DESTDIR="$tmp/stage" "$@"
left=$(cd "$tmp/stage" && find . -type f -o -type l)
[ -z "$left" ] || fail "left after DESTDIR uninstall: $left"

[ $fails = 0 ] && echo "install: ok"
[ $fails = 0 ]
