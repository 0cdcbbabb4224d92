// Reading a store file a line at a time, forwards or backwards from the end, in pieces of 64 KiB: memory stays flat
// however big the file or its lines, and the newest lines of a long history cost only the end of the file.
import Bytes
import POSIX

/// A line of a store file as read.
struct RawLine {
    /// Where it is in the file, without its newline.
    let range: Range<Int>
    /// Its bytes; nil when it is longer than `StoreLimits.line`.
    let bytes: ArraySlice<UInt8>?
    /// Its number, counting from 1; nil when it was read backwards (`StoreReader.lineNumbers(at:)` works it out).
    let number: Int?

    /// Empty or only white space: not a record, not damage either.
    var isBlank: Bool {
        bytes?.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } ?? false
    }

    /// The line as a rewrite puts it back: its bytes, or its place in the file when they were not kept.
    var text: LineText { bytes.map { .bytes($0) } ?? .file(range) }
}

/// One line of a rewritten file.
enum LineText {
    case bytes(ArraySlice<UInt8>)
    /// A line too long to hold, copied from the file being rewritten.
    case file(Range<Int>)
}

/// A store file open for reading. It is closed when the reader goes away.
final class StoreReader {
    let path: String
    /// The size when it was opened: lines appended since (by a tb that records a visit) are not read.
    let size: Int
    private let descriptor: FileDescriptor

    /// How much is read at a time.
    static let pieceSize = 64 << 10

    init(path: String, descriptor: FileDescriptor, size: Int) {
        self.path = path
        self.descriptor = descriptor
        self.size = size
    }

    deinit {
        try? descriptor.close()
    }

    /// The lines, first to last.
    func lines() -> ForwardLines { ForwardLines(self) }

    /// The lines, last to first, not reading before `floor`: a line that starts before it is not returned.
    func linesFromTheEnd(notBefore floor: Int = 0) -> BackwardLines { BackwardLines(self, floor: max(floor, 0)) }

    /// Fills `buffer[offset..<offset + count]` from `position` of the file. Fewer bytes only when the file is shorter
    /// than it was (another tool truncated it): the count read is returned.
    func read(into buffer: inout [UInt8], at offset: Int, count: Int, from position: Int) throws(ToolError) -> Int {
        var done = 0
        do {
            while done < count {
                let n = try descriptor.read(into: &buffer, (offset + done)..<(offset + count), from: position + done)
                if n == 0 { break }
                done += n
            }
        } catch {
            throw ToolError("cannot read '\(path)': \(error.reason)")
        }
        return done
    }

    /// The numbers of the lines that start at `offsets` (each 0 or just after a newline), counting the newlines
    /// before them a piece at a time. Needed only to report a damaged line found by reading backwards.
    func lineNumbers(at offsets: [Int]) throws(ToolError) -> [Int] {
        let sorted = offsets.enumerated().sorted { $0.element < $1.element }
        var numbers = [Int](repeating: 0, count: offsets.count)
        var piece = [UInt8](repeating: 0, count: min(Self.pieceSize, max(size, 1)))
        var position = 0
        var newlines = 0
        for (index, offset) in sorted {
            while position < offset {
                let count = try read(into: &piece, at: 0, count: min(piece.count, offset - position), from: position)
                guard count > 0 else { break }
                newlines += Bytes.newlines(in: piece.span, 0..<count).count
                position += count
            }
            numbers[index] = newlines + 1
        }
        return numbers
    }

    /// Copies `range` of the file to `destination`, a piece at a time.
    func copy(_ range: Range<Int>, to destination: FileDescriptor) throws(SystemError) {
        var piece = [UInt8](repeating: 0, count: min(Self.pieceSize, range.count))
        var position = range.lowerBound
        while position < range.upperBound {
            let n = try descriptor.read(into: &piece, 0..<min(piece.count, range.upperBound - position), from: position)
            guard n > 0 else { break }
            try destination.write(piece.span.extracting(0..<n))
            position += n
        }
    }
}

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
