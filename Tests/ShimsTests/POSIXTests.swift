// The POSIX shim: descriptors, whole-file reads, directories, file status, locks, processes and clocks.
import Bytes
import Foundation
import POSIX
import TestSupport
import Testing

struct POSIXTests {
    let scratch = Scratch()

    @Test func writeReadAndAppend() throws {
        let path = scratch.file("a/b/file")
        try FileSystem.makeDirectories(scratch.file("a/b"))
        #expect(FileSystem.kind(of: scratch.file("a")) == .directory)
        try FileSystem.writeFile(path, Array("hello".utf8), permissions: 0o640)
        #expect(try FileSystem.status(of: path)?.permissions == 0o640)
        let fd = try FileDescriptor.open(path, [.readWrite, .append])
        try fd.write(" world")
        #expect(try fd.size() == 11)
        #expect(try fd.byte(at: 0) == UInt8(ascii: "h"))
        #expect(try fd.byte(at: 11) == nil)
        try fd.close()
        #expect(try FileSystem.readFile(path, limit: 11) == Array("hello world".utf8))
        #expect(FileSystem.kind(of: path) == .regular)
        try FileSystem.rename(path, to: scratch.file("moved"))
        #expect(FileSystem.kind(of: path) == nil)
        #expect(FileSystem.contentsOfDirectory(scratch.path).sorted() == ["a", "moved"])
        try FileSystem.remove(scratch.file("moved"))
        try FileSystem.remove(scratch.file("moved"))
    }

