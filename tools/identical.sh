#!/bin/sh
# tools/identical.sh: `make identical REF=<commit>`, the byte-identical output
# check that every speed or refactoring change runs (docs/development.md).
# Builds REF's profil in a temporary git worktree (its own build folder; the
# binary is kept in BUILD/identical/ for the next run), then runs it and
# this tree's profil over every fixture of BUILD/fixtures under both clocks
# (--timing table, bus), both CPUs (--cpu 8088, 8086) and four modes
# (sampling, --trace, --stacks, both), --max-instructions 1000000, plus hist
# of every .PRF (with its .prc beside it, and alone, as a .PRF is shared
# without it) and .prx and, on the --trace --stacks runs, hist --by
# function, annotate and report of the .prx.  Then the picture pass: the
# fixtures of pictures() below, each with its command tails, under every
# card of --video (as this tree's completion lists them) and both clocks,
# with --screen-png and with --screen-png --border.  Every file a run
# writes (.PRF, .prc, .prx, .html, .png), its stdout, stderr and exit
# status must be the same bytes: one line per differing run (fixture, its
# tail in quotes, options, files), then 'N runs, M differing'; exit 1 if
# any differ, 2 on bad usage.
# IDENTICAL_FIXTURES="a.com b.exe": only those; IDENTICAL_JOBS: runs at
# once (2); IDENTICAL_INSTRUCTIONS: the limit (1000000).
set -eu
usage() { echo "usage: make identical REF=<commit>  (tools/identical.sh PROFIL BUILD REF)" >&2; exit 2; }
[ $# -eq 3 ] && [ -n "$3" ] || usage
new=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
build=$(cd "$2" && pwd)
sha=$(git rev-parse --verify --quiet "$3^{commit}") || { echo "identical: $3: not a commit" >&2; exit 2; }
refname=$3
jobs=${IDENTICAL_JOBS:-2}
insns=${IDENTICAL_INSTRUCTIONS:-1000000}
out=$build/identical
ref=$out/profil-$sha

# REF's binary, built once per commit in a worktree removed right after.
if [ ! -x "$ref" ]; then
    mkdir -p "$out"
    tree=$(mktemp -d "${TMPDIR:-/tmp}/profil-identical.XXXXXX")
    rmdir "$tree"
    trap 'git worktree remove --force "$tree" 2>/dev/null; rm -rf "$tree"; git worktree prune' EXIT
    trap 'exit 130' INT TERM HUP
    git worktree add --detach --quiet "$tree" "$sha"
    echo "identical: building $refname ($sha) in $tree" >&2
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$tree" -j"$jobs" profil > "$out/build-$sha.log" 2>&1 ||
        { echo "identical: $refname does not build (see $out/build-$sha.log)" >&2; exit 2; }
    cp "$tree/profil" "$ref.tmp" && mv "$ref.tmp" "$ref"
    git worktree remove --force "$tree"
    trap - EXIT INT TERM HUP
fi

# A fixture's own options, before its name, and its command tail, after it:
# dumploop.com DUMPs a file for ever without a count; yes.com's console
# output costs the host about 7 us per instruction.
options_of() {
    case "$1" in
    yes.com) echo --max-instructions 50000 ;;
    esac
}
tail_of() {
    case "$1" in
    dumploop.com) echo 10 ;;
    esac
}

# The picture pass's fixtures: those the tests read back through
# --screen-png (check_bios.c, check_video.c, check_ega.c), each followed by
# the command tails they are run with ("-": none).  tests/check_layers.c
# fails when a test takes a picture of a fixture this list lacks, or the
# list names one no test takes (the tails are not checked).
pictures() {
    cat <<'EOF'
border.com -
cga4.com - p
egacga.com - 6
egamono.com - 1
egapal.com -
egaplane.com -
gfxstr.com -
gfxtext.com 4 6 d
modex.com -
mode13.com -
overscan.com - v
borderbands.com - v
palbands.com e v
rasterpal.com - 6 s t
screen.com -
startlatch.com - n
textbands.com e v
vgasplit.com -
EOF
}

