#!/bin/bash
# tests/realprog/compat.sh: runs the compatibility corpus (cases.txt).
#
#   compat.sh expected [CASE...]  run each case under DOSBox and write what it
#                                 printed, its exit code and the files it wrote
#                                 to tests/realprog/expected/CASE/ (make-expected.sh)
#   compat.sh check [CASE...]     run each case under profil run and compare
#                                 with expected/ (make compat): PASS name /
#                                 FAIL name: reason, then "N passed, M failed";
#                                 exit 1 when under COMPAT_THRESHOLD percent (95)
#                                 or when a profile check (profiles.txt) fails
#
# A case (cases.txt, fields split by '|'):
#   NAME | PROGRAM-ID | DOS-VERSION | STDIN | INPUT FILES | OUTPUT FILES | ENV | ARGS
# It runs in a fresh folder, mounted as C: and the current directory, holding
# the program (an ID of programs.txt, fetched by fetch.sh into BIN, or
# '@CASE/FILE', a program an earlier case built) and the INPUT FILES:
# FILE from tests/realprog/input/, '%ID' the file ID of programs.txt (a tool's
# other pass, a library), '@CASE/FILE' FILE as an earlier CASE of the same run
# left it (this chains assembler, linker, ...), '+PATH' the repository's own
# file (include/profdos.h) under its name in capitals.  ENV is '-' or NAME=VALUE,...
# (DOSBox: SET; profil: --env).  STDIN ('-': none, NUL) comes from input/.
# The command is `PROGRAM ARGS < STDIN > STDOUT`, under DOSBox with `ver set`
# to DOS-VERSION and under profil with --dos-version; stdin, stdout and the
# exit code are kept outside the case's folder (DOSBox: on drive D:).
#
# Compared: standard output with each CR before an LF dropped (so CR LF and LF
# lines compare equal: DOSBox's and profil's stdout are both raw bytes, the
# normalisation only keeps the expected files readable as text in git, where
# they are stored with LF) and normalise.sed's masks applied (figures that
# depend on the memory the environment leaves); the exit code (DOSBox's ERRORLEVEL); and each
# OUTPUT FILE byte for byte ('-' none): text ones against a copy in expected/,
# binaries (.EXE .COM .OBJ .LIB .CRF .BIN) against their sha256 in
# expected/CASE/sha256, as build outputs are not committed.  FILE~HEX,HEX
# zeroes the bytes at those offsets first (LINK 2.0's uninitialised header
# word, README.md).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
MODE=${1:?usage: compat.sh expected|check [CASE...]}; shift
BIN=${BIN:-$TOP/build/realprog/bin}
WORK=${WORK:-$TOP/build/realprog/$MODE}
PROFIL=${PROFIL:-$TOP/profil}
EXP=$HERE/expected
INPUT=$HERE/input
MAXINSN=${COMPAT_MAX_INSTRUCTIONS:-400000000}
HOST_TIMEOUT=${COMPAT_HOST_TIMEOUT:-120}
THRESHOLD=${COMPAT_THRESHOLD:-95}

trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; s=${s%"${s##*[![:space:]]}"}; printf '%s' "$s"; }
prog_file() { awk -v id="$1" '$1 == id { print $2 }' "$HERE/programs.txt"; }
# written files compared by sha256 (build outputs are not committed)
is_binary() { case "$1" in *.EXE|*.COM|*.OBJ|*.LIB|*.CRF|*.BIN) return 0;; esac; return 1; }
# hash FILE [HEX,HEX...]: the sha256 of FILE with the bytes at those offsets
# zeroed (what depends on where DOS loaded the tool, see README.md)
hash() {
    local t o
    [ -z "${2:-}" ] && { sha256sum < "$1" | cut -d' ' -f1; return; }
    t=$(mktemp); cp "$1" "$t"
    for o in $(echo "$2" | tr ',' ' '); do
        printf '\000' | dd of="$t" bs=1 seek=$((0x$o)) conv=notrunc status=none
    done
    sha256sum < "$t" | cut -d' ' -f1; rm -f "$t"
}
# the text form of a stdout: CR before LF dropped, normalise.sed applied
norm() { sed 's/\r$//' "$1" | sed -f "$HERE/normalise.sed"; }

