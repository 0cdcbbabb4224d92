#!/bin/bash
# Runs inside a fresh Debian root where tb was just installed (by its package or by the tarball's install.sh), with
# no Swift and no build tree: every command on the bundled examples, its man page, bash completion and a plugin.
# scripts/test-package.sh copies it there with the examples and a Subversion repository it made, and runs it in a
# network namespace of its own (loopback only).
# Usage: package-check.sh COMMIT EXAMPLES REPOSITORY REVISIONS
set -euo pipefail
commit=$1 examples=$2 repository=$3 revisions=$4
failures=0
check() { # DESCRIPTION FUNCTION: runs FUNCTION, stopping at its first failing command, and says ok or what failed
    local what=$1 status output
    output=$(mktemp)
    # Not under `if`: there bash ignores set -e in everything the condition runs, and a check would pass on the
    # status of its last command alone.
    set +e
    (
        set -e
        "$2"
    ) >"$output" 2>&1
    status=$?
    set -e
    if [ $status -eq 0 ]; then
        echo "  ok: $what"
    else
        echo "  FAILED: $what"
        sed 's/^/    /' "$output" | head -20
        failures=$((failures + 1))
    fi
    rm -f "$output"
}
cd "$examples"

version() { tb --version | grep -F "($commit)"; }
check "tb --version names the commit $commit" version

feed() {
    local items
    items=$(tb feed news.xml | grep -c '^{"type":"item"')
    [ "$items" = "$(grep -c '<item>' news.xml)" ] || { echo "$items items"; return 1; }
    tb feed news.xml --fields title --format tsv | head -1 | grep .
}
check "tb feed reads every item of news.xml" feed

html() {
    # Entities decoded and the link made absolute against the file's URL, as browsers do.
    tb html -a href 'a[href]' page.html --fields value --format tsv | grep -Fx "file://$examples/about.html?x=1&y=2"
}
check "tb html picks the links of page.html" html

regex() {
    local counted expected
    counted=$(tb regex -c ERROR server.log.gz --fields lines --format tsv)
    expected=$(zcat server.log.gz | grep -c ERROR)
    [ "$counted" = "$expected" ] || { echo "tb: $counted lines, grep: $expected"; return 1; }
}
check "tb regex -c counts the lines grep counts in server.log.gz (gzip inflated)" regex

compressed() {
    # liblzma is loaded on first use: the package must have brought it.
    [ "$(tb regex -c ERROR server.log.xz --fields lines --format tsv)" = "$(zcat server.log.gz | grep -c ERROR)" ]
}
check "tb regex -c reads server.log.xz (liblzma loaded on first use)" compressed

svn_info() {
    local info
    info=$(tb svn info "file://$repository")
    grep -F "\"revision\":$revisions" <<<"$info" || { echo "$info"; return 1; }
}
check "tb svn info file://$repository is at revision $revisions" svn_info

reach() {
    # A port opened here by perl (perl-base is in every Debian root); tb must find it open.
    local port status
    coproc listener { exec perl -MIO::Socket::INET -e '
        my $s = IO::Socket::INET->new(Listen => 5, LocalAddr => "127.0.0.1", LocalPort => 0, ReuseAddr => 1) or die;
        $| = 1; print $s->sockport, "\n"; while (my $c = $s->accept) { close $c }'; }
    read -r port <&"${listener[0]}"
    status=0
    tb reach "127.0.0.1:$port" --fields status --format tsv || status=$?
    kill "$listener_PID"
    wait "$listener_PID" 2>/dev/null || true
    return $status
}
check "tb reach 127.0.0.1:PORT finds a port opened here" reach

manual() {
    man -w tb
    MANPAGER=cat MANWIDTH=80 man tb 2>&1 | grep -q '^NAME' || { echo "man tb shows no NAME section"; return 1; }
    MANPAGER=cat man tb-regex | grep -q 'tb-regex'
}
check "man tb and man tb-regex find their pages" manual

completion() {
    # As an interactive bash does: bash-completion loads tb's script on its first TAB.
    bash -c '
        source /usr/share/bash-completion/bash_completion
        __load_completion tb || { echo "bash-completion found no completion for tb"; exit 1; }
        COMP_LINE="tb fe" COMP_POINT=5 COMP_WORDS=(tb fe) COMP_CWORD=1
        _tb tb fe tb
        [ "${COMPREPLY[*]}" = feed ] || { echo "tb fe<TAB>: ${COMPREPLY[*]}"; exit 1; }'
}
check "bash completes tb fe<TAB> to feed" completion

plugin() {
    # An external command on PATH: tb runs it, lists it in its help and completes its name.
    local bin
    bin=$(mktemp -d)
    cp "$examples/plugins/tb-hello" "$bin/"
    PATH=$bin:$PATH tb hello package | grep -qF '"name":"package"'
    PATH=$bin:$PATH tb help | grep -q hello
    PATH=$bin:$PATH tb __complete -- hel | grep -q '^hello'
}
check "a plugin on PATH runs, and tb help and completion show it" plugin

store() {
    # The user's store: written under $HOME, so that removing the package can be seen to keep it.
    tb bookmark add examples "$examples" >/dev/null
    tb bookmark ls | grep -q examples
}
check "tb bookmark add writes the store under \$HOME" store

[ $failures -eq 0 ] || { echo "$failures checks failed"; exit 1; }
