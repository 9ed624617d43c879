#!/bin/sh
# tests/realprog/fetch.sh: gets the compatibility corpus's DOS programs
# (programs.txt) into DEST (default build/realprog/bin) and checks each
# against its pinned sha256.  Nothing fetched is committed.
#
# Sources (programs.txt, column 4):
#   msdos:PATH   microsoft/MS-DOS (MIT) at the pinned commit MSDOS_COMMIT: from a
#                local git dir MSDOS_GIT (a bare mirror or clone) when it has the
#                commit, else downloaded from raw.githubusercontent.com (curl)
#   bcc:FILE.c   built here from tests/realprog/src/FILE.c (the corpus's own,
#                public domain) with dev86 bcc -Md -O, a DOS .COM; the sha256 pins
#                bcc 0.16.17's output (Debian's bcc package)
#
# usage: sh tests/realprog/fetch.sh [DEST]     exit 0: all there and verified
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
DEST=${1:-build/realprog/bin}
MSDOS_COMMIT=2d04cacc5322951f187bb17e017c12920ac8ebe2
MSDOS_GIT=${MSDOS_GIT:-}
MSDOS_URL=https://raw.githubusercontent.com/microsoft/MS-DOS/$MSDOS_COMMIT
mkdir -p "$DEST"
bad=0; n=0
have_git=no
if [ -d "$MSDOS_GIT" ] && git --git-dir="$MSDOS_GIT" cat-file -e "$MSDOS_COMMIT^{commit}" 2>/dev/null; then
    have_git=yes
fi
sha() { sha256sum "$1" | cut -d' ' -f1; }
while read -r id file sum lic src; do
    case "$id" in ''|'#'*) continue;; esac
    n=$((n + 1))
    mkdir -p "$DEST/$id"
    out=$DEST/$id/$file
    if [ -f "$out" ] && [ "$(sha "$out")" = "$sum" ]; then continue; fi
    tmp=$out.tmp
    case "$src" in
    msdos:*)
        path=${src#msdos:}
        if [ $have_git = yes ]; then
            git --git-dir="$MSDOS_GIT" show "$MSDOS_COMMIT:$path" > "$tmp"
        else
            curl -fsSL -o "$tmp" "$MSDOS_URL/$path"
        fi ;;
    bcc:*)
        if ! command -v bcc >/dev/null; then
            echo "fetch: $id: needs bcc (apt-get install bcc)" >&2; bad=$((bad + 1)); continue
        fi
        bcc -Md -O -o "$tmp" "$HERE/src/${src#bcc:}" ;;
    *)  echo "fetch: $id: unknown source $src" >&2; bad=$((bad + 1)); continue ;;
    esac
    got=$(sha "$tmp")
    if [ "$got" != "$sum" ]; then
        echo "fetch: $id: sha256 $got, want $sum ($src)" >&2
        rm -f "$tmp"; bad=$((bad + 1)); continue
    fi
    mv "$tmp" "$out"
done < "$HERE/programs.txt"
echo "fetch: $((n - bad)) of $n programs in $DEST"
[ $bad = 0 ]
