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
