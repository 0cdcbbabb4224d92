#!/bin/bash
# make test-package: installs the Debian package and the tarball, each on a fresh Debian root with no Swift and no
# build tree, and runs scripts/package-check.sh there. The root is made once with mmdebstrap from the Debian archives
# this machine's apt already uses, and cached under build/test-package with the packages apt fetched into it, so
# later runs need no network. The checks run in a network namespace with loopback only: nothing leaves the machine.
# TEST_PACKAGE_OPTIONAL=1 (CI) turns "this machine cannot build a root" into one line and exit 0.
# Usage: scripts/test-package.sh DEB TARBALL
set -euo pipefail
shopt -s inherit_errexit
deb=$(realpath "$1") tarball=$(realpath "$2")
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/scripts/package-info.sh"
cache=$here/build/test-package
# What a Debian root needs besides the minimal system with apt: man-db and bash-completion for the checks of man
# pages and completions, netbase for /etc/services and /etc/protocols, which tb reads.
extras=man-db,bash-completion,netbase

cannot() {
    if [ -n "${TEST_PACKAGE_OPTIONAL:-}" ]; then echo "test-package: skipped: $*"; exit 0; fi
    echo "test-package: cannot run: $*" >&2
    exit 1
}
[ "$(id -u)" = 0 ] || cannot "it needs root (chroot, mounts, namespaces)"
# shellcheck disable=SC2086 # a list of package names
"$here/scripts/install-packages.sh" ${TEST_PACKAGE_PACKAGES:-mmdebstrap lintian subversion} >&2 ||
    cannot "could not install ${TEST_PACKAGE_PACKAGES:-mmdebstrap lintian subversion}"
unshare --mount --net --pid --fork true 2>/dev/null || cannot "this machine allows no mount, network and process namespaces"
. /etc/os-release
codename=${VERSION_CODENAME:-}
# The Debian archives apt installs from here (one line each), which the root's apt will use too.
sources=$(apt-get indextargets --format 'deb $(REPO_URI) $(RELEASE) $(COMPONENT)' 'Created-By: Packages' \
    'Origin: Debian' | sort -u)
[ -n "$codename" ] && [ -n "$sources" ] || cannot "apt knows no Debian archive here (apt-get update reads them)"
commit=$(git -C "$here" rev-parse --short=7 HEAD)

work=$(mktemp -d "$here/build/test-package-run.XXXXXX")
cleanup() {
    # A root's mounts live in its namespace and end with it; only the files remain.
    rm -rf "$work"
}
trap cleanup EXIT

# The base root, made once for these sources and extras.
mkdir -p "$cache/archives"
key=$(printf '%s\n%s\n%s\n' "$codename" "$extras" "$sources" | sha256sum | cut -c1-12)
base=$cache/$codename-$key.tar
if [ ! -f "$base" ]; then
    mirrors=()
    while IFS= read -r line; do mirrors+=("$line"); done <<<"$sources"
    echo "test-package: making a $codename root with mmdebstrap (once; cached as $base)"
    # The package lists stay, so that apt in the root can install tb's dependencies.
    if ! mmdebstrap --quiet --format=tar --variant=apt --include="$extras" --skip=cleanup/apt/lists "$codename" "$base.part" \
        "${mirrors[@]}" 2>"$work/mmdebstrap.log"; then
        tail -5 "$work/mmdebstrap.log" >&2
        rm -f "$base.part"
        cannot "mmdebstrap could not make a $codename root from this machine's archives"
    fi
    mv "$base.part" "$base"
fi

