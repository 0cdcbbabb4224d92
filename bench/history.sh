#!/bin/bash
# The store on a history grown huge by another tool or by hand: 1,000,000 lines (~140 MB), in one run.
# Goals: `tb history -n 5` within 10x `tail -n 5` of the same file (it took 4.9 s and 822 MB
# before reading from the end), and at most 16 MB of memory for it and for a whole listing. Exits 1 when a goal
# is missed.
source "$(dirname "$0")/common.bash"

mkdir -p "$TB_STATE_DIR"
history="$TB_STATE_DIR/history.ndjson"
/usr/bin/python3 - "$history" <<'PY'
import sys
with open(sys.argv[1], "w") as out:
    for i in range(1_000_000):
        command = ("feed", "regex", "reach")[i % 3]
        out.write('{"type":"visit","time":"2026-11-29T08:00:00Z","command":"%s",'
                  '"target":"https://example.org/feeds/%d.xml","exit_status":0,"records":%d}\n' % (command, i, i % 50))
PY
cat "$history" >/dev/null

measure --shell=none --warmup 3 --runs 30 \
    -n 'tail -n 5' "tail -n 5 $history" \
    -n 'tb history -n 5' "$tb history -n 5 --json"

rss_newest=$(peak "'$tb' history -n 5 --json")
rss_all=$(peak "'$tb' history --json")

awk -F, -v newest="$rss_newest" -v all="$rss_all" '
    NR == 1 { next }
    { median[$1] = $4 * 1000 }
    END {
        ratio = median["tb history -n 5"] / median["tail -n 5"]
        printf "history (1,000,000 lines)   median ms\n"
        printf "%-26s %10.2f\n", "tail -n 5", median["tail -n 5"]
        printf "%-26s %10.2f\n", "tb history -n 5", median["tb history -n 5"]
        failed = 0
        printf "tb history -n 5 vs tail -n 5: %.1fx (goal <= 10)   %s\n", ratio, (ratio <= 10 ? "ok" : "SLOW")
        printf "peak RSS: %d KB for -n 5, %d KB for the whole listing (goal <= 16384 KB)   %s\n", newest, all,
            (newest <= 16384 && all <= 16384) ? "ok" : "TOO BIG"
        if (ratio > 10 || newest > 16384 || all > 16384) failed = 1
        exit failed
    }' "$work/times.csv"
