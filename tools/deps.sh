#!/bin/sh
# Install the Debian packages profil needs when they are missing: as root,
# with apt-get; otherwise print the exact command and fail.  On a system
# without dpkg, name them and go on.
missing=""
for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if ! command -v dpkg-query >/dev/null 2>&1; then
    # Elsewhere (macOS: docs/install.md) the build goes on; the compiler says what is missing.
    echo "profil: not a Debian system: it needs the equivalents of:$missing" >&2
    exit 0
fi
if [ "$(id -u)" = 0 ]; then
    echo "profil: installing missing packages:$missing"
    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing
else
    echo "profil: missing Debian packages. Run:" >&2
    echo "  sudo apt-get install$missing" >&2
    exit 1
fi