    @Test func errorsCarryErrno() {
        #expect(throws: FileReadError.self) { try FileSystem.readFile(scratch.file("missing"), limit: 10) }
        do {
            _ = try FileSystem.readFile(scratch.file("missing"), limit: 10)
        } catch {
            #expect(error.isNotFound)
            #expect(error.reason == "No such file or directory")
        }
        #expect(throws: SystemError.self) {
            try FileDescriptor.open(scratch.path, [.writeOnly])
        }
    }

    @Test func largeFilesReadWhole() throws {
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try FileSystem.writeFile(scratch.file("big"), bytes)
        #expect(try FileSystem.readFile(scratch.file("big"), limit: 300_000) == bytes)
    }

    /// A file over the limit is refused whatever its size says: a regular one before any read, a pipe or a device
    /// after `limit + 1` bytes; with `regularOnly`, a FIFO is refused without waiting for a writer.
    @Test(.needsRoot) func readsStopAtTheirLimit() throws {
        let path = scratch.file("eleven")
        try FileSystem.writeFile(path, Array("hello world".utf8))
        #expect(throws: FileReadError.tooLarge(limit: 10)) { try FileSystem.readFile(path, limit: 10) }
        #expect(try FileSystem.readFile(path, limit: 11, regularOnly: true).count == 11)
        #expect(FileReadError.tooLarge(limit: 1 << 20).reason == "larger than 1 MiB")
        #expect(FileReadError.size(64 << 10) == "64 KiB" && FileReadError.size(4097) == "4097 bytes")
        let fifo = scratch.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: FileReadError.notRegular(.fifo)) { try FileSystem.readFile(fifo, limit: 10, regularOnly: true) }
        #expect(FileReadError.notRegular(.fifo).reason == "not a regular file (a FIFO)")
        // A private node with /dev/zero's numbers: endless, and its size says 0.
        let zero = scratch.file("zero")
        #expect(mknod(zero, S_IFCHR | 0o600, 0x105) == 0)  // makedev(1, 5)
        #expect(throws: FileReadError.tooLarge(limit: 100_000)) { try FileSystem.readFile(zero, limit: 100_000) }
        #expect(throws: FileReadError.notRegular(.characterDevice)) {
            try FileSystem.readFile(zero, limit: 10, regularOnly: true)
        }
    }

    /// What a path is, found without opening it; a FIFO opened non-blocking returns at once instead of waiting for a
    /// writer; reads at a position fill exactly the range asked for.
    @Test(.needsRoot) func statusKindsAndPositionalReads() throws {
        try FileSystem.writeFile(scratch.file("file"), Array("0123456789".utf8), permissions: 0o640)
        #expect(mkfifo(scratch.file("fifo"), 0o600) == 0)
        // A private device with /dev/null's numbers: tests never use a real device.
        #expect(try bash("mknod '\(scratch.file("null"))' c 1 3", environment: scratch.environment).status == 0)
        let file = try #require(try FileSystem.status(of: scratch.file("file")))
        #expect(file.kind == .regular && file.permissions == 0o640 && file.size == 10 && file.owner == getuid())
        #expect(try FileSystem.status(of: scratch.path)?.kind == .directory)
        #expect(try FileSystem.status(of: scratch.file("fifo"))?.kind == .fifo)
        #expect(try FileSystem.status(of: scratch.file("null"))?.kind == .characterDevice)
        #expect(try FileSystem.status(of: scratch.file("missing")) == nil)
        #expect(throws: SystemError.self) { try FileSystem.status(of: scratch.file("file/below")) }

        let fifo = try FileDescriptor.open(scratch.file("fifo"), [.readOnly, .nonBlocking, .noControllingTerminal])
        #expect(try fifo.status().kind == .fifo)
        try fifo.close()

        let fd = try FileDescriptor.open(scratch.file("file"), .readWrite)
        var buffer = [UInt8](repeating: 0, count: 6)
        #expect(try fd.read(into: &buffer, 1..<4, from: 5) == 3)
        #expect(buffer == [0] + Array("567".utf8) + [0, 0])
        #expect(try fd.read(into: &buffer, 0..<6, from: 8) == 2)
        #expect(try fd.read(into: &buffer, 0..<6, from: 10) == 0)
        try fd.setOwner(file.owner, group: file.group)
        try fd.close()
    }

    @Test func processesThatAreGone() throws {
        #expect(FileSystem.processExists(getpid()))
        let reaped = try bash("true & wait $!; echo $!", environment: scratch.environment)
        let id = try #require(Int32(reaped.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(!FileSystem.processExists(id))
        #expect(!FileSystem.processExists(0))
    }

    /// Names are read where readdir leaves them: its entries are only as long as their names, and copying a whole
    /// `d_name` out of the last one in its buffer read past the buffer (ASan). 1,500 names fill the buffer to its end.
    @Test func directoryNamesOfEveryLength() throws {
        let names = Set(["a", String(repeating: "n", count: 255)] + (1...1_500).map { "name-\($0)" })
        for name in names { scratch.write(name, "") }
        #expect(Set(FileSystem.contentsOfDirectory(scratch.path)) == names)
        let entries = try FileSystem.entries(ofDirectory: Array(scratch.path.utf8))
        #expect(Set(entries.map { String(decoding: $0.name, as: UTF8.self) }) == names)
    }

    @Test func locksExcludeOtherDescriptors() throws {
        let path = scratch.file("lock")
        let first = try FileDescriptor.open(path, [.readWrite, .create])
        try first.lock(exclusive: true)
        // flock locks belong to the open file description, so a second open of the same file must wait.
        let blocked = try bash("flock -n '\(path)' true", environment: scratch.environment)
        #expect(blocked.status == 1)
        try first.close()
        #expect(try bash("flock -n '\(path)' true", environment: scratch.environment).status == 0)
    }

    @Test func clocksAndEnvironment() {
        let now = Clock.now()
        #expect(now.seconds > 1_700_000_000)
        let a = Clock.monotonicNanoseconds()
        #expect(Clock.monotonicNanoseconds() >= a)
        #expect(System.environment()["PATH"] != nil)
        #expect(!FileDescriptor(rawValue: 999).isTerminal)
    }

    @Test func bytesHelpers() {
        let source: [UInt8] = [1, 2, 3, 4, 5]
        var target: [UInt8] = [0]
        Bytes.append(source.span, to: &target)
        Bytes.append(source.span, 1..<3, to: &target)
        #expect(target == [0, 1, 2, 3, 4, 5, 2, 3])
        #expect(Bytes.firstIndex(in: source.span, from: 1) { $0 > 3 } == 3)
        #expect(Bytes.firstIndex(in: source.span, from: 0) { $0 > 9 } == 5)
    }
}
