#!/bin/bash
# tb regex against pcre2grep and ripgrep, and against its floor, PCRE2 alone (bench/pcre2-match.c: the pattern
# compiled with tb's options and JIT-compiled, pcre2_jit_match in a loop over the whole file, counting lines and
# matches), on a generated corpus of English text and log lines (REGEX_CORPUS_MB, 300), in one run.
# Goals: NDJSON with groups at least 5x the throughput of `rg --json -P` with both written to a file, and at least
# 3x into a pipe (never into /dev/null, where ripgrep may stop at the first match); --count at least 1.5x
# `pcre2grep -c` (lines) and 1.5x `rg -P --count-matches` (matches), with the same counts as theirs and the
# floor's; tb's --count and NDJSON against the floor reported; peak RSS at most 16 MB whatever the input size; a
# directory of 10,000 small files (REGEX_TREE_MB in all, 200) counted at least as fast as `rg -P --count-matches`,
# with the same matches in total (`rg -P -c`, which counts lines and may stop at a line's first match, shown for
# scale); 693 fixed strings (-F -f) counted in a log of REGEX_LOG_MB (100) at least as fast as
# `rg --count-matches` (at most 2x its time passes); one 400 KB line with 40,000 matches in the terminal view, with
# and without --lines, at most 5x rg's time. Set PCRE2_MATCH to the built floor program (`make bench` does).
# Exits 1 when a goal is missed or tb's counts are not its peers'.
source "$(dirname "$0")/common.bash"
pcre2_match=$(realpath "${PCRE2_MATCH:-.build/pcre2-match}")
[ -x "$pcre2_match" ] || { echo "regex.sh: no $pcre2_match: make bench builds it" >&2; exit 1; }

megabytes=${REGEX_CORPUS_MB:-300}
corpus=$(corpus "text-$megabytes.txt" make-text-corpus.py "$megabytes")
pattern='(?i)((?<!\w)L\w+)'

# The counts, each tool's few lines of output through a pipe (hyperfine's default is /dev/null), interleaved.
measure_interleaved 7 --shell=none --output=pipe \
    -n 'pcre2grep -c' "pcre2grep -c '$pattern' $corpus" \
    -n 'rg -P --count-matches' "rg -P --count-matches '$pattern' $corpus" \
    -n 'tb regex -c' "$tb regex -c '$pattern' $corpus" \
    -n 'PCRE2 alone' "$pcre2_match '$pattern' $corpus"
mv "$work/times.csv" "$work/counts.csv"
# NDJSON with groups, written to a file and read from a pipe, interleaved; the files are checked below. They are
# written in memory (/dev/shm, when there is one): the disk's writeback of one tool's hundreds of MB would fall on the
# tools run after it.
out=$(mktemp -d -p /dev/shm 2>/dev/null || mktemp -d -p "$work")
trap 'rm -rf "$work" "$out"' EXIT
measure_interleaved 5 --shell=bash \
    -n 'rg --json -P > file' "rg --json -P '$pattern' '$corpus' > '$out/rg.json'" \
    -n 'tb regex > file' "'$tb' regex '$pattern' '$corpus' > '$out/tb.json'" \
    -n 'rg --json -P | cat' "rg --json -P '$pattern' '$corpus' | cat > /dev/null" \
    -n 'tb regex | cat' "'$tb' regex '$pattern' '$corpus' | cat > /dev/null"
tail -n +2 "$work/counts.csv" >>"$work/times.csv"

# What each answered: lines and matches.
read -r floor_lines floor_matches < <("$pcre2_match" "$pattern" "$corpus")
read -r tb_lines tb_matches < <("$tb" regex -c "$pattern" "$corpus" --template '%(lines) %(matches)')
pcre2grep_lines=$(pcre2grep -c "$pattern" "$corpus")
rg_matches=$(rg -P --count-matches "$pattern" "$corpus")
tb_records=$(wc -l <"$out/tb.json")
rg_json_matches=$(tail -n 1 "$out/rg.json" | grep -o '"matches":[0-9]*' | cut -d: -f2)
rm -f "$out/tb.json" "$out/rg.json"

rss_small=$(peak "'$tb' regex '$pattern' '$here/make-text-corpus.py'")
rss_file=$(peak "'$tb' regex '$pattern' '$corpus'")
# Four times the corpus through a pipe: memory must not grow with the input.
rss_stream=$(peak "cat '$corpus' '$corpus' '$corpus' '$corpus' | '$tb' regex '$pattern'")

