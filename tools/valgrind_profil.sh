#!/bin/sh
# tools/valgrind_profil.sh: run the profil binary beside this wrapper's copy
# (build-valgrind/profil.real; PROFIL_REAL names another) under valgrind
# memcheck, for `make valgrind` (issue 44).  Each run's errors go to a log
# of its own in PROFIL_VALGRIND_LOGS, through descriptor 9 (a log file
# valgrind opened itself could take a closed standard stream's number and
# receive the program's output); the target fails when any log is not
# empty, so an uninitialised read fails the suite even in a test that
# expects a non-zero status.  Suppressions: tools/valgrind.supp, the
# libraries only.
here=$(dirname "$(readlink -f "$0")")
real=${PROFIL_REAL:-$here/profil.real}
logs=${PROFIL_VALGRIND_LOGS:-$here/valgrind-logs}
exec 9> "$logs/$$.log"
exec valgrind -q --error-exitcode=97 --leak-check=no --track-origins=yes \
    --suppressions="${PROFIL_VALGRIND_SUPP:-$here/../tools/valgrind.supp}" \
    --log-fd=9 "$real" "$@" 9>&9
