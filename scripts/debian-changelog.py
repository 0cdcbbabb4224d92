#!/usr/bin/env python3
"""CHANGELOG.md as a Debian changelog: each `## VERSION (DATE)` section an entry, its bullets the entry's lines.

Usage: debian-changelog.py CHANGELOG.md PACKAGE-VERSION MAINTAINER
The Unreleased section becomes the entry of PACKAGE-VERSION (a build between tags), dated now.
"""
import email.utils
import re
import sys
import textwrap
import time
from datetime import datetime, timezone

path, package_version, maintainer = sys.argv[1:4]
sections = []  # (version, date or None, [bullet texts])
for line in open(path, encoding="utf-8"):
    line = line.rstrip("\n")
    heading = re.match(r"^## (\S+)(?: \((\d{4}-\d{2}-\d{2})\))?", line)
    if heading:
        sections.append((heading.group(1), heading.group(2), []))
    elif sections and line.startswith("- "):
        sections[-1][2].append(line[2:].strip())
    elif sections and line.startswith("  ") and sections[-1][2]:
        sections[-1][2][-1] += " " + line.strip()

out = []
for version, date, bullets in sections:
    if version == "Unreleased":
        if not bullets:
            continue
        version, stamp = package_version, email.utils.formatdate(time.time(), usegmt=False)
    else:
        when = datetime.strptime(date, "%Y-%m-%d").replace(hour=12, tzinfo=timezone.utc)
        stamp = email.utils.format_datetime(when)
    out.append(f"tb ({version}) unstable; urgency=medium\n")
    for bullet in bullets or ["Release."]:
        text = re.sub(r"`([^`]*)`", r"\1", bullet)
        out.append(textwrap.fill(
            text, width=78, initial_indent="  * ", subsequent_indent="    ",
            break_on_hyphens=False, break_long_words=False))
    out.append(f"\n -- {maintainer}  {stamp}\n")
sys.stdout.write("\n".join(out))
