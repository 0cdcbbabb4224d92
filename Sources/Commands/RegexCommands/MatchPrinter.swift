// The printing side of tb regex: the input handler of one source. It passes the input to a MatchFinder on a second
// thread and prints the batches of matches that come back, so matching and formatting use both cores.
import Bytes
import Threads
import Toolbox

/// Prints the matches of one source.
final class MatchPrinter: InputHandler {
    private let settings: RegexSettings
    private let output: Output
    private let name: String
    private let source: JSONText
    /// nil for a file whose matches a TreeSearch worker found already (see `replay`).
    private let pipeline: WorkerPipeline<[UInt8], MatchBatch>?
    /// The terminal view's lines of this source, which then get no records.
    private let shown: RipgrepSource?
    /// Matches found (printed or counted), or lines selected with -v.
    private(set) var matches = 0
    /// Lines in which a match starts, or lines selected with -v.
    private(set) var lines = 0
    private(set) var recordCount = 0
    /// A file found in a directory walk: it has a count record only when it matched, unless --include-zero.
    private let walked: Bool
    /// -l or --files-without-match listed it.
    private(set) var listed = false
    private var done = false
    /// The source broke off: whether it would have matched is not known, so --files-without-match leaves it out.
    private var abandoned = false
    /// Input read and not handed over yet (see `handOverSize`).
    private var pending: [UInt8] = []
    /// --first or --max-count reached in what `idle` printed: the source ends without waiting for more bytes.
    var wantsMore: Bool { !done }

    init(settings: RegexSettings, output: Output, name: String, walked: Bool = false, view: RipgrepView? = nil) throws {
        self.settings = settings
        self.output = output
        self.name = name
        self.walked = walked
        source = JSONText(name)
        shown = view.map { RipgrepSource(view: $0, name: name) }
        do {
            // Its thread starts once the source proves larger than a piece (see `start`).
            pipeline = try WorkerPipeline(capacity: 3, deferred: true) { pipeline in
                do {
                    let finder = try MatchFinder(settings: settings, name: name) { pipeline.emit($0) }
                    while let bytes = pipeline.next() {
                        guard try finder.feed(bytes) else { return }
                    }
                    try finder.finish()
                } catch {
                    var failure = MatchBatch(groupCount: 0)
                    failure.failure = (error as? ToolError)?.message ?? String(describing: error)
                    _ = pipeline.emit(failure)
                }
            }
        } catch {
            throw ToolError("cannot start a thread to match '\(name)': \(error)")
        }
    }

    /// A printer of matches found already, by a worker of a TreeSearch: `replay` prints them.
    init(found settings: RegexSettings, output: Output, name: String, view: RipgrepView? = nil) {
        self.settings = settings
        self.output = output
        self.name = name
        walked = true
        source = JSONText(name)
        shown = view.map { RipgrepSource(view: $0, name: name) }
        pipeline = nil
    }

    deinit {
        pipeline?.cancel()
    }

    /// Prints the batches a TreeSearch worker found, then ends the source.
    func replay(_ batches: [MatchBatch]) throws {
        for batch in batches { try print(batch) }
        try end()
    }

    func start(_ info: SourceInfo) throws {
        // A file of one piece is matched on this thread when it ends: a second thread would cost more than the
        // matching, and would get the piece only then.
        guard let pipeline, info.fileSize.map({ $0 > Self.handOverSize }) ?? true else { return }
        do {
            try pipeline.start()
        } catch {
            throw ToolError("cannot start a thread to match '\(name)': \(error)")
        }
    }

    /// Reads are handed over in pieces of this size: each hand-over wakes the other thread (a futex call, a context
    /// switch, a batch), which at 128 KiB was a tenth of a count's time; larger pieces cost memory (at 512 KiB,
    /// NDJSON took 3.5 MB more).
    static let handOverSize = 256 << 10

    func receive(_ bytes: Span<UInt8>) throws -> Bool {
        guard !done else { return false }
        Bytes.append(bytes, to: &pending)
        if pending.count >= Self.handOverSize { try handOver() }
        return !done
    }

    private func handOver() throws {
        guard !pending.isEmpty else { return }
        let chunk = pending
        // Room for the next piece at once: grown from empty, it was copied again on the way (a second copy of the
        // whole input on this thread).
        pending = []
        pending.reserveCapacity(Self.handOverSize)
        try pipeline?.send(chunk) { batch in try self.print(batch) }
    }

    func idle() throws {
        try handOver()
        try pipeline?.waitUntilIdle { batch in try self.print(batch) }
    }

    func finish() throws {
        try handOver()
        try pipeline?.finish { batch in try self.print(batch) }
        try end()
    }

    /// The source broke off: the matches found in what arrived are printed (a match that might have gone on is
    /// not), and with --count the count so far.
    func abandon() throws {
        try idle()
        abandoned = true
        try end()
    }

    /// Prints one batch; a failure it reports ends the source.
    private func print(_ batch: MatchBatch) throws {
        guard !done else { return }
        if let failure = batch.failure { throw ToolError(failure) }
        matches += batch.counted + batch.count
        lines += batch.newLines
        if let shown {
            matches += batch.lineEntries.count { $0.selected }
            try shown.show(batch)
            // What the history counts for a URL: the records the view stands for.
            recordCount += batch.count + batch.lineEntries.count
            if batch.finished { try end() }
            return
        }
        var record = MatchRecord(
            shared: MatchRecord.Batch(batch, source: source, names: settings.pattern.groups), index: 0)
        var entry = 0
        for index in 0..<batch.count {
            while entry < batch.lineEntries.count && batch.lineEntries[entry].matchesBefore == index {
                try printLine(batch.lineEntries[entry], of: batch)
                entry += 1
            }
            record.index = index
            try output.emit(record)
        }
        while entry < batch.lineEntries.count {
            try printLine(batch.lineEntries[entry], of: batch)
            entry += 1
        }
        recordCount += batch.count + batch.lineEntries.count
        if batch.finished { try end() }
    }

    /// Prints a line of -v or of context.
    private func printLine(_ entry: MatchBatch.LineEntry, of batch: MatchBatch) throws {
        let line = WholeLine(source: source, line: entry.line, base: batch.base, bytes: batch.bytes, range: entry.range)
        if entry.selected {
            matches += 1
            try output.emit(LineRecord(line: line))
        } else {
            try output.emit(ContextRecord(line: line))
        }
    }

    /// The source is done (its end, or --first and --max-count): with --count, its count record.
    private func end() throws {
        guard !done else { return }
        done = true
        switch settings.listing {
        case .withMatches? where matches > 0, .withoutMatch? where matches == 0 && !abandoned:
            if let shown { try shown.list() } else { try output.emit(SourceRecord(source: name)) }
            recordCount += 1
            listed = true
        // A source named on the command line always has its count, as in grep; a file found in a walk only when it
        // matched, as in rg.
        case nil where settings.countOnly && (lines > 0 || !walked || settings.includeZero):
            if let shown {
                try shown.count(lines)
            } else {
                try output.emit(CountRecord(source: name, lines: lines, matches: settings.invert ? nil : matches))
            }
            recordCount += 1
        default: break
        }
        try shown?.finish()
    }
}
