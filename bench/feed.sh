#!/bin/bash
# tb feed against sfeed and against its floor, expat alone (bench/expat-parse.c: namespaces, empty handlers, zlib
# for gzip input), on a generated RSS 2.0 feed of 100,000 items (~117 MB), in one run. Set EXPAT_PARSE to the built
# floor program (`make bench` does).
# Goals: at most 1.15x the time of expat alone, on plain and on gzip input; throughput at least sfeed's
# (`sfeed < big.xml`), on plain and on gzip input (`gzip -dc | sfeed`);
# peak RSS at most 12 MB at 117 MB and at 1 GB (piped), and not growing with one 50 MB item; the first record of a
# stalling loopback feed in a pipe within 50 ms of its bytes. Exits 1 when a goal is missed.
source "$(dirname "$0")/common.bash"
expat_parse=$(realpath "${EXPAT_PARSE:-.build/expat-parse}")

corpus=$(corpus feed-100k.xml make-feed-corpus.py 100000)
[ -f "$corpus.gz" ] && [ "$corpus.gz" -nt "$corpus" ] || gzip -c "$corpus" >"$corpus.gz"
cat "$corpus.gz" >/dev/null
megabytes=$(( $(stat -c %s "$corpus") / 1000000 ))

measure --warmup 1 --runs 7 \
    -n 'sfeed' "sfeed < '$corpus'" \
    -n 'tb feed' "'$tb' feed '$corpus'" \
    -n 'gzip -dc | sfeed' "gzip -dc '$corpus.gz' | sfeed" \
    -n 'tb feed (gzip)' "'$tb' feed '$corpus.gz'" \
    -n 'expat alone' "'$expat_parse' '$corpus'" \
    -n 'expat alone (gzip)' "'$expat_parse' '$corpus.gz'"

rss_file=$(peak "'$tb' feed '$corpus'")
rss_sfeed=$(peak "sfeed < '$corpus'")
# About 1 GB as one feed through a pipe: the corpus's items nine times between one head and one tail.
nine_times="{ head -n 6 '$corpus'; for i in 1 2 3 4 5 6 7 8 9; do tail -n +7 '$corpus' | head -n -2; done; tail -n 2 '$corpus'; }"
rss_stream=$(peak "$nine_times | '$tb' feed -")
# One item with a 5 MB and one with a 50 MB description: the field is cut at --max-field-size (4 MiB), so memory
# must not follow the item.
for size in 5 50; do
    /usr/bin/python3 -c "
import sys
with open(sys.argv[1], 'w') as out:
    out.write('<rss><channel><title>Huge</title><item><title>big</title><description>')
    for _ in range(int(sys.argv[2])): out.write('x' * 1000000)
    out.write('</description></item></channel></rss>\\n')" "$work/item-$size.xml" "$size"
done
rss_item5=$(peak "'$tb' feed '$work/item-5.xml' 2>/dev/null")
rss_item50=$(peak "'$tb' feed '$work/item-50.xml' 2>/dev/null")
latency=$(/usr/bin/python3 "$here/first-item-latency.py" "$tb")

report "feed ($megabytes MB)" "$megabytes" '
        plain = median["sfeed"] / median["tb feed"]
        packed = median["gzip -dc | sfeed"] / median["tb feed (gzip)"]
        failed = 0
        floor = median["tb feed"] / median["expat alone"]
        floorPacked = median["tb feed (gzip)"] / median["expat alone (gzip)"]
        printf "tb feed / expat alone:       %.2fx (goal <= 1.15)   %s\n", floor, (floor <= 1.15 ? "ok" : "SLOW")
        printf "gzip: / expat over zlib:     %.2fx (goal <= 1.15)   %s\n", floorPacked, (floorPacked <= 1.15 ? "ok" : "SLOW")
        if (floor > 1.15 || floorPacked > 1.15) failed = 1
        printf "tb feed vs sfeed:            %.2fx (goal >= 1)   %s\n", plain, (plain >= 1 ? "ok" : "SLOW")
        printf "gzip: vs gzip -dc | sfeed:   %.2fx (goal >= 1)   %s\n", packed, (packed >= 1 ? "ok" : "SLOW")
        if (plain < 1 || packed < 1) failed = 1
        printf "peak RSS: %d KB on %d MB, %d KB on %d MB piped (goal <= 12288 KB; sfeed %d KB)   %s\n",
            file, mb, stream, 9 * mb, sfeed, (file <= 12288 && stream <= 12288) ? "ok" : "TOO BIG"
        printf "peak RSS with one 5 MB item %d KB, with one 50 MB item %d KB (goal: no more than 1 MB apart)   %s\n",
            item5, item50, (item50 <= item5 + 1024 ? "ok" : "GROWS")
        if (file > 12288 || stream > 12288 || item50 > item5 + 1024) failed = 1
        printf "first item of a stalling feed reaches the pipe in %.1f ms (goal <= 50)   %s\n", latency,
            (latency <= 50 ? "ok" : "SLOW")
        if (latency > 50) failed = 1
        exit failed
' -v file="$rss_file" -v sfeed="$rss_sfeed" -v stream="$rss_stream" -v item5="$rss_item5" -v item50="$rss_item50" \
    -v latency="$latency"