# new_root NAME: a fresh copy of the base root, with the packages fetched by earlier runs in apt's cache.
new_root() {
    local root=$work/$1
    mkdir -p "$root"
    tar -xf "$base" -C "$root"
    cp -p "$cache"/archives/*.deb "$root/var/cache/apt/archives/" 2>/dev/null || true
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    echo "$root"
}
# in_root ROOT COMMAND...: runs a shell command in ROOT as root's login would, with /proc of its own. apt may reach
# the archives (it fetches only what the cache lacks); everything else runs with TB_NETWORK=none.
in_root() {
    local root=$1
    shift
    local environment=(env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root
        LANG=C.UTF-8 TERM=dumb DEBIAN_FRONTEND=noninteractive)
    if [ "${TB_NETWORK:-}" = none ]; then
        unshare --mount --net --pid --fork --mount-proc="$root/proc" \
            sh -c 'ip link set lo up && exec "$@"' sh chroot "$root" "${environment[@]}" /bin/bash -c "$*"
    else
        unshare --mount --pid --fork --mount-proc="$root/proc" chroot "$root" "${environment[@]}" /bin/bash -c "$*"
    fi
}
# keep_archives ROOT: the packages apt fetched, for the next run.
keep_archives() { cp -pn "$1"/var/cache/apt/archives/*.deb "$cache/archives/" 2>/dev/null || true; }
installed() { in_root "$1" "dpkg-query -W -f '\${Package} \${Version}\n'" | sort; }

# What the checks need in a root: the examples and a Subversion repository made there (by this machine's svnadmin:
# the root has no svn tools, and tb needs none).
prepare() {
    local root=$1
    cp -r "$here/examples" "$root/opt/examples"
    svnadmin create "$root/opt/repository"
    svnadmin load --quiet "$root/opt/repository" <"$here/examples/repository.svndump"
    revisions=$(svnlook youngest "$root/opt/repository")
    cp "$here/scripts/package-check.sh" "$root/opt/package-check.sh"
}
run_checks() {
    TB_NETWORK=none in_root "$1" "/opt/package-check.sh $commit /opt/examples /opt/repository $revisions"
}
failed=0
fail() { echo "  FAILED: $*"; failed=1; }

echo "test-package: lintian $(basename "$deb")"
# The placeholder maintainer (no MAINTAINER or DEBEMAIL given to make deb) has a local address, which lintian rightly
# calls bogus; a release is built with a real one, and then nothing is suppressed.
suppressed=()
if dpkg-deb -f "$deb" Maintainer | grep -q '@localhost>$'; then
    suppressed=(--suppress-tags bogus-mail-host,bogus-mail-host-in-debian-changelog)
    echo "  (the placeholder maintainer's address: bogus-mail-host not reported)"
fi
if lintian --fail-on error,warning "${suppressed[@]}" "$deb" >"$work/lintian.log" 2>&1; then
    echo "  ok: lintian reports no error and no warning"
else
    sed 's/^/    /' "$work/lintian.log"
    fail "lintian"
fi

echo "test-package: $(basename "$deb") on a fresh $codename root"
root=$(new_root deb)
cp "$deb" "$root/opt/"
before=$(installed "$root")
# The closure apt computes for the declared dependencies alone, from the same root: installing the package must add
# exactly these (and tb).
depends=$(dpkg-deb -f "$deb" Depends)
expected=$(in_root "$root" "apt-get -s install --no-install-recommends $(package_names "$depends" | tr '\n' ' ')" |
    awk '$1 == "Inst" { print $2 }' | sort)
in_root "$root" "apt-get install -y -q --no-install-recommends /opt/$(basename "$deb")" >"$work/apt.log" 2>&1 ||
    { cat "$work/apt.log"; fail "apt-get install ./$(basename "$deb")"; }
keep_archives "$root"
added=$(comm -13 <(echo "$before") <(installed "$root") | awk '$1 != "tb" { print $1 }' | sort)
if [ "$added" = "$expected" ]; then
    echo "  ok: apt-get install added tb and the closure of its Depends: $(wc -w <<<"$added") packages"
else
    fail "apt-get install added other packages than the closure of Depends: $(diff <(echo "$expected") <(echo "$added") | grep '^[<>]' | tr '\n' ' ')"
fi
prepare "$root"
run_checks "$root" || failed=1
files=$(in_root "$root" 'dpkg -L tb' | while IFS= read -r path; do [ -d "$root$path" ] || echo "$path"; done)
in_root "$root" 'apt-get remove -y -q --purge tb' >"$work/purge.log" 2>&1 || { cat "$work/purge.log"; fail "apt-get remove --purge tb"; }
left=$(for path in $files; do [ -e "$root$path" ] && echo "$path"; done || true)
[ -z "$left" ] && echo "  ok: apt-get remove --purge tb removed its $(wc -l <<<"$files") files" || fail "left behind: $left"
[ -e "$root/usr/share/doc/tb" ] && fail "/usr/share/doc/tb is left behind"
grep -qs examples "$root/root/.config/tb/bookmarks.ndjson" && echo "  ok: the user's bookmarks under \$HOME stay" ||
    fail "the user's bookmarks under \$HOME are gone"

echo "test-package: $(basename "$tarball") on a fresh $codename root"
root=$(new_root tarball)
packages=$(tar -xzOf "$tarball" --wildcards '*/install.sh' | sh -s -- --packages)
in_root "$root" "apt-get install -y -q --no-install-recommends $packages" >"$work/apt.log" 2>&1 ||
    { cat "$work/apt.log"; fail "apt-get install $packages"; }
keep_archives "$root"
tar -xzf "$tarball" -C "$root/opt"
top=/opt/$(basename "$tarball" .tar.gz)
in_root "$root" "$top/install.sh" | sed 's/^/  /' || fail "install.sh"
prepare "$root"
run_checks "$root" || failed=1
in_root "$root" "$top/install.sh --uninstall" >/dev/null || fail "install.sh --uninstall"
left=$(cd "$root/usr/local" && find . -type f | head)
[ -z "$left" ] && echo "  ok: install.sh --uninstall removed every file it installed" || fail "left behind: $left"
# Under a user's own prefix, then a wrong argument: a usage error (64), and nothing installed.
in_root "$root" "$top/install.sh --prefix /root/.local >/dev/null && /root/.local/bin/tb --version >/dev/null &&
    PREFIX=/root/.local $top/install.sh --uninstall >/dev/null && ! test -e /root/.local/bin/tb" &&
    echo "  ok: install.sh --prefix ~/.local, then --uninstall with PREFIX=~/.local" || fail "install.sh --prefix"
status=0
in_root "$root" "$top/install.sh --prefix" 2>/dev/null || status=$?
[ $status -eq 64 ] && echo "  ok: install.sh with a bad argument is a usage error (64)" || fail "install.sh --prefix: exit $status"

[ $failed -eq 0 ] && echo "test-package: passed" || { echo "test-package: FAILED"; exit 1; }
