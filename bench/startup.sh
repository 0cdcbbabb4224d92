#!/bin/bash
# Start-up: the median time of `tb --version`, `tb bookmark ls` and a completion against `rg --version`, in one
# run. Goal: at most 1.5x ripgrep's start-up (the first goal was 2x). Exits 1 when a goal is missed.
source "$(dirname "$0")/common.bash"

for i in $(seq 20); do "$tb" bookmark add "site$i" "https://example.org/$i/feed.xml" --note "bookmark $i"; done

measure --shell=none --warmup 50 --runs 500 \
    -n 'rg --version' 'rg --version' \
    -n 'tb --version' "$tb --version" \
    -n 'tb bookmark ls' "$tb bookmark ls" \
    -n 'tb __complete' "$tb __complete -- bookmark rm ''"

# CSV columns: command,mean,stddev,median,user,system,min,max (seconds).
awk -F, -v goal=1.5 '
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
