#!/usr/bin/env bash
# xboard_handshake.sh - CECP v2 handshake (shared/rules/protocols.md B.1): feature lines,
# variants and options built from the descriptors, ping, the commands that need no reply.
. "$(dirname "$0")/xboardlib.sh"

xb_spawn
send xboard "protover 2"
expect '^feature done=1' 10
feats=$GOT
first=$(printf '%s' "$feats" | head -1)
[ "$first" = "feature done=0" ] && ok || fail "first feature line is '$first', not 'feature done=0'"
for f in 'myname="Shishi [0-9]' ' ping=1' ' setboard=1' ' usermove=1' ' playother=1' ' colors=0' ' sigint=0' \
         ' sigterm=0' ' reuse=1' ' analyze=1' ' memory=1' ' smp=1' ' debug=1' ' exclude=1'; do
    printf '%s' "$feats" | grep -q -- "$f" && ok || fail "feature$f missing"
done
variants=$(printf '%s' "$feats" | sed -n 's/^feature variants="\(.*\)"$/\1/p')
for v in chu wa-shogi crazywa wa-shogi-drop shogi; do
    printf ',%s,' "$variants" | grep -q ",$v," && ok || fail "variant $v not in variants=\"$variants\""
done
for v in micro nana wa wa-nodrop chushogi; do
    printf ',%s,' "$variants" | grep -q ",$v," && fail "variant $v offered in \"$variants\"" || ok
done
for o in 'Okazaki rule -check 0' 'Bare king -check 1' 'Allow repeats -check 1' 'GoBetweenLastRank -check 0' \
         'Wa drop rules -combo \*modern /// free' \
         'EnteringKingRule -combo \*CSARule27 /// CSARule24 /// NoEnteringKing' 'MultiPV -spin 1 1 64' \
         'Move overhead -spin 300 0 5000' 'NodesLimit -spin 0 0 1000000000'; do
    printf '%s' "$feats" | grep -q "^feature option=\"$o\"$" && ok || fail "feature option=\"$o\" missing"
done

reply_to "ping 7" "pong 7"
reply_to "ping" "pong "
# commands XBoard sends that need no answer
silent "accepted done" "rejected san" "computer" "name Someone Else" "rating 2000 1800" "random" "nps 1000" \
       "lift e4" "put e5" "hover e6" "hard" "easy" "post" "nopost" "draw" "" "   " $'\t' "xboard" \
       "memory 16" "cores 1" "level 40 5 0" "time 30000" "otim 30000" "st 2" "sd 5" "force"
reply_to "foo bar" "Error (unknown command): foo bar"
reply_to "  usermovex e4e5" "Error (unknown command): usermovex e4e5"
send "protover 2"
expect '^feature done=1'
fence

# quit exits fast, also in the middle of a search
send "new" "variant chu" "st 100" "go"
sleep 0.3
t0=$(date +%s%N)
send quit
wait "$XB_PID" 2>/dev/null
ms=$((($(date +%s%N) - t0) / 1000000))
# WHY a baseline: on a loaded machine even `head -1` takes a while to notice its input and
# exit; the limit is 100 ms on top of what a trivial process needs here and now.
coproc BASE { exec head -1 >/dev/null; }
base_pid=$BASE_PID base_in=${BASE[1]} # bash unsets both once head exits
sleep 0.2
t0=$(date +%s%N)
echo quit >&"$base_in"
wait "$base_pid" 2>/dev/null
base=$((($(date +%s%N) - t0) / 1000000))
if [ "$SCALE" -gt 1 ]; then
    # WHY skipped: a sanitizer runtime alone spends about a second in its exit handlers
    # (leak check, reports); the limit is only meaningful for the release build.
    echo "    (quit latency not checked in a sanitizer build: $ms ms)"
    ok
else
    [ "$ms" -lt $((base + 100)) ] && ok || fail "quit during a search took $ms ms (limit 100 + $base ms baseline)"
fi
echo "$CHECKS checks passed, $FAILS failed"
[ "$FAILS" = 0 ]
