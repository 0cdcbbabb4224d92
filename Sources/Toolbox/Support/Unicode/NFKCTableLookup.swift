// Look-ups in the generated NFKC tables (NFKCTables.swift): binary searches over sorted static arrays, made only
// when a name is normalized.

extension NFKCTables {
    /// The canonical combining class of `value`: 0 for starters.
    static func combiningClass(of value: UInt32) -> UInt8 {
        // Below U+0300 every scalar is a starter.
        guard value >= 0x300 else { return 0 }
        let index = lastIndex(in: combiningClasses, atMost: value, shift: 8)
        return index.map { UInt8(truncatingIfNeeded: combiningClasses[$0]) } ?? 0
    }

    /// Where the full compatibility decomposition of `value` lies in `decompositionUnits`; nil when it is itself.
    static func decomposition(of value: UInt32) -> Range<Int>? {
        // Below U+00A0 (no-break space) every scalar is its own decomposition.
        guard value >= 0xA0,
            let index = lastIndex(in: decompositionKeys, atMost: value, shift: decompositionLengthBits),
            decompositionKeys[index] >> decompositionLengthBits == value
        else { return nil }
        let stride = decompositionOffsetStride
        var start = Int(decompositionOffsets[index / stride])
        for earlier in (index - index % stride)..<index { start += length(decompositionKeys[earlier]) }
        return start..<(start + length(decompositionKeys[index]))
    }

    /// Whether `value` is the second of a pair canonical composition composes (Hangul aside).
    static func isSecondOfComposition(_ value: UInt32) -> Bool {
        secondIndex(value) != nil
    }

    /// The primary composite of `first` and `second`, if canonical composition makes one (Hangul aside).
    static func composite(of first: UInt32, _ second: UInt32) -> UInt32? {
        // Few scalars (63 in Unicode 14) are ever the second of a pair: a key is the first and the second's index.
        guard let position = secondIndex(second) else { return nil }
        let key = first << 8 | UInt32(position)
        guard let index = lastIndex(in: compositionKeys, atMost: key, shift: 0), compositionKeys[index] == key
        else { return nil }
        return compositionResults[index]
    }

    private static func secondIndex(_ value: UInt32) -> Int? {
        guard let position = lastIndex(in: compositionSeconds, atMost: value, shift: 0),
            compositionSeconds[position] == value
        else { return nil }
        return position
    }

    private static func length(_ key: UInt32) -> Int {
        Int(key & (1 << decompositionLengthBits - 1))
    }

    /// The last index of sorted `table` whose entry, shifted right by `shift`, is at most `value`.
    private static func lastIndex(in table: [UInt32], atMost value: UInt32, shift: UInt32) -> Int? {
        var low = 0
        var high = table.count
        while low < high {
            let middle = (low + high) / 2
            if table[middle] >> shift <= value { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }
}
