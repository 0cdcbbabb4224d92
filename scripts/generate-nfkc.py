#!/usr/bin/python3
# Writes Sources/Toolbox/Support/Unicode/NFKCTables.swift, the data tb's NFKC (bookmark names) works from, out of
# Python's unicodedata: run `/usr/bin/python3 scripts/generate-nfkc.py` from the package root after a Python upgrade
# brings a newer Unicode, then `swift test --filter NFKCTests` (which compares against the same Python).
"""Generates the NFKC tables: combining classes, full compatibility decompositions and canonical compositions.

The Swift side keeps Hangul algorithmic, so syllables are left out of the decompositions and compositions. Before
writing, the tables are checked here by running the same algorithm the Swift code runs over every code point.
"""
import os
import sys
import unicodedata

OUTPUT = "Sources/Toolbox/Support/Unicode/NFKCTables.swift"
# Hangul syllables: decomposed and composed by arithmetic (Hangul.swift), not by table.
SYLLABLES = range(0xAC00, 0xD7A4)
# Entries between two stored offsets into the decomposition units (NFKCTables.decompositionOffsets).
OFFSET_STRIDE = 16
# Bits of a decomposition key that hold the length of its expansion in UTF-16 units.
LENGTH_BITS = 6


def code_points():
    return (cp for cp in range(0x110000) if not 0xD800 <= cp <= 0xDFFF)


def utf16(text):
    units = []
    for character in text:
        value = ord(character)
        if value > 0xFFFF:
            value -= 0x10000
            units += [0xD800 + (value >> 10), 0xDC00 + (value & 0x3FF)]
        else:
            units.append(value)
    return units


def combining_class_boundaries():
    """(code point, class) wherever the class changes, starting from class 0 below the first."""
    boundaries = []
    current = 0
    for cp in code_points():
        value = unicodedata.combining(chr(cp))
        if value != current:
            boundaries.append((cp, value))
            current = value
    return boundaries


def decompositions():
    """Every code point whose full compatibility decomposition (NFKD, recursive) is not itself."""
    found = {}
    for cp in code_points():
        if cp in SYLLABLES:
            continue
        expansion = unicodedata.normalize("NFKD", chr(cp))
        if expansion != chr(cp):
            found[cp] = expansion
    return found


def compositions():
    """(first, second) -> composite for every primary composite: a canonical decomposition of two code points that
    canonical composition yields, i.e. not in Full_Composition_Exclusion (script exclusions, post-composition
    versions and non-starter decompositions; singletons have one code point)."""
    pairs = {}
    for cp in code_points():
        mapping = unicodedata.decomposition(chr(cp))
        if not mapping or mapping.startswith("<"):
            continue
        parts = [int(part, 16) for part in mapping.split()]
        if len(parts) == 2 and unicodedata.is_normalized("NFC", chr(cp)):
            pairs[(parts[0], parts[1])] = cp
    return pairs