failed=0
report "regex ($megabytes MB)" "$megabytes" '
        failed = 0
        printf "lines: tb -c %d, pcre2grep -c %d, PCRE2 alone %d\n", tbl, pl, fl
        printf "matches: tb -c %d, rg --count-matches %d, PCRE2 alone %d\n", tbm, rm, fm
        printf "NDJSON: tb %d match records, rg --json %d matches\n", tbr, rjm
        if (tbl != pl || tbl != fl || tbm != rm || tbm != fm || tbr != tbm || rjm != tbm) {
            printf "tb and its peers do not count the same   WRONG\n"
            failed = 1
        }
        file = median["rg --json -P > file"] / median["tb regex > file"]
        pipe = median["rg --json -P | cat"] / median["tb regex | cat"]
        printf "NDJSON vs rg --json -P, to a file:   %.2fx (goal >= 5)   %s\n", file, (file >= 5 ? "ok" : "SLOW")
        printf "NDJSON vs rg --json -P, to a pipe:   %.2fx (goal >= 3)   %s\n", pipe, (pipe >= 3 ? "ok" : "SLOW")
        if (file < 5 || pipe < 3) failed = 1
        lines = median["pcre2grep -c"] / median["tb regex -c"]
        matches = median["rg -P --count-matches"] / median["tb regex -c"]
        printf "-c vs pcre2grep -c (lines):          %.2fx (goal >= 1.5)   %s\n", lines, (lines >= 1.5 ? "ok" : "SLOW")
        printf "-c vs rg --count-matches (matches):  %.2fx (goal >= 1.5)   %s\n", matches,
            (matches >= 1.5 ? "ok" : "SLOW")
        if (lines < 1.5 || matches < 1.5) failed = 1
        printf "tb regex -c / PCRE2 alone:           %.2fx (reported)\n", median["tb regex -c"] / median["PCRE2 alone"]
        printf "tb NDJSON to a file / PCRE2 alone:   %.2fx (reported)\n",
            median["tb regex > file"] / median["PCRE2 alone"]
        printf "peak RSS: %d KB on 20 KB, %d KB on %d MB, %d KB on %d MB piped (goal <= 16384 KB)   %s\n",
            small, rss, mb, stream, 4 * mb, (rss <= 16384 && stream <= 16384) ? "ok" : "TOO BIG"
        if (rss > 16384 || stream > 16384) failed = 1
        exit failed
' -v small="$rss_small" -v rss="$rss_file" -v stream="$rss_stream" \
    -v tbl="$tb_lines" -v pl="$pcre2grep_lines" -v fl="$floor_lines" \
    -v tbm="$tb_matches" -v rm="$rg_matches" -v fm="$floor_matches" -v tbr="$tb_records" -v rjm="$rg_json_matches" \
    || failed=1

tree_mb=${REGEX_TREE_MB:-200}
tree=$(corpus_tree "tree-$tree_mb" make-text-tree.py "$tree_mb")
measure_interleaved 10 --shell=none --output=pipe \
    -n 'rg -P --count-matches' "rg -P --count-matches '$pattern' $tree" \
    -n 'tb regex -c' "$tb regex -c '$pattern' $tree" \
    -n 'rg -P -c' "rg -P -c '$pattern' $tree"
# Files, lines and matches in all: tb's count records against rg's path:count lines.
read -r tb_files tb_lines tb_matches < <("$tb" regex -c "$pattern" "$tree" --template '%(lines) %(matches)' \
    | awk '{ lines += $1; matches += $2; files++ } END { print files, lines, matches }')
read -r rg_files rg_matches < <(rg -P --count-matches "$pattern" "$tree" \
    | awk -F: '{ matches += $NF; files++ } END { print files, matches }')
rg_lines=$(rg -P -c "$pattern" "$tree" | awk -F: '{ lines += $NF } END { print lines }')
report "tree ($tree_mb MB)" "$tree_mb" '
        printf "tree: tb -c %d files, %d lines, %d matches;", tf, tl, tm
        printf " rg --count-matches %d files, %d matches; rg -c %d lines\n", rf, rm, rl
        wrong = (tf != rf || tm != rm || tl != rl)
        if (wrong) printf "tb and rg do not count the same   WRONG\n"
        ratio = median["rg -P --count-matches"] / median["tb regex -c"]
        printf "tree -c vs rg -P --count-matches:    %.2fx (goal >= 1)   %s\n", ratio, (ratio >= 1 ? "ok" : "SLOW")
        printf "tree -c vs rg -P -c:                 %.2fx (for scale)\n",
            median["rg -P -c"] / median["tb regex -c"]
        exit (ratio < 1 || wrong)
' -v tf="$tb_files" -v tl="$tb_lines" -v tm="$tb_matches" -v rf="$rg_files" -v rm="$rg_matches" -v rl="$rg_lines" \
    || failed=1

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

# One long line with many matches (400 KB, 40,000 of them), in the terminal view with and without --lines: the work
# per match must not grow with the line (counting the column from the line's start, and copying the marks held,
# once took 6 to 8 s where rg takes 10 ms). Goal: at most 5x rg's time, which a quadratic path misses by far.
/usr/bin/python3 -c "
import sys
line = 'abcdefghij' * 20000
open(sys.argv[1], 'w').write('x\n' + line + 'foo' + line + 'foo\nafter foo\n')" "$work/long.txt"
measure --warmup 2 --runs 10 \
    -n 'rg (view)' "rg --heading -n --color never -e foo -e j '$work/long.txt' | cat" \
    -n 'tb (view)' "'$tb' regex --format human -e foo -e j '$work/long.txt' | cat" \
    -n 'tb (view --lines)' "'$tb' regex --format human --lines -e foo -e j '$work/long.txt' | cat"
report "long line (0.4 MB)" 0.4 '
        view = median["tb (view)"] / median["rg (view)"]
        lines = median["tb (view --lines)"] / median["rg (view)"]
        printf "view vs rg: %.2fx its time, with --lines %.2fx (goal <= 5)   %s\n", view, lines,
            (view <= 5 && lines <= 5 ? "ok" : "SLOW")
        exit (view > 5 || lines > 5)
' || failed=1
exit $failed
