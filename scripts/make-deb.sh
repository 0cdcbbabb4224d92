#!/bin/bash
# make deb: build/tb_VERSION_ARCH.deb from the release binary, the man pages and the completions, with dpkg-deb and
# no network. Depends: is read from the binary and the sonames tb loads on first use (package-info.sh).
# Usage: scripts/make-deb.sh BINARY
set -euo pipefail
binary=$1
here=$(cd "$(dirname "$0")/.." && pwd)
# Who answers for the package: MAINTAINER="Name <address>", or Debian's DEBFULLNAME and DEBEMAIL. The project has
# published no address yet, so without them it is a placeholder that lintian calls bogus: give one for a release.
if [ -n "${MAINTAINER:-}" ]; then
    maintainer=$MAINTAINER
elif [ -n "${DEBEMAIL:-}" ]; then
    maintainer="${DEBFULLNAME:-the tb authors} <$DEBEMAIL>"
else
    maintainer="the tb authors <tb@localhost>"
fi
arch=$(dpkg --print-architecture)

. "$here/scripts/package-info.sh"
version=$(package_version "$here")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$root/usr/share/doc/tb" \
    "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d"
package_binary "$binary" "$root/usr/bin/tb"
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

depends=$(package_depends "$here" "$root/usr/bin/tb")

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
