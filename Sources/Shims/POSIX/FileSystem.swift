// Paths: reading whole small files, renaming, removing, directories, what kind of file a path names, and whether the
// process that named a temporary file still exists.
import Bytes
import Glibc

/// File-system operations on paths.
public enum FileSystem {
    /// What a path names.
    public enum Kind: Sendable {
        case regular, directory, characterDevice, blockDevice, fifo, socket, other

        init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regular
            case S_IFDIR: self = .directory
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            case S_IFIFO: self = .fifo
            case S_IFSOCK: self = .socket
            default: self = .other
            }
        }

        /// The kind as a message names it, with its article: `a FIFO`, `a character device`.
        public var noun: String {
            switch self {
            case .directory: "a directory"
            case .fifo: "a FIFO"
            case .socket: "a socket"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .regular, .other: "something else"
            }
        }
    }

    /// What a file is, who owns it and who may use it: the parts of `struct stat` tb needs.
    public struct Status: Sendable, Equatable {
        public let kind: Kind
        /// The permission bits, such as 0o600.
        public let permissions: UInt32
        public let owner: UInt32
        public let group: UInt32
        public let size: Int
        /// When its contents last changed, in seconds since 1970.
        public let modified: Int64
        /// The device and inode numbers: together they name the file, whatever path reached it.
        public let device: UInt64
        public let inode: UInt64

        init(_ info: stat) {
            kind = Kind(mode: info.st_mode)
            permissions = info.st_mode & 0o7777
            owner = info.st_uid
            group = info.st_gid
            size = Int(info.st_size)
            modified = Int64(info.st_mtim.tv_sec)
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// What `path` names (following symbolic links), or nil when it does not exist.
    /// The corresponding C function is `stat`.
    public static func kind(of path: String) -> Kind? {
        (try? status(of: path))??.kind
    }

    /// The status of what `path` names, following symbolic links; nil when nothing is there (a link to nothing
    /// included). Only stats: a FIFO or a device is never opened. The corresponding C function is `stat`.
    public static func status(of path: String) throws(SystemError) -> Status? {
        try status(bytes: Array(path.utf8))
    }

    /// Whether the process `id` exists (a zombie counts), to tell a temporary file whose writer died from one that
    /// is still being written. The corresponding C function is `kill` with signal 0.
    public static func processExists(_ id: Int32) -> Bool {
        id > 0 && (kill(id, 0) == 0 || errno == EPERM)
    }

    /// Whether `path` is a regular file this process may execute. The corresponding C function is `access`.
    public static func isExecutableFile(_ path: String) -> Bool {
        kind(of: path) == .regular && access(path, X_OK) == 0
    }

    /// Reads a whole small file of at most `limit` bytes: a bigger one is refused without reading more than
    /// `limit + 1` of it (a sparse file of 40 GB, `/dev/zero`), so it costs what the limit allows. Inputs and the
    /// store are read in pieces instead.
    ///
    /// `regularOnly` is for files found rather than named (an ignore file in a tree): the file is opened without
    /// waiting (a FIFO would wait for a writer forever) and read only when the opened descriptor is a regular file,
    /// so a path that changes in between cannot make tb wait or read a device. Without it, a FIFO or
    /// `<(command)` named by the user is read as they asked, up to the limit.
    public static func readFile(_ path: String, limit: Int, regularOnly: Bool = false) throws(FileReadError)
        -> [UInt8]
    {
        try readFile(bytes: Array(path.utf8), limit: limit, regularOnly: regularOnly)
    }

    /// `readFile` for a path given as bytes (which need not be UTF-8).
    public static func readFile(bytes path: [UInt8], limit: Int, regularOnly: Bool = false) throws(FileReadError)
        -> [UInt8]
    {
        let options: FileDescriptor.Options = regularOnly ? [.readOnly, .nonBlocking] : .readOnly
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(bytes: path, options.union(.noControllingTerminal))
        } catch {
            throw .system(error)
        }
        defer { try? fd.close() }
        return try fd.readAll(limit: limit, regularOnly: regularOnly)
    }

    /// Writes `bytes` as the whole content of `path`, creating it with `permissions` when it is new.
    public static func writeFile(_ path: String, _ bytes: [UInt8], permissions: UInt32 = 0o644) throws(SystemError) {
        let fd = try FileDescriptor.open(path, [.writeOnly, .create, .truncate], permissions: permissions)
        do {
            try fd.write(bytes.span)
        } catch {
            try? fd.close()
            throw error
        }
        try fd.close()
    }

    /// Atomically replaces `destination` with `source`. The corresponding C function is `rename`.
    public static func rename(_ source: String, to destination: String) throws(SystemError) {
        try retrying { Glibc.rename(source, destination) }
    }

    /// Removes a file; a missing file is not an error. The corresponding C function is `unlink`.
    public static func remove(_ path: String) throws(SystemError) {
        if unlink(path) == -1 && errno != ENOENT { throw SystemError.last }
    }

    /// Creates `path` and its missing parents with `permissions`. The corresponding C function is `mkdir`.
    public static func makeDirectories(_ path: String, permissions: UInt32 = 0o700) throws(SystemError) {
        if kind(of: path) == .directory { return }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeDirectories(String(path[..<slash]), permissions: permissions)
        }
        if mkdir(path, permissions) == -1 && errno != EEXIST { throw SystemError.last }
    }

    /// The names in a directory, without "." and "..", in no particular order; empty when it cannot be read.
    /// The corresponding C functions are `opendir` and `readdir`.
    public static func contentsOfDirectory(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = String(decoding: entryName(entry), as: UTF8.self)
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// `path` with symbolic links followed, or `path` itself when there is none. A link to nothing yet (a dotfiles
    /// link whose file is not there) gives where it points, so that writing creates the file there and the link
    /// stays. The corresponding C functions are `realpath` and `readlink`.
    public static func resolvingLinks(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        var current = path
        // As many links as the kernel follows (ELOOP beyond).
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let target = Bytes.string(fromCString: Array(buffer.prefix(count)) + [0])
            let folder = current.lastIndex(of: "/").map { String(current[...$0]) } ?? ""
            current = target.hasPrefix("/") ? target : folder + target
        }
        return current
    }

    /// The current working directory. The corresponding C function is `getcwd`.
    public static func currentDirectory() throws(SystemError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { throw SystemError.last }
        return Bytes.string(fromCString: buffer)
    }
}
