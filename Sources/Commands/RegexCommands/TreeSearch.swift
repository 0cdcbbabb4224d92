// Directory SOURCEs of tb regex: the walk gives the files in order, a pool of worker threads (one per core) reads
// and matches them, and the main thread prints each file's matches in walk order, as for a file named on the
// command line. Big files and gzip are read on the main thread in pieces instead, in their turn.
import POSIX
import Threads
import Toolbox

/// Searches the files under directory SOURCEs for one run.
final class TreeSearch {
    private let settings: RegexSettings
    private let walk: WalkSettings
    private let context: Context
    /// How a big file is read: as the input layer reads a named one.
    private let stream: (Source) throws -> Bool
    /// The terminal view, when it is on.
    private let view: RipgrepView?
    private var pool: WorkerPool<FileJob, FileOutcome>?
    /// Files that failed and problems of the walk.
    private(set) var failed = 0
    /// Whether a file had a match.
    private(set) var matched = false
    /// Whether -l or --files-without-match listed a file.
    private(set) var listed = false
    private var binaryFiles = 0

    /// `stream` reads a file in pieces through the command's usual handler and says whether that succeeded.
    init(
        settings: RegexSettings, walk: WalkSettings, context: Context, view: RipgrepView? = nil,
        stream: @escaping (Source) throws -> Bool
    ) {
        self.settings = settings
        self.view = view
        self.walk = walk
        self.context = context
        self.stream = stream
    }

    deinit {
        pool?.cancel()
    }

    /// Searches every file under `root` (a directory), printing as it goes.
    func search(_ root: Source) throws {
        // rg names the files of a directory, whatever else was given.
        view?.headings = true
        let pool = try startedPool()
        let walker = TreeWalk(root: root.path, settings: walk)
        while let step = walker.next() {
            let job: FileJob
            switch step {
            case .file(let path): job = .file(path)
            case .problem(let message): job = .problem(message)
            case .warning(let message): job = .warning(message)
            }
            try pool.submit(job) { try print($0) }
        }
        try pool.drain { try print($0) }
    }

    /// Ends the run: the pool's threads, and the count of binary files left out.
    func finish() {
        pool?.cancel()
        pool = nil
        guard binaryFiles > 0 else { return }
        let files = binaryFiles == 1 ? "1 binary file" : "\(binaryFiles) binary files"
        context.error("skipped \(files) (use --binary to search them)")
    }

    private func startedPool() throws(ToolError) -> WorkerPool<FileJob, FileOutcome> {
        if let pool { return pool }
        let settings = settings
        let binary = walk.binary
        let decompress = walk.decompress
        let threads = System.processorCount
        do {
            let started = try WorkerPool<FileJob, FileOutcome>(threads: threads, capacity: threads * 8) {
                FileSearch(settings: settings, binary: binary, decompress: decompress).run
            }
            pool = started
            return started
        } catch {
            throw ToolError("cannot start the threads that search directories: \(error)")
        }
    }

    private func print(_ outcome: FileOutcome) throws {
        switch outcome {
        case .searched(let name, let batches):
            let printer = MatchPrinter(found: settings, output: context.output, name: name, view: view)
            do {
                try printer.replay(batches)
            } catch let error as ToolError {
                context.error(error.message)
                failed += 1
            }
            if printer.matches > 0 { matched = true }
            if printer.listed { listed = true }
        case .binary:
            binaryFiles += 1
        case .stream(let path):
            let name = TreeWalk.show(path)
            if !(try stream(Source(name: name, kind: .file, path: path))) { failed += 1 }
        case .problem(let message):
            context.error(message)
            failed += 1
        case .warning(let message):
            context.warn(message)
        case .skipped:
            break
        }
    }
}
