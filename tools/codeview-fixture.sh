#!/bin/sh
# Rebuild tests/fixtures/codeview/HELLO.EXE and HELLO.MAP (small model) and
# HELLOM.EXE and HELLOM.MAP (medium model: far code, the library's code in
# its own frame) from HELLO.C with the real Microsoft C 5.10 compiler and
# LINK 3.65 of the MS-DOS 4.0 source release (github.com/microsoft/MS-DOS,
# MIT), run under profil itself:
#   CL /c /Zi /Od HELLO.C
#   LINK /CO/MAP/LI HELLO.OBJ,HELLO.EXE,HELLO.MAP;
#   CL /c /AM /Zi /Od /FoHELLOM.OBJ HELLO.C
#   LINK /CO/MAP/LI HELLOM.OBJ,HELLOM.EXE,HELLOM.MAP;
# The build is deterministic (the same bytes each time).
#   sh tools/codeview-fixture.sh MSDOS_GIT_DIR [PROFIL]
# MSDOS_GIT_DIR: a clone (or bare repository) of microsoft/MS-DOS.
set -eu
repo=${1:?usage: sh tools/codeview-fixture.sh MSDOS_GIT_DIR [PROFIL]}
profil=$(realpath "${2:-./profil}")
out=$(realpath tests/fixtures/codeview)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g() { git --git-dir="$repo" show "HEAD:v4.0/src/TOOLS/$1" > "$work/$2"; }
if [ -d "$repo/.git" ]; then repo=$repo/.git; fi
for f in CL.EXE C1.EXE C1L.EXE C2.EXE C3.EXE LINK.EXE CL.ERR C1.ERR C23.ERR; do g "$f" "$f"; done
mkdir -p "$work/INC/SYS" "$work/LIB"
for f in STDIO.H; do g "BLD/INC/$f" "INC/$f"; done
g BLD/LIB/SLIBCE.LIB LIB/SLIBCE.LIB
g BLD/LIB/MLIBCE.LIB LIB/MLIBCE.LIB
cp "$out/HELLO.C" "$work/"
cd "$work"
"$profil" run -q -o NUL.PRF --drive C=. --env 'INCLUDE=C:\INC' --env 'TMP=C:\' CL.EXE /c /Zi /Od HELLO.C
"$profil" run -q -o NUL.PRF --drive C=. --env 'LIB=C:\LIB' LINK.EXE '/CO/MAP/LI HELLO.OBJ,HELLO.EXE,HELLO.MAP;'
"$profil" run -q -o NUL.PRF --drive C=. --env 'INCLUDE=C:\INC' --env 'TMP=C:\' CL.EXE /c /AM /Zi /Od /FoHELLOM.OBJ HELLO.C
"$profil" run -q -o NUL.PRF --drive C=. --env 'LIB=C:\LIB' LINK.EXE '/CO/MAP/LI HELLOM.OBJ,HELLOM.EXE,HELLOM.MAP;'
cp HELLO.EXE HELLO.MAP HELLOM.EXE HELLOM.MAP "$out/"
ls -l "$out"
