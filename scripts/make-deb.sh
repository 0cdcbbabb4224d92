#!/bin/bash
# make deb: build/tb_VERSION_ARCH.deb from the release binary, the man pages and the completions, with dpkg-deb and
# no network. Depends: is read from the binary (dpkg-shlibdeps) for the libraries it links, and from the sonames tb
# loads on first use (CLOADER_DEFINE in Sources/Shims/C*/) for the rest, each at least the version built against.
# Usage: scripts/make-deb.sh BINARY
set -euo pipefail
binary=$1
here=$(cd "$(dirname "$0")/.." && pwd)
# Who answers for the package: MAINTAINER="Name <address>" (lintian refuses a local address; the project has no
# published one yet, so the default is a placeholder to be replaced before a public release).
maintainer=${MAINTAINER:-"the tb authors <tb@localhost>"}
arch=$(dpkg --print-architecture)

# A version Debian orders correctly: v0.2.0 -> 0.2.0; v0.2.0-26-g48798ee (26 commits later) -> 0.2.0+git26.g48798ee.
described=$(git -C "$here" describe --tags --match 'v[0-9]*' 2>/dev/null || echo v0.0.0)
version=$(sed -E 's/^v//; s/-([0-9]+)-g([0-9a-f]+)$/+git\1.g\2/' <<<"$described")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$root/usr/share/doc/tb" \
    "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d"
# Stripped, as Debian ships binaries (the release build has no RUNPATH).
install -m755 "$binary" "$root/usr/bin/tb"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/tb"
for page in "$here"/man/*.1; do gzip -9n <"$page" >"$root/usr/share/man/man1/$(basename "$page").gz"; done
install -m644 "$here/completions/tb.bash" "$root/usr/share/bash-completion/completions/tb"
install -m644 "$here/completions/_tb" "$root/usr/share/zsh/vendor-completions/_tb"
install -m644 "$here/completions/tb.fish" "$root/usr/share/fish/vendor_completions.d/tb.fish"
python3 "$here/scripts/debian-changelog.py" "$here/CHANGELOG.md" "$version" "$maintainer" \
    | gzip -9n >"$root/usr/share/doc/tb/changelog.gz"
{
    echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    echo "Upstream-Name: tb"
    echo
    echo "Files: *"
    echo "Copyright: $(git -C "$here" log -1 --format=%cd --date=format:%Y) the tb authors"
    echo "License: MIT"
    sed -n '/^Permission is hereby granted/,$p' "$here/LICENSE" | sed 's/^$/./; s/^/ /'
} >"$root/usr/share/doc/tb/copyright"

# The libraries the binary links, as dpkg-shlibdeps reads them from its NEEDED entries and the shlibs files.
mkdir -p "$work/src/debian"
printf 'Source: tb\n\nPackage: tb\nArchitecture: any\n' >"$work/src/debian/control"
linked=$(cd "$work/src" && dpkg-shlibdeps -O "$root/usr/bin/tb" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
# The libraries loaded on first use: the package holding each soname, at least the version installed here.
loaded=()
for soname in $(grep -ho 'CLOADER_DEFINE([A-Za-z0-9]*, "[^"]*"' "$here"/Sources/Shims/C*/*.c | sed 's/.*"\(.*\)"/\1/'); do
    # (No early exit in the readers: with pipefail, a writer cut off by SIGPIPE fails the pipeline.)
    path=$(ldconfig -p | awk -v name="$soname" '$1 == name && !found { found = $NF } END { print found }')
    [ -n "$path" ] || { echo "make-deb: $soname is not installed: make deps installs it" >&2; exit 1; }
    package=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | awk -F: 'NR == 1 { print $1 }')
    upstream=$(dpkg-query -W -f='${Version}' "$package" | sed -E 's/^[0-9]+://; s/-[^-]*$//')
    loaded+=("$package (>= $upstream)")
done
depends=$linked
for library in "${loaded[@]}"; do depends+=", $library"; done

cat >"$root/DEBIAN/control" <<CONTROL
Package: tb
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Section: utils
Priority: optional
Description: streaming toolbox for feeds, HTML, regexes, Subversion and reachability
 One tb binary whose commands stream RSS/Atom feeds (feed), pick nodes out of
 HTML (html), run PCRE2 regular expressions (regex), read Subversion
 repositories without a working copy (svn) and check network reachability
 (reach). Every command prints NDJSON in a pipe and a table on a terminal, and
 all share bookmarks, history and caches in the XDG directories.
CONTROL

mkdir -p "$here/build"
out="$here/build/tb_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$out" >/dev/null
echo "$out"
