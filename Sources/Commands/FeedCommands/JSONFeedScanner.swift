// The streaming side of JSON Feed: walks the top-level object of a JSON document as its bytes arrive and hands out
// each member's value and each element of its "items" array as soon as it is complete, parsed on its own
// (JSONValue). Memory stays flat however long the document: only the value being read is held, at most `limit`
// bytes of it. Values past the limit are checked for their brackets and strings only, and handed out as too large.
import Bytes
import Toolbox

/// Walks the top-level object of a JSON document, a piece at a time.
struct JSONFeedScanner {
    /// Where the scanner is in the top-level object.
    private enum State {
        case rootStart, firstKey, key, colon, value, afterValue
        case firstItem, item, afterItem
        case done
    }

    /// A value being read: where it is nested, whether in a string, and its bytes so far.
    fileprivate struct Capture {
        var depth = 0
        var inString = false
        var escaped = false
        /// A number, true, false or null: ends at the first byte that cannot continue it.
        var scalar = false
        var bytes: [UInt8] = []
        var size = 0
        var tooLarge = false
        var line = 1
        var column = 1
    }

    private let limit: Int
    private var state = State.rootStart
    private var capture: Capture?
    /// The member whose value is being read, and the key being read.
    private var key = ""
    private var keyBytes: [UInt8] = []
    private var inKey = false
    private var keyEscaped = false
    /// For the positions in messages: the line being read, where it started (an index into the current piece;
    /// negative when it started in an earlier one), and the position of the byte being read. Columns count bytes.
    private var line = 1
    private var lineStart = 0
    private var mark = (line: 1, column: 1)

    init(limit: Int) {
        self.limit = limit
    }

    /// Whether the top-level object has closed.
    var isDone: Bool { state == .done }

    /// Reads `bytes`, handing each part to `found` as it completes; `found` returns false to stop reading.
    mutating func scan(_ bytes: Span<UInt8>, _ found: (JSONFeedPart) throws -> Bool) throws -> Bool {
        var index = 0
        while index < bytes.count {
            if capture != nil {
                // A value's bytes are taken in runs, up to its end or the piece's (in place: no copy of the held
                // bytes).
                let end = capture?.take(bytes, from: index, limit: limit) ?? index
                count(bytes, index..<end)
                index = end
                guard let current = capture, current.isComplete || (current.scalar && index < bytes.count) else {
                    continue
                }
                capture = nil
                guard try complete(current, found) else { return false }
                continue
            }
            let byte = bytes[index]
            mark = (line, index - lineStart + 1)
            count(bytes, index..<(index + 1))
            index += 1
            if inKey {
                try readKey(byte)
                continue
            }
            if Self.isSpace(byte) { continue }
            if let part = try step(byte) {
                guard try found(part) else { return false }
            }
            if capture != nil {
                // The value's first byte, which began it.
                capture?.first(byte)
                if let current = capture, current.isComplete {
                    capture = nil
                    guard try complete(current, found) else { return false }
                }
            }
        }
        lineStart -= bytes.count
        return true
    }

    /// Counts the lines of `range`, for the positions in messages.
    private mutating func count(_ bytes: Span<UInt8>, _ range: Range<Int>) {
        var start = range.lowerBound
        while let newline = Bytes.firstIndex(of: 0x0A, in: bytes, start..<range.upperBound) {
            line += 1
            lineStart = newline + 1
            start = newline + 1
        }
    }

    /// The input ended: an error unless the top-level object closed (a scalar at its very end is complete).
    mutating func finish(_ found: (JSONFeedPart) throws -> Bool) throws {
        if let current = capture, current.scalar {
            capture = nil
            _ = try complete(current, found)
        }
        // The position after the last byte.
        mark = (line, 1 - lineStart)
        guard state == .done else {
            throw error(state == .rootStart ? "the document is empty" : "the document ends too soon")
        }
    }

    // MARK: Structure

