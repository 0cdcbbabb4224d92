// The input stream's preprocessing (13.2.3.5): every CR LF pair and every lone CR becomes one LF before the tokenizer
// sees the text, so that no state needs to know about CR.

/// Newline normalization, for a whole document or piece by piece.
public struct HTML5Input: Sendable {
    /// The last piece ended in a CR: an LF starting the next one belongs to it.
    private var afterCR = false

    public init() {}

    /// `bytes` with CR LF and lone CRs turned into LF.
    public static func normalizingNewlines(_ bytes: [UInt8]) -> [UInt8] {
        var input = HTML5Input()
        return input.normalizing(bytes)
    }

    /// The next piece of a stream, normalized; a CR at its end is an LF already, and an LF that follows it at the
    /// start of the next piece is dropped.
    public mutating func normalizing(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(0x0D) || (afterCR && bytes.first == 0x0A) else {
            if !bytes.isEmpty { afterCR = false }
            return bytes
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte == 0x0D {
                output.append(0x0A)
                afterCR = true
                continue
            }
            if !(byte == 0x0A && afterCR) { output.append(byte) }
            afterCR = false
        }
        return output
    }
}