# setup NAME PROG STDIN INPUTS: a fresh $WORK/NAME with what the case needs
setup() {
    local d=$WORK/$1 f
    rm -rf "$d" "$WORK/$1".*; mkdir -p "$d"
    case "$2" in
    @*) cp "$WORK/${2#@}" "$d/" || return 1 ;;
    *)  cp "$BIN/$2/$(prog_file "$2")" "$d/" || return 1 ;;
    esac
    if [ "$3" != - ]; then cp "$INPUT/$3" "$WORK/$1.in" || return 1; fi
    for f in $4; do
        [ "$f" = - ] && continue
        case "$f" in
        @*) cp "$WORK/${f#@}" "$d/" || return 1 ;;
        %*) cp "$BIN/${f#%}/$(prog_file "${f#%}")" "$d/" || return 1 ;;
        +*) cp "$TOP/${f#+}" "$d/$(basename "${f#+}" | tr a-z A-Z)" || return 1 ;;
        *)  cp "$INPUT/$f" "$d/" || return 1 ;;
        esac
    done
}

run_dosbox() { # NAME PROGFILE DOSVER STDIN ENV ARGS
    # C: is the case's folder; D: holds the batch, stdin, stdout and exit code
    local d=$WORK/$1 o=$WORK/$1.d in=D:\\IN v=${3%%.*} r=${3#*.} i
    rm -rf "$o"; mkdir -p "$o"
    if [ "$4" = - ]; then in=NUL; else cp "$WORK/$1.in" "$o/IN"; fi
    {
        printf '@echo off\r\n'
        if [ "$5" != - ]; then printf 'set %s\r\n' $(echo "$5" | tr ',' ' '); fi
        # C:\ in front: DOSBox's own commands (ATTRIB) are never chosen
        printf 'C:\\%s %s < %s > D:\\STDOUT\r\n' "$2" "$6" "$in"
        # the first N down from 255 with ERRORLEVEL >= N is the exit code (a
        # redirection on a false IF still truncates, hence the GOTOs)
        for i in $(seq 255 -1 0); do printf 'if errorlevel %d goto r%d\r\n' $i $i; done
        printf 'goto end\r\n'
        for i in $(seq 255 -1 0); do printf ':r%d\r\necho %d >D:\\RC\r\ngoto end\r\n' $i $i; done
        printf ':end\r\n'
    } > "$o/RUN.BAT"
    {
        printf '[sdl]\noutput=surface\n[dosbox]\nmemsize=16\n[cpu]\ncycles=max\n'
        printf '[mixer]\nnosound=true\n[speaker]\npcspeaker=false\n[autoexec]\n'
        printf 'mount c "%s"\nmount d "%s"\nc:\nver set %d %d\n' "$d" "$o" "$v" "$((10#$r))"
        printf 'call D:\\RUN.BAT\nexit\n'
    } > "$WORK/$1.conf"
    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy timeout -k 5 "$HOST_TIMEOUT" \
        dosbox -conf "$WORK/$1.conf" -noconsole > "$WORK/$1.dosbox.log" 2>&1
    [ -f "$o/STDOUT" ] && mv "$o/STDOUT" "$WORK/$1.stdout"
    [ -f "$o/RC" ] && tr -d '\r ' < "$o/RC" > "$WORK/$1.rc"
}

run_profil() { # NAME PROGFILE DOSVER STDIN ENV ARGS
    local d=$WORK/$1 in=/dev/null env= e
    [ "$4" != - ] && in=$WORK/$1.in
    if [ "$5" != - ]; then for e in $(echo "$5" | tr ',' ' '); do env="$env --env $e"; done; fi
    # shellcheck disable=SC2086 # ENV and ARGS are words, as DOS splits them
    (cd "$d" && timeout -k 5 "$HOST_TIMEOUT" "$PROFIL" run -q -o /dev/null \
        --max-instructions "$MAXINSN" --dos-version "$3" $env "$2" $6 \
        < "$in" > "$WORK/$1.stdout" 2> "$WORK/$1.stderr")
}

pass=0; fail=0; total=0
while IFS='|' read -r name prog ver stdin inputs outputs env args; do
    name=$(trim "$name")
    case "$name" in ''|'#'*) continue;; esac
    if [ $# -gt 0 ]; then
        want=no; for c in "$@"; do [ "$c" = "$name" ] && want=yes; done
        [ $want = yes ] || continue
    fi
    prog=$(trim "$prog"); ver=$(trim "$ver"); stdin=$(trim "$stdin")
    inputs=$(trim "$inputs"); outputs=$(trim "$outputs"); env=$(trim "$env"); args=$(trim "$args")
    case "$prog" in @*) pf=${prog##*/} ;; *) pf=$(prog_file "$prog") ;; esac
    total=$((total + 1))
    if ! setup "$name" "$prog" "$stdin" "$inputs"; then
        echo "FAIL $name: cannot set up (run fetch.sh?)"; fail=$((fail + 1)); continue
    fi
    d=$WORK/$name
    if [ "$MODE" = expected ]; then
        run_dosbox "$name" "$pf" "$ver" "$stdin" "$env" "$args"
        mkdir -p "$EXP/$name"; rm -f "$EXP/$name"/*
        if [ ! -f "$WORK/$name.rc" ]; then
            echo "NOEXP $name: DOSBox did not finish"; fail=$((fail + 1)); continue
        fi
        norm "$WORK/$name.stdout" > "$EXP/$name/stdout"
        cp "$WORK/$name.rc" "$EXP/$name/rc"
        for f in $outputs; do
            [ "$f" = - ] && continue
            m=; case "$f" in *~*) m=${f#*~}; f=${f%%~*};; esac
            if [ ! -f "$d/$f" ]; then echo "$name: no $f" >&2
            elif is_binary "$f"; then echo "$(hash "$d/$f" "$m")  $f" >> "$EXP/$name/sha256"
            else cp "$d/$f" "$EXP/$name/$f"; fi
        done
        echo "EXP $name: rc $(cat "$EXP/$name/rc"), $(wc -l < "$EXP/$name/stdout") lines"
        pass=$((pass + 1))
        continue
    fi
    run_profil "$name" "$pf" "$ver" "$stdin" "$env" "$args"; rc=$?
    why=
    if [ ! -d "$EXP/$name" ]; then
        why="no expected output (make-expected.sh)"
    elif ! norm "$WORK/$name.stdout" | cmp -s - "$EXP/$name/stdout"; then
        dl=$(norm "$WORK/$name.stdout" | diff "$EXP/$name/stdout" -)
        w=$(printf '%s\n' "$dl" | grep -m1 '^<' | cut -c3-70)
        g=$(printf '%s\n' "$dl" | grep -m1 '^>' | cut -c3-70)
        why="stdout differs at $(printf '%s\n' "$dl" | head -1): got '$g', want '$w'; exit $rc"
    elif [ "$rc" != "$(cat "$EXP/$name/rc")" ]; then
        why="exit code $rc, want $(cat "$EXP/$name/rc")"
    else
        for f in $outputs; do
            [ "$f" = - ] && continue
            m=; case "$f" in *~*) m=${f#*~}; f=${f%%~*};; esac
            if [ ! -f "$d/$f" ]; then why="did not write $f"; break; fi
            if is_binary "$f"; then
                want=$(awk -v f="$f" '$2 == f { print $1 }' "$EXP/$name/sha256")
                got=$(hash "$d/$f" "$m")
                if [ "$got" != "$want" ]; then why="$f differs (sha256; make-expected.sh $name leaves DOSBox's in build/realprog/expected/$name)"; break; fi
            elif ! cmp -s "$d/$f" "$EXP/$name/$f"; then why="$f differs ($(cmp "$d/$f" "$EXP/$name/$f" 2>&1 | sed 's/.*differ: //'))"; break; fi
        done
    fi
    if [ -z "$why" ]; then echo "PASS $name"; pass=$((pass + 1))
    else
        # profil's most telling line: an unimplemented service or opcode first
        note=$(grep -m1 -oE 'profil: .*(not implemented|opcode|instruction).*' "$WORK/$name.stderr" ||
               grep -m1 -o 'profil: .*' "$WORK/$name.stderr")
        note=$(printf '%s' "$note" | cut -c1-120)
        echo "FAIL $name: $why${note:+ [$note]}"; fail=$((fail + 1))
    fi
done < "$HERE/cases.txt"

if [ "$MODE" = expected ]; then
    echo "$pass expected, $fail without"; [ $fail = 0 ]; exit
fi

# Profile checks (profiles.txt, fields split by '|'):
#   NAME | PROGRAM | INPUT FILES | RUN OPTIONS | HIST OPTIONS
# PROGRAM ('@CASE/FILE', built by an earlier case) runs in a fresh folder
# with its INPUT FILES under `profil run RUN OPTIONS -o NAME.PRF`; then
# `profil hist NAME.prx HIST OPTIONS --by function --format csv`, and each
# line of expected/NAME/checks (figures derived by hand from the program's
# source, in its comment) must hold:
#   symbols TEXT        hist's standard error names its symbols as TEXT
#   calls FUNCTION N    the function's row counts N calls
#   ratio F G LO HI     F's own cycles over G's lie in [LO, HI]
# These are not DOSBox's: a profile is profil's alone.  A failed check fails
# make compat whatever the threshold.
pfail=0
only=("$@")
while IFS='|' read -r name prog inputs runopts histopts; do
    name=$(trim "$name")
    case "$name" in ''|'#'*) continue;; esac
    if [ ${#only[@]} -gt 0 ]; then
        want=no; for c in "${only[@]}"; do [ "$c" = "$name" ] && want=yes; done
        [ $want = yes ] || continue
    fi
    prog=$(trim "$prog"); inputs=$(trim "$inputs"); runopts=$(trim "$runopts"); histopts=$(trim "$histopts")
    d=$WORK/$name; why=
    if ! setup "$name" "$prog" - "$inputs"; then
        why="cannot set up (did its case run?)"
    # shellcheck disable=SC2086 # the options are words
    elif ! (cd "$d" && timeout -k 5 "$HOST_TIMEOUT" "$PROFIL" run -q $runopts -o "$name.PRF" "${prog##*/}" \
                > "$WORK/$name.stdout" 2> "$WORK/$name.stderr"); then
        why="profil run failed: $(grep -m1 'profil: ' "$WORK/$name.stderr" | cut -c1-100)"
    # shellcheck disable=SC2086
    elif ! (cd "$d" && "$PROFIL" hist "$name.prx" $histopts --by function --format csv \
                > "$WORK/$name.csv" 2> "$WORK/$name.hist.err"); then
        why="profil hist failed: $(head -1 "$WORK/$name.hist.err" | cut -c1-100)"
    elif [ ! -f "$EXP/$name/checks" ]; then
        why="no expected/$name/checks"
    else
        while read -r kind rest; do
            # shellcheck disable=SC2086 # a check's fields are words
            set -- $rest
            case "$kind" in
            ''|'#'*) continue ;;
            symbols)
                grep -qF "symbols: $rest" "$WORK/$name.hist.err" ||
                    { why="hist's symbols are not '$rest': $(head -1 "$WORK/$name.hist.err")"; break; } ;;
            calls)
                got=$(awk -F, -v f="\"$1\"" '$1 == f { print $3 }' "$WORK/$name.csv")
                [ "$got" = "$2" ] || { why="$1: ${got:-no row}, want $2 calls"; break; } ;;
            ratio)
                r=$(awk -F, -v f="\"$1\"" -v g="\"$2\"" '$1 == f { x = $4 } $1 == g { y = $4 }
                        END { if (x > 0 && y > 0) printf "%.3f", x / y }' "$WORK/$name.csv")
                if [ -z "$r" ] || ! awk -v r="$r" -v lo="$3" -v hi="$4" 'BEGIN { exit !(r >= lo && r <= hi) }'; then
                    why="$1 / $2 own cycles ${r:-missing}, want $3 to $4"; break
                fi ;;
            *)  why="expected/$name/checks: unknown check '$kind'"; break ;;
            esac
        done < "$EXP/$name/checks"
    fi
    if [ -z "$why" ]; then echo "PASS $name"; pass=$((pass + 1))
    else echo "FAIL $name: $why"; fail=$((fail + 1)); pfail=$((pfail + 1)); fi
    total=$((total + 1))
done < "$HERE/profiles.txt"

echo "$pass passed, $fail failed"
[ $pfail = 0 ] && [ $total -gt 0 ] && [ $((pass * 100)) -ge $((THRESHOLD * total)) ]
