// Character references (13.2.5.72-80): `&name;`, `&#123;` and `&#x1F;` in text and attribute values, decided in
// one look ahead instead of the standard's nine states; what is not a reference stays as it was written.

extension Tokenizer {
    /// Reads the character reference at `p` (an `&`) in text or in an attribute value, handing on what it stands for
    /// (or the bytes themselves when they are no reference). Sets `waiting` when the input ends before the
    /// reference does and more input may come.
    mutating func characterReference<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ final: Bool, inAttribute: Bool, _ consumer: inout Consumer
    ) {
        let start = p
        guard start + 1 < input.count else {
            if !final {
                waiting = true
                return
            }
            p += 1
            flush(input.extracting(start..<p), inAttribute: inAttribute, &consumer)
            return
        }
        let next = input[start + 1]
        if ASCII.isAlphanumeric(next) {
            let (found, mayGrow) = NamedCharacterReferences.longestMatch(in: input, from: start + 1, to: input.count)
            if mayGrow && !final {
                waiting = true
                return
            }
            guard let reference = found else {
                // No name matches: the `&` is text, and so are the letters after it (the ambiguous ampersand
                // state), which the state reading them takes as they are.
                p += 1
                flush(input.extracting(start..<p), inAttribute: inAttribute, &consumer)
                return
            }
            let end = start + 1 + reference.length
            if inAttribute && input[end - 1] != 0x3B && end < input.count
                && (input[end] == 0x3D || ASCII.isAlphanumeric(input[end]))
            {
                // `?a=1&copy=2` in a URL is no ©: for historical reasons a name without `;` followed by `=` or a
                // letter stays as written in attribute values.
                p = end
                flush(input.extracting(start..<end), inAttribute: true, &consumer)
                return
            }
            p = end
            scratch.removeAll(keepingCapacity: true)
            ASCII.appendUTF8(reference.first, to: &scratch)
            if reference.second != 0 { ASCII.appendUTF8(reference.second, to: &scratch) }
            flushScratch(inAttribute: inAttribute, &consumer)
            return
        }
        guard next == 0x23 else {
            p += 1
            flush(input.extracting(start..<p), inAttribute: inAttribute, &consumer)
            return
        }
        numericReference(input, &p, final, inAttribute: inAttribute, &consumer)
    }

    /// `&#…`: decimal or hexadecimal digits, an optional `;`.
    private mutating func numericReference<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ final: Bool, inAttribute: Bool, _ consumer: inout Consumer
    ) {
        let start = p
        var q = start + 2
        guard q < input.count else {
            if !final {
                waiting = true
            } else {
                p = q
                flush(input.extracting(start..<q), inAttribute: inAttribute, &consumer)
            }
            return
        }
        let hexadecimal = input[q] | 0x20 == 0x78
        if hexadecimal { q += 1 }
        let digitsStart = q
        var value: UInt32 = 0
        while q < input.count {
            let byte = input[q]
            let digit: UInt32
            if ASCII.isDigit(byte) {
                digit = UInt32(byte - 0x30)
            } else if hexadecimal && ASCII.isHexDigit(byte) {
                digit = UInt32((byte | 0x20) - 0x61 + 10)
            } else {
                break
            }
            // Past U+10FFFF the value no longer matters: it is out of range however many digits follow.
            value = min(value * (hexadecimal ? 16 : 10) + digit, 0x11_0000)
            q += 1
        }
        if q == input.count && !final {
            waiting = true
            return
        }
        guard q > digitsStart else {
            // `&#` or `&#x` without digits is text.
            p = q
            flush(input.extracting(start..<q), inAttribute: inAttribute, &consumer)
            return
        }
        if q < input.count && input[q] == 0x3B { q += 1 }
        p = q
        scratch.removeAll(keepingCapacity: true)
        ASCII.appendUTF8(Self.numericReferenceValue(value), to: &scratch)
        flushScratch(inAttribute: inAttribute, &consumer)
    }

    /// The character a numeric reference stands for (the numeric character reference end state): U+FFFD for zero,
    /// surrogates and values past Unicode, windows-1252's characters for the C1 controls it defines.
    static func numericReferenceValue(_ value: UInt32) -> UInt32 {
        switch value {
        case 0, 0xD800...0xDFFF, 0x11_0000...: return 0xFFFD
        case 0x80...0x9F:
            let replacement = windows1252C1[Int(value - 0x80)]
            return replacement == 0 ? value : UInt32(replacement)
        default: return value
        }
    }

    /// What windows-1252 puts at 0x80-0x9F, where it puts something (0 where not).
    private static let windows1252C1: [UInt16] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E,
        0x0178,
    ]

    /// "Flush code points consumed as a character reference": into the attribute's value, or on as text.
    private mutating func flush<Consumer: TokenConsumer>(
        _ bytes: Span<UInt8>, inAttribute: Bool, _ consumer: inout Consumer
    ) {
        if inAttribute { appendToValue(bytes) } else { consumer.characters(bytes) }
    }

    /// Flushes the decoded characters in `scratch`.
    private mutating func flushScratch<Consumer: TokenConsumer>(inAttribute: Bool, _ consumer: inout Consumer) {
        if inAttribute { appendToValue(scratch) } else { consumer.characters(scratch.span) }
    }
}
