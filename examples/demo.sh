#!/bin/bash
# `make demo`: shows every tb command on the bundled examples, in a throw-away store (your own is not touched).
# Nothing it runs leaves the machine: every server and target is on loopback, and no name is looked up past
# /etc/hosts (DemoTests runs it in a network namespace that has only loopback).
set -uo pipefail

binary=$(realpath "${1:-.build/release/tb}")
examples=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
# The demo's servers end with it, however it ends.
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
# A proxy from the environment would carry the loopback requests to another machine.
unset http_proxy https_proxy ftp_proxy all_proxy HTTP_PROXY HTTPS_PROXY FTP_PROXY ALL_PROXY

# `tb` on PATH is the binary just built; the store lives in the temporary directory.
mkdir -p "$work/bin" "$work/state"
ln -s "$binary" "$work/bin/tb"
export PATH="$work/bin:$PATH"
export TB_CONFIG_DIR="$work/config" TB_STATE_DIR="$work/state" TB_CACHE_DIR="$work/cache"
export TB_EXEC_PATH="$examples/plugins"
cd "$examples"

if [ -t 1 ]; then bold=$'\e[1m' dim=$'\e[2m' plain=$'\e[0m'; else bold="" dim="" plain=""; fi
# Prints the command line, runs it, and shows a non-zero exit status.
show() {
    printf '\n%s$ %s%s\n' "$bold" "$*" "$plain"
    eval "$@"
    local status=$?
    [ $status -ne 0 ] && printf '%s(exit status %d)%s\n' "$dim" $status "$plain"
    return 0
}
section() { printf '\n%s== %s ==%s\n' "$bold" "$*" "$plain"; }

section "tb: one binary, commands declared once"
show tb --version
show tb help

section "bookmarks: @NAME wherever a source is expected"
show tb bookmark add news https://example.org/news.xml --note "'morning news'"
show tb bookmark add repo https://svn.example.org/repo
show tb bookmark add examples .
show tb bookmark ls
show tb bookmark show repo --template "'%(url)/trunk%n'"
show tb bookmark add news https://elsewhere.example
show tb bookmark add --force news https://example.org/news.xml

section "output: a table on a terminal, NDJSON in a pipe, or TSV and templates"
cp "$examples/history.ndjson" "$TB_STATE_DIR/history.ndjson"
show tb history --format table
show "tb history --command feed | cat"
show tb history --fields time,command,target --format tsv
show tb history -n 2 --template "'%(time)  %(command) %(target) -> %(records) records'"

section "regex: PCRE2 matches from files, stdin, URLs, gzip and xz: ripgrep's lines on a terminal, records in a pipe"
show tb regex "'(?si)((?<!\\w)L\\w+)'" lorem.txt
show "tb regex '(?<level>ERROR|WARN) +\\[(?<service>\\w+)\\]' server.log.gz --fields line,named | head -3"
show tb regex -c ERROR server.log.gz server.log.xz "file://$examples/server.log.gz"
show tb regex -c "'^2026-11-28T0[6-9]'" server.log.gz
show tb regex -c "'\\d+'" server.log.gz
show "tb regex --lines --group 1 'took|(\\d{4}) ms' server.log.gz -m 3 --format tsv --fields line,match"
show "tb regex -w -C1 ERROR server.log.gz --max-count 1 --template '%(type)%x09%(line)%x09%(text)'"
show tb regex -w -C1 ERROR server.log.gz lorem.txt --max-count 1 --format human
show tb regex -c ERROR server.log.gz --format table
show tb regex -c -F -e ada@example.org -e grace@example.com -e user=- server.log.gz
show tb regex -vc ERROR server.log.gz
show "tb regex -l -i ferry . --glob '!*.svndump'"
show "tb regex -c -a ERROR . --glob '*.gz'"
show tb regex -S -m 2 error server.log.gz --fields line,match
show tb regex --files -t xml -t sh --max-depth 1 .
show "tb regex --type-list --format table | head -4"
show "tb regex -P -n -z -o -E -c ERROR server.log.gz"
show tb regex -l -F -e "'[api]'" -e "'a.b'" server.log.gz lorem.txt
show "tb regex '(?<user>\\w+)@(?<host>[\\w.]+)' -r '\${user} at \${host}' server.log.gz --first --template '%(replacement)'"
show "printf 'caf\\xc3\\xa9 \\xff na\\xc3\\xafve\\n' | tb regex '\\w+' --fields match,offset"
show "{ head -c 40000 /dev/zero | tr '\\000' a; echo b; } | tb regex '(a+)+\$'"
show tb regex "'(unclosed'" lorem.txt

