#!/bin/bash
# tb regex against pcre2grep and ripgrep on a generated corpus of English text and log lines, in one run.
# Goals: --count at least as fast as `pcre2grep -c`; NDJSON with groups at least 4x the throughput of
# `rg --json -P`; peak RSS at most 16 MB whatever the input size; --count kept at 1.5x `pcre2grep -c`; a directory
# of 10,000 small files (REGEX_TREE_MB in all, 200) counted at least as fast as `rg -P -c`; 693 fixed strings
# (-F -f) counted in a log of REGEX_LOG_MB (100) at least as fast as `rg --count-matches` (at most 2x its time
# passes). Exits 1 when a goal is missed.
source "$(dirname "$0")/common.bash"

megabytes=${REGEX_CORPUS_MB:-300}
corpus=$(corpus "text-$megabytes.txt" make-text-corpus.py "$megabytes")
pattern='(?i)((?<!\w)L\w+)'

measure --shell=none --warmup 1 --runs 5 \
    -n 'pcre2grep -c' "pcre2grep -c '$pattern' $corpus" \
    -n 'tb regex --count' "$tb regex --count '$pattern' $corpus" \
    -n 'rg --json -P' "rg --json -P '$pattern' $corpus" \
    -n 'tb regex (NDJSON)' "$tb regex '$pattern' $corpus"

rss_small=$(peak "'$tb' regex '$pattern' '$here/make-text-corpus.py'")
rss_file=$(peak "'$tb' regex '$pattern' '$corpus'")
# Four times the corpus through a pipe: memory must not grow with the input.
rss_stream=$(peak "cat '$corpus' '$corpus' '$corpus' '$corpus' | '$tb' regex '$pattern'")

failed=0
report "regex ($megabytes MB)" "$megabytes" '
        ratio_count = median["pcre2grep -c"] / median["tb regex --count"]
        ratio_json = median["rg --json -P"] / median["tb regex (NDJSON)"]
        failed = 0
        printf "--count vs pcre2grep -c:   %.2fx (goal >= 1.5)   %s\n", ratio_count, (ratio_count >= 1.5 ? "ok" : "SLOW")
        printf "NDJSON vs rg --json -P:    %.2fx (goal >= 4)   %s\n", ratio_json, (ratio_json >= 4 ? "ok" : "SLOW")
        if (ratio_count < 1.5 || ratio_json < 4) failed = 1
        printf "peak RSS: %d KB on 20 KB, %d KB on %d MB, %d KB on %d MB piped (goal <= 16384 KB)   %s\n",
            small, file, mb, stream, 4 * mb, (file <= 16384 && stream <= 16384) ? "ok" : "TOO BIG"
        if (file > 16384 || stream > 16384) failed = 1
        exit failed
' -v small="$rss_small" -v file="$rss_file" -v stream="$rss_stream" || failed=1

tree_mb=${REGEX_TREE_MB:-200}
tree=$(corpus_tree "tree-$tree_mb" make-text-tree.py "$tree_mb")
measure --shell=none --warmup 1 --runs 5 \
    -n 'rg -P -c (tree)' "rg -P -c '$pattern' $tree" \
    -n 'tb regex -c (tree)' "$tb regex -c '$pattern' $tree"
report "tree ($tree_mb MB)" "$tree_mb" '
        ratio = median["rg -P -c (tree)"] / median["tb regex -c (tree)"]
        printf "tree -c vs rg -P -c:       %.2fx (goal >= 1)   %s\n", ratio, (ratio >= 1 ? "ok" : "SLOW")
        exit ratio < 1
' || failed=1

# Literal sets: tb -c counts matches, as rg --count-matches does (rg -c counts lines, and may stop at a line's first
# match: shown for scale, not judged). Not grep -c: with its output on /dev/null, as hyperfine puts it, GNU grep
# stops at the first match.
log_mb=${REGEX_LOG_MB:-100}
log=$(corpus "log-$log_mb.txt" make-log-corpus.py "$log_mb")
literals="$log.literals"
measure --shell=none --warmup 1 --runs 5 \
    -n 'rg --count-matches -F -f' "rg --count-matches -F -f $literals $log" \
    -n 'tb regex -c -F -f' "$tb regex -c -F -f $literals $log" \
    -n 'rg -c -F -f' "rg -c -F -f $literals $log"
rss_literals=$(peak "cat '$log' '$log' | '$tb' regex -c -F -f '$literals'")
report "literals ($log_mb MB, $(wc -l <"$literals"))" "$log_mb" '
        ratio = median["tb regex -c -F -f"] / median["rg --count-matches -F -f"]
        printf "-c vs rg --count-matches:  %.2fx its time (goal <= 1, at most 2)   %s\n", ratio, (ratio <= 1 ? "ok" : "SLOW")
        printf "peak RSS: %d KB on %d MB piped (goal <= 16384 KB)   %s\n", rss, 2 * mb, (rss <= 16384 ? "ok" : "TOO BIG")
        exit (ratio > 1 || rss > 16384)
' -v rss="$rss_literals" || failed=1
exit $failed
