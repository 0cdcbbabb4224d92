// Makes a byte stream valid for expat and libxml2: invalid UTF-8 and the control characters XML forbids become U+FFFD,
// so one bad byte in a feed or page costs one character, not the rest of it (libxml2's HTML parser would read the
// rest of a page as Latin-1 after a byte that is not UTF-8, and drop the rest of an element after U+0000). Valid runs
// pass through without a copy. The one repairer of the decoders and of libxml2's HTML stream.

/// A streaming UTF-8 repairer.
public struct UTF8Sanitizer {
    public init() {}

    /// The start of a character cut off at the end of the last piece.
    private var pending: [UInt8] = []

    public static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// Whether the start of a character cut off at the end of the last piece waits for the next one.
    public var isHolding: Bool { !pending.isEmpty }

    /// Hands `emit` the valid bytes of `input`, in pieces; a character cut at the end waits for the next call unless
    /// `final`.
    public mutating func sanitize(_ input: Span<UInt8>, final: Bool, emit: (Span<UInt8>) -> Void) {
        var start = 0
        if !pending.isEmpty {
            // Complete the character the last piece ended in.
            while start < input.count && pending.count < Self.expectedLength(pending[0]) && input[start] & 0xC0 == 0x80
            {
                pending.append(input[start])
                start += 1
            }
            if pending.count < Self.expectedLength(pending[0]) && start == input.count && !final { return }
            let bytes = pending
            pending = []
            emitRepaired(bytes.span, final: true, emit: emit)
        }
        emitRepaired(input.extracting(start..<input.count), final: final, emit: emit)
    }

    /// Whether `input` would come through unchanged: valid UTF-8 with nothing to replace (the same tests as
    /// `sanitize`, without copying).
    public static func isClean(_ input: Span<UInt8>) -> Bool {
        var index = 0
        while true {
            index = Bytes.firstIndexBeyondPlainText(in: input, from: index)
            if index == input.count { return true }
            guard input[index] >= 0x80 else { return false }
            let length = sequenceLength(input, at: index)
            guard length > 0 else { return false }
            index += length
        }
    }

    private mutating func emitRepaired(_ input: Span<UInt8>, final: Bool, emit: (Span<UInt8>) -> Void) {
        var runStart = 0
        var index = 0
        let count = input.count
        while index < count {
            index = Bytes.firstIndexBeyondPlainText(in: input, from: index)
            if index == count { break }
            if input[index] >= 0x80 {
                let length = Self.sequenceLength(input, at: index)
                if length > 0 {
                    index += length
                    continue
                }
                if length == 0 && !final {
                    // Cut off at the end: keep it for the next piece.
                    emit(input.extracting(runStart..<index))
                    Bytes.append(input, index..<count, to: &pending)
                    return
                }
                emit(input.extracting(runStart..<index))
                emit(Self.replacement.span)
                // An invalid prefix is one character; so is a sequence the input ends in.
                index = length == 0 ? count : index - length
            } else {
                emit(input.extracting(runStart..<index))
                emit(Self.replacement.span)
                index += 1
            }
            runStart = index
        }
        if runStart < count { emit(input.extracting(runStart..<count)) }
    }

    /// The length of the UTF-8 sequence a lead byte starts (1 for anything that cannot start one).
    private static func expectedLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 1
        }
    }

    /// The length of the valid sequence at `index`; 0 when the input ends inside a sequence that is valid so far;
    /// minus the length of an invalid prefix otherwise (Bytes.utf8Length), and U+FFFE and U+FFFF, which XML does not
    /// allow, as invalid.
    private static func sequenceLength(_ bytes: Span<UInt8>, at index: Int) -> Int {
        let length = Bytes.utf8Length(in: bytes, at: index)
        if length == 3 && bytes[index] == 0xEF && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE { return -3 }
        return length
    }
}
