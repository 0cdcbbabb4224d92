#!/usr/bin/env python3
"""Writes a directory tree of small text files for the regex benchmark's directory search: the lines of
make-text-corpus.py (prose and log lines), 10,000 files in three levels of directories (10 x 10 x 100).

usage: make-text-tree.py OUTPUT-DIRECTORY MEGABYTES
Deterministic (fixed seed), so every run measures the same bytes.
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
make_text_corpus = __import__("make-text-corpus")


def main():
    output, megabytes = sys.argv[1], int(sys.argv[2])
    rng = random.Random(42)
    pool = [
        make_text_corpus.log_line(rng, i) if i % 3 == 0 else make_text_corpus.prose(rng) for i in range(30000)
    ]
    files = 10_000
    size = megabytes * 1_000_000 // files
    data = "".join(pool).encode()
    temporary = output + ".partial"
    for index in range(files):
        folder = os.path.join(temporary, "d%d" % (index // 1000), "e%d" % (index // 100 % 10))
        os.makedirs(folder, exist_ok=True)
        start = rng.randrange(0, len(data) - 2 * size)
        # Whole lines: from the line after a random offset, about `size` bytes.
        start = data.index(b"\n", start) + 1
        end = data.index(b"\n", start + size) + 1
        with open(os.path.join(folder, "f%03d.log" % (index % 100)), "wb") as out:
            out.write(data[start:end])
    os.rename(temporary, output)


if __name__ == "__main__":
    main()
