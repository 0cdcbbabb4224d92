// What a lenient second reading of a broken feed needs fixed before libxml2 reads it: libxml2 drops a reference to
// an entity nobody declared (and a stray `&`, and the `&#` of `&#X61;`) and a stray `<`, where a feed reader keeps
// what the publisher meant; and an end tag that closes no open element makes it close the ones that are open.

/// Rewrites a document's entity references and stray markup characters in text and attribute values (not in
/// comments, CDATA sections, processing instructions or the doctype): HTML's named entities (`&nbsp;`) become
/// character references, `&#X61;` becomes `&#x61;`, a reference to an entity nobody defines (`&doesnotexist;`), a
/// stray `&` and a `<` that starts no tag are escaped, so that they are kept as written; an end tag whose element is
/// not open (`<title>Two</b></title>`) is dropped, and so is an element left open at the end (see `repair`). XML's own
/// five entities and well-formed character references are left alone.
enum MarkupRepair {
    static func repair(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 64)
        // The names of the open elements, as written, and how many of each are open: whether an end tag closes one is
        // looked up, not searched for, so that a document of stray end tags costs linear time.
        var open: [ArraySlice<UInt8>] = []
        var openCount: [ArraySlice<UInt8>: Int] = [:]
        // Where each open element starts in the output, and where the last element closed there.
        var openStarts: [Int] = []
        var lastClosed = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                if let end = endOfUnparsedPart(bytes, at: index) {
                    output.append(contentsOf: index == 0 ? declaringVersion10(bytes[index..<end]) : bytes[index..<end])
                    index = end
                } else if let tag = Tag(bytes, at: index) {
                    if tag.isEnd {
                        if openCount[tag.name, default: 0] > 0 {
                            while let last = open.popLast() {
                                openStarts.removeLast()
                                openCount[last, default: 1] -= 1
                                if last == tag.name { break }
                            }
                            output.append(contentsOf: bytes[index..<tag.end])
                            lastClosed = output.count
                        }
                    } else {
                        let start = output.count
                        // The rest of a start tag is copied as text is: its attribute values' references are repaired.
                        output.append(byte)
                        var position = index + 1
                        while position < tag.end {
                            if bytes[position] == UInt8(ascii: "&") {
                                position = reference(bytes, at: position, into: &output)
                            } else {
                                output.append(bytes[position])
                                position += 1
                            }
                        }
                        if tag.isEmpty {
                            lastClosed = output.count
                        } else {
                            open.append(tag.name)
                            openStarts.append(start)
                            openCount[tag.name, default: 0] += 1
                        }
                    }
                    index = tag.end
                } else {
                    output.append(contentsOf: escapedLessThan)
                    index += 1
                }
            } else if byte == UInt8(ascii: "&") {
                index = reference(bytes, at: index, into: &output)
            } else {
                output.append(byte)
                index += 1
            }
        }
        // An element the end of the text cut short is dropped, as feedparser drops it, rather than read as if it
        // were whole (a link cut to "http://exa"); so is its parent, if nothing in it closed, and so on outwards.
        while let start = openStarts.last, start >= lastClosed {
            output.removeSubrange(start...)
            openStarts.removeLast()
        }
        return output
    }

    /// A start or end tag: its name, and where it ends (past its `>`, or the end of the bytes).
    private struct Tag {
        let name: ArraySlice<UInt8>
        let isEnd: Bool
        let isEmpty: Bool
        let end: Int

        /// nil when the `<` at `start` begins no tag (`a < b`).
        init?(_ bytes: [UInt8], at start: Int) {
            isEnd = start + 1 < bytes.count && bytes[start + 1] == UInt8(ascii: "/")
            let nameStart = start + (isEnd ? 2 : 1)
            guard nameStart < bytes.count, MarkupRepair.isNameStart(bytes[nameStart]) else { return nil }
            var position = nameStart
            while position < bytes.count && MarkupRepair.isNameByte(bytes[position]) { position += 1 }
            name = bytes[nameStart..<position]
            position = MarkupRepair.closingBracket(bytes, from: position, subsets: false) ?? bytes.count
            isEmpty = position < bytes.count && bytes[position - 1] == UInt8(ascii: "/")
            end = min(position + 1, bytes.count)
        }
    }

    /// Where a comment, CDATA section, processing instruction or doctype that starts at `start` ends (the end of the
    /// bytes if it does not), or nil when `start` begins a tag.
    /// An XML declaration with its version made 1.0 (anything else as it is). expat reads any version, libxml2 reads
    /// a version it does not know as a later XML and dropped `&amp;` from the text after it (found by fuzzing:
    /// `<?xml version="1.y0"?>` made a title of "T &amp; x" "T  x").
    private static func declaringVersion10(_ part: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard part.starts(with: Array("<?xml".utf8)),
            let key = firstIndex(of: Array("version".utf8), in: Array(part), from: 0)
        else { return part }
        let text = Array(part)
        var index = key + 7
        while index < text.count
            && (text[index] == 0x20 || text[index] == 0x09 || text[index] == 0x0A
                || text[index] == 0x0D || text[index] == UInt8(ascii: "="))
        {
            index += 1
        }
        guard index < text.count, text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "'") else {
            return part
        }
        let quote = text[index]
        guard let close = text[(index + 1)...].firstIndex(of: quote) else { return part }
        guard text[(index + 1)..<close] != Array("1.0".utf8)[...] else { return part }
        return ArraySlice(text[...index] + Array("1.0".utf8) + text[close...])
    }

    private static func endOfUnparsedPart(_ bytes: [UInt8], at start: Int) -> Int? {
        let delimiters: [(open: String, close: String)] = [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>")]
        if matches(bytes, at: start, Array("<!DOCTYPE".utf8)) { return endOfDoctype(bytes, from: start) ?? bytes.count }
        for (open, close) in delimiters where matches(bytes, at: start, Array(open.utf8)) {
            let closing = Array(close.utf8)
            let end = firstIndex(of: closing, in: bytes, from: start + open.utf8.count)
            return end.map { $0 + closing.count } ?? bytes.count
        }
        return nil
    }

    /// Where `text` next stands in `bytes`, from `start` on.
    static func firstIndex(of text: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var position = start
        while position + text.count <= bytes.count {
            if matches(bytes, at: position, text) { return position }
            position += 1
        }
        return nil
    }

    /// Past the `>` of the doctype that starts at `start`, its internal subset (in brackets) and quoted strings
    /// included; nil when it does not end within `bytes`.
    static func endOfDoctype(_ bytes: [UInt8], from start: Int) -> Int? {
        closingBracket(bytes, from: start, subsets: true).map { $0 + 1 }
    }

    /// The index of the `>` that ends the markup going on at `start`, passing over quoted strings and, with
    /// `subsets`, a doctype's internal subset (in brackets); nil when it does not end within `bytes`.
    private static func closingBracket(_ bytes: [UInt8], from start: Int, subsets: Bool) -> Int? {
        var brackets = 0
        var quote: UInt8?
        for position in start..<bytes.count {
            let byte = bytes[position]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if subsets && byte == UInt8(ascii: "[") {
                brackets += 1
            } else if subsets && byte == UInt8(ascii: "]") {
                brackets -= 1
            } else if byte == UInt8(ascii: ">") && brackets <= 0 {
                return position
            }
        }
        return nil
    }

    /// Writes the reference at `start` (an `&`) as libxml2 should read it; returns where the input goes on.
    private static func reference(_ bytes: [UInt8], at start: Int, into output: inout [UInt8]) -> Int {
        var end = start + 1
        while end < bytes.count && end - start <= 64 && isNameByte(bytes[end]) { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > start + 1 else {
            // No reference: a stray ampersand, kept as text.
            output.append(contentsOf: escapedAmpersand)
            return start + 1
        }
        let name = Array(bytes[(start + 1)..<end])
        if name[0] == UInt8(ascii: "#") {
            if name.count > 2 && name[1] == UInt8(ascii: "X") && name.dropFirst(2).allSatisfy(isHexDigit) {
                output.append(contentsOf: Array("&#x".utf8) + name.dropFirst(2) + [UInt8(ascii: ";")])
                return end + 1
            }
            let isNumber =
                name.count > 1
                && (name[1] == UInt8(ascii: "x")
                    ? name.count > 2 && name.dropFirst(2).allSatisfy(isHexDigit)
                    : name.dropFirst().allSatisfy { $0 >= 0x30 && $0 <= 0x39 })
            if isNumber {
                output.append(contentsOf: bytes[start...end])
                return end + 1
            }
        } else if predefined.contains(name) {
            output.append(contentsOf: bytes[start...end])
            return end + 1
        } else if let replacement = htmlEntities[name] {
            output.append(contentsOf: replacement)
            return end + 1
        }
        output.append(contentsOf: escapedAmpersand)
        return start + 1
    }

    private static func matches(_ bytes: [UInt8], at start: Int, _ text: [UInt8]) -> Bool {
        guard bytes.count - start >= text.count else { return false }
        for offset in 0..<text.count where bytes[start + offset] != text[offset] { return false }
        return true
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
    }

    private static let escapedAmpersand = Array("&amp;".utf8)
    private static let escapedLessThan = Array("&lt;".utf8)
    private static let predefined: Set<[UInt8]> = Set(["lt", "gt", "amp", "quot", "apos"].map { Array($0.utf8) })

    /// HTML's entities as character references (`nbsp` → `&#160;`), from the declarations expat is given.
    private static let htmlEntities: [[UInt8]: [UInt8]] = {
        var table: [[UInt8]: [UInt8]] = [:]
        for line in HTMLEntities.declarations.split(separator: UInt8(ascii: "\n")) {
            // <!ENTITY name "&#NNN;">
            let parts = line.split(separator: UInt8(ascii: " "))
            guard parts.count == 3 else { continue }
            table[Array(parts[1])] = Array(parts[2].dropFirst().prefix { $0 != UInt8(ascii: "\"") })
        }
        return table
    }()
}
