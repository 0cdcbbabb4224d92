#!/bin/bash
# Builds the Subversion repository the svn tests run against: make-repository.sh DIR [UUID]. Deterministic: the same
# paths, contents, authors, log messages, dates and UUID every time (only the lock dates and the token of the lock
# taken with `svn lock` differ). Everything svn writes for itself goes to a scratch config dir, never to ~.
#
# Youngest revision: 35. What each path is for (HEAD):
#   trunk/README.txt                       custom property tb:note (unicode value); edited in r8 (multi-line unicode
#                                          log), r9 (svn:log empty) and r35
#   trunk/ünïcode.txt                      unicode name; last changed in r10 (no svn:log at all); locked by alice,
#                                          token opaquelocktoken:7b2e6e78-0000-4000-8000-00000000100c, comment
#                                          "Verrouillé — 編集中\nsecond line"
#   trunk/with space.txt                   space in the name
#   trunk/日本語/ファイル.txt                 unicode directory and file
#   trunk/dir with space/file in dir.txt   space in a directory name
#   trunk/dir with space/moved.txt         moved from trunk/to-move.txt in r13 (A with copyfrom + D)
#   trunk/at@sign.txt                      @ in the name (a peg revision only when a number, HEAD or {DATE} follows)
#   trunk/100%.txt                         % in the name (URL trunk/100%25.txt)
#   trunk/a%20b.txt                        a name that looks escaped (URL trunk/a%2520b.txt); locked by carol with
#                                          `svn lock`: no comment, random token
#   trunk/empty.txt                        empty file (size 0)
#   trunk/binary.bin                       the 256 byte values 0..255; svn:mime-type application/octet-stream
#   trunk/large.txt                        100000 lines "line NNNNNNN of the large file" (3,100,000 bytes)
#   trunk/script.sh                        svn:executable
#   trunk/replaced.txt                     replaced in r15 (rm + put in one commit: action R, no copyfrom)
#   trunk/l1/l2/.../l10/deep.txt           ten directory levels under trunk
#   trunk/changes.log                      added in r20 (no svn:author), edited in r22..r34
#   trunk                                  directory property tb:dir-note set in r19 (a property-only change)
#   branches/feature                       replaced in r16 by a copy of trunk@15 (R with copyfrom); its 日本語 moved
#                                          to "moved dir" in r21; README.txt edited in r12
#   tags/1.0                               copy of trunk@17 (r18)
#   trunk/obsolete.txt                     deleted in r14 (exists in r2..r13)
# Authors: alice, bob, carol, zoë (r8); r20 has no svn:author. Dates: revision N at 2024-01-01T00:00:00Z plus N
# hours, with a fraction of a second (N * 123457 mod 1000000 microseconds) that a whole-second date truncates.
set -euo pipefail
export LC_ALL=C.UTF-8 TZ=UTC

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: make-repository.sh DIR [UUID]" >&2
    exit 64
fi
repository=$(realpath -m "$1")
uuid=${2:-7b2e6e78-5356-4e00-8000-000000000001}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
svn_options=(--non-interactive --config-dir "$scratch/config")
root=file://$repository

svnadmin create "$repository"
svnadmin setuuid "$repository" "$uuid"

# svnmucc reads the paths after -U as URL-escaped: only % needs escaping to come out as it is written.
escape() { printf '%s' "${1//%/%25}"; }
# commit AUTHOR MESSAGE ACTION...: one revision, paths relative to the repository root.
commit() {
    local author=$1 message=$2
    shift 2
    svnmucc "${svn_options[@]}" --username "$author" -U "$root" -m "$message" "$@" >/dev/null
}
text() { printf '%s\n' "$2" >"$scratch/$1"; echo "$scratch/$1"; }

for byte in $(seq 0 255); do printf "\\$(printf '%03o' "$byte")"; done >"$scratch/binary.bin"
seq -f 'line %07g of the large file' 1 100000 >"$scratch/large.txt"
: >"$scratch/empty.txt"

