import Bytes
import POSIX

/// The lines of a store file, last to first. A line longer than the cap is skipped over, not kept.
struct BackwardLines {
    private let reader: StoreReader
    private let floor: Int
    /// File bytes `start..<start + buffer.count`: the last piece read, followed by the part of the line being looked
    /// for that came before it.
    private var buffer: [UInt8] = []
    private var start: Int
    /// The newlines in the buffer before `lineEnd`, as file offsets, in order.
    private var newlines: [Int] = []
    /// Where the next line to return ends (its newline, or the end of the file).
    private var lineEnd: Int
    /// The line being looked for is longer than the cap: its bytes are not kept.
    private var tooLong = false
    private var done: Bool

    init(_ reader: StoreReader, floor: Int) {
        self.reader = reader
        self.floor = floor
        start = reader.size
        lineEnd = reader.size
        done = reader.size == 0 || floor >= reader.size
    }

    mutating func next() throws(ToolError) -> RawLine? {
        while !done {
            if let newline = newlines.popLast() {
                return take(from: newline + 1, number: nil)
            }
            if start <= floor {
                done = true
                // A line that starts before the floor may be cut: only the file's first line is whole there.
                return floor == 0 ? take(from: 0, number: 1) : nil
            }
            try readPiece()
        }
        return nil
    }

    /// The line from `lineStart` to `lineEnd`; the next one ends at the newline before it.
    private mutating func take(from lineStart: Int, number: Int?) -> RawLine {
        let range = lineStart..<lineEnd
        let bytes = tooLong || range.count > StoreLimits.line ? nil : buffer[(lineStart - start)..<(lineEnd - start)]
        tooLong = false
        lineEnd = lineStart - 1
        return RawLine(range: range, bytes: bytes, number: number)
    }

    /// Reads the piece before the buffer, keeping of the buffer only the start of the line being looked for.
    private mutating func readPiece() throws(ToolError) {
        let isFirst = start == reader.size
        let pieceStart = max(floor, start - StoreReader.pieceSize)
        let pieceCount = start - pieceStart
        var kept = tooLong ? 0 : lineEnd - start
        if kept > StoreLimits.line {
            // Only its start is still to be found; its bytes are not kept.
            tooLong = true
            kept = 0
        }
        var fresh = [UInt8](repeating: 0, count: pieceCount + kept)
        let read = try reader.read(into: &fresh, at: 0, count: pieceCount, from: pieceStart)
        guard read == pieceCount else {
            throw ToolError("cannot read '\(reader.path)': it was cut short while being read")
        }
        if kept > 0 { fresh.replaceSubrange(pieceCount..., with: buffer[(lineEnd - start - kept)..<(lineEnd - start)]) }
        buffer = fresh
        start = pieceStart
        var from = 0
        while let newline = Bytes.firstIndex(of: UInt8(ascii: "\n"), in: buffer.span, from..<pieceCount) {
            newlines.append(pieceStart + newline)
            from = newline + 1
        }
        // A final newline ends the last line; it does not begin an empty one.
        if isFirst, newlines.last == reader.size - 1 {
            newlines.removeLast()
            lineEnd = reader.size - 1
        }
    }
}
