#!/bin/sh
# tools/compare_cc.sh A B BUILD: runs two builds of profil (`make compare-cc`:
# gcc's and clang's) on the same fixtures and options, each in its own
# folder under BUILD/compare-cc/, and fails unless every file they write
# (.PRF, .prc, .prx), their stdout and stderr, and hist's report
# of each .PRF and .prx are the same bytes.  Emulated
# time makes a run a function of the program, its input and the options, so
# any difference is the compiler's (undefined behaviour, float evaluation).
set -eu
[ $# -eq 3 ] || { echo "usage: tools/compare_cc.sh PROFIL_A PROFIL_B BUILD" >&2; exit 2; }
a=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
b=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
fix=$(cd "$3/fixtures" && pwd)
out=$(cd "$3" && pwd)/compare-cc
rm -rf "$out"
mkdir -p "$out/a" "$out/b"

# NAME|ARGS|PROGRAM: the .PRF is NAME.PRF, beside it NAME.prc and NAME.prx.
cases='
hotloop|-b 1 -i 100|hotloop.com
hotloop-table|--timing table -b 2 -i 60|hotloop.com
sieve-trace|--trace|sieve.com
calls-trace|--trace --timing table|calls.com
calls-stacks|--stacks|calls.com
memuse-memory|--memory|memuse.com
reloc-exe|-i 60|reloc.exe
svctime-stacks|--stacks --timing table --keys x|svctime.com
'

run_all() {
    echo "$cases" | while IFS='|' read -r name args prog; do
        [ -n "$name" ] || continue
        # shellcheck disable=SC2086
        (cd "$out/$2" && "$1" run $args -o "$name.PRF" "$fix/$prog" </dev/null >"$name.out" 2>"$name.err" \
            || echo "$?" >"$name.status")
    done
    # and the reports that format those figures (percentages, bars)
    for f in "$out/$2"/*.PRF "$out/$2"/*.prx; do
        [ -f "$f" ] && (cd "$out/$2" && "$1" hist "$(basename "$f")" >"$f.hist" 2>&1 || echo "$?" >>"$f.hist")
    done
}

run_all "$a" a
run_all "$b" b
n=$(ls "$out/a" | wc -l)
if ! diff -r "$out/a" "$out/b" >/dev/null; then
    echo "compare-cc: $1 and $2 wrote different bytes:" >&2
    diff -rq "$out/a" "$out/b" >&2 || true
    exit 1
fi
prf=$(ls "$out/a"/*.PRF | wc -l)
prx=$(ls "$out/a"/*.prx 2>/dev/null | wc -l)
echo "compare-cc: $1 and $2: the same bytes in $n files ($prf .PRF, $prx .prx, the .prc, stdout, stderr, hist)"
