# Sourced by every benchmark (bench/*.sh): the binary to measure, a throw-away store, and the helpers they share.
# shellcheck shell=bash
set -euo pipefail

tb=$(realpath "${TB:-.build/release/tb}")
here=$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TB_STATE_DIR="$work/state" TB_CONFIG_DIR="$work/config" TB_CACHE_DIR="$work/cache"
# Every benchmark runs on loopback: a proxy from the environment would carry tb's and curl's requests to another
# machine (and measure it).
unset http_proxy https_proxy ftp_proxy all_proxy HTTP_PROXY HTTPS_PROXY FTP_PROXY ALL_PROXY

# corpus FILE GENERATOR ARGUMENT: makes bench/corpus/FILE with GENERATOR (a script in bench/) unless it is there,
# then reads it once, so that every tool reads it from the page cache.
corpus() {
    local file="$here/corpus/$1"
    if [ ! -f "$file" ]; then
        mkdir -p "$here/corpus"
        echo "generating $file" >&2
        /usr/bin/python3 "$here/$2" "$file" "$3"
    fi
    cat "$file" >/dev/null
    echo "$file"
}

# corpus_tree DIRECTORY GENERATOR ARGUMENT: as corpus, for a generated directory tree (read once too).
corpus_tree() {
    local directory="$here/corpus/$1"
    if [ ! -d "$directory" ]; then
        mkdir -p "$here/corpus"
        echo "generating $directory" >&2
        rm -rf "$directory.partial"
        /usr/bin/python3 "$here/$2" "$directory" "$3"
    fi
    find "$directory" -type f -exec cat {} + >/dev/null
    echo "$directory"
}

# steal_ticks: the CPU time the hypervisor took from this machine since it started, in ticks of 10 ms (the steal
# column of /proc/stat; 0 on bare metal).
steal_ticks() { awk '/^cpu / { print $9 + 0 }' /proc/stat; }

# say_steal TICKS-BEFORE: prints how much CPU time the host stole since TICKS-BEFORE, when it was enough to move the
# figures (a virtual machine's neighbours took up to half a run's CPU): read the ratios of that measurement warily.
say_steal() {
    local stolen=$(( $(steal_ticks) - $1 ))
    if [ "$stolen" -ge 50 ]; then
        printf '(the host stole %d.%02d s of CPU time during this measurement: its figures may be off)\n' \
            $((stolen / 100)) $((stolen % 100))
    fi
}

# measure HYPERFINE-ARGUMENTS...: runs hyperfine, writing every command's times to $work/times.csv (columns:
# command,mean,stddev,median,user,system,min,max in seconds); shows hyperfine's log when it fails.
measure() {
    local before
    before=$(steal_ticks)
    hyperfine --style none --export-csv "$work/times.csv" "$@" >/dev/null 2>"$work/hyperfine.log" \
        || { cat "$work/hyperfine.log" >&2; exit 1; }
    say_steal "$before"
}

# measure_interleaved ROUNDS HYPERFINE-ARGUMENTS...: as measure, but in ROUNDS rounds of one run of each command
# (ROUND_RUNS runs, when set: for commands of a few milliseconds) after one warm-up round, so that a slow spell of a
# shared machine falls on every command rather than on the one that happened to run then; times.csv has the median,
# mean, min and max over all rounds (user and system are the means).
measure_interleaved() {
    local rounds=$1 round before
    shift
    before=$(steal_ticks)
    for round in $(seq 0 "$rounds"); do
        hyperfine --style none --runs "${ROUND_RUNS:-1}" --export-json "$work/round-$round.json" "$@" >/dev/null \
            2>"$work/hyperfine.log" || { cat "$work/hyperfine.log" >&2; exit 1; }
    done
    /usr/bin/python3 - "$work" "$rounds" <<'PYTHON'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
times, user, system = {}, {}, {}
for round in range(1, rounds + 1):  # round 0 warms up
    for result in json.load(open(f"{work}/round-{round}.json"))["results"]:
        name = result["command"]
        times.setdefault(name, []).extend(result["times"])
        user.setdefault(name, []).append(result["user"])
        system.setdefault(name, []).append(result["system"])
with open(f"{work}/times.csv", "w") as out:
    out.write("command,mean,stddev,median,user,system,min,max\n")
    for name, values in times.items():
        spread = statistics.stdev(values) if len(values) > 1 else 0
        out.write(f"{name},{statistics.mean(values)},{spread},{statistics.median(values)},"
                  f"{statistics.mean(user[name])},{statistics.mean(system[name])},{min(values)},{max(values)}\n")
PYTHON
    say_steal "$before"
}

# peak 'COMMAND LINE': the peak resident memory in KB of a shell command line, its output discarded.
peak() { /usr/bin/time -f %M bash -c "$1 >/dev/null" 2>&1 | tail -1; }

# report TITLE MEGABYTES AWK-STATEMENTS [AWK-OPTIONS...]: prints the median time and throughput of each command in
# $work/times.csv under TITLE, then runs AWK-STATEMENTS in awk's END, where median[COMMAND] and mb are set; its exit
# status is theirs. AWK-OPTIONS (-v name=value) pass more values.
report() {
    local title=$1 megabytes=$2 statements=$3
    shift 3
    awk -F, -v title="$title" -v mb="$megabytes" "$@" '
        NR == 1 { next }
        { median[$1] = $4 }
        END {
            printf "%-24s %10s %10s\n", title, "median s", "MB/s"
            for (name in median) printf "%-24s %10.3f %10.0f\n", name, median[name], mb / median[name]
'"$statements"'
        }' "$work/times.csv"
}
