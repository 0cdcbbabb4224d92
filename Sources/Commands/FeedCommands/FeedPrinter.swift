// The printing side of tb feed: the input handler of one source. It passes the bytes to a FeedParser on a second
// thread and prints what comes back, so parsing and formatting use both cores; before the input layer waits for more
// bytes, everything parsed so far is printed.
import Bytes
import POSIX
import Threads
import Toolbox

/// Prints the records of one source.
final class FeedPrinter: InputHandler {
    private let context: Context
    private let source: JSONText
    /// What stands for the source where its feed has no title: the URL's host, the file's name.
    private let sourceLabel: JSONText
    private let pipeline: WorkerPipeline<FeedMessage, FeedBatch>
    private let name: String
    private var decoder: TextDecoder
    /// Decoded text not yet handed over: the parsing thread gets pieces of --read-size bytes, at most `largestPiece`
    /// (network reads are smaller: fewer, larger hand-overs cost less), except when the input layer is about to wait,
    /// when it gets what there is.
    private var pending: [UInt8] = []
    private let handOverSize: Int
    /// Every piece is alive in several places at once (queued for the parsing thread, kept by FeedRecovery, queued
    /// for expat's thread, copied into expat's buffer): 128 KiB pieces cost about 1.6 MB more peak RSS than 64 KiB
    /// ones, which are read as fast (32 KiB ones, half a megabyte less again, about 7% slower: more hand-overs).
    static let largestPiece = 64 << 10
    private(set) var recordCount = 0
    /// With --new: the items printed, and whether --limit stopped the source.
    private var newItems = 0
    private var stoppedEarly = false
    private var done = false
    /// With --new: the state of this source, which items to print and when to store them.
    private let remembered: RememberedItems?
    /// --limit reached in what `idle` printed: the source ends without waiting for more bytes.
    var wantsMore: Bool { !done }

    init(
        settings: FeedSettings, context: Context, name: String, handOverSize: Int, remembered: RememberedItems? = nil
    ) throws {
        self.context = context
        self.remembered = remembered
        self.handOverSize = min(handOverSize, Self.largestPiece)
        source = JSONText(name)
        sourceLabel = JSONText(
            URLReference.host(of: name).flatMap { $0.isEmpty ? nil : $0 } ?? Locations.fileName(name))
        decoder = TextDecoder(name: name)
        // A local file's relative links resolve against its file:// URL, as tb html's do; standard input has none.
        let base =
            Locations.isURL(name)
            ? name : name == "-" ? nil : Locations.fileURL(path: name, directory: try? FileSystem.currentDirectory())
        self.name = name
        // Its thread starts once the source proves more than one piece long (see `start`).
        do {
            pipeline = try WorkerPipeline(capacity: 3, deferred: true) { pipeline in
                Self.parse(pipeline, settings, name, base)
            }
        } catch {
            throw ToolError("cannot start a thread to parse '\(name)': \(error)")
        }
    }

    deinit {
        pipeline.cancel()
        // Stopped without a word (--limit reached, or a source the input layer gave up on): what got out is stored.
        try? remembered?.store(whole: false, error: nil)
    }

    /// The parsing thread: one FeedParser, fed until the input ends or --limit is reached.
    private static func parse(
        _ pipeline: WorkerPipeline<FeedMessage, FeedBatch>, _ settings: FeedSettings, _ name: String, _ base: String?
    ) {
        var base = base
        var contentType: String?
        var parser: FeedParser?
        func current() throws -> FeedParser {
            let current = try parser ?? FeedParser(settings: settings, name: name, base: base, contentType: contentType)
            parser = current
            return current
        }
        do {
            var last: [UInt8] = []
            loop: while let message = pipeline.next() {
                switch message {
                case .base(let url):
                    if let url { base = url }
                case .contentType(let type):
                    contentType = type
                case .text(let bytes, last: true):
                    last = bytes
                    break loop
                case .text(let bytes, last: false):
                    var more = try current().feed(bytes)
                    // expat runs ahead on a thread of its own (see ExpatParser): before this thread waits for more
                    // text, everything expat parsed is replayed (feeding nothing flushes).
                    if more && !pipeline.hasInput { more = try current().feed([]) }
                    var batch = try current().takeBatch()
                    batch.finished = !more
                    if !more {
                        _ = pipeline.emit(batch)
                        return
                    }
                    if !batch.outputs.isEmpty { _ = pipeline.emit(batch) }
                }
            }
            try current().finish(last)
            var batch = try current().takeBatch()
            batch.finished = true
            _ = pipeline.emit(batch)
        } catch {
            var batch = parser?.takeBatch() ?? FeedBatch()
            batch.finished = true
            batch.failure = (error as? ToolError)?.message ?? String(describing: error)
            _ = pipeline.emit(batch)
        }
    }

