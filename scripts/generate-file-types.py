#!/usr/bin/python3
# Writes Sources/Commands/RegexCommands/FileTypeTable.swift, the file types of tb regex -t and -T, out of ripgrep's
# default table: run `/usr/bin/python3 scripts/generate-file-types.py` from the package root after ripgrep changes,
# then `swift test --filter RegexRipgrepFlagsTests` (which compares -t, -T and --type-list with the same rg).
"""Generates the file type table from `rg --type-list` (one `name: glob, glob` line a type, sorted by name)."""
import os
import subprocess
import sys

OUTPUT = "Sources/Commands/RegexCommands/FileTypeTable.swift"
WIDTH = 120


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def entry(name, globs):
    """One `FileType(...)` line, or the same over several lines when it is longer than the house style allows."""
    one = f'        FileType({swift_string(name)}, [{", ".join(swift_string(g) for g in globs)}]),'
    if len(one) <= WIDTH:
        return [one]
    lines = [f"        FileType(", f"            {swift_string(name)},", "            ["]
    current = "                "
    for glob in globs:
        piece = swift_string(glob) + ","
        if len(current) + len(piece) + 1 > WIDTH:
            lines.append(current.rstrip())
            current = "                "
        current += piece + " "
    lines.append(current.rstrip())
    lines += ["            ]),"]
    return lines


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    version = subprocess.run(["rg", "--version"], check=True, capture_output=True, text=True).stdout.split()[1]
    listing = subprocess.run(["rg", "--type-list"], check=True, capture_output=True, text=True).stdout
    types = []
    for line in listing.splitlines():
        name, _, globs = line.partition(":")
        types.append((name, [glob.strip() for glob in globs.split(",")]))
    if not types or any(not globs or not all(globs) for _, globs in types):
        sys.exit("unexpected output from rg --type-list")
    lines = []
    for name, globs in types:
        lines += entry(name, globs)
    body = "\n".join(lines)
    text = f"""// ripgrep {version}'s default file types, for tb regex -t, -T and --type-list: {len(types)} types.
// Generated from `rg --type-list`; do not edit: run `/usr/bin/python3 scripts/generate-file-types.py` from the package
// root after ripgrep changes, then `swift test --filter RegexRipgrepFlagsTests`.

/// The file types ripgrep knows, sorted by name.
enum FileTypeTable {{
    /// The ripgrep the table was taken from.
    static let ripgrepVersion = "{version}"

    static let types: [FileType] = [
{body}
    ]
}}
"""
    with open(os.path.join(root, OUTPUT), "w") as output:
        output.write(text)
    print(f"{OUTPUT}: ripgrep {version}, {len(types)} types, {sum(len(g) for _, g in types)} globs", file=sys.stderr)


if __name__ == "__main__":
    main()
