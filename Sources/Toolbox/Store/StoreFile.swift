// One file of the store, changed only under an advisory lock: rewrites go to a temporary file that is synced and
// renamed over the old one (a crash never leaves a torn file), appends use O_APPEND.
import POSIX

/// A store file and its lock file (`NAME.lock` beside it, never deleted: deleting lock files races).
///
/// The path may be a symbolic link. A link to a regular file (a dotfiles setup) is followed: a rewrite replaces
/// that file and keeps its mode and owner. A device (`ln -s /dev/null history.ndjson`, the usual way to switch a
/// file off) reads as empty and is never written, let alone replaced. Anything else (a FIFO, a socket, a directory)
/// is refused with one line and never opened: opening a FIFO would wait for a writer forever.
struct StoreFile {
    let path: String
    let directory: String

    /// What the path names, links followed.
    enum Target {
        /// Nothing yet, or a link to nothing: a write creates the file.
        case missing
        /// A regular file.
        case regular(FileSystem.Status)
        /// A character or block device: the file is switched off.
        case device(FileSystem.Kind)
    }

    init(directory: String, name: String) {
        self.directory = directory
        path = directory + "/" + name
    }

    /// What the path names; a FIFO, a socket or a directory is an error saying that `verb` (read, write) cannot be
    /// done. Only looks: nothing is opened.
    func target(_ verb: String) throws(ToolError) -> Target {
        let status: FileSystem.Status?
        do {
            status = try FileSystem.status(of: path)
        } catch {
            throw ToolError("cannot \(verb) '\(path)': \(error.reason)")
        }
        guard let status else { return .missing }
        switch status.kind {
        case .regular: return .regular(status)
        case .characterDevice, .blockDevice: return .device(status.kind)
        case .directory, .fifo, .socket, .other: throw notRegular(verb, status.kind)
        }
    }

    /// Whether the path is a device, which switches the file off. Anything that cannot be looked at is not: the
    /// write that follows says what is wrong.
    var isDevice: Bool {
        if case .device? = try? target("read") { return true }
        return false
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

    /// Opens the file for reading, a line at a time; nil when there is nothing to read: no file yet, or a device.
    func open() throws(ToolError) -> StoreReader? {
        guard case .regular = try target("read") else { return nil }
        // Should a FIFO or a terminal have taken the file's place since it was looked at, opening returns at once
        // all the same, and the check below refuses it.
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(path, [.readOnly, .nonBlocking, .noControllingTerminal])
        } catch  where error.isNotFound {
            return nil
        } catch {
            throw failure("read", error)
        }
        let status: FileSystem.Status
        do {
            status = try fd.status()
        } catch {
            try? fd.close()
            throw failure("read", error)
        }
        guard status.kind == .regular else {
            try? fd.close()
            throw notRegular("read", status.kind)
        }
        return StoreReader(path: path, descriptor: fd, size: status.size)
    }

    /// Replaces the whole file atomically with `lines`, each followed by a newline. A line given as a range is
    /// copied from `source`: the file as it was read under the same lock. Call it holding the lock.
    func replace(with lines: [LineText], copyingFrom source: StoreReader?) throws(ToolError) {
        let existing: FileSystem.Status?
        switch try target("write") {
        case .missing: existing = nil
        case .regular(let status): existing = status
        case .device(let kind): throw notRegular("write", kind)
        }
        let destination = FileSystem.resolvingLinks(path)
        removeStaleTemporaryFiles(of: destination)
        // SIGINT or SIGTERM from here on waits for the rename (or the removal after a failure): the temporary
        // file was left behind. A second signal still ends tb at once.
        try StopSignals.holding { () throws(ToolError) in
            try replace(destination, with: lines, copyingFrom: source, existing: existing)
        }
    }

