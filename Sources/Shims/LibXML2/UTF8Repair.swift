// Makes the bytes fed to HTMLStreamParser valid UTF-8 without U+0000: on a byte that is not UTF-8 libxml2's HTML
// parser reads the rest of the page as Latin-1, and on U+0000 it drops the rest of the element (or of the page).
import Bytes

/// Replaces each maximal ill-formed subpart (Unicode §3.9) and each 0 byte with U+FFFD, across pieces: a character
/// split between two pieces waits for the next one. A piece that needs nothing passes through without a copy.
struct UTF8Repair {
    /// The start of a character at the end of the last piece, waiting for its other bytes.
    private var held: [UInt8] = []

    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// The next piece, repaired.
    mutating func repair(_ piece: [UInt8]) -> [UInt8] {
        let bytes = held.isEmpty ? piece : held + piece
        held = []
        let span = bytes.span
        var output: [UInt8] = []
        var copied = 0  // bytes[..<copied] are in `output`, once a repair started
        var index = 0
        var end = bytes.count
        while true {
            index = Bytes.firstIndexBeyondPlainText(in: span, from: index)
            guard index < end else { break }
            let length = bytes[index] == 0 ? -1 : Bytes.utf8Length(in: span, at: index)
            if length > 0 {
                index += length
            } else if length == 0 {
                held = Array(bytes[index...])
                end = index
                break
            } else {
                Bytes.append(span, copied..<index, to: &output)
                output += Self.replacement
                index -= length
                copied = index
            }
        }
        if copied == 0 { return end == bytes.count ? bytes : Array(bytes[..<end]) }
        Bytes.append(span, copied..<end, to: &output)
        return output
    }

    /// What is left at the end of the input: a character cut off, replaced.
    mutating func finish() -> [UInt8] {
        defer { held = [] }
        return held.isEmpty ? [] : Self.replacement
    }
}
