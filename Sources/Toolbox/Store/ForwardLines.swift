import Bytes
import POSIX

/// The lines of a store file, first to last. A line longer than the cap is skipped over, not kept.
struct ForwardLines {
    private let reader: StoreReader
    /// The piece of the file in memory: file bytes `start..<start + count`.
    private var piece: [UInt8] = []
    private var start = 0
    private var count = 0
    /// Where the next line begins, in the piece.
    private var position = 0
    /// The beginning of a line that started in an earlier piece.
    private var carried: [UInt8] = []
    /// The line being read is longer than the cap: its bytes are dropped as they come.
    private var tooLong = false
    /// Where the line being read starts in the file, and its number.
    private var lineStart = 0
    private var number = 0
    private var end: Int

    init(_ reader: StoreReader) {
        self.reader = reader
        end = reader.size
    }

    mutating func next() throws(ToolError) -> RawLine? {
        while true {
            if position == count {
                let offset = start + count
                if offset < end {
                    if piece.isEmpty { piece = [UInt8](repeating: 0, count: min(StoreReader.pieceSize, end)) }
                    let read = try reader.read(into: &piece, at: 0, count: min(piece.count, end - offset), from: offset)
                    if read == 0 { end = offset }
                    (start, count, position) = (offset, read, 0)
                    continue
                }
                // The end: bytes after the last newline are a last line (a torn write, or a hand edit).
                guard lineStart < offset else { return nil }
                return finish(at: offset, with: 0..<0)
            }
            guard let newline = Bytes.firstIndex(of: UInt8(ascii: "\n"), in: piece.span, position..<count) else {
                keep(position..<count)
                position = count
                continue
            }
            let line = finish(at: start + newline, with: position..<newline)
            position = newline + 1
            return line
        }
    }

    /// Keeps `range` of the piece as part of the line being read, unless that makes it too long.
    private mutating func keep(_ range: Range<Int>) {
        guard !tooLong else { return }
        if carried.count + range.count > StoreLimits.line {
            tooLong = true
            carried = []
        } else {
            Bytes.append(piece, range, to: &carried)
        }
    }

    /// The line that ends at file offset `end`, whose last part is `range` of the piece.
    private mutating func finish(at end: Int, with range: Range<Int>) -> RawLine {
        number += 1
        let bytes: ArraySlice<UInt8>?
        if !tooLong && carried.isEmpty {
            // The whole line is in the piece: no copy.
            bytes = range.count > StoreLimits.line ? nil : piece[range]
        } else {
            keep(range)
            bytes = tooLong ? nil : carried[...]
        }
        let line = RawLine(range: lineStart..<end, bytes: bytes, number: number)
        carried = []
        tooLong = false
        lineStart = end + 1
        return line
    }
}