commit alice 'Create the standard layout' mkdir trunk mkdir branches mkdir tags
commit alice 'Add the first files' \
    put "$(text readme 'Read me.')" trunk/README.txt \
    put "$(text unicode 'ünïcode')" trunk/ünïcode.txt \
    put "$(text space 'with space')" 'trunk/with space.txt' \
    put "$(text obsolete 'soon gone')" trunk/obsolete.txt \
    put "$(text replaced 'first life')" trunk/replaced.txt \
    put "$(text move 'will move')" trunk/to-move.txt
commit bob 'Add unicode and spaced directories' \
    mkdir trunk/日本語 put "$(text japanese '日本語のファイル')" trunk/日本語/ファイル.txt \
    mkdir 'trunk/dir with space' put "$(text indir 'in a spaced directory')" 'trunk/dir with space/file in dir.txt'
commit carol 'Add names with @ and %' \
    put "$(text at 'at sign')" 'trunk/at@sign.txt' \
    put "$(text percent 'one hundred percent')" "$(escape 'trunk/100%.txt')" \
    put "$(text escaped 'not a space')" "$(escape 'trunk/a%20b.txt')"
commit alice 'Add an empty and a binary file' \
    put "$scratch/empty.txt" trunk/empty.txt put "$scratch/binary.bin" trunk/binary.bin \
    propset svn:mime-type application/octet-stream trunk/binary.bin
commit bob 'Add a large file' put "$scratch/large.txt" trunk/large.txt
commit carol 'Add an executable script and a custom property' \
    put "$(text script '#!/bin/sh')" trunk/script.sh propset svn:executable '*' trunk/script.sh \
    propset tb:note 'ünïcode value' trunk/README.txt
commit zoë $'Édition du fichier README\n\nSecond paragraph: 日本語, ünïcode — and "quotes".\n\tTabbed line' \
    put "$(text readme 'Read me, please.')" trunk/README.txt
commit alice '' put "$(text readme 'Read me, please, now.')" trunk/README.txt
commit bob 'This message is deleted below' put "$(text unicode 'ünïcode, twice')" trunk/ünïcode.txt
commit alice 'Branch trunk' cp 10 trunk branches/feature
commit bob 'Edit the branch' put "$(text readme 'Read me on the branch.')" branches/feature/README.txt
commit carol 'Move a file' mv trunk/to-move.txt 'trunk/dir with space/moved.txt'
commit alice 'Delete a file' rm trunk/obsolete.txt
commit bob 'Replace a file' rm trunk/replaced.txt put "$(text replaced 'second life')" trunk/replaced.txt
commit carol 'Replace the branch with a new copy of trunk' rm branches/feature cp 15 trunk branches/feature
deep=trunk
levels=()
for level in $(seq 1 10); do
    deep=$deep/l$level
    levels+=(mkdir "$deep")
done
commit alice 'Add a deep path' "${levels[@]}" put "$(text deep 'ten levels down')" "$deep/deep.txt"
commit bob 'Tag 1.0' cp 17 trunk tags/1.0
commit alice 'Set a directory property' propset tb:dir-note 'on the directory' trunk
commit nobody 'Add the change log (this revision has no author)' put "$(text changes 'change 20')" trunk/changes.log
commit carol 'Move a directory on the branch' mv branches/feature/日本語 'branches/feature/moved dir'
authors=(alice bob carol)
for revision in $(seq 22 34); do
    commit "${authors[revision % 3]}" "Change $revision" put "$(text changes "change $revision")" trunk/changes.log
done
commit alice 'Last edit of the README' put "$(text readme 'Read me, at last.')" trunk/README.txt

svnadmin delrevprop "$repository" -r 10 svn:log
svnadmin delrevprop "$repository" -r 20 svn:author
base=1704067200 # 2024-01-01T00:00:00Z
for revision in $(seq 0 35); do
    printf '%(%Y-%m-%dT%H:%M:%S)T.%06dZ' $((base + revision * 3600)) $((revision * 123457 % 1000000)) >"$scratch/date"
    svnadmin setrevprop "$repository" -r "$revision" svn:date "$scratch/date"
done

printf 'Verrouillé — 編集中\nsecond line' >"$scratch/comment"
svnadmin lock "$repository" trunk/ünïcode.txt alice "$scratch/comment" \
    opaquelocktoken:7b2e6e78-0000-4000-8000-00000000100c >/dev/null
svn lock "${svn_options[@]}" --username carol "$root/trunk/a%2520b.txt" >/dev/null
