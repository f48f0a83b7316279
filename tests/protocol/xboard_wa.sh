#!/usr/bin/env bash
# xboard_wa.sh - wa shogi over CECP, with drops (crazywa, wa-shogi-drop) and without
# (wa-shogi): the setup and piece lines of shared/rules/wa.md 5 exactly, drops and their bans,
# forced promotion, holdings in setboard, mate claims and mate scores.
. "$(dirname "$0")/xboardlib.sh"
xb_start

TABLE0='(P..^S^FV..^LW^OH.F.^R.E....R...D.GOL^M..^H.M.C.^CU.^W/.......^V.^P.^U..^DS.^GXKp..^s^fv..^lw^oh.f.^r.e....r...d.gol^m..^h.m.c.^cu.^w/.......^v.^p.^u..^ds.^gxk)'
TABLE16='(P..^S^FV..^LW^OH.F.^R.E....R...D.GOL^M..^H.M.C.^CU.^W../.......^V.^P.^U..^DS.^GXKp..^s^fv..^lw^oh.f.^r.e....r...d.gol^m..^h.m.c.^cu.^w../.......^v.^p.^u..^ds.^gxk)'
START='hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH w 0 1'
PIECES='piece P& fW|piece L& fWbF|piece U& fWbF|piece C& fFsW|piece G& fFvW|piece M& fFvW|piece D& fFbsW|piece V& FfW|piece W& WfF|piece O& fR|piece H& fRbW2|piece S& sRvW|piece F& BfW|piece E& vRfF3bFsW|piece R& fRFbW|piece X& FAvWvD|piece +P& WfF|piece +L& vRfF3bFsW|piece +U& BfW|piece +C& vRfFsW|piece +G& sRvW|piece +M& FfW|piece +D& WfF|piece +V& FfsW|piece +W& K|piece +O& K|piece +H& vN|piece +S& R|piece +F& BvRsW|piece +R& FAvWvD'

check_setup() { # variant, expected setup line
    send new "variant $1"
    fence '^(Error|Illegal|tellusererror)' || return
    local got=$GOT want
    want="$2"$'\n'$(printf '%s' "$PIECES" | tr '|' '\n')$'\n'
    [ "$got" = "$want" ] && ok || { fail "setup/piece lines for $1 differ"; diff <(printf '%s' "$want") <(printf '%s' "$got") | head; }
}
check_setup wa-shogi "setup $TABLE0 11x11+0_chu $START"
check_setup crazywa "setup $TABLE16 11x11+16_chu $START"
check_setup wa-shogi-drop "setup $TABLE16 11x11+16_chu $START"

# drops (crazywa): a pawn in hand; nifu; not on the last rank; White drops with 'P@' too
send new "variant crazywa" force
fence '^(Error|Illegal)'
send "setboard 5k5/11/11/11/11/11/11/11/4P6/11/5K5[Pp] w - 0 1"
fence
legal "P@d5"
send undo
illegal "P@e5"                              # own pawn on file e
illegal "P@d11"                             # could never move
illegal "G@d5"                              # not in hand
illegal "P@z5" "Illegal move (malformed): P@z5"
legal "p@d5" "P@d7"                         # either case; the second is White's drop
send undo undo
silent "option Wa drop rules=free"
legal "P@e5"
send undo
silent "option Wa drop rules=modern"
illegal "P@e5"
reply_to "option Wa drop rules=none" "Error (bad option value): option Wa drop rules: unknown value 'none'"
# holdings in a FEN are refused in the game without drops, accepted empty
send new "variant wa-shogi"
fence '^(Error|Illegal|tellusererror)'
reply_to "setboard 5k5/11/11/11/11/11/11/11/4P6/11/5K5[P] w - 0 1" "tellusererror Illegal position"
send "setboard 5k5/11/11/11/11/11/11/11/4P6/11/5K5[-] w - 0 1"
fence
send "setboard 5k5/11/11/11/11/11/11/11/4P6/11/5K5 w 0 1" force
fence
illegal "P@d5"

# forced promotion on the last rank; optional in the zone
send "setboard 5k5/4P6/11/11/11/11/11/11/11/11/5K5 w 0 1" force
illegal "e10e11"
legal "e10e11+"
send "setboard 5k5/11/4P6/11/11/11/11/11/11/11/5K5 w 0 1" force
legal "e9e10"
send undo
legal "e9e10+"

# mate: two swallows (+S moves as a rook) ladder the king in the corner
MATE="k10/10+S/11/11/11/11/11/11/11/11/5K3+S1 w 0 1"
for v in wa-shogi crazywa; do
    send new "variant $v"
    fence '^(Error|Illegal|tellusererror)'
    send "setboard ${MATE/ w/$([ $v = crazywa ] && echo '[-]') w}" force "usermove j1j11"
    expect_line "1-0 {Sente wins by checkmate}" 5 && fence
    send undo post "sd 3" go
    expect '^[0-9]+ 100001 [0-9]+ [0-9]+ j1j11' 20
    expect_line "move j1j11" 20 && expect_line "1-0 {Sente wins by checkmate}" 5
    fence
    send nopost
done

# a normal game start: the engine answers as the second mover
send new "variant crazywa" "sd 2" "usermove h3g4"
expect '^move ' 20
fence Illegal
finish