section "feed: RSS, Atom and JSON Feed items as records, each printed the moment its end tag arrives"
show tb feed news.xml blog.atom --format table
show "tb feed --meta news.xml --fields title,link,updated | head -1"
show tb feed news.xml --fields title,author,categories,enclosures --limit 3
show "gzip -c news.xml | tb feed - --template '%(published)  %(title)%n'"
# The first item shows at once although its source stalls for two seconds before the rest.
show "{ sed -n 1,20p news.xml; sleep 2; sed -n '21,\$p' news.xml; } | tb feed - --template '%(title)%n'"
show "tb feed --events blog.atom --fields event,name,text | sed -n 4,8p"
show tb feed log.json --fields title,link,author,published
show tb feed broken.xml --fields title
show tb feed --strict broken.xml --fields title
show tb feed legacy.xml --fields title,link,author,published
# A PHP warning before the XML declaration, and Windows quotes in a feed labelled ISO-8859-1: read as browsers do.
show tb feed mislabelled.xml --fields feed,title,link
show tb feed --from feeds.opml --fields source,title --limit 1

section "html: the nodes of a page, parsed as a browser parses it"
show tb html body page.html --fields tag,path,text --format table
show tb html a page.html --fields text,path
show tb html --attr href a page.html --fields value
show tb html -a href -a title a page.html --fields attribute,value --limit 3
show tb html --html nav page.html --template "'%(html)%n'"
show "tb html 'div.story:has(> img) p' --text=inner page.html --template '%(value)%n'"
show tb html "'td:nth-child(2), h2 + p time'" page.html --fields tag,text
show tb html div.story -e title=h2 -e when=time@datetime -e "'links=a@href[]'" page.html --format table
show tb html div.story -e title=h2 -e "'links=a@href[]'" page.html --fields fields.title,fields.links --format tsv
show tb html --xpath "'count(//a[starts-with(@href, \"http\")])'" page.html --fields value
show "tb html --parser libxml2 'table td' page.html --fields path,text"
# A page that pauses: the first paragraph is printed before the rest arrives (after the first 1,024 bytes, which
# decide the encoding as browsers decide it).
show "{ printf '<p>sent first</p><!--%1100s--><p>' ''; sleep 1; printf 'a second later</p>'; } | tb html p --fields text"
show tb html --stream "'li:last-child'" page.html
show tb html "'div >'" page.html

section "svn: Subversion repositories without a working copy, through libsvn"
# The bundled repository (six revisions by two authors) is loaded into the temporary directory.
svnadmin create "$work/repository" && svnadmin load -q "$work/repository" < repository.svndump
show tb bookmark add code "file://$work/repository"
show tb svn ls @code/trunk --format table
show tb svn ls -R @code/tags --fields path,kind,size,revision
show tb svn log -v -l 2 @code --fields revision,author,message,changed_paths
show tb svn log --search hello @code --template "'r%(revision) %(author): %(message)%n'"
show tb svn cat @code/trunk/README
show tb svn cat @code/trunk/src/main.c@4
show "tb svn info @code/trunk --template '%(url) is at r%(revision), last changed by %(last_changed_author)%n'"
show tb svn ls --offline @code/trunk --fields path
show tb svn diff -c 4 @code/trunk
show tb svn diff --summarize @code/tags/1.0 @code/trunk --format table
show tb svn blame @code/trunk/src/main.c@4 --format table
show tb svn proplist -R @code/trunk
show "printf 'Ada and Grace\\n' | tb svn put @code/trunk/AUTHORS - -m 'Name the authors' --username grace --fields revision,author"
show tb svn log -v -l 1 @code --fields revision,message,changed_paths
show tb svn cat @code/trunk/src/main.c
# Inside a checkout, paths stand for their URLs at the working copy's BASE revision, as in svn. (svn keeps its
# settings in the temporary directory too.)
svn checkout -q --config-dir "$work/subversion" "file://$work/repository/trunk" "$work/checkout" && cd "$work/checkout"
show tb svn log -v -l 2
show tb svn info README --fields path,url,revision,last_changed_author
show tb svn cat -r PREV src/hello.c
show tb svn log -c 3 . --fields revision,author,message
show tb svn cat src
show "echo '/* local */' >> src/hello.c; tb svn diff"
cd "$examples"

