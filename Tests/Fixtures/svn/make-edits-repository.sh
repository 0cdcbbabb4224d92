#!/bin/bash
# Builds the repository the tests of tb svn diff, blame and the property commands run against:
# make-edits-repository.sh DIR. Deterministic: the same contents, authors, messages and dates every time.
#
# Youngest revision: 6. What each revision does (paths under trunk/):
#   r1 alice  lines.txt (20 lines), crlf.txt (CRLF line ends), native.txt (svn:eol-style native), image.bin (bytes
#             0..255, svn:mime-type application/octet-stream), raw.bin (bytes with NULs, no mime-type), ünï côde.txt,
#             keywords.txt (svn:keywords Id Revision, "$Id$" and "$Revision$" in it)
#   r2 bob    lines.txt: lines 3 and 15 changed (two hunks), two lines added at the end, property tb:color set;
#             crlf.txt and native.txt: a line changed; image.bin and raw.bin: bytes changed; ünï côde.txt edited;
#             keywords.txt edited
#   r3 carol  lines.txt moved to renamed.txt and edited in the same commit (a line inserted after line 8)
#   r4 alice  renamed.txt copied to copy.txt; tb:color deleted from renamed.txt; tb:dir set on trunk (a property-only
#             change of a directory); svn:eol-style native set on crlf.txt (a property-only change of a file)
#   r5 bob    native.txt deleted; sub/new.txt added in a new directory; crlf.txt: a line changed; revision properties
#             tb:review (a multi-line value) and svn:log as committed
#   r6 carol  renamed.txt: line 1 changed and line 10 deleted; copy.txt: a line appended
# Dates: revision N at 2024-02-01T00:00:00Z plus N hours, with a fraction of a second.
set -euo pipefail
export LC_ALL=C.UTF-8 TZ=UTC

if [ $# -ne 1 ]; then
    echo "usage: make-edits-repository.sh DIR" >&2
    exit 64
fi
repository=$(realpath -m "$1")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
svn_options=(--non-interactive --config-dir "$scratch/config")
root=file://$repository

svnadmin create "$repository"
svnadmin setuuid "$repository" 7b2e6e78-5356-4e00-8000-000000000003

commit() {
    local author=$1 message=$2
    shift 2
    svnmucc "${svn_options[@]}" --username "$author" -U "$root" -m "$message" "$@" >/dev/null
}
# file NAME: the path of a scratch file whose content is standard input.
file() { cat >"$scratch/$1"; echo "$scratch/$1"; }

seq -f 'line %g of lines.txt' 1 20 | file lines1 >/dev/null
sed -e 's/^line 3 of/line three of/' -e 's/^line 15 of/line fifteen of/' "$scratch/lines1" >"$scratch/lines2"
printf 'added line 21\nadded line 22\n' >>"$scratch/lines2"
sed -e '8a\inserted after line 8 when moved' "$scratch/lines2" >"$scratch/lines3"
sed -e 's/^line 1 of/line one of/' -e '/^line 10 of/d' "$scratch/lines3" >"$scratch/lines6"
cp "$scratch/lines3" "$scratch/copy4"
{ cat "$scratch/lines3"; echo 'appended to the copy'; } >"$scratch/copy6"
for byte in $(seq 0 255); do printf "\\$(printf '%03o' "$byte")"; done >"$scratch/image1"
{ head -c 100 "$scratch/image1"; printf 'changed'; tail -c 100 "$scratch/image1"; } >"$scratch/image2"
printf 'raw\0bytes\0one\n' >"$scratch/raw1"
printf 'raw\0bytes\0two\n' >"$scratch/raw2"

commit alice 'Add the files' \
    mkdir trunk \
    put "$scratch/lines1" trunk/lines.txt \
    put "$(printf 'first\r\nsecond\r\nthird\r\n' | file crlf1)" trunk/crlf.txt \
    put "$(printf 'alpha\nbeta\ngamma\n' | file native1)" trunk/native.txt \
    propset svn:eol-style native trunk/native.txt \
    put "$scratch/image1" trunk/image.bin \
    propset svn:mime-type application/octet-stream trunk/image.bin \
    put "$scratch/raw1" trunk/raw.bin \
    put "$(printf 'ünï côde\n' | file unicode1)" 'trunk/ünï côde.txt' \
    put "$(printf 'id: $Id$\nrevision: $Revision$\n' | file keywords1)" trunk/keywords.txt \
    propset svn:keywords 'Id Revision' trunk/keywords.txt
commit bob 'Edit every file' \
    put "$scratch/lines2" trunk/lines.txt \
    propset tb:color 'blue
and green' trunk/lines.txt \
    put "$(printf 'first\r\nsecond, changed\r\nthird\r\n' | file crlf2)" trunk/crlf.txt \
    put "$(printf 'alpha\nbeta, changed\ngamma\n' | file native2)" trunk/native.txt \
    put "$scratch/image2" trunk/image.bin \
    put "$scratch/raw2" trunk/raw.bin \
    put "$(printf 'ünï côde, édité\n' | file unicode2)" 'trunk/ünï côde.txt' \
    put "$(printf 'id: $Id$\nrevision: $Revision$\nmore\n' | file keywords2)" trunk/keywords.txt
commit carol 'Move and edit lines.txt' mv trunk/lines.txt trunk/renamed.txt put "$scratch/lines3" trunk/renamed.txt
commit alice 'Copy, and change properties only' \
    cp 3 trunk/renamed.txt trunk/copy.txt \
    propdel tb:color trunk/renamed.txt \
    propset tb:dir 'on trunk' trunk \
    propset svn:eol-style native trunk/crlf.txt
commit bob 'Delete, add a directory, edit' \
    rm trunk/native.txt \
    mkdir trunk/sub put "$(printf 'new\n' | file new5)" trunk/sub/new.txt \
    put "$(printf 'first\r\nsecond, changed\r\nthird, changed\r\n' | file crlf5)" trunk/crlf.txt
commit carol 'Edit the moved file and its copy' \
    put "$scratch/lines6" trunk/renamed.txt put "$scratch/copy6" trunk/copy.txt

printf 'reviewed by alice\nand by bob' >"$scratch/review"
svnadmin setrevprop "$repository" -r 5 tb:review "$scratch/review"
base=1706745600 # 2024-02-01T00:00:00Z
for revision in $(seq 0 6); do
    printf '%(%Y-%m-%dT%H:%M:%S)T.%06dZ' $((base + revision * 3600)) $((revision * 234567 % 1000000)) >"$scratch/date"
    svnadmin setrevprop "$repository" -r "$revision" svn:date "$scratch/date"
done
