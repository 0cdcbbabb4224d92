// One file of the store, changed only under an advisory lock: rewrites go to a temporary file that is synced and
// renamed over the old one (a crash never leaves a torn file), appends use O_APPEND.
import POSIX

/// A store file and its lock file (`NAME.lock` beside it, never deleted: deleting lock files races).
struct StoreFile {
    let path: String
    let directory: String

    init(directory: String, name: String) {
        self.directory = directory
        path = directory + "/" + name
    }

    /// Runs `body` while holding the lock: exclusive for writers. Concurrent tb processes queue up here.
    func locked<T>(_ body: () throws(ToolError) -> T) throws(ToolError) -> T {
        let lock: FileDescriptor
        do {
            try FileSystem.makeDirectories(directory)
            lock = try FileDescriptor.open(path + ".lock", [.readWrite, .create])
            try lock.lock(exclusive: true)
        } catch {
            throw ToolError("cannot lock '\(path)': \(error.reason)")
        }
        defer { try? lock.close() }
        return try body()
    }

    /// The whole file, or with `last` its last bytes only; empty when there is no file yet.
    func read(last limit: Int? = nil) throws(ToolError) -> [UInt8] {
        do {
            if let limit { return try FileSystem.readFile(path, last: limit) }
            return try FileSystem.readFile(path)
        } catch  where error.isNotFound {
            return []
        } catch {
            throw ToolError("cannot read '\(path)': \(error.reason)")
        }
    }

    /// Replaces the whole file atomically. Call it holding the lock (which made the directory). A symbolic link (a dotfiles setup) stays a
    /// link: the file it points to is replaced.
    func replace(with bytes: [UInt8]) throws(ToolError) {
        let target = FileSystem.resolvingLinks(path)
        let temporary = target + ".tmp.\(System.processID)"
        do throws(SystemError) {
            let fd = try FileDescriptor.open(temporary, [.writeOnly, .create, .truncate])
            do throws(SystemError) {
                try fd.setPermissions(0o600)
                try fd.write(bytes.span)
                try fd.sync()
                try fd.close()
            } catch {
                try? fd.close()
                throw error
            }
            try FileSystem.rename(temporary, to: target)
        } catch {
            try? FileSystem.remove(temporary)
            throw ToolError("cannot write '\(path)': \(error.reason)")
        }
    }

    /// Appends `bytes` (whole lines), first ending a last line that a crash left without its newline.
    /// Call it holding the lock (which made the directory). A file it creates is 0600 from the start.
    /// Returns the file's size afterwards.
    @discardableResult
    func append(_ bytes: [UInt8]) throws(ToolError) -> Int {
        do {
            let fd = try FileDescriptor.open(path, [.readWrite, .create, .append], permissions: 0o600)
            defer { try? fd.close() }
            let size = try fd.size()
            var data = bytes
            if size > 0, try fd.byte(at: size - 1) != UInt8(ascii: "\n") { data.insert(UInt8(ascii: "\n"), at: 0) }
            try fd.write(data.span)
            return size + data.count
        } catch {
            throw ToolError("cannot write '\(path)': \(error.reason)")
        }
    }
}