    /// Reads one structural byte outside any value; returns what it completed, if anything. A value's first byte
    /// begins a capture (which the caller hands that byte).
    private mutating func step(_ byte: UInt8) throws -> JSONFeedPart? {
        switch state {
        case .rootStart:
            guard byte == UInt8(ascii: "{") else { throw NotAnObject() }
            state = .firstKey
        case .firstKey, .key:
            if byte == UInt8(ascii: "}") && state == .firstKey {
                state = .done
                return .end
            }
            guard byte == UInt8(ascii: "\"") else { throw error("expected a member name") }
            inKey = true
            keyBytes = [byte]
        case .colon:
            guard byte == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
            state = .value
        case .value:
            if key == "items" && byte == UInt8(ascii: "[") {
                state = .firstItem
                return .itemsBegin
            }
            capture = try Self.begin(byte, line: mark.line, column: mark.column, error: error)
        case .afterValue:
            if byte == UInt8(ascii: ",") {
                state = .key
            } else if byte == UInt8(ascii: "}") {
                state = .done
                return .end
            } else {
                throw error("expected ',' or '}' after a value")
            }
        case .firstItem, .item:
            if byte == UInt8(ascii: "]") && state == .firstItem {
                state = .afterValue
                return nil
            }
            capture = try Self.begin(byte, line: mark.line, column: mark.column, error: error)
        case .afterItem:
            if byte == UInt8(ascii: ",") {
                state = .item
            } else if byte == UInt8(ascii: "]") {
                state = .afterValue
            } else {
                throw error("expected ',' or ']' after an item")
            }
        case .done:
            throw error("unexpected text after the document")
        }
        return nil
    }

    private mutating func readKey(_ byte: UInt8) throws {
        keyBytes.append(byte)
        guard keyBytes.count <= 4096 else { throw error("a member name is longer than 4 KiB") }
        if keyEscaped {
            keyEscaped = false
        } else if byte == UInt8(ascii: "\\") {
            keyEscaped = true
        } else if byte == UInt8(ascii: "\"") {
            inKey = false
            do {
                key = try JSONValue.parse(keyBytes[...]).string ?? ""
            } catch {
                throw self.error("a member name is not a valid string")
            }
            state = .colon
        } else if byte < 0x20 {
            throw error("a control character in a member name")
        }
    }

    /// A value has ended: parses it and hands it out.
    private mutating func complete(_ value: Capture, _ found: (JSONFeedPart) throws -> Bool) throws -> Bool {
        let inItems = state == .firstItem || state == .item
        state = inItems ? .afterItem : .afterValue
        if value.tooLarge {
            return try found(inItems ? .itemTooLarge : .member(key, nil))
        }
        let parsed: JSONValue
        do {
            parsed = try JSONValue.parse(value.bytes[...])
        } catch {
            // Its line and column, counted from where the value began.
            var line = value.line
            var column = value.column
            for byte in value.bytes.prefix(error.offset) {
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            throw JSONFeedSyntaxError(message: error.message, line: line, column: column)
        }
        if inItems { return try found(.item(parsed, bytes: value.size)) }
        return try found(.member(key, parsed))
    }

    private static func begin(
        _ byte: UInt8, line: Int, column: Int, error: (String) -> JSONFeedSyntaxError
    ) throws -> Capture {
        var capture = Capture(line: line, column: column)
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""): break
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"),
            UInt8(ascii: "n"):
            capture.scalar = true
        default: throw error("expected a value")
        }
        return capture
    }

    fileprivate static func continuesScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func error(_ message: String) -> JSONFeedSyntaxError {
        JSONFeedSyntaxError(message: message, line: mark.line, column: mark.column)
    }

    /// The document's first value is not an object: not a JSON Feed, whatever it is.
    struct NotAnObject: Error {}
}

extension JSONFeedScanner.Capture {
    /// Whether the value has ended with the last byte taken.
    fileprivate var isComplete: Bool { !scalar && depth == 0 && !inString && size > 0 }

    /// Takes the value's first byte.
    fileprivate mutating func first(_ byte: UInt8) {
        size = 1
        bytes.append(byte)
        if byte == UInt8(ascii: "\"") {
            inString = true
        } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
            depth = 1
        }
    }

    /// Takes bytes from `start` on until the value ends or the piece does; returns where it stopped. A scalar stops
    /// before the first byte that cannot continue it. Nesting and strings are followed, the bytes kept up to `limit`.
    fileprivate mutating func take(_ piece: Span<UInt8>, from start: Int, limit: Int) -> Int {
        var index = start
        scanning: while index < piece.count {
            let byte = piece[index]
            if scalar {
                guard JSONFeedScanner.continuesScalar(byte) else { break }
                index += 1
                continue
            }
            index += 1
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { break scanning }
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { break scanning }
            default: break
            }
        }
        let taken = index - start
        if !tooLarge && size + taken > limit {
            tooLarge = true
            bytes = []
        }
        if !tooLarge { Bytes.append(piece, start..<index, to: &bytes) }
        size += taken
        return index
    }
}
