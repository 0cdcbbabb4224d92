#!/bin/bash
# Start-up: the median time of each command's cheapest real call against `rg --version`, in one run: `tb --version`,
# a tiny feed file, a tiny page, a one-line file for regex (an empty one answers 1, which hyperfine takes for a
# failure), `reach --method route` to 127.0.0.1 (no packet is sent),
# `bookmark ls`, `history -n 1` and a completion. svn is left out: loading libsvn is its floor, as it is svn's.
# Goal: every one at most 1.3x ripgrep's start-up. Exits 1 when a goal is missed.
source "$(dirname "$0")/common.bash"

for i in $(seq 20); do "$tb" bookmark add "site$i" "https://example.org/$i/feed.xml" --note "bookmark $i"; done
printf '<rss><channel><title>t</title><item><title>a</title><link>https://example.org/a</link></item></channel></rss>\n' \
    >"$work/tiny.xml"
printf '<!DOCTYPE html><title>t</title><p><a href="/x">x</a>\n' >"$work/tiny.html"
echo x >"$work/line.txt"
"$tb" reach --method route 127.0.0.1 >/dev/null # a visit for history -n 1

# Forty rounds of ten runs of each, the commands taking turns: a run is two milliseconds, and the machine's state
# drifts over the seconds a long series of one command takes.
ROUND_RUNS=10 measure_interleaved 40 --shell=none \
    -n 'rg --version' 'rg --version' \
    -n 'tb --version' "$tb --version" \
    -n 'tb feed' "$tb feed --json $work/tiny.xml" \
    -n 'tb html' "$tb html --json a $work/tiny.html" \
    -n 'tb regex' "$tb regex --json x $work/line.txt" \
    -n 'tb reach' "$tb reach --json --method route 127.0.0.1" \
    -n 'tb bookmark ls' "$tb bookmark ls" \
    -n 'tb history' "$tb history -n 1" \
    -n 'tb __complete' "$tb __complete -- bookmark rm ''"

# CSV columns: command,mean,stddev,median,user,system,min,max (seconds).
awk -F, -v goal=1.3 '
    NR == 1 { next }
    { median[$1] = $4 * 1000; order[NR] = $1 }
    END {
        base = median["rg --version"]
        printf "%-16s %10s %8s\n", "startup", "median ms", "vs rg"
        failed = 0
        for (i = 2; i <= NR; i++) {
            name = order[i]; ratio = median[name] / base
            verdict = (name == "rg --version") ? "" : (ratio <= goal ? "ok" : "SLOW")
            if (verdict == "SLOW") failed = 1
            printf "%-16s %10.2f %7.2fx %s\n", name, median[name], ratio, verdict
        }
        printf "goal: every tb start-up at most %sx ripgrep'"'"'s\n", goal
        exit failed
    }' "$work/times.csv"
