// Hangul syllables and their jamo, by the arithmetic of Unicode §3.12 rather than by table: 11,172 syllables.

/// Decomposing and composing Hangul syllables.
enum Hangul {
    static let syllableBase: UInt32 = 0xAC00
    static let leadingBase: UInt32 = 0x1100
    static let vowelBase: UInt32 = 0x1161
    /// One before the first trailing consonant: a syllable without one has trailing index 0.
    static let trailingBase: UInt32 = 0x11A7
    static let leadingCount: UInt32 = 19
    static let vowelCount: UInt32 = 21
    static let trailingCount: UInt32 = 28
    static let syllableCount = leadingCount * vowelCount * trailingCount

    /// Appends the jamo of `value` when it is a syllable (and says whether it was).
    static func decompose(_ value: UInt32, into result: inout [UInt32]) -> Bool {
        guard value >= syllableBase, value - syllableBase < syllableCount else { return false }
        let index = value - syllableBase
        result.append(leadingBase + index / (vowelCount * trailingCount))
        result.append(vowelBase + index % (vowelCount * trailingCount) / trailingCount)
        if index % trailingCount != 0 { result.append(trailingBase + index % trailingCount) }
        return true
    }

    /// Whether `value` joins a syllable before it: a vowel or a trailing consonant.
    static func composes(after value: UInt32) -> Bool {
        (vowelBase..<vowelBase + vowelCount).contains(value)
            || (trailingBase + 1..<trailingBase + trailingCount).contains(value)
    }

    /// The syllable a leading consonant and a vowel, or a syllable without a trailing consonant and one, make.
    static func compose(_ first: UInt32, _ second: UInt32) -> UInt32? {
        if first >= leadingBase, first - leadingBase < leadingCount, second >= vowelBase,
            second - vowelBase < vowelCount
        {
            return syllableBase + ((first - leadingBase) * vowelCount + second - vowelBase) * trailingCount
        }
        if first >= syllableBase, first - syllableBase < syllableCount, (first - syllableBase) % trailingCount == 0,
            second > trailingBase, second - trailingBase < trailingCount
        {
            return first + second - trailingBase
        }
        return nil
    }
}
