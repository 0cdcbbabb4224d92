#!/bin/bash
# tb html against pup on a generated ~50 MB page with ~300,000 links (decoys in scripts and comments), in one run.
# Goals (issue 10), for `--attr href a` against `pup 'a attr{href}'`: the default HTML5 mode within 2x pup's time and
# 2x its peak memory; --parser libxml2 at least as fast as pup; --stream at least 2x faster than pup in at most 16 MB.
# And 200 ordinary pages (~200 KB each) in one tb html call at least 3x faster than pup run once per page.
# Exits 1 when a goal is missed.
source "$(dirname "$0")/common.bash"

page=$(corpus page-300k.html make-html-corpus.py 300000)
megabytes=$(( $(stat -c %s "$page") / 1000000 ))
pages="$here/corpus/pages-200"
if [ ! -f "$pages/page-199.html" ]; then
    mkdir -p "$pages"
    /usr/bin/python3 "$here/make-html-corpus.py" - 1450 200 "$pages"
fi
cat "$pages"/*.html >/dev/null

measure --warmup 1 --runs 5 \
    -n 'pup' "pup 'a attr{href}' < '$page'" \
    -n 'tb html' "'$tb' html --attr href a '$page'" \
    -n 'tb html --parser libxml2' "'$tb' html --parser libxml2 --attr href a '$page'" \
    -n 'tb html --stream' "'$tb' html --stream --attr href a '$page'" \
    -n 'pup per page' "for f in '$pages'/*.html; do pup 'a attr{href}' < \"\$f\"; done" \
    -n 'tb html 200 pages' "'$tb' html --attr href a '$pages'/*.html"

rss_pup=$(peak "pup 'a attr{href}' < '$page'")
rss_tb=$(peak "'$tb' html --attr href a '$page'")
rss_libxml2=$(peak "'$tb' html --parser libxml2 --attr href a '$page'")
rss_stream=$(peak "'$tb' html --stream --attr href a '$page'")
count_pup=$(pup 'a attr{href}' < "$page" | wc -l)
count_tb=$("$tb" html --attr href a "$page" --json | wc -l)
count_stream=$("$tb" html --stream --attr href a "$page" --json | wc -l)

awk -F, -v mb="$megabytes" -v pup="$rss_pup" -v tb="$rss_tb" -v libxml2="$rss_libxml2" -v stream="$rss_stream" \
    -v cpup="$count_pup" -v ctb="$count_tb" -v cstream="$count_stream" '
    NR == 1 { next }
    { median[$1] = $4 }
    END {
        printf "%-26s %10s\n", "html (" mb " MB page)", "median s"
        for (name in median) printf "%-26s %10.3f\n", name, median[name]
        printf "links: pup %d, tb %d, tb --stream %d\n", cpup, ctb, cstream
        failed = (cpup != ctb || cpup != cstream)
        html5 = median["tb html"] / median["pup"]
        fast = median["pup"] / median["tb html --parser libxml2"]
        streamed = median["pup"] / median["tb html --stream"]
        many = median["pup per page"] / median["tb html 200 pages"]
        printf "default (HTML5): %.2fx pup'"'"'s time (goal <= 2)   %s\n", html5, (html5 <= 2 ? "ok" : "SLOW")
        printf "default (HTML5): %d KB, %.2fx pup'"'"'s %d KB (goal <= 2)   %s\n", tb, tb / pup, pup,
            (tb <= 2 * pup ? "ok" : "TOO BIG")
        printf "--parser libxml2: %.2fx faster than pup (goal >= 1), %d KB   %s\n", fast, libxml2,
            (fast >= 1 ? "ok" : "SLOW")
        printf "--stream: %.2fx faster than pup (goal >= 2), %d KB (goal <= 16384)   %s\n", streamed, stream,
            (streamed >= 2 && stream <= 16384 ? "ok" : "MISSED")
        printf "200 pages in one call: %.2fx faster than pup once per page (goal >= 3)   %s\n", many,
            (many >= 3 ? "ok" : "SLOW")
        if (html5 > 2 || tb > 2 * pup || fast < 1 || streamed < 2 || stream > 16384 || many < 3) failed = 1
        exit failed
    }' "$work/times.csv"