# The algorithm NFKC.swift runs, on the same tables: the generator refuses to write tables it cannot reproduce
# unicodedata with.
def normalize(text, classes, expansions, pairs):
    decomposed = []
    for character in text:
        cp = ord(character)
        if cp in SYLLABLES:
            index = cp - 0xAC00
            decomposed += [0x1100 + index // 588, 0x1161 + index % 588 // 28]
            if index % 28:
                decomposed.append(0x11A7 + index % 28)
        else:
            decomposed += [ord(part) for part in expansions.get(cp, character)]
    # Canonical ordering: a stable sort of each run of non-starters by class.
    for end in range(1, len(decomposed)):
        position = end
        while position > 0:
            here, before = classes(decomposed[position]), classes(decomposed[position - 1])
            if here == 0 or before <= here:
                break
            decomposed[position - 1], decomposed[position] = decomposed[position], decomposed[position - 1]
            position -= 1
    if not decomposed:
        return ""
    result = [decomposed[0]]
    starter = 0
    last = 0 if classes(decomposed[0]) == 0 else 256
    for cp in decomposed[1:]:
        value = classes(cp)
        composite = compose(result[starter], cp, pairs)
        if composite is not None and (last < value or last == 0):
            result[starter] = composite
            continue
        if value == 0:
            starter = len(result)
        last = value
        result.append(cp)
    return "".join(chr(cp) for cp in result)


def compose(first, second, pairs):
    if 0x1100 <= first < 0x1113 and 0x1161 <= second < 0x1176:
        return 0xAC00 + ((first - 0x1100) * 21 + second - 0x1161) * 28
    if first in SYLLABLES and (first - 0xAC00) % 28 == 0 and 0x11A8 <= second < 0x11C3:
        return first + second - 0x11A7
    return pairs.get((first, second))


def check(boundaries, expansions, pairs):
    table = dict(boundaries)
    starts = sorted(table)

    def classes(cp):
        import bisect

        index = bisect.bisect_right(starts, cp) - 1
        return table[starts[index]] if index >= 0 else 0

    for cp in code_points():
        text = chr(cp)
        expected = unicodedata.normalize("NFKC", text)
        if normalize(text, classes, expansions, pairs) != expected:
            sys.exit(f"generate-nfkc: the tables give a wrong NFKC for U+{cp:04X}")
        if classes(cp) != unicodedata.combining(text):
            sys.exit(f"generate-nfkc: wrong combining class for U+{cp:04X}")


def swift_array(name, kind, values):
    width = len(f"{max(values):X}")
    lines = [f"    static let {name}: [{kind}] = ["]
    line = "       "
    for value in values:
        item = f" 0x{value:0{width}X},"
        if len(line) + len(item) > 120:
            lines.append(line)
            line = "       "
        line += item
    lines.append(line)
    lines.append("    ]")
    return "\n".join(lines)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    boundaries = combining_class_boundaries()
    expansions = decompositions()
    pairs = compositions()
    check(boundaries, expansions, pairs)

    keys, offsets, units = [], [], []
    for index, cp in enumerate(sorted(expansions)):
        encoded = utf16(expansions[cp])
        assert len(encoded) < 1 << LENGTH_BITS
        if index % OFFSET_STRIDE == 0:
            offsets.append(len(units))
        keys.append(cp << LENGTH_BITS | len(encoded))
        units += encoded
    assert len(units) <= 0xFFFF
    seconds = sorted({second for _, second in pairs})
    assert len(seconds) <= 0x100
    composed = sorted((first << 8 | seconds.index(second), cp) for (first, second), cp in pairs.items())
    classes = [cp << 8 | value for cp, value in boundaries]

    size = 4 * (len(classes) + len(keys) + len(seconds) + 2 * len(composed)) + 2 * (len(offsets) + len(units))
    version = unicodedata.unidata_version
    text = f"""// The data NFKC works from: {size} bytes of static arrays (nothing is built at start-up), Unicode {version}.
// Generated from Python's unicodedata; do not edit: run `/usr/bin/python3 scripts/generate-nfkc.py` from the package
// root after a Python upgrade brings a newer Unicode, then `swift test --filter NFKCTests`.

/// The tables of NFKC.swift and NFKCTableLookup.swift.
enum NFKCTables {{
    /// The Unicode version of the data.
    static let unicodeVersion = "{version}"

    /// `code point << 8 | class`: from that code point on, the canonical combining class is `class`, up to the next
    /// entry (class 0 before the first).
{swift_array("combiningClasses", "UInt32", classes)}

    /// The bits of a decomposition key below its code point: the length of the decomposition.
    static let decompositionLengthBits: UInt32 = {LENGTH_BITS}
    /// `code point << {LENGTH_BITS} | length`, sorted: the code points whose full compatibility decomposition is
    /// not themselves (Hangul syllables aside), with the length of that decomposition in `decompositionUnits`.
{swift_array("decompositionKeys", "UInt32", keys)}

    /// The number of keys from one entry of `decompositionOffsets` to the next.
    static let decompositionOffsetStride = {OFFSET_STRIDE}
    /// Where the decomposition of every {OFFSET_STRIDE}th key starts in `decompositionUnits`; the keys between add
    /// their lengths.
{swift_array("decompositionOffsets", "UInt16", offsets)}

    /// The decompositions, one after another in key order, in UTF-16.
{swift_array("decompositionUnits", "UInt16", units)}

    /// The scalars that are the second of a pair canonical composition composes, sorted.
{swift_array("compositionSeconds", "UInt32", seconds)}
    /// `first << 8 | the second's index in compositionSeconds`, sorted: the pairs of the primary composites, without
    /// the composition exclusions (and without Hangul syllables).
{swift_array("compositionKeys", "UInt32", [key for key, _ in composed])}
    /// The composite of each pair in `compositionKeys`.
{swift_array("compositionResults", "UInt32", [cp for _, cp in composed])}
}}
"""
    with open(os.path.join(root, OUTPUT), "w") as output:
        output.write(text)
    print(
        f"{OUTPUT}: Unicode {version}, {len(classes)} class boundaries, {len(keys)} decompositions "
        f"({len(units)} units), {len(composed)} compositions of {len(seconds)} seconds, {size} bytes"
    )


if __name__ == "__main__":
    main()