    private func replace(
        _ destination: String, with lines: [LineText], copyingFrom source: StoreReader?,
        existing: FileSystem.Status?
    ) throws(ToolError) {
        let temporary = destination + ".tmp.\(System.processID)"
        do throws(SystemError) {
            let fd = try FileDescriptor.open(temporary, [.writeOnly, .create, .truncate])
            do throws(SystemError) {
                if let existing {
                    // Root changing a user's file (sudo -E) must leave it the user's. Others cannot give a file
                    // away: their chown fails and changes nothing. The owner goes first: chown clears set-id bits.
                    try? fd.setOwner(existing.owner, group: existing.group)
                }
                try fd.setPermissions(existing?.permissions ?? 0o600)
                try write(lines, to: fd, copyingFrom: source)
                try fd.sync()
                try fd.close()
            } catch {
                try? fd.close()
                throw error
            }
            try FileSystem.rename(temporary, to: destination)
        } catch {
            try? FileSystem.remove(temporary)
            throw failure("write", error)
        }
    }

    /// Appends `bytes` (whole lines), first ending a last line that a crash left without its newline.
    /// Call it holding the lock (which made the directory). A file it creates is 0600 from the start.
    /// Returns the file's size afterwards.
    @discardableResult
    func append(_ bytes: [UInt8]) throws(ToolError) -> Int {
        if case .device(let kind) = try target("write") { throw notRegular("write", kind) }
        // Non-blocking and no controlling terminal, should something else have taken the file's place since.
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(
                path, [.readWrite, .create, .append, .nonBlocking, .noControllingTerminal], permissions: 0o600)
        } catch {
            throw failure("write", error)
        }
        defer { try? fd.close() }
        let status: FileSystem.Status
        do {
            status = try fd.status()
        } catch {
            throw failure("write", error)
        }
        guard status.kind == .regular else { throw notRegular("write", status.kind) }
        var data = bytes
        do {
            if status.size > 0, try fd.byte(at: status.size - 1) != UInt8(ascii: "\n") {
                data.insert(UInt8(ascii: "\n"), at: 0)
            }
            try fd.write(data.span)
        } catch {
            throw failure("write", error)
        }
        return status.size + data.count
    }

    /// Writes the lines in pieces of about 64 KiB: one system call per piece, not per line.
    private func write(_ lines: [LineText], to fd: FileDescriptor, copyingFrom source: StoreReader?)
        throws(SystemError)
    {
        var pending: [UInt8] = []
        pending.reserveCapacity(StoreReader.pieceSize + 4096)
        for line in lines {
            switch line {
            case .bytes(let bytes):
                pending.append(contentsOf: bytes)
            case .file(let range):
                try fd.write(pending.span)
                pending.removeAll(keepingCapacity: true)
                // A range comes only from a line that was read: there is a source.
                try source?.copy(range, to: fd)
            }
            pending.append(UInt8(ascii: "\n"))
            if pending.count >= StoreReader.pieceSize {
                try fd.write(pending.span)
                pending.removeAll(keepingCapacity: true)
            }
        }
        try fd.write(pending.span)
    }

    /// Removes the temporary files (`NAME.tmp.PID`) left by writers killed between writing and renaming: those whose
    /// process is gone. Under the lock no tb is between the two, but a second link to the same file has a lock of its
    /// own, so the process is asked rather than assumed dead.
    private func removeStaleTemporaryFiles(of destination: String) {
        guard let slash = destination.lastIndex(of: "/") else { return }
        let folder = slash == destination.startIndex ? "/" : String(destination[..<slash])
        let prefix = String(destination[destination.index(after: slash)...]) + ".tmp."
        for name in FileSystem.contentsOfDirectory(folder) where name.hasPrefix(prefix) {
            guard let id = Int32(name.dropFirst(prefix.count)), id != System.processID,
                !FileSystem.processExists(id)
            else { continue }
            try? FileSystem.remove(folder + "/" + name)
        }
    }

    private func failure(_ verb: String, _ error: SystemError) -> ToolError {
        ToolError("cannot \(verb) '\(path)': \(error.reason)")
    }

    private func notRegular(_ verb: String, _ kind: FileSystem.Kind) -> ToolError {
        ToolError("cannot \(verb) '\(path)': \(FileReadError.notRegular(kind).reason)")
    }
}
