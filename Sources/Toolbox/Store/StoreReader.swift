// Reading a store file a line at a time, forwards or backwards from the end, in pieces of 64 KiB: memory stays flat
// however big the file or its lines, and the newest lines of a long history cost only the end of the file.
import Bytes
import POSIX

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
