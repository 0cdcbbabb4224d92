#!/bin/bash
# tb feed over loopback HTTP against `curl | sfeed` and `curl | python3 feedparser`, in one run.
# 1. The original tool's benchmark: 14 feeds (two large, 5 and 7 MB; twelve of ~30 KB) of 14 sites (127.0.0.1 ...
#    127.0.0.14) answering after 100 ms and dripping bodies (16 KiB every 5 ms), fetched one after another and all
#    at once; time to the first item in the pipe and total, for each tool. Reported, no goal.
# 2. 100 feeds of ~25 KB over 10 loopback hosts (127.0.0.1 ... 127.0.0.10, 100 ms per response). Goals: the first
#    `tb feed --new` run (fresh state, default --jobs and --per-host) at least 4x faster than `curl | sfeed` one
#    feed after another; no host ever sees more than 2 connections of it at once (the default --per-host); the
#    second run sends 100 conditional requests and gets no bodies (server log: 100 requests, all 304, 0 bytes).
# The peers' curl asks for gzip (--compressed), as tb does, so that every tool gets the same bytes over the link.
# Exits 1 when a goal is missed.
source "$(dirname "$0")/common.bash"
export TB_HISTORY=off
runs=${RUNS:-3}

# The feeds, made once into bench/corpus/network (each ordinary feed with items of its own).
feeds="$here/corpus/network"
if [ ! -f "$feeds/done" ]; then
    echo "generating $feeds" >&2
    mkdir -p "$feeds"
    /usr/bin/python3 - "$here/make-feed-corpus.py" "$feeds" <<'PY'
import importlib.util, sys
spec = importlib.util.spec_from_file_location("corpus", sys.argv[1])
corpus = importlib.util.module_from_spec(spec)
spec.loader.exec_module(corpus)
out = sys.argv[2]
corpus.write(out + "/large-1.xml", 4300, 1)
corpus.write(out + "/large-2.xml", 6000, 2)
for i in range(1, 13):
    corpus.write(out + "/small-%02d.xml" % i, 25, 100 + i)
for i in range(1, 101):
    corpus.write(out + "/host-%03d.xml" % i, 20, 1000 + i)
