#!/bin/bash
# tb reach against `xargs -P32 -n1 nc -z` on 200 listening loopback ports, and 200 targets of which 10 are silent
# (their accept queue is full, so connects time out), in one run; then `tb reach --method icmp` against `fping -c1`
# (and fping at its fastest pace, -i 1) on 200 loopback addresses, 127.0.0.1 to 127.0.0.200, all answering.
# Goals: 200 open ports at least 5x faster than the nc fan-out; 200 targets with 10 silent and --timeout 1 done
# within 1.1 s; 200 pings at least as fast as fping's (>= 1.0x); a loopback echo's and a loopback connect's figures
# beside a slow http and https set-up within 0.1 ms of the same probes alone (bench/reach-timing.py).
# Exits 1 when a goal is missed.
source "$(dirname "$0")/common.bash"
export TB_HISTORY=off

# The ports stay open while the helper's stdin (a fifo held open here) does.
mkfifo "$work/keep"
/usr/bin/python3 "$here/../Tests/Fixtures/servers/listeners.py" 390 0 10 <"$work/keep" >"$work/ports.json" &
helper=$!
exec 3>"$work/keep"
trap 'exec 3>&-; kill $helper 2>/dev/null; rm -rf "$work"' EXIT
while [ ! -s "$work/ports.json" ]; do sleep 0.1; done

/usr/bin/python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
ports = json.load(open(work + "/ports.json"))
open_ports = ports["open"]
with open(work + "/open200", "w") as out:
    out.write(" ".join("127.0.0.1:%d" % p for p in open_ports[:200]))
with open(work + "/ports200", "w") as out:
    out.write("\n".join(str(p) for p in open_ports[:200]) + "\n")
with open(work + "/mixed200", "w") as out:
    out.write(" ".join("127.0.0.1:%d" % p for p in open_ports[200:390] + ports["silent"]))
PY

measure --warmup 2 --runs 10 \
    -n 'xargs -P32 nc -z' "xargs -P32 -n1 nc -z 127.0.0.1 < '$work/ports200'" \
    -n 'tb reach (200 open)' "'$tb' reach $(cat "$work/open200")" \
    -n 'tb reach (10 silent)' "'$tb' reach --timeout 1 -q $(cat "$work/mixed200") || true"

# judge TITLE 'AWK': prints the median of every command of the last measure under TITLE, then runs AWK, which reads
# median[] and sets failed when a goal is missed; a miss is remembered for the exit status.
judge() {
    awk -F, -v title="$1" '
        NR == 1 { next }
        { median[$1] = $4 }
        END {
            printf "%-24s %10s\n", title, "median s"
            for (name in median) printf "%-24s %10.3f\n", name, median[name]
            failed = 0
            '"$2"'
            exit failed
        }' "$work/times.csv" || failed=1
}

judge reach '
        ratio = median["xargs -P32 nc -z"] / median["tb reach (200 open)"]
        silent = median["tb reach (10 silent)"]
        printf "200 open ports vs xargs -P32 nc -z:   %.1fx (goal >= 5)   %s\n", ratio, (ratio >= 5 ? "ok" : "SLOW")
        printf "200 targets, 10 silent, --timeout 1:  %.3f s (goal <= 1.1)   %s\n", silent, (silent <= 1.1 ? "ok" : "SLOW")
        if (ratio < 5 || silent > 1.1) failed = 1'

# fping paces its echoes (-i, 10 ms between two by default; 1 ms is its fastest); tb sends them all at once.
addresses=$(seq -f '127.0.0.%g' 1 200 | tr '\n' ' ')
measure --warmup 2 --runs 10 \
    -n 'fping -c1' "fping -q -c1 $addresses" \
    -n 'fping -c1 -i1' "fping -q -c1 -i1 $addresses" \
    -n 'tb reach --method icmp' "'$tb' reach -q --method icmp $addresses"

judge icmp '
        tb = median["tb reach --method icmp"]
        for (peer in median) {
            if (peer == "tb reach --method icmp") continue
            ratio = median[peer] / tb
            printf "200 pings vs %-14s %6.1fx (goal >= 1.0)   %s\n", peer ":", ratio, (ratio >= 1 ? "ok" : "SLOW")
            if (ratio < 1) failed = 1
        }'
# What tb's own loop adds to a probe: the medians of 15 runs alone and 15 beside slow http and https checks.
/usr/bin/python3 "$here/reach-timing.py" "$tb" | awk '
    { printf "%-8s alone %.3f ms, beside slow http(s) set-ups %.3f ms: +%.3f ms (goal <= 0.1)   %s\n",
          $1, $2, $3, $3 - $2, ($3 - $2 <= 0.1 ? "ok" : "SLOW")
      if ($3 - $2 > 0.1) failed = 1 }
    END { exit failed }' || failed=1
exit "${failed:-0}"
