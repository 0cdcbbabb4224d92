// Why a small file was not read whole: a failed call, a file that is not a regular one where only those are read, or
// more bytes than the reader's limit.

/// Why `FileSystem.readFile` or `FileDescriptor.readAll` gave no contents.
public enum FileReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed.
    case system(SystemError)
    /// A FIFO, a device, a directory… where only a regular file is read.
    case notRegular(FileSystem.Kind)
    /// More than `limit` bytes: nothing past `limit + 1` was read.
    case tooLarge(limit: Int)

    /// Why, for a message after the file's name: `No such file or directory`, `not a regular file (a FIFO)`,
    /// `larger than 1 MiB`.
    public var reason: String {
        switch self {
        case .system(let error): error.reason
        case .notRegular(let kind): "not a regular file (\(kind.noun))"
        case .tooLarge(let limit): "larger than \(Self.size(limit))"
        }
    }

    public var description: String { reason }

    /// The file does not exist (ENOENT).
    public var isNotFound: Bool {
        if case .system(let error) = self { return error.isNotFound }
        return false
    }

    /// A size as messages and help write it: `16 MiB`, `64 KiB`, `1000 bytes`.
    public static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
