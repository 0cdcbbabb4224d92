// What a worker of a TreeSearch does with one file the walk found: reads it whole (it is small), leaves it out when
// it is binary, and finds its matches with the MatchFinder every source uses, keeping the batches for the printer.
import Bytes
import POSIX
import Toolbox

/// Searches files on one worker thread, one after the other.
final class FileSearch {
    /// Files up to this size are read whole; bigger ones are streamed in bounded memory.
    static let wholeFileLimit = 1 << 20
    /// Where a NUL byte makes a file binary, as in ripgrep.
    static let binaryWindow = 64 << 10

    private let settings: RegexSettings
    private let binary: Bool
    private let decompress: Bool
    /// The PCRE2 matchers of the thread's first file, for all the others.
    private var matchers: PatternMatchers?

    init(settings: RegexSettings, binary: Bool, decompress: Bool) {
        self.settings = settings
        self.binary = binary
        self.decompress = decompress
    }

    func run(_ job: FileJob) -> FileOutcome {
        switch job {
        case .problem(let message): return .problem(message)
        case .warning(let message): return .warning(message)
        case .file(let path): return search(path)
        }
    }

    private func search(_ path: [UInt8]) -> FileOutcome {
        let name = TreeWalk.show(path)
        let bytes: [UInt8]
        do throws(SystemError) {
            // Non-blocking: a file replaced by a FIFO since the walk saw it must not make tb wait.
            let fd = try FileDescriptor.open(bytes: path, [.readOnly, .nonBlocking])
            defer { try? fd.close() }
            let whole = Result { () throws(FileReadError) in
                try fd.readAll(limit: Self.wholeFileLimit, regularOnly: true)
            }
            switch whole {
            case .success(let whole):
                bytes = whole
            case .failure(.notRegular):
                return .skipped
            case .failure(.tooLarge):
                // A big file is streamed, but it is binary by its first 64 KiB as a small one is.
                if !binary, isBinary(try Self.read(fd, upTo: Self.binaryWindow)) { return .binary }
                return .stream(path)
            case .failure(.system(let error)):
                throw error
            }
        } catch {
            if error.isNotFound { return .skipped }
            return .problem("cannot read '\(name)': \(error.reason)")
        }
        if !binary && isBinary(bytes) { return .binary }
        // Compressed files are decompressed on the fly, as a file named on the command line is.
        if decompress && Compression.of(bytes.span) != nil { return .stream(path) }
        var batches: [MatchBatch] = []
        do {
            let finder = try MatchFinder(settings: settings, name: name, matchers: matchers) { batch in
                batches.append(batch)
                return true
            }
            matchers = finder.matchers
            if try finder.feed(bytes) { try finder.finish() }
        } catch {
            var failure = MatchBatch(groupCount: 0)
            failure.failure = (error as? ToolError)?.message ?? String(describing: error)
            batches.append(failure)
        }
        return .searched(name: name, batches: batches)
    }

    /// Whether the file whose first bytes these are is binary: a NUL byte in its first 64 KiB, or, when it is
    /// compressed, in the first 64 KiB it decompresses to (unlike ripgrep without -z, which calls every .gz binary).
    private func isBinary(_ bytes: [UInt8]) -> Bool {
        if decompress, let format = Compression.of(bytes.span) {
            let start = format.decompressedStart(of: bytes.span, limit: Self.binaryWindow)
            return Bytes.firstIndex(of: 0, in: start.span, 0..<start.count) != nil
        }
        return Bytes.firstIndex(of: 0, in: bytes.span, 0..<min(bytes.count, Self.binaryWindow)) != nil
    }

    /// The first `limit` bytes of the file (fewer if it is shorter), whatever the file position.
    private static func read(_ fd: FileDescriptor, upTo limit: Int) throws(SystemError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let read = try fd.read(into: &buffer, count..<limit, from: count)
            if read == 0 { break }
            count += read
        }
        buffer.removeSubrange(count...)
        return buffer
    }
}
