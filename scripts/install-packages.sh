#!/bin/sh
# Installs the Debian packages named as arguments that are not installed yet, and upgrades those given as
# NAME>=VERSION that are installed in an older version (to the newest the package lists offer); nothing when all are
# there. Uses sudo when not run as root. Called by `make deps` (build and tests), `make demo-deps` (build and the
# demo's tools) and `make bench` (peer tools).
set -eu

# The installed version of a package, empty when it is not installed.
installed() {
    dpkg-query -W -f='${Status} ${Version}\n' "$1" 2>/dev/null | sed -n 's/^install ok installed //p' | head -n 1
}

# Whether a NAME or NAME>=VERSION argument is satisfied.
satisfied() {
    package=${1%%>=*}
    version=$(installed "$package")
    [ -n "$version" ] || return 1
    [ "$package" = "$1" ] || dpkg --compare-versions "$version" ge "${1#*>=}"
}

missing=""
for argument in "$@"; do
    satisfied "$argument" || missing="$missing ${argument%%>=*}"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
echo "installing or upgrading:$missing"
# A fresh machine may have no package lists at all, and old ones may not know the update that is needed.
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null

# An update the package lists do not offer (no bookworm-security in the sources) must not pass unnoticed.
status=0
for argument in "$@"; do
    package=${argument%%>=*}
    if [ "$package" != "$argument" ] && ! satisfied "$argument"; then
        echo "$0: $package $(installed "$package") is older than ${argument#*>=}, the oldest that will do" >&2
        status=1
    fi
done
exit $status
