#!/usr/bin/env python3
"""Shows what a terminal of COLUMNS columns makes of a program's output, for tb's table tests.

usage: screen.py FILE COLUMNS
Feeds the bytes of FILE (what script(1) recorded) to a pyte screen of COLUMNS columns, wrapping long lines as a
terminal does, and prints the screen as JSON: one list per line, up to the last line with text, of one string per
column: the character there, "" for the right half of a wide character, combining marks with their base.
"""
import json
import sys

import pyte

path, columns = sys.argv[1], int(sys.argv[2])
with open(path, "rb") as file:
    data = file.read()
rows = 4 * data.count(b"\n") + 10
screen = pyte.Screen(columns, rows)
pyte.ByteStream(screen).feed(data)
lines = [[screen.buffer[y][x].data for x in range(columns)] for y in range(rows)]
while lines and all(cell == " " for cell in lines[-1]):
    lines.pop()
print(json.dumps(lines, ensure_ascii=False))
