#!/usr/bin/python3
# What NFKCTests compares tb's NFKC with: Python's unicodedata.normalize('NFKC', ...), the source of the tables.
"""Prints the Unicode version, then reference NFKC results, one line each, code points in hex.

`code-points`: every code point whose NFKC is not itself, as `CP<TAB>RESULT`; every other one is its own NFKC.
`strings`: the hard cases of NormalizationTest.txt's kind, then random strings built from the parts that interact
(starters that compose, marks of every class, Hangul jamo and syllables, compatibility forms), as `INPUT<TAB>RESULT`.
"""
import random
import sys
import unicodedata


def hexes(text):
    return " ".join(f"{ord(character):04X}" for character in text)


def code_points():
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        result = unicodedata.normalize("NFKC", chr(cp))
        if result != chr(cp):
            print(f"{cp:04X}\t{hexes(result)}")


HARD_CASES = [
    "\u1E9B\u0323",  # long s with dot above, then dot below: decomposes, reorders, composes to U+1E69
    "a\u0302\u0323",  # marks out of canonical order compose as in order
    "a\u0323\u0302",
    "a\u05AE\u0300b",  # a mark of a lower class between blocks nothing
    "a\u0300\u0300",  # a second mark of the same class is blocked
    "a\u0301\u0300\u0327",
    "\u0958",  # a script-specific composition exclusion stays decomposed
    "\u2126",  # OHM SIGN, a singleton: U+03A9
    "\u212B",  # ANGSTROM SIGN: U+00C5
    "\u0344",  # a non-starter decomposition: never composed back
    "\u0F73\u0F75\u0F81",
    "\u0B47\u0B3E",  # two starters that compose, and only when adjacent
    "\u0B47\u0300\u0B3E",
    "\u1100\u1161\u11A8",  # Hangul L V T
    "\u1100\u1161",
    "\uAC00\u11A8",  # LV + T
    "\uAC01\u11A8",  # LVT + T: nothing
    "\u1100\u0300\u1161",
    "\u1100\u1161\u0300\u11A8",
    "\u11A8",
    "\u3131\u314F",  # compatibility jamo become conjoining jamo, which compose
    "\uFF76\uFF9E",  # halfwidth katakana and voiced mark: U+30AC
    "\u304B\u3099",
    "\uFDFA",  # one code point, eighteen in NFKC
    "\uFB01",
    "\uFF41\uFF42",
    "\u00BD",
    "\u2460",
    "\U0001D400",
    "\U0001D15E\U0001D165",
    "\U0002F800",
    "\u0301a",  # text that begins with a mark
    "\u0300\u0301",
    "\u00C5\u0301",
    "\u0041\u030A\u0301",
    "e\u0301\u0301",
    "\u03D3",  # a compatibility decomposition whose canonical part composes again: U+038E
    "\u1FED\u0301",
    "\u0CC6\u0CC2\u0CD5",
    "\u0DD9\u0DCF\u0DCA",
    "\U000110A5\U000110BA",
    "\U00011131\U00011127",
    "\u0061\u0315\u0300\u05AE\u0300\u0062",
    "\u00A8\u0301",
    "\u017F\u0307",
    "\u2001\u00A0\u3000",
]


def pools():
    classes = [cp for cp in range(0x110000) if not 0xD800 <= cp <= 0xDFFF and unicodedata.combining(chr(cp))]
    decomposing = [
        cp
        for cp in range(0x110000)
        if not 0xD800 <= cp <= 0xDFFF and unicodedata.decomposition(chr(cp)) and not 0xAC00 <= cp <= 0xD7A3
    ]
    starters = [ord(part) for cp in decomposing for part in unicodedata.normalize("NFD", chr(cp))[:1]]
    jamo = list(range(0x1100, 0x1113)) + list(range(0x1161, 0x1176)) + list(range(0x11A7, 0x11C3))
    syllables = [0xAC00, 0xAC01, 0xAC1C, 0xD7A3, 0xB098, 0xB099]
    return [classes, decomposing, starters, jamo, syllables, [0x61, 0x41, 0x20]]


def strings():
    for case in HARD_CASES:
        print(f"{hexes(case)}\t{hexes(unicodedata.normalize('NFKC', case))}")
    generator = random.Random(22)
    groups = pools()
    for _ in range(20000):
        text = "".join(chr(generator.choice(generator.choice(groups))) for _ in range(generator.randint(1, 8)))
        print(f"{hexes(text)}\t{hexes(unicodedata.normalize('NFKC', text))}")


if __name__ == "__main__":
    print(unicodedata.unidata_version)
    {"code-points": code_points, "strings": strings}[sys.argv[1]]()
