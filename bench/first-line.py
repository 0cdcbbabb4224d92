#!/usr/bin/python3
"""Time to first line and total time of a shell command line whose output goes to a pipe.

usage: first-line.py RUNS COMMAND [SETUP]
Runs `bash -c COMMAND` RUNS times (after `bash -c SETUP` each time, untimed, when given), reading its stdout through
a pipe; prints the medians of the milliseconds until the first line could be read and until the command had ended,
and the number of lines of the last run: "FIRST TOTAL LINES". A command that fails or prints nothing ends this with
status 1.
"""
import statistics
import subprocess
import sys
import tempfile
import time


def once(command):
    # Errors go to a file: a pipe read only at the end could fill up and stall the command.
    errors = tempfile.TemporaryFile()
    start = time.monotonic()
    process = subprocess.Popen(["bash", "-c", command], stdout=subprocess.PIPE, stderr=errors)
    first = process.stdout.readline()
    seen = time.monotonic()
    lines = 1 if first else 0
    # Drained in large reads, so that reading does not slow down the command measured.
    while chunk := process.stdout.read(1 << 16):
        lines += chunk.count(b"\n")
    status = process.wait()
    end = time.monotonic()
    errors.seek(0)
    if status != 0 or not first:
        sys.exit("first-line.py: `%s` ended with status %d after %d lines: %s" % (
            command, status, lines, errors.read().decode(errors="replace")[-500:]))
    return (seen - start) * 1000, (end - start) * 1000, lines


def main():
    runs, command = int(sys.argv[1]), sys.argv[2]
    setup = sys.argv[3] if len(sys.argv) > 3 else None
    results = []
    for _ in range(runs):
        if setup:
            subprocess.run(["bash", "-c", setup], check=True)
        results.append(once(command))
    print("%.0f %.0f %d" % (statistics.median(r[0] for r in results), statistics.median(r[1] for r in results),
                            results[-1][2]))


if __name__ == "__main__":
    main()
