// An open file descriptor: reading, writing, locking and terminal queries, with EINTR and partial writes handled.
import Glibc

/// A POSIX file descriptor. It is a plain value: close it explicitly.
public struct FileDescriptor: Sendable, Equatable {
    /// The descriptor number.
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let standardInput = FileDescriptor(rawValue: 0)
    public static let standardOutput = FileDescriptor(rawValue: 1)
    public static let standardError = FileDescriptor(rawValue: 2)

    /// How to open a file; combine with `union`.
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let readOnly = Options(rawValue: O_RDONLY)
        public static let writeOnly = Options(rawValue: O_WRONLY)
        public static let readWrite = Options(rawValue: O_RDWR)
        public static let create = Options(rawValue: O_CREAT)
        public static let truncate = Options(rawValue: O_TRUNC)
        public static let append = Options(rawValue: O_APPEND)
        /// Fail when the file exists (O_EXCL with O_CREAT).
        public static let exclusive = Options(rawValue: O_EXCL)
        public static let directory = Options(rawValue: O_DIRECTORY)
        /// Return at once instead of waiting: opening a FIFO that nobody writes to, reading an empty one.
        public static let nonBlocking = Options(rawValue: O_NONBLOCK)
        /// Never make a terminal this process's controlling terminal (O_NOCTTY).
        public static let noControllingTerminal = Options(rawValue: O_NOCTTY)
    }

    /// Opens `path`. Descriptors are always close-on-exec, so plugins never inherit them.
    /// The corresponding C function is `open`.
    public static func open(_ path: String, _ options: Options, permissions: UInt32 = 0o600)
        throws(SystemError) -> FileDescriptor
    {
        // A NUL would end the C string early and open another file: no file has it in its name.
        guard !path.utf8.contains(0) else { throw SystemError(code: ENOENT) }
        let fd = try retrying { Glibc.open(path, options.rawValue | O_CLOEXEC, permissions) }
        return FileDescriptor(rawValue: fd)
    }

    /// Opens a path given as bytes, which need not be UTF-8 (a file name from the command line).
    /// The corresponding C function is `open`.
    public static func open(bytes path: [UInt8], _ options: Options, permissions: UInt32 = 0o600)
        throws(SystemError) -> FileDescriptor
    {
        // A NUL would end the C string early: no file has it in its name.
        guard !path.contains(0) else { throw SystemError(code: ENOENT) }
        let terminated = path + [0]
        let fd = try terminated.withUnsafeBufferPointer { (buffer) throws(SystemError) in
            try buffer.withMemoryRebound(to: CChar.self) { (name) throws(SystemError) in
                // Never nil: the buffer holds at least the NUL.
                guard let start = name.baseAddress else { throw SystemError(code: ENOENT) }
                return try retrying { Glibc.open(start, options.rawValue | O_CLOEXEC, permissions) }
            }
        }
        return FileDescriptor(rawValue: fd)
    }

    /// Closes the descriptor. The corresponding C function is `close`.
    public func close() throws(SystemError) {
        if Glibc.close(rawValue) == -1 && errno != EINTR { throw SystemError.last }
    }

    /// Reads up to `buffer.count - offset` bytes into `buffer` starting at `offset`; returns how many, 0 at the end.
    /// The corresponding C function is `read`.
    public func read(into buffer: inout [UInt8], at offset: Int = 0) throws(SystemError) -> Int {
        precondition(offset >= 0 && offset <= buffer.count)
        let fd = rawValue
        return try retrying {
            buffer.withUnsafeMutableBytes { raw in
                Glibc.read(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            }
        }
    }

    /// Everything from the current position to the end, when that is at most `limit` bytes; never reads more than
    /// `limit + 1` (a regular file whose size says more is refused before any read), so that an endless pipe or a
    /// sparse file of 40 GB costs no more than the limit. `regularOnly`: anything but a regular file is refused.
    public func readAll(limit: Int, regularOnly: Bool = false) throws(FileReadError) -> [UInt8] {
        let status: FileSystem.Status
        do {
            status = try self.status()
        } catch {
            throw .system(error)
        }
        guard status.kind == .regular || !regularOnly else { throw .notRegular(status.kind) }
        var capacity = 4096
        if status.kind == .regular {
            guard status.size <= limit else { throw .tooLarge(limit: limit) }
            // One byte more, to see the end (or that it grew).
            capacity = status.size + 1
        }
        var bytes = [UInt8](repeating: 0, count: min(capacity, limit + 1))
        var count = 0
        while count <= limit {
            if count == bytes.count {
                // An array, not repeatElement: appended in one copy, not byte by byte (a debug build took seconds).
                bytes += [UInt8](repeating: 0, count: min(bytes.count, limit + 1 - bytes.count))
            }
            let read: Int
            do {
                read = try self.read(into: &bytes, at: count)
            } catch {
                throw .system(error)
            }
            if read == 0 { break }
            count += read
        }
        guard count <= limit else { throw .tooLarge(limit: limit) }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Reads up to `range.count` bytes of the file from `position` into `buffer[range]`, without moving the file
    /// position; returns how many, 0 at the end. The corresponding C function is `pread`.
    public func read(into buffer: inout [UInt8], _ range: Range<Int>, from position: Int) throws(SystemError) -> Int {
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count && position >= 0)
        let fd = rawValue
        return try retrying {
            buffer.withUnsafeMutableBytes { raw in
                pread(fd, raw.baseAddress.map { $0 + range.lowerBound }, range.count, off_t(position))
            }
        }
    }

    /// The byte at `offset` of the file, without moving the file position; nil past the end.
    /// The corresponding C function is `pread`.
    public func byte(at offset: Int) throws(SystemError) -> UInt8? {
        var byte: UInt8 = 0
        let fd = rawValue
        let count = try retrying { pread(fd, &byte, 1, off_t(offset)) }
        return count == 1 ? byte : nil
    }

    /// Writes all of `bytes`, continuing after partial writes and interruptions.
    /// The corresponding C function is `write`.
    public func write(_ bytes: Span<UInt8>) throws(SystemError) {
        let fd = rawValue
        try bytes.withUnsafeBufferPointer { (buffer) throws(SystemError) in
            var done = 0
            while done < buffer.count {
                let rest = UnsafeBufferPointer(rebasing: buffer[done...])
                done += try retrying { Glibc.write(fd, rest.baseAddress, rest.count) }
            }
        }
    }

    /// Writes all bytes of `text`.
    public func write(_ text: String) throws(SystemError) {
        try write(text.utf8.span)
    }

    /// Flushes the file's data to the disk. The corresponding C function is `fsync`.
    public func sync() throws(SystemError) {
        try retrying { fsync(rawValue) }
    }

    /// Waits for an advisory lock on the whole file: exclusive for writers, shared for readers. It is released
    /// when the descriptor is closed. The corresponding C function is `flock`.
    public func lock(exclusive: Bool) throws(SystemError) {
        let fd = rawValue
        try retrying { flock(fd, exclusive ? LOCK_EX : LOCK_SH) }
    }

    /// Changes the permission bits. The corresponding C function is `fchmod`.
    public func setPermissions(_ mode: UInt32) throws(SystemError) {
        try retrying { fchmod(rawValue, mode) }
    }

    /// Gives the file to `owner` and `group`. The corresponding C function is `fchown`.
    public func setOwner(_ owner: UInt32, group: UInt32) throws(SystemError) {
        try retrying { fchown(rawValue, owner, group) }
    }

    /// What the open file is, who owns it, its permissions and size. The corresponding C function is `fstat`.
    public func status() throws(SystemError) -> FileSystem.Status {
        var info = stat()
        try retrying { fstat(rawValue, &info) }
        return FileSystem.Status(info)
    }

    /// The size of the open file in bytes. The corresponding C function is `fstat`.
    public func size() throws(SystemError) -> Int {
        try status().size
    }

    /// What the descriptor refers to: a regular file, a directory, a pipe (`.fifo`), a terminal (a character device)…
    /// The corresponding C function is `fstat`.
    public var kind: FileSystem.Kind? {
        try? status().kind
    }

    /// Whether the descriptor is a terminal. The corresponding C function is `isatty`.
    public var isTerminal: Bool { isatty(rawValue) == 1 }

    /// Whether a read would return at once (data, end of input or an error are there) instead of waiting. The
    /// corresponding C function is `poll` with a zero timeout.
    public var isReadable: Bool {
        var entry = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    /// The width of the terminal in columns, or nil when the descriptor is not a terminal.
    /// The corresponding C call is `ioctl(TIOCGWINSZ)`.
    public var terminalColumns: Int? {
        var size = winsize()
        guard ioctl(rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