open(out + "/done", "w").close()
PY
fi
cat "$feeds"/*.xml >/dev/null

# Two servers, up while the fifo they read is held open here: a dripping one on 14 addresses for the 14 feeds, one on
# ten addresses for the 100.
mkfifo "$work/keep"
/usr/bin/python3 "$here/feed_server.py" "$feeds" "$work/drip.log" --hosts 14 --drip 16384 0.005 \
    <"$work/keep" >"$work/drip.port" &
drip_server=$!
/usr/bin/python3 "$here/feed_server.py" "$feeds" "$work/hosts.log" --hosts 10 <"$work/keep" >"$work/hosts.port" &
hosts_server=$!
exec 3>"$work/keep"
trap 'exec 3>&-; kill $drip_server $hosts_server 2>/dev/null; rm -rf "$work"' EXIT
while [ ! -s "$work/drip.port" ] || [ ! -s "$work/hosts.port" ]; do sleep 0.1; done
drip_port=$(cat "$work/drip.port")
hosts_port=$(cat "$work/hosts.port")

urls14=""
host=0
for name in large-1 small-01 small-02 small-03 small-04 small-05 small-06 large-2 small-07 small-08 small-09 \
    small-10 small-11 small-12; do
    host=$((host + 1))
    urls14="$urls14 http://127.0.0.$host:$drip_port/$name.xml"
done
# Ten feeds a host, listed host after host as a list of subscriptions often is: taking the next URLs in order would
# put more than --per-host connections on one host, so tb's queue must take feeds of other hosts meanwhile.
urls100=""
for i in $(seq 1 100); do
    urls100="$urls100 $(printf 'http://127.0.0.%d:%d/host-%03d.xml' $(( (i - 1) / 10 + 1 )) "$hosts_port" "$i")"
done

# feedparser prints one line per item once the whole document is parsed (it has no streaming interface).
feedparser="/usr/bin/python3 -c 'import sys, feedparser
for e in feedparser.parse(sys.stdin.buffer.read()).entries: print(e.get(\"title\"), e.get(\"link\"), sep=\"\\t\")'"
sfeed="sfeed"
curl="curl -s --compressed"

# timed NAME RUNS COMMAND [SETUP]: one row of $work/times: NAME, then first-line and total median ms, and lines.
timed() {
    local result
    result=$(/usr/bin/python3 "$here/first-line.py" "$2" "$3" "${4:-}") || exit 1
    printf '%s\t%s\n' "$1" "${result// /$'\t'}" >>"$work/times"
}

# Warm: the binaries, so that no first run pays for loading them.
"$tb" feed "http://127.0.0.1:$drip_port/small-01.xml" >/dev/null
curl -s --compressed "http://127.0.0.1:$drip_port/small-01.xml" | sfeed >/dev/null

timed "tb feed, one after another" "$runs" "for u in $urls14; do '$tb' feed \"\$u\"; done"
timed "tb feed URL x14" "$runs" "'$tb' feed $urls14"
timed "curl | sfeed, one after another" "$runs" "for u in $urls14; do $curl \"\$u\" | $sfeed; done"
timed "curl | sfeed, all at once" "$runs" "for u in $urls14; do $curl \"\$u\" | $sfeed & done; wait"
# feedparser takes seconds over the large feeds: once is enough to see where it stands.
timed "curl | feedparser, one after another" 1 "for u in $urls14; do $curl \"\$u\" | $feedparser; done"
timed "curl | feedparser, all at once" 1 "for u in $urls14; do $curl \"\$u\" | $feedparser & done; wait"

timed "100 feeds: curl | sfeed, one after another" 1 "for u in $urls100; do $curl \"\$u\" | $sfeed; done"
# Every first run starts from an empty state; the last one's state is the second run's. The log's length before each
# run marks where the last one's requests begin.
timed "100 feeds: tb feed --new, first run" "$runs" "TB_STATE_DIR='$work/new' '$tb' feed --new $urls100" \
    "rm -rf '$work/new'; wc -l <'$work/hosts.log' >'$work/mark'"
first_from=$(( $(cat "$work/mark") + 1 ))
second_from=$(( $(wc -l <"$work/hosts.log") + 1 ))
# The second run prints nothing when nothing is new, so it is timed here rather than by first-line.py.
start=$(date +%s%N)
second_status=0
TB_STATE_DIR="$work/new" "$tb" feed --new $urls100 >"$work/second.out" 2>"$work/second.err" || second_status=$?
if [ "$second_status" != 0 ]; then
    echo "the second tb feed --new run ended with $second_status:" >&2
    cat "$work/second.err" >&2
fi
second_ms=$(( ($(date +%s%N) - start) / 1000000 ))
second_lines=$(wc -l <"$work/second.out")

# The last first run's requests (the most connections open on one address), and the second run's.
awk -v first_from="$first_from" -v second_from="$second_from" -v second_ms="$second_ms" \
    -v second_lines="$second_lines" -v second_status="$second_status" '
    FILENAME ~ /hosts[.]log$/ {
        if (FNR >= first_from && FNR < second_from) {
            now = substr($9, 6) + 0; if (now > most) most = now
            if (!($1 in seen)) { seen[$1] = 1; connections++ }
        }
        if (FNR >= second_from) {
            requests++; if ($5 == 304) unmodified++; bytes += $6; if ($7 == "inm=yes" || $8 == "ims=yes") conditional++
        }
        next
    }
    { name[NR] = $1; firstms[NR] = $2; total[NR] = $3; lines[NR] = $4; n = NR; t[$1] = $3 }
    END {
        printf "%-42s %10s %10s %8s\n", "feeds over loopback, 100 ms per response", "first ms", "total ms", "lines"
        for (i = 1; i <= n; i++) printf "%-42s %10d %10d %8d\n", name[i], firstms[i], total[i], lines[i]
        printf "%-42s %10s %10d %8d\n", "100 feeds: tb feed --new, second run", "-", second_ms, second_lines
        failed = 0
        ratio = t["100 feeds: curl | sfeed, one after another"] / t["100 feeds: tb feed --new, first run"]
        printf "100 feeds, first --new run vs curl | sfeed one after another: %.1fx (goal >= 4)   %s\n", ratio,
            (ratio >= 4 ? "ok" : "SLOW")
        if (ratio < 4) failed = 1
        printf "100 feeds, first --new run: %d connections, at most %d open on one host (goal <= 2)   %s\n",
            connections, most, (most <= 2 ? "ok" : "FAILED")
        if (most > 2) failed = 1
        good = requests == 100 && conditional == 100 && unmodified == 100 && bytes == 0 && second_lines == 0 &&
            second_status == 0
        printf "100 feeds, second --new run: %d requests, %d conditional, %d answered 304, %d body bytes, %d lines\n",
            requests, conditional, unmodified, bytes, second_lines
        printf "    (goal: 100 requests, all conditional and answered 304, 0 body bytes, 0 lines)   %s\n",
            (good ? "ok" : "FAILED")
        if (!good) failed = 1
        exit failed
    }' FS='\t' "$work/times" FS=' ' "$work/hosts.log"
