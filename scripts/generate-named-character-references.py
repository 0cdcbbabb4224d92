#!/usr/bin/python3
# Writes Sources/HTML5/NamedCharacterReferences.swift, the HTML tokenizer's named character references ("&amp;"), out
# of Python's html.entities.html5: run `/usr/bin/python3 scripts/generate-named-character-references.py [OUTPUT]` from
# anywhere (OUTPUT defaults to that file), then `swift test --filter NamedCharacterReferences`.
"""Generates the named character reference table of the HTML standard as a double-array trie, and its lookup.

The names are case-sensitive ASCII alphanumerics with an optional final ';' (2,231 of them, 106 of which are the
legacy names that also match without their ';'); each stands for one or two code points. The tokenizer wants the
longest name the input begins with, and whether more input could still make a longer one match.

Why a double-array trie: a byte of the input then costs one load of one array element and one compare, whatever the
names around it. Sorted names narrowed by a binary search per byte would cost about a dozen probes a byte; a trie
with lists of children a scan of up to 52 of them at its root. The trie's 9,854 states pack into about 9,900 cells.

The trie's states are the cells of one array. From state `s`, byte `b` leads to state `t = base(s) + b` when
`check(t) == s`; any other byte leads nowhere. A cell is a UInt64:

    bits 40..55  check   the state this one is reached from (0xFFFF: a free cell, which no byte reaches)
    bits 24..39  base    where the states after this one start (0: none, no longer name goes through it)
    bits  4..23  first   the first code point of the name that ends here (0: no name ends here)
    bits  0..3   second  the second code point's index in SECONDS (0: the name stands for one code point)

In the Swift file the cells are one string of 14 hex digits a cell (those fields in that order, so a cell reads as
CCCCBBBBFFFFFS), seven cells a line, decoded into a [UInt64] on first use: a string literal costs the compiler
next to nothing, where a 10,000-element array literal costs its type checker and code generation seconds.

Cells 1 to 49 stay free: the bytes of names are '1' (0x31) or above and a base is at least 1, so no byte reaches
them. Unused bases past the last cell are covered by PADDING free cells the Swift side appends.

Before writing, the cells are checked here by running the Swift code's walk over every name and every prefix of one.
"""
import html.entities
import os
import sys

OUTPUT = "Sources/HTML5/NamedCharacterReferences.swift"
SCRIPT = "scripts/generate-named-character-references.py"
# A free cell: its check matches no state (there are fewer than 0xFFFF).
FREE = 0xFFFF << 40
CELLS_PER_LINE = 7
# The house style's line length (.swift-format).
WIDTH = 120
# The decoder appends this many free cells, so that base + any byte stays inside the array without a test.
PADDING = 256


def build_trie(names):
    """Children (byte → state) and the value that ends at each state of the trie of `names`, state 0 the root."""
    children = [{}]
    values = [None]
    for name in sorted(names):
        state = 0
        for byte in name.encode("ascii"):
            if byte not in children[state]:
                children[state][byte] = len(children)
                children.append({})
                values.append(None)
            state = children[state][byte]
        values[state] = names[name]
    return children, values


def place(children):
    """Each state's cell and base: the children of a state, breadth first, go to the first base where all are free.

    Free cells below `top` are few (the trie fills the array to 99.5 %), so they are kept in a list and tried first.
    """
    used = {0}
    holes = []
    top = 1
    cell = {0: 0}
    base = {}
    order = [0]

    def fits(candidate, labels):
        return candidate >= 1 and all(candidate + label not in used for label in labels)

    for state in order:
        labels = sorted(children[state])
        if not labels:
            continue
        found = next((hole - labels[0] for hole in holes if fits(hole - labels[0], labels)), None)
        if found is None:
            found = max(1, top - labels[0])
            while not fits(found, labels):
                found += 1
        base[state] = found
        for label in labels:
            used.add(found + label)
            cell[children[state][label]] = found + label
            order.append(children[state][label])
        end = found + labels[-1] + 1
        if end > top:
            holes += [position for position in range(top, end) if position not in used]
            top = end
        holes = [hole for hole in holes if hole not in used]
    return cell, base, top