# One case: a fixture, its command tail ("-": tail_of's) and its options,
# run by both binaries, each in its own folder; prints 'fixture "tail"
# options: files' when they differ.
case_one() {
    fix=$1 tail=$2; shift 2
    opts=$*
    name=$(basename "$fix" | tr . _)_${tail}_$(echo "$opts" | tr -c 'a-z0-9\n' _)
    [ "$tail" = - ] && tail=$(tail_of "$(basename "$fix")")
    # shellcheck disable=SC2046,SC2086
    set -- "$@" $(options_of "$(basename "$fix")") "$fix" $tail
    for side in a b; do
        bin=$new; [ $side = a ] && bin=$ref
        d=$out/runs/$side/$name
        rm -rf "$d" && mkdir -p "$d"
        (cd "$d" || exit
         st=0; "$bin" run -q --max-instructions "$insns" -o OUT.PRF "$@" </dev/null >stdout 2>stderr || st=$?
         echo $st >status
         for f in OUT.PRF OUT.prx; do
             [ -f "$f" ] || continue
             st=0; "$bin" hist "$f" >"$f.hist" 2>&1 || st=$?; echo $st >>"$f.hist"
         done
         if [ -f OUT.PRF ] && [ -f OUT.prc ]; then
             mv OUT.prc prc.aside
             st=0; "$bin" hist OUT.PRF >OUT.PRF.hist-alone 2>&1 || st=$?; echo $st >>OUT.PRF.hist-alone
             mv prc.aside OUT.prc
         fi
         case "$opts" in *"--trace --stacks"*) [ -f OUT.prx ] || exit 0 ;; *) exit 0 ;; esac
         st=0; "$bin" hist --by function OUT.prx >hist-function 2>&1 || st=$?; echo $st >>hist-function
         st=0; "$bin" annotate OUT.prx >annotate 2>&1 || st=$?; echo $st >>annotate
         st=0; "$bin" report -o OUT.html OUT.prx >report 2>&1 || st=$?; echo $st >>report)
    done
    a=$out/runs/a/$name b=$out/runs/b/$name
    files=$(diff -rq "$a" "$b" 2>&1 | sed -e "s|^Files $a/\([^ ]*\) and .*|\1|" -e "s|^Only in $a: |only in $refname: |" \
        -e "s|^Only in $b: |only in this tree: |" | tr '\n' ' ')
    if [ -n "$files" ]; then
        echo "$(basename "$fix")${tail:+ \"$tail\"} $opts: $files"
    fi
    rm -rf "$a" "$b"
}

# Whether IDENTICAL_FIXTURES lets fixture $1 run.
chosen() {
    [ -z "${IDENTICAL_FIXTURES:-}" ] && return 0
    case " $IDENTICAL_FIXTURES " in *" $1 "*) return 0 ;; esac
    return 1
}

# The cases, one a line, for xargs: every fixture x clock x CPU x mode,
# then every picture fixture x tail x card x clock x border or not.
cases() {
    for fix in "$build"/fixtures/*.com "$build"/fixtures/*.exe; do
        if [ ! -f "$fix" ] || ! chosen "$(basename "$fix")"; then continue; fi
        for timing in table bus; do
            for cpu in 8088 8086; do
                for mode in "" --trace --stacks "--trace --stacks"; do
                    echo "$fix - --timing $timing --cpu $cpu $mode"
                done
            done
        done
    done
    pictures | while read -r fix tails; do
        chosen "$fix" || continue
        [ -f "$build/fixtures/$fix" ] || { echo "identical: no $build/fixtures/$fix for the picture pass" >&2; exit 2; }
        for tail in $tails; do
            for card in $cards; do
                for timing in table bus; do
                    for border in "" --border; do
                        echo "$build/fixtures/$fix $tail --timing $timing --video $card --screen-png OUT.png $border"
                    done
                done
            done
        done
    done
}

if [ "${IDENTICAL_CASE:-}" = 1 ]; then
    # a child of xargs below: one case
    # shellcheck disable=SC2086
    case_one $IDENTICAL_ARGS
    exit 0
fi
# The cards, from this tree's completion of --video (its option table).
cards=$("$new" --completion bash | sed -n 's/^ *--video) _profil_words "\(.*\)" ;;$/\1/p')
[ -n "$cards" ] || { echo "identical: $new --completion bash lists no --video cards" >&2; exit 2; }
rm -rf "$out/runs"
cases > "$out/cases" || exit 2
n=$(wc -l < "$out/cases")
xargs -P "$jobs" -I '{}' env IDENTICAL_CASE=1 IDENTICAL_ARGS='{}' sh "$0" "$1" "$2" "$3" < "$out/cases" > "$out/differing"
sort "$out/differing"
m=$(wc -l < "$out/differing")
echo "identical: $n runs, $m differing (against $3, $sha)"
[ "$m" -eq 0 ]
