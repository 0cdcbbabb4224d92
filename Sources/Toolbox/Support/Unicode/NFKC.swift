// Unicode Normalization Form KC, which bookmark names are compared and stored in: the three steps of UAX #15 on the
// tables scripts/generate-nfkc.py makes from Python's unicodedata (the standard library has no NFKC of its own).

/// Unicode Normalization Form KC (UAX #15).
public enum NFKC {
    /// `text` in NFKC: compatibility forms replaced by what they stand for (`ａｂ` and `ﬁ` become `ab` and `fi`),
    /// combining marks in canonical order, and composed wherever canonical composition composes them.
    public static func normalize(_ text: String) -> String {
        // ASCII is its own NFKC, and nearly every name is ASCII.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        if text.unicodeScalars.allSatisfy({ isStable($0.value) }) { return text }
        var scalars = decompose(text)
        var classes = scalars.map(NFKCTables.combiningClass(of:))
        reorder(&scalars, classes: &classes)
        compose(&scalars, classes: classes)
        var result = String.UnicodeScalarView()
        // Every value comes from a valid scalar or from the tables, which hold only valid scalars.
        for value in scalars { result.append(Unicode.Scalar(value) ?? "\u{FFFD}") }
        return String(result)
    }

    /// Whether `value` stays as it is in any text (UAX #15's quick check, a little stricter): it is its own
    /// decomposition, a starter, and never the second of a pair that composes. A text of such scalars is its own NFKC.
    static func isStable(_ value: UInt32) -> Bool {
        NFKCTables.combiningClass(of: value) == 0 && NFKCTables.decomposition(of: value) == nil
            && !Hangul.composes(after: value) && !NFKCTables.isSecondOfComposition(value)
    }

    /// The full compatibility decomposition of every scalar, Hangul syllables into their jamo.
    static func decompose(_ text: String) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if Hangul.decompose(scalar.value, into: &result) { continue }
            guard let units = NFKCTables.decomposition(of: scalar.value) else {
                result.append(scalar.value)
                continue
            }
            var index = units.lowerBound
            while index < units.upperBound {
                let unit = UInt32(NFKCTables.decompositionUnits[index])
                index += 1
                guard (0xD800..<0xDC00).contains(unit), index < units.upperBound else {
                    result.append(unit)
                    continue
                }
                let low = UInt32(NFKCTables.decompositionUnits[index])
                index += 1
                result.append(0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00))
            }
        }
        return result
    }

    /// Canonical ordering: each run of non-starters sorted by combining class (`classes`, one per scalar), stably.
    static func reorder(_ scalars: inout [UInt32], classes: inout [UInt8]) {
        for end in classes.indices.dropFirst() where classes[end] != 0 {
            var position = end
            while position > 0 && classes[position - 1] > classes[position] {
                classes.swapAt(position - 1, position)
                scalars.swapAt(position - 1, position)
                position -= 1
            }
        }
    }

    /// Canonical composition: each scalar joins the last starter when a primary composite of the two exists and
    /// nothing between them blocks it (a starter, or a mark of the same or a higher class).
    static func compose(_ scalars: inout [UInt32], classes: [UInt8]) {
        guard !scalars.isEmpty else { return }
        var starter = 0
        // A text that begins with a mark has no starter for it to join.
        var lastClass = classes[0] == 0 ? 0 : 256
        var kept = 1
        for index in scalars.indices.dropFirst() {
            let value = scalars[index]
            let valueClass = Int(classes[index])
            if lastClass < valueClass || lastClass == 0,
                let composite = Hangul.compose(scalars[starter], value)
                    ?? NFKCTables.composite(of: scalars[starter], value)
            {
                scalars[starter] = composite
                continue
            }
            if valueClass == 0 { starter = kept }
            lastClass = valueClass
            scalars[kept] = value
            kept += 1
        }
        scalars.removeLast(scalars.count - kept)
    }
}