def pack(names):
    """The cells, and the second code points they index (SECONDS, 0 first for "none")."""
    children, values = build_trie(names)
    cell, base, count = place(children)
    seconds = [0] + sorted({ord(value[1]) for value in names.values() if len(value) == 2})
    assert len(seconds) <= 16 and count < 0xFFFF
    cells = [FREE] * count
    for state, position in cell.items():
        value = values[state]
        first = ord(value[0]) if value else 0
        second = seconds.index(ord(value[1])) if value and len(value) == 2 else 0
        assert first < 1 << 20 and (first != 0) == (value is not None)
        cells[position] = base.get(state, 0) << 24 | first << 4 | second
    for state, labels in enumerate(children):
        for child in labels.values():
            cells[cell[child]] |= cell[state] << 40
    cells[0] |= 0xFFFF << 40
    return cells, seconds


def longest_match(cells, seconds, data):
    """The Swift lookup, step for step: (length, first, second) or None, and whether more bytes could match more."""
    padded = cells + [FREE] * PADDING
    state, current, best, best_length = 0, padded[0], 0, 0
    for index, byte in enumerate(data):
        base = current >> 24 & 0xFFFF
        if base == 0:
            break
        following = padded[base + byte]
        if following >> 40 != state:
            break
        state, current = base + byte, following
        if current >> 4 & 0xFFFFF:
            best, best_length = current, index + 1
    else:
        return reference(best, best_length, seconds), current >> 24 & 0xFFFF != 0
    return reference(best, best_length, seconds), False


def reference(cell, length, seconds):
    """(length, first, second) of the name that ends at `cell`, or None when `cell` is 0."""
    first = cell >> 4 & 0xFFFFF
    return (length, first, seconds[cell & 0xF]) if first else None


def check(names, cells, seconds):
    """Every name, alone and followed by bytes no name has, and every prefix of one, against the table's meaning."""
    prefixes = {name[:length] for name in names for length in range(len(name))}
    for name in names:
        expected = reference_of(names, name)
        data = name.encode("ascii")
        assert longest_match(cells, seconds, data) == (expected, name in prefixes), name
        assert longest_match(cells, seconds, data + b"!\xff") == (expected, False), name
        for length in range(len(name)):
            shorter = next((name[:k] for k in range(length, 0, -1) if name[:k] in names), None)
            expected = reference_of(names, shorter) if shorter else None
            assert longest_match(cells, seconds, data[:length]) == (expected, True), name[:length]
    assert longest_match(cells, seconds, b"zz") == (None, False)
    assert longest_match(cells, seconds, b"notit;") == ((3, 0xAC, 0), False)


def reference_of(names, name):
    """(length, first, second) of `name`, as longest_match has it."""
    value = names[name]
    return (len(name), ord(value[0]), ord(value[1]) if len(value) == 2 else 0)


def hex_lines(cells):
    """The cells in hex, CELLS_PER_LINE a line, indented as the body of the Swift multi-line string."""
    lines = []
    for start in range(0, len(cells), CELLS_PER_LINE):
        lines.append("        " + " ".join(f"{cell:014X}" for cell in cells[start : start + CELLS_PER_LINE]))
    return "\n".join(lines)


