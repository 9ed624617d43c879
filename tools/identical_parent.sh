#!/bin/sh
# tools/identical_parent.sh: `make identical-parent`, CI's byte-identical
# check (issue 47): tools/identical.sh against HEAD's first parent, so a
# commit that is meant not to change an output (speed work, refactoring)
# is proven not to.  A commit that changes outputs on purpose says so in
# its message with a trailer line
#     Outputs-changed: <why>
# and the differing runs are then listed but do not fail.  Skipped, saying
# so, where the checkout has no parent commit (a shallow clone).
# Usage: tools/identical_parent.sh PROFIL BUILD; exit as identical.sh's.
set -u
[ $# -eq 2 ] || { echo "usage: tools/identical_parent.sh PROFIL BUILD" >&2; exit 2; }
parent=$(git rev-parse --verify --quiet 'HEAD^1') || {
    echo "identical: skipped (no parent commit in this checkout)"
    exit 0
}
why=$(git log -1 --format=%B HEAD | sed -n 's/^Outputs-changed: *//p' | head -n 1)
sh "$(dirname "$0")/identical.sh" "$1" "$2" "$parent"
rc=$?
if [ "$rc" -eq 1 ] && [ -n "$why" ]; then
    echo "identical: outputs differ from $parent as the commit says (Outputs-changed: $why)"
    exit 0
fi
exit "$rc"
