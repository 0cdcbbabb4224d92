#!/bin/bash
# make dist: build/tb-VERSION-linux-ARCH.tar.gz, for machines without the package manager's tb: the release binary
# (stripped), the man pages and completions laid out as under a PREFIX, README, LICENSE, CHANGELOG, and an install.sh
# (scripts/install.sh) that copies them under PREFIX and names the Debian packages the libraries come from.
# Usage: scripts/make-dist.sh BINARY
set -euo pipefail
binary=$1
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/scripts/package-info.sh"
version=$(package_version "$here")
name=tb-$version-linux-$(uname -m)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
top=$work/$name
package_binary "$binary" "$top/bin/tb"
install -d "$top/share/man/man1"
install -m644 "$here"/man/*.1 "$top/share/man/man1/"
install -D -m644 "$here/completions/tb.bash" "$top/share/bash-completion/completions/tb"
install -D -m644 "$here/completions/_tb" "$top/share/zsh/site-functions/_tb"
install -D -m644 "$here/completions/tb.fish" "$top/share/fish/vendor_completions.d/tb.fish"
install -m644 "$here/README.md" "$here/LICENSE" "$here/CHANGELOG.md" "$top/"
packages=$(package_names "$(package_depends "$here" "$top/bin/tb")" | tr '\n' ' ' | sed 's/ $//')
sed "s/@PACKAGES@/$packages/g" "$here/scripts/install.sh" >"$top/install.sh"
chmod 755 "$top/install.sh"

mkdir -p "$here/build"
out="$here/build/$name.tar.gz"
# Reproducible: owner, order and times from the commit, not from this machine.
stamp=$(git -C "$here" log -1 --format=%ct 2>/dev/null || echo 0)
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$stamp" -C "$work" -cf - "$name" | gzip -9n >"$out"
echo "$out"
