#!/bin/bash
# tb svn against the svn client on a generated repository of 1,500 revisions and ~4,000 files at HEAD, over file://
# and svn:// (svnserve on 127.0.0.1), in one run.
# Goals: `tb svn log -v` and `tb svn ls -R` at most 1.0x the time of `svn log -v --xml` and
# `svn ls -R --xml` over both; a cached HEAD listing (`tb svn ls -R` answered from its cache, svn://) at most 0.25x
# the time of `svn ls -R --xml`. Runs of 40 to 150 ms move with the machine: the tools take turns, 30 rounds of one
# run each (measure_interleaved), and the medians are compared. Informational: `ls -R --fields name,kind`, the cached
# listing against plain `svn ls -R` (names only, which asks the server for less than --xml), the peak memory of
# `log -v`, and `tb svn diff -r 1490:1500` against `svn diff` (whose bytes it must equal). Exits 1 when a goal is
# missed or tb's answers do not count the same revisions, changed paths and entries
# as svn's.
source "$(dirname "$0")/common.bash"

repo="$here/corpus/svn-repo"
if [ ! -f "$repo/format" ]; then
    mkdir -p "$here/corpus"
    echo "generating $repo" >&2
    /usr/bin/python3 "$here/make-svn-corpus.py" "$repo" 1500
fi
find "$repo/db" -type f -exec cat {} + >/dev/null
megabytes=$(du -sm "$repo" | cut -f1)

port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
svnserve -d --foreground --listen-host 127.0.0.1 --listen-port "$port" -r "$here/corpus" &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do nc -z 127.0.0.1 "$port" 2>/dev/null && break; sleep 0.05; done
nc -z 127.0.0.1 "$port" || { echo "svn.sh: svnserve did not start on port $port" >&2; exit 1; }

file="file://$repo"
served="svn://127.0.0.1:$port/svn-repo"
# Both read the same empty configuration, none from ~/.subversion; svn never prompts (tb never does).
config="--config-dir '$work/svnconfig'"
svnopts="--non-interactive $config"
eval "svn info $svnopts '$served'" >/dev/null # which writes svn's default configuration there
# The cached listing is filled once here; the other listings pass --no-cache so that they are not answered from it.
eval "'$tb' svn ls -R $config '$served'" >/dev/null

measure_interleaved 30 \
    -n 'svn log -v --xml file://' "svn log -v --xml $svnopts '$file'" \
    -n 'tb svn log -v file://' "'$tb' svn log -v $config '$file'" \
    -n 'svn log -v --xml svn://' "svn log -v --xml $svnopts '$served'" \
    -n 'tb svn log -v svn://' "'$tb' svn log -v $config '$served'" \
    -n 'svn ls -R --xml file://' "svn ls -R --xml $svnopts '$file'" \
    -n 'tb svn ls -R file://' "'$tb' svn ls -R --no-cache $config '$file'" \
    -n 'svn ls -R --xml svn://' "svn ls -R --xml $svnopts '$served'" \
    -n 'tb svn ls -R svn://' "'$tb' svn ls -R --no-cache $config '$served'" \
    -n 'tb svn ls -R --fields file://' "'$tb' svn ls -R --no-cache --fields name,kind $config '$file'" \
    -n 'tb svn ls -R --fields svn://' "'$tb' svn ls -R --no-cache --fields name,kind $config '$served'" \
    -n 'svn ls -R svn://' "svn ls -R $svnopts '$served'" \
    -n 'tb svn ls -R cached svn://' "'$tb' svn ls -R $config '$served'" \
    -n 'svn diff svn://' "svn diff -r 1490:1500 $svnopts '$served'" \
    -n 'tb svn diff svn://' "'$tb' svn diff -r 1490:1500 $config '$served'"

