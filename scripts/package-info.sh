# Sourced by make-deb.sh and make-dist.sh: what both artifacts say about the build, read from the checkout and the
# binary, never typed by hand.

# The version a package manager orders correctly: v0.2.0 -> 0.2.0; v0.2.0-26-g48798ee (26 commits later) ->
# 0.2.0+git26.g48798ee.
package_version() {
    local described
    described=$(git -C "$1" describe --tags --match 'v[0-9]*' 2>/dev/null || echo v0.0.0)
    sed -E 's/^v//; s/-([0-9]+)-g([0-9a-f]+)$/+git\1.g\2/' <<<"$described"
}

# The Debian dependencies of BINARY, as a Depends: line: the libraries it links, as dpkg-shlibdeps reads them from
# its NEEDED entries and the shlibs files, then the libraries tb loads on first use (CLOADER_DEFINE in
# Sources/Shims/C*/), each from the package that holds its soname here, at least the upstream version installed.
# usage: package_depends CHECKOUT BINARY
package_depends() {
    local here=$1 binary=$2 work linked depends soname path package upstream
    work=$(mktemp -d)
    mkdir -p "$work/debian"
    printf 'Source: tb\n\nPackage: tb\nArchitecture: any\n' >"$work/debian/control"
    linked=$(cd "$work" && dpkg-shlibdeps -O "$(realpath "$binary")" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
    rm -rf "$work"
    [ -n "$linked" ] || { echo "package: dpkg-shlibdeps read no dependency from $binary" >&2; return 1; }
    # libexpat1's symbols date from 2.4.1, but tb looks for reparse deferral at run time (XML_SetReparseDeferralEnabled,
    # backported in 2.5.0-1+deb12u2; without it a huge unfinished tag is parsed again for every piece): ask for it.
    depends=$(sed -E 's/libexpat1 \(>= [^)]*\)/libexpat1 (>= 2.5.0-1+deb12u2)/' <<<"$linked")
    for soname in $(grep -ho 'CLOADER_DEFINE([A-Za-z0-9]*, "[^"]*"' "$here"/Sources/Shims/C*/*.c | sed 's/.*"\(.*\)"/\1/'); do
        # (No early exit in the readers: with pipefail, a writer cut off by SIGPIPE fails the pipeline.)
        path=$(ldconfig -p | awk -v name="$soname" '$1 == name && !found { found = $NF } END { print found }')
        [ -n "$path" ] || { echo "package: $soname is not installed: make deps installs it" >&2; return 1; }
        package=$(package_owning "$path")
        [ -n "$package" ] || { echo "package: no package owns $path" >&2; return 1; }
        upstream=$(dpkg-query -W -f='${Version}' "$package" | sed -E 's/^[0-9]+://; s/-[^-]*$//')
        depends+=", $package (>= $upstream)"
    done
    echo "$depends"
}

# The package that holds a library file. With /usr merged, dpkg knows each file under the one path its package
# installed it at, /lib/… for some (liblzma5) and /usr/lib/… for others (libzstd1): ask for both, link and target.
package_owning() {
    local target candidate
    target=$(readlink -f "$1")
    for candidate in "$1" "$target" "${1#/usr}" "${target#/usr}" "/usr${1#/usr}" "/usr${target#/usr}"; do
        dpkg -S "$candidate" 2>/dev/null | awk -F: 'NR == 1 { print $1 }' | grep . && return 0
    done
    return 0
}

# The package names of a Depends: line, one per line.
package_names() {
    tr ',' '\n' <<<"$1" | sed -E 's/\(.*\)//; s/[[:space:]]//g' | grep -v '^$'
}

# Installs BINARY at DEST stripped, as distributions ship binaries (the release build has no RUNPATH).
package_binary() {
    install -D -m755 "$1" "$2"
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$2"
}