SWIFT = """\
// The HTML standard's named character references ("&amp;", "&notin;"...) and the tokenizer's longest-match lookup.
// Generated from Python's html.entities.html5 by `/usr/bin/python3 {script}`;
// do not edit by hand: change the script, run it, then `swift test --filter NamedCharacterReferences`.

/// The standard's {names} names as a double-array trie: a byte of the input costs one load and one compare, whatever
/// the names around it (a binary search over the sorted names would cost a dozen probes a byte, a trie with lists of
/// children a scan of up to 52 at its root). The script's comment describes the cells.
enum NamedCharacterReferences {{
    /// The longest name in the standard's table that `bytes[start..<end]` begins with (`start` is just after the '&'),
    /// or nil. `mayGrow` is true when the bytes ran out at `end` while a longer name could still have matched had more
    /// bytes come (a streaming tokenizer then waits for more input before deciding).
    static func longestMatch(in bytes: Span<UInt8>, from start: Int, to end: Int) -> (
        reference: NamedReference?, mayGrow: Bool
    ) {{
        let cells = Self.cells
        var state = 0
        var current = cells[0]
        // The cell where the longest name so far ends (0: none yet), and that name's length.
        var best: UInt64 = 0
        var bestLength = 0
        var index = start
        while index < end {{
            let base = Int(truncatingIfNeeded: current >> 24 & 0xFFFF)
            // No name is longer than the one that ends here: the bytes after it cannot matter.
            if base == 0 {{ return (reference(best, length: bestLength), false) }}
            let next = base + Int(bytes[index])
            let following = cells[next]
            guard following >> 40 == UInt64(truncatingIfNeeded: state) else {{
                return (reference(best, length: bestLength), false)
            }}
            state = next
            current = following
            index += 1
            if current >> 4 & 0xFFFFF != 0 {{
                best = current
                bestLength = index - start
            }}
        }}
        return (reference(best, length: bestLength), current >> 24 & 0xFFFF != 0)
    }}

    /// The reference of the name that ends at `cell`, or nil when `cell` is 0.
    private static func reference(_ cell: UInt64, length: Int) -> NamedReference? {{
        let first = UInt32(truncatingIfNeeded: cell >> 4 & 0xFFFFF)
        guard first != 0 else {{ return nil }}
        return NamedReference(length: length, first: first, second: seconds[Int(truncatingIfNeeded: cell & 0xF)])
    }}

    /// The second code points of the names that stand for two, by the index in a cell's low 4 bits (0: none).
    private static let seconds: [UInt32] = [{seconds}]

    /// How many cells `table` holds: the decoder checks it.
    private static let cellCount = {count}

    /// The trie's cells, then {padding} free ones so that `base + byte` needs no test before it is loaded.
    private static let cells: [UInt64] = {{
        let text = table.utf8.span
        // Cell k is the 14 digits from 15k on, each but the last followed by a space or a line break.
        precondition(text.count == 15 * cellCount - 1, "NamedCharacterReferences.table was edited by hand")
        var cells: [UInt64] = []
        cells.reserveCapacity(cellCount + {padding})
        for start in stride(from: 0, to: text.count, by: 15) {{
            var cell: UInt64 = 0
            for index in start..<start + 14 {{
                // '0'...'9' are 0x30...0x39 and 'A'...'F' 0x41...0x46: the low 4 bits, and 9 more for a letter.
                let digit = UInt64(text[index])
                cell = cell << 4 | ((digit & 0xF) + (digit >> 6) * 9)
            }}
            cells.append(cell)
        }}
        cells.append(contentsOf: repeatElement({free}, count: {padding}))
        return cells
    }}()

    /// The cells, 14 hex digits each (check 4, base 4, first 5, second 1); line n (from 0) starts with cell 7n.
    private static let table = \"\"\"
{table}
        \"\"\"
}}
"""


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    output = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, OUTPUT)
    names = html.entities.html5
    if len(names) != 2231:
        sys.exit(f"html.entities.html5 has {len(names)} names, the standard 2231: check the Python")
    cells, seconds = pack(names)
    check(names, cells, seconds)
    text = SWIFT.format(
        script=SCRIPT,
        names=len(names),
        seconds=", ".join(f"0x{second:X}" if second else "0" for second in seconds),
        count=len(cells),
        padding=PADDING,
        free=f"0x{FREE:X}",
        table=hex_lines(cells),
    )
    long = [line for line in text.splitlines() if len(line) > WIDTH]
    assert not long, f"lines longer than {WIDTH} columns: {long}"
    with open(output, "w") as file:
        file.write(text)
    print(f"{output}: {len(names)} names, {len(cells)} cells", file=sys.stderr)


if __name__ == "__main__":
    main()
