#!/bin/sh
# Installs tb from this directory: the binary, its man pages and its bash, zsh and fish completions, under PREFIX
# (/usr/local unless given): `./install.sh`, `PREFIX=~/.local ./install.sh` or `./install.sh --prefix ~/.local`.
# `./install.sh --uninstall` (with the same PREFIX) removes them again; your bookmarks and history stay.
# tb is built for Debian 12 (bookworm) and runs with these of its packages installed:
#     apt-get install --no-install-recommends @PACKAGES@
set -eu
packages="@PACKAGES@"
prefix=${PREFIX:-/usr/local}
action=install
while [ $# -gt 0 ]; do
    case $1 in
    --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a directory" >&2; exit 64; }; prefix=$2; shift ;;
    --prefix=*) prefix=${1#--prefix=} ;;
    --uninstall) action=uninstall ;;
    --packages) echo "$packages"; exit 0 ;;
    -h | --help) sed -n '2,7s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown argument '$1' (--prefix DIR, --uninstall, --packages, --help)" >&2; exit 64 ;;
    esac
    shift
done
here=$(cd "$(dirname "$0")" && pwd)
# What to copy is what this directory holds under bin/ and share/, so uninstalling removes exactly those files.
files=$(cd "$here" && find bin share -type f | sort)

if [ "$action" = uninstall ]; then
    for file in $files; do rm -f "$prefix/$file"; done
    echo "removed tb from $prefix"
    exit 0
fi

for file in $files; do
    case $file in bin/*) mode=755 ;; *) mode=644 ;; esac
    install -D -m "$mode" "$here/$file" "$prefix/$file"
done
echo "installed tb in $prefix/bin (man pages and completions under $prefix/share)"

# The libraries tb links and loads come from Debian's packages: name the ones missing.
if command -v dpkg-query >/dev/null 2>&1; then
    missing=
    for package in $packages; do
        dpkg-query -W -f '${Status}\n' "$package" 2>/dev/null | grep -q ' installed$' || missing="$missing $package"
    done
    if [ -n "$missing" ]; then
        echo "tb needs Debian packages that are not installed: apt-get install --no-install-recommends$missing" >&2
        exit 1
    fi
else
    echo "tb needs the libraries of these Debian 12 packages (or your system's equivalents): $packages" >&2
fi
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "note: $prefix/bin is not on your PATH" ;; esac
