#!/bin/sh
# tools/valgrind_profil.sh: run the profil binary named by PROFIL_REAL (or
# the one beside this wrapper's copy) under valgrind memcheck, for `make
# valgrind` (issue 44).  Every error goes to a log of its own in
# PROFIL_VALGRIND_LOGS; the target fails when any log is not empty, so an
# uninitialised read fails the suite even in a test that expects a
# non-zero status.  Suppressions cover only the libraries (tools/valgrind.supp).
here=$(dirname "$0")
real=${PROFIL_REAL:-$here/profil.real}
logs=${PROFIL_VALGRIND_LOGS:-$here/valgrind-logs}
exec valgrind -q --error-exitcode=97 --leak-check=no --track-origins=yes \
    --suppressions="${PROFIL_VALGRIND_SUPP:-tools/valgrind.supp}" \
    --log-file="$logs/%p.log" "$real" "$@"
