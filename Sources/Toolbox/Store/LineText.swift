import Bytes
import POSIX

/// One line of a rewritten file.
enum LineText {
    case bytes(ArraySlice<UInt8>)
    /// A line too long to hold, copied from the file being rewritten.
    case file(Range<Int>)
}