rss_svn=$(peak "svn log -v --xml $svnopts '$file'")
rss_tb=$(peak "'$tb' svn log -v $config '$file'")
# What each side answered: revisions and changed paths of the log, entries of the listings (tb's over the other
# scheme than svn's, where it can be).
eval "svn log -v --xml $svnopts '$file'" >"$work/log.xml"
eval "'$tb' svn log -v $config '$served'" >"$work/log.ndjson"
# (grep -c prints 0 but fails when nothing matches)
revisions_svn=$(grep -c '<logentry' "$work/log.xml" || true)
revisions_tb=$(wc -l <"$work/log.ndjson")
paths_svn=$(grep -c '<path\([ >]\|$\)' "$work/log.xml" || true)
paths_tb=$({ grep -o '"action":' "$work/log.ndjson" || true; } | wc -l)
entries_svn=$(eval "svn ls -R --xml $svnopts '$served'" | { grep -c '<entry' || true; })
entries_tb=$(eval "'$tb' svn ls -R --no-cache $config '$file'" | wc -l)
entries_cached=$(eval "'$tb' svn ls -R $config '$served'" | wc -l)
eval "svn diff -r 1490:1500 $svnopts '$served'" >"$work/svn.diff"
eval "'$tb' svn diff -r 1490:1500 $config '$served'" >"$work/tb.diff"
diff_same=$(cmp -s "$work/svn.diff" "$work/tb.diff" && echo yes || echo no)
diff_bytes=$(stat -c %s "$work/svn.diff")

awk -F, -v mb="$megabytes" -v svn="$rss_svn" -v tb="$rss_tb" \
    -v rsvn="$revisions_svn" -v rtb="$revisions_tb" -v psvn="$paths_svn" -v ptb="$paths_tb" \
    -v esvn="$entries_svn" -v etb="$entries_tb" -v ecached="$entries_cached" -v same="$diff_same" \
    -v dbytes="$diff_bytes" '
    NR == 1 { next }
    { median[$1] = $4; order[NR] = $1 }
    END {
        printf "%-32s %10s\n", "svn (" rsvn " revisions, " mb " MB)", "median s"
        for (i = 2; i <= NR; i++) printf "%-32s %10.3f\n", order[i], median[order[i]]
        printf "log -v: svn %d revisions, %d changed paths; tb %d, %d\n", rsvn, psvn, rtb, ptb
        printf "ls -R: svn %d entries; tb %d, from the cache %d\n", esvn, etb, ecached
        failed = (rsvn != rtb || psvn != ptb || esvn != etb || esvn != ecached)
        if (failed) printf "tb and svn do not agree   WRONG\n"
        split("log -v|ls -R", what, "|")
        split("file://|svn://", scheme, "|")
        for (w = 1; w <= 2; w++) for (s = 1; s <= 2; s++) {
            peer = (w == 1) ? "svn log -v --xml" : "svn ls -R --xml"
            ratio = median["tb svn " what[w] " " scheme[s]] / median[peer " " scheme[s]]
            printf "tb svn %s %s: %.2fx %s'"'"'s time (goal <= 1)   %s\n", what[w], scheme[s], ratio, peer,
                (ratio <= 1 ? "ok" : "SLOW")
            if (ratio > 1) failed = 1
        }
        for (s = 1; s <= 2; s++)
            printf "tb svn ls -R --fields name,kind %s: %.2fx svn ls -R --xml'"'"'s time (informational)\n",
                scheme[s], median["tb svn ls -R --fields " scheme[s]] / median["svn ls -R --xml " scheme[s]]
        hit = median["tb svn ls -R cached svn://"]
        cached = hit / median["svn ls -R --xml svn://"]
        printf "cached HEAD listing svn://: %.2fx svn ls -R --xml'"'"'s time (goal <= 0.25)   %s\n", cached,
            (cached <= 0.25 ? "ok" : "SLOW")
        if (cached > 0.25) failed = 1
        printf "cached HEAD listing svn://: %.2fx svn ls -R'"'"'s time (informational)\n",
            hit / median["svn ls -R svn://"]
        printf "peak RSS of log -v file://: tb %d KB, svn --xml %d KB (%.2fx, informational)\n", tb, svn, tb / svn
        printf "diff -r 1490:1500 svn:// (%d bytes): %.2fx svn diff'"'"'s time (informational), the same bytes: %s\n",
            dbytes, median["tb svn diff svn://"] / median["svn diff svn://"], same
        if (same != "yes") failed = 1
        exit failed
    }' "$work/times.csv"
