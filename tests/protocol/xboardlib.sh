# xboardlib.sh - helpers for the tests/protocol/xboard_*.sh scripts (sourced, not run:
# no '_' in the name, so tests/protocol/run.sh does not pick it up).
# Starts the engine as a coprocess and talks to it line by line, like XBoard does:
#   xb_start; send xboard "protover 2"; expect '^feature done=1'; ...; finish
# Every failed assertion prints what was expected and what came back; finish exits 1 then.
set -u
BIN=${1:?usage: $0 BINARY}
FAILS=0
CHECKS=0
# Sanitizer builds run ~10x slower: run.sh sets DRIVE_TIME_SCALE, every time limit uses it.
SCALE=${DRIVE_TIME_SCALE:-1}
GOT=""

# xb_spawn: start the engine; xb_start: start it and complete the handshake.
xb_spawn() {
    coproc ENG { exec "$BIN" 2>&1; }
    # WHY a copy: bash unsets ENG_PID (and ENG) as soon as the coprocess exits, so after a
    # fast `quit` a later "$ENG_PID" would trip `set -u` (a flaky failure seen in CI).
    XB_PID=$ENG_PID
    XB_IN=${ENG[1]}
    XB_OUT=${ENG[0]}
}

xb_start() {
    xb_spawn
    send xboard "protover 2"
    expect '^feature done=1' 10 >/dev/null
}

send() { local l; for l in "$@"; do printf '%s\n' "$l" >&"$XB_IN"; done 2>/dev/null; }

fail() {
    FAILS=$((FAILS + 1))
    echo "FAIL: $*"
    printf '%s' "$GOT" | sed 's/^/    got: /' | tail -20
}

ok() { CHECKS=$((CHECKS + 1)); }

# expect REGEX [SECONDS]: read lines until one matches (all lines read are in $GOT).
expect() {
    local re=$1 t=$((${2:-10} * SCALE)) line
    GOT=""
    while IFS= read -r -t "$t" line <&"$XB_OUT"; do
        GOT+="$line"$'\n'
        if [[ $line =~ $re ]]; then ok; return 0; fi
    done
    fail "expected a line matching /$re/ within ${t}s"
    return 1
}

# expect_line EXACT [SECONDS]
expect_line() {
    local want=$1 t=$((${2:-10} * SCALE)) line
    GOT=""
    while IFS= read -r -t "$t" line <&"$XB_OUT"; do
        GOT+="$line"$'\n'
        if [ "$line" = "$want" ]; then ok; return 0; fi
    done
    fail "expected the line '$want' within ${t}s"
    return 1
}

# fence [FORBIDDEN_REGEX]: ping and read up to the pong; fail if a line before it matches the
# regex (default: any line but a `# debug` comment). $GOT holds the lines before the pong.
PINGS=1000
fence() {
    local re=${1:-^[^#]} line before=""
    PINGS=$((PINGS + 1))
    send "ping $PINGS"
    GOT=""
    while IFS= read -r -t $((10 * SCALE)) line <&"$XB_OUT"; do
        if [ "$line" = "pong $PINGS" ]; then
            GOT=$before
            if [ -n "$before" ] && printf '%s' "$before" | grep -Eq -- "$re"; then
                fail "unexpected line matching /$re/ before pong $PINGS: $(printf "%s" "$before" | grep -E -- "$re" | head -2 | tr "\n" " ")"
                return 1
            fi
            ok
            return 0
        fi
        before+="$line"$'\n'
    done
    GOT=$before
    fail "no pong $PINGS (engine hung or dead)"
    return 1
}

# reply_to CMD EXACT: send one command, expect exactly this reply line, then nothing else.
reply_to() {
    send "$1"
    expect_line "$2" 5 && fence
}

# silent CMD...: the commands produce no output at all.
silent() {
    send "$@"
    fence || echo "    (after: $*)"
}

# legal MOVE... / illegal MOVE: in force mode, usermoves accepted / refused with the exact form.
legal() {
    local m
    for m in "$@"; do send "usermove $m"; done
    fence 'Illegal|Error' || echo "    (moves: $*)"
}
illegal() { reply_to "usermove $1" "${2:-Illegal move: $1}"; }

finish() {
    send quit
    wait "$XB_PID" 2>/dev/null
    echo "$CHECKS checks passed, $FAILS failed"
    [ "$FAILS" = 0 ]
}
