#!/bin/sh
# Installs the Debian packages named as arguments that are not installed yet, and nothing when all are present.
# Uses sudo when not run as root. Called by `make deps` (build and tests) and `make bench` (peer tools).
set -eu

missing=""
for package in "$@"; do
    if ! dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q '^install ok installed$'; then
        missing="$missing $package"
    fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
echo "installing:$missing"
# A fresh machine may have no package lists at all; update them before installing.
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
