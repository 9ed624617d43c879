#!/bin/sh
# tests/dos2/compare.sh: run MS-DOS 2.0's own tools under profil and under
# DOSBox, and compare what each prints.  Not part of `make check`: it needs
# the public MS-DOS repository (MIT) and dosbox, neither of which this
# project ships or commits.
#
#   tests/dos2/compare.sh /path/to/MS-DOS/v2.0/bin [profil]
#
# Each scenario runs in a scratch folder holding copies of the tools and
# its input files; its standard output (and any files it writes) are
# compared byte for byte.  Prints one line per scenario, SAME or DIFF, and
# exits 1 when any differs.
set -u
BIN=${1:?usage: compare.sh MS-DOS/v2.0/bin [profil]}
PROFIL=$(realpath "${2:-./profil}")
command -v dosbox >/dev/null || { echo "compare.sh: dosbox is not installed (apt-get install dosbox)"; exit 2; }
WORK=$(mktemp -d)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$WORK"' EXIT
[ -z "${KEEP:-}" ] || echo "compare.sh: keeping $WORK"
fails=0

# scenario NAME "DOS COMMAND" [FILES TO COMPARE...]: the command runs with
# its output redirected to OUT.TXT in both.
scenario() {
    name=$1 cmd=$2
    shift 2
    for side in profil dosbox; do
        rm -rf "$WORK/$side" && mkdir -p "$WORK/$side"
        cp "$BIN"/*.COM "$BIN"/*.EXE "$WORK/in"/* "$WORK/$side"/ 2>/dev/null
    done
    # profil: the command line split at its redirections
    prog=$(echo "$cmd" | sed 's/ .*//') args=$(echo "$cmd" | sed -n 's/^[^ ]* \([^<]*\).*/\1/p')
    input=$(echo "$cmd" | sed -n 's/.*< *\([^ ]*\).*/\1/p')
    [ -f "$WORK/profil/$prog.COM" ] && prog=$prog.COM || prog=$prog.EXE
    (cd "$WORK/profil" && timeout 60 "$PROFIL" run -q -o /dev/null "$prog" $args \
        < "${input:-/dev/null}" > OUT.TXT 2>/dev/null)
    printf 'mount c %s\r\nc:\r\n%s > OUT.TXT\r\nexit\r\n' "$WORK/dosbox" "$cmd" > "$WORK/dosbox.conf.auto"
    { printf '[sdl]\nfullscreen=false\n[autoexec]\n'; cat "$WORK/dosbox.conf.auto"; } > "$WORK/dosbox.conf"
    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy timeout 60 dosbox -conf "$WORK/dosbox.conf" -noconsole \
        >/dev/null 2>&1
    result=SAME
    for f in OUT.TXT "$@"; do
        cmp -s "$WORK/profil/$f" "$WORK/dosbox/$f" || result="DIFF ($f)"
    done
    echo "$result  $name: $cmd"
    [ "$result" = SAME ] || fails=1
}

mkdir -p "$WORK/in"
printf 'pear\r\napple\r\nfig\r\nbanana\r\n' > "$WORK/in/FRUIT.TXT"
printf 'pear\r\napple\r\nkiwi\r\nbanana\r\n' > "$WORK/in/FRUIT2.TXT"

scenario sort "SORT < FRUIT.TXT"
scenario sort-reverse "SORT /R < FRUIT.TXT"
scenario find 'FIND "an" FRUIT.TXT'
scenario fc-same "FC FRUIT.TXT FRUIT.TXT"
scenario fc-differ "FC FRUIT.TXT FRUIT2.TXT"
# DEBUG < DBG.TXT is left out: DOSBox 0.74 waits for keys instead of
# reading the redirected file.  Run it under profil by hand; its output
# is in the closing note of issue 6.
exit $fails
