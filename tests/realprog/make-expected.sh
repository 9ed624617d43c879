#!/bin/sh
# tests/realprog/make-expected.sh: regenerates tests/realprog/expected/ by
# running every case of cases.txt (or the cases named) under DOSBox 0.74
# (apt-get install dosbox), headless.  DOSBox reports DOS 5.0 by default;
# each case's `ver set` gives it the version the case names (3.30 for all
# now), the one profil is run with.  Review `git diff tests/realprog/expected`
# before committing: the expectations are DOSBox's behaviour, not profil's.
#
# usage: sh tests/realprog/make-expected.sh [CASE...]   (from the top folder)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
command -v dosbox >/dev/null || { echo "make-expected: needs dosbox (apt-get install dosbox)" >&2; exit 2; }
sh "$HERE/fetch.sh" "$TOP/build/realprog/bin"
BIN=$TOP/build/realprog/bin WORK=$TOP/build/realprog/expected exec bash "$HERE/compat.sh" expected "$@"
