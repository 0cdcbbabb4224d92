#!/bin/bash
# Runs each fuzz target for SECONDS with libFuzzer: make fuzz FUZZ_SECONDS=N [FUZZ_TARGETS="feed html"].
# usage: scripts/fuzz.sh DRIVER SECONDS TARGET...
# Each target's corpus lives in .build/fuzz/corpus/TARGET, seeded from its fixture folders; a finding is written to
# .build/fuzz/findings/ (add it to Tests/Fixtures/fuzz/TARGET/ once fixed: FuzzRegressionTests replays it). Prints one
# line per target: runs, executions per second, corpus size and whether it found something.
set -u
driver=$1
seconds=$2
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
work=$root/.build/fuzz
mkdir -p "$work/findings" "$work/logs"
# A crash would hang while ASan symbolizes without a symbolizer it can find: use the toolchain's.
symbolizer=$(dirname "$(readlink -f "$(command -v swift)")")/llvm-symbolizer
export ASAN_OPTIONS=${ASAN_OPTIONS:-"symbolize=1:external_symbolizer_path=$symbolizer:detect_leaks=1"}
status=0
summary=()
for target in "$@"; do
    corpus=$work/corpus/$target
    mkdir -p "$corpus"
    seeds=()
    while read -r folder; do
        seeds+=("$root/Tests/Fixtures/$folder")
    done < <(TB_FUZZ_SEEDS=1 TB_FUZZ_TARGET=$target "$driver")
    log=$work/logs/$target.log
    echo "fuzzing $target for $seconds s (log: $log)"
    # -timeout: an input that takes 20 s is a hang; -rss_limit_mb: one that takes 4 GB a leak or a blow-up.
    TB_FUZZ_TARGET=$target "$driver" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="$work/findings/$target-" "$corpus" "${seeds[@]}" >"$log" 2>&1
    result=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    files=$(find "$corpus" -type f | wc -l)
    bytes=$(du -sb "$corpus" | cut -f1)
    # A driver whose Swift modules lost their coverage counters fuzzes blind (seen once after an incremental build):
    # libFuzzer then sees a handful of edges, and that is a failure, not a clean run.
    edges=$(grep -o 'DONE *cov: [0-9]*' "$log" | grep -o '[0-9]*$')
    verdict=ok
    if [ "${edges:-0}" -lt 100 ] && [ $result -eq 0 ]; then
        verdict="NO COVERAGE ($edges edges): rebuild .build/fuzz from scratch"
        status=1
    fi
    if [ $result -ne 0 ]; then
        verdict="FOUND (exit $result): $(grep -m1 -E 'ERROR|Fatal error|deadly signal|timeout|out-of-memory' "$log")"
        status=1
    fi
    summary+=("$(printf '%-14s %10s runs %6s exec/s  corpus %5s files %9s bytes  %s' \
        "$target" "${runs:-?}" "${speed:-?}" "$files" "$bytes" "$verdict")")
done
printf '%s\n' "${summary[@]}"
exit $status
