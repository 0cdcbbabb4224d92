// Directory walks for tb regex: the entries of a directory with their kinds, and stat/lstat of paths given as bytes
// (file names need not be UTF-8), all as Swift values.
import Glibc

/// One name in a directory.
public struct DirectoryEntry: Sendable, Equatable {
    /// The name's bytes, without a slash.
    public let name: [UInt8]
    /// What the name is itself (a symbolic link is `.symbolicLink`, not what it points to).
    public let kind: Kind

    /// The kinds a walk tells apart.
    public enum Kind: Sendable, Equatable {
        case regular, directory, symbolicLink, other
    }

    public init(name: [UInt8], kind: Kind) {
        self.name = name
        self.kind = kind
    }
}

/// The name of an entry `readdir` returned, read where it lies. glibc's entries are only as long as their name needs
/// (`d_reclen`): `entry.pointee.d_name` copies the whole 256-byte array out, which reads past the end of the last
/// entry in readdir's buffer (AddressSanitizer reports a heap-buffer-overflow).
func entryName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
    // d_name is a stored field of a C struct: it has an offset.
    guard let offset = MemoryLayout<dirent>.offset(of: \.d_name) else { return [] }
    let start = UnsafeRawPointer(entry) + offset
    return Array(UnsafeRawBufferPointer(start: start, count: strlen(start.assumingMemoryBound(to: CChar.self))))
}

extension FileSystem {
    /// The entries of a directory, without "." and "..", in no particular order. The kind comes from the directory
    /// itself where the file system says it (no stat per entry), from `lstat` otherwise.
    /// The corresponding C functions are `opendir`, `readdir` and `lstat`.
    public static func entries(ofDirectory path: [UInt8]) throws(SystemError) -> [DirectoryEntry] {
        guard !path.contains(0) else { throw SystemError(code: ENOENT) }
        let terminated = path.map { CChar(bitPattern: $0) } + [0]
        guard let directory = opendir(terminated) else { throw SystemError.last }
        defer { closedir(directory) }
        var entries: [DirectoryEntry] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw SystemError.last }
                break
            }
            let name = entryName(entry)
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            let kind: DirectoryEntry.Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .regular
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .symbolicLink
            case Int32(DT_UNKNOWN): kind = linkKind(of: path + [0x2F] + name)
            default: kind = .other
            }
            entries.append(DirectoryEntry(name: name, kind: kind))
        }
        return entries
    }

    /// The status of what a path given as bytes names, following symbolic links; nil when nothing is there.
    /// The corresponding C function is `stat`.
    public static func status(bytes path: [UInt8]) throws(SystemError) -> Status? {
        try status(path, follow: true)
    }

    /// The status of a path given as bytes itself, a symbolic link not followed; nil when nothing is there.
    /// The corresponding C function is `lstat`.
    public static func linkStatus(bytes path: [UInt8]) throws(SystemError) -> Status? {
        try status(path, follow: false)
    }

    private static func status(_ path: [UInt8], follow: Bool) throws(SystemError) -> Status? {
        guard !path.contains(0) else { return nil }
        let terminated = path.map { CChar(bitPattern: $0) } + [0]
        var info = stat()
        do {
            try retrying { follow ? stat(terminated, &info) : lstat(terminated, &info) }
        } catch  where error.isNotFound {
            return nil
        }
        return Status(info)
    }

    private static func linkKind(of path: [UInt8]) -> DirectoryEntry.Kind {
        let terminated = path.map { CChar(bitPattern: $0) } + [0]
        var info = stat()
        guard lstat(terminated, &info) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }
}