section "reach: pings, ports, URLs and routes, all at once, within one deadline"
# A web server of the demo's own on a free loopback port (unbuffered: the loop below waits for the line that names
# the port, which a buffered server would never write).
/usr/bin/python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$examples" >"$work/http.log" 2>&1 &
server=$!
while ! port=$(sed -n 's/.*port \([0-9]*\).*/\1/p' "$work/http.log" | head -1) || [ -z "$port" ]; do sleep 0.1; done
# A loopback port held bound and never listened on: connecting to it is refused for sure (port 1 may have a listener
# somewhere), and no other socket can take it while the demo runs.
/usr/bin/python3 -u -c 'import socket, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
time.sleep(3600)' >"$work/closed.port" &
while ! closed=$(head -1 "$work/closed.port") || [ -z "$closed" ]; do sleep 0.1; done
show tb reach 127.0.0.1 ::1 localhost:$port 127.0.0.1:$closed --format table
show tb reach --count 3 127.0.0.1 ::1 --fields target,sent,received,loss_percent,rtt_avg_ms
show tb reach --method route 127.0.0.1 --fields target,method,status,interface
show tb reach --timeout 1 127.0.0.1:ssh localhost:http --fields target,port,status
show tb reach http://127.0.0.1:$port/news.xml http://127.0.0.1:$port/missing --fields target,status,http_status,total_ms
show "tb reach -q localhost:$port && echo 'the server is up: run the job'"
show tb reach --timeout 1 --method tcp 127.0.0.1:$closed --fields target,status,error
show tb reach http://127.0.0.1:$closed/feed.xml --fields target,status,error
# A TLS server of the demo's own, its certificate made here for 127.0.0.1 and ending in 10 days: tb reads it, and
# --min-cert-days says it ends too soon.
openssl req -x509 -newkey rsa:2048 -nodes -days 10 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
    -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
/usr/bin/python3 -u "$examples/../Tests/Fixtures/servers/tls_server.py" "$work/cert.pem" "$work/key.pem" >"$work/tls.port" &
for _ in $(seq 100); do tls=$(sed -n 's/PORT //p' "$work/tls.port") && [ -n "$tls" ] && break; sleep 0.1; done
show tb reach --cacert "$work/cert.pem" tls://127.0.0.1:$tls https://127.0.0.1:$tls/ --format table
show tb reach --cacert "$work/cert.pem" --min-cert-days 14 tls://127.0.0.1:$tls --fields target,status,cert_days_left,error
# Relative links made absolute against the URL the page came from.
show tb html --attr href a http://127.0.0.1:$port/page.html --limit 3 --fields value

section "feed from cron: only new items, and a second run that the server answers with 304"
show "tb reach -q 127.0.0.1:$port && tb feed --new http://127.0.0.1:$port/news.xml --fields title"
show "tb feed --new http://127.0.0.1:$port/news.xml --fields title; echo \"exit \$?, nothing new\""
# A web page: tb reads the feeds it announces (--discover lists them).
show tb feed --discover http://127.0.0.1:$port/page.html --fields url,title,type
show tb feed http://127.0.0.1:$port/page.html --fields feed,title --limit 1
show tb feed --status --fields url,http_status,last_modified,items_seen --format table
show "tail -2 '$work/http.log'"
kill $server

section "plugins: any tb-NAME on \$TB_EXEC_PATH or \$PATH"
show tb hello
show "tb hello Ada Grace | cat"
show "tb help | sed -n '/external commands/,/^\$/p'"

section "errors: one line, a suggestion, a defined exit status"
show tb bookmark show nwes
show tb bookmak ls
show tb history --lmit 3
show tb feed --timeout 1e20 news.xml
show "tb bookmark ls --json | head -1"

section "completion: every TAB asks tb itself"
show "tb __complete -- bookmark rm ''"
show "tb __complete -- history --fields=time,co"

printf '\n%sman pages: man -l man/tb.1 (and tb-feed.1, tb-reach.1, tb-regex.1, tb-bookmark.1, tb-history.1); completions: completions/%s\n' "$dim" "$plain"