    /// A file of one piece is parsed on this thread when it ends: a second thread would cost more than the parse.
    func start(_ info: SourceInfo) throws {
        if info.fileSize.map({ $0 > handOverSize }) ?? true {
            do {
                try pipeline.start()
            } catch {
                throw ToolError("cannot start a thread to parse '\(name)': \(error)")
            }
        }
        decoder.use(contentType: info.contentType)
        try pipeline.send(.base(info.effectiveURL)) { try print($0) }
        try pipeline.send(.contentType(info.contentType)) { try print($0) }
    }

    func receive(_ bytes: Span<UInt8>) throws -> Bool {
        guard !done else { return false }
        try remembering { () throws in try send(bytes, final: false) }
        return !done
    }

    /// Decodes a piece here; hands the UTF-8 to the parsing thread once there is enough of it. A read larger than a
    /// piece is decoded a piece at a time, so that the pieces stay small without a copy. They are handed over
    /// together once all are decoded: the parsing thread, finding no more queued, waits for expat's thread to catch
    /// up (see `parse`), and would do so for every piece.
    private func send(_ bytes: Span<UInt8>, final: Bool) throws {
        var ready: [FeedMessage] = []
        var start = 0
        repeat {
            let end = min(start + handOverSize, bytes.count)
            let last = end == bytes.count
            decoder.decode(bytes.extracting(start..<end), final: final && last, into: &pending) { context.warn($0) }
            if !pending.isEmpty && (pending.count >= handOverSize || (final && last)) {
                ready.append(.text(pending, last: final && last))
                pending = []
            }
            start = end
        } while start < bytes.count
        for text in ready { try pipeline.send(text) { try print($0) } }
    }

    private func handOver() throws {
        guard !pending.isEmpty else { return }
        let text = pending
        pending = []
        try pipeline.send(.text(text, last: false)) { try print($0) }
    }

    func idle() throws {
        try remembering { () throws in
            try handOver()
            try pipeline.waitUntilIdle { try print($0) }
        }
    }

    func finish() throws {
        try remembering(atTheEnd: true) { () throws in
            try send(Span(), final: true)
            try pipeline.finish { try print($0) }
        }
    }

    func abandon() throws {
        try idle()
        try remembered?.store(whole: false, error: "the transfer broke off")
    }

    /// Runs `body`; with --new, stores what was printed when the source fails in it (its validators stay as they
    /// were, so the next run fetches it whole), when --limit ended it, or `atTheEnd` of the source: whole, then,
    /// unless --limit stopped it.
    private func remembering(atTheEnd: Bool = false, _ body: () throws -> Void) throws {
        guard let remembered else { return try body() }
        do {
            try body()
        } catch let error as ToolError {
            try remembered.store(whole: false, error: error.message)
            throw error
        }
        if atTheEnd || done { try remembered.store(whole: atTheEnd && !stoppedEarly, error: nil) }
    }

    private func print(_ batch: FeedBatch) throws {
        guard !done else { return }
        for output in batch.outputs {
            switch output {
            case .item(let item):
                let record = ItemRecord(item, in: batch, source: source, sourceLabel: sourceLabel)
                if let remembered {
                    guard remembered.items.admits(record.stateKey) else { continue }
                    try context.output.emit(record)
                    newItems += 1
                    // --limit with --new counts the new items: the parser was given none.
                    if let limit = remembered.limit, newItems >= limit {
                        recordCount += 1
                        done = true
                        stoppedEarly = true
                        return
                    }
                } else {
                    try context.output.emit(record)
                }
            case .feed(let feed): try context.output.emit(FeedRecord(feed, in: batch, source: source))
            case .event(let record): try context.output.emit(record)
            case .warning(let message):
                context.warn(message)
                continue
            }
            recordCount += 1
        }
        if batch.finished { done = true }
        if let failure = batch.failure { throw ToolError(failure) }
    }
}
