// The printing side of tb feed: the input handler of one source. It decodes the bytes, hands them to a FeedParser,
// whose expat runs ahead on a thread of its own, and prints the records that come back: two threads, one per core,
// the mapping and the printing on this one while expat reads (a third thread for the mapping competed with them for
// two cores). Before the input layer waits for more bytes, everything parsed so far is printed.
import Bytes
import POSIX
import Toolbox

/// Prints the records of one source.
final class FeedPrinter: InputHandler {
    private let context: Context
    private let source: JSONText
    /// What stands for the source where its feed has no title: the URL's host, the file's name.
    private let sourceLabel: JSONText
    private let settings: FeedSettings
    private let name: String
    /// Where relative links resolve, and the Content-Type: known when the source starts, for the parser made with its
    /// first piece.
    private var base: String?
    private var contentType: String?
    private var parser: FeedParser?
    private var decoder: TextDecoder
    /// Decoded text not yet parsed: the parser gets pieces of --read-size bytes, at most `largestPiece` (network reads
    /// are smaller: fewer, larger pieces cost less), except when the input layer is about to wait, when it gets what
    /// there is.
    private var pending: [UInt8] = []
    private let handOverSize: Int
    /// Every piece is alive in several places at once (kept by FeedRecovery, queued for expat's thread, copied into
    /// expat's buffer): 128 KiB pieces cost about 1.6 MB more peak RSS than 64 KiB ones, which are read as fast
    /// (32 KiB ones, half a megabyte less again, about 7% slower: more hand-overs).
    static let largestPiece = 64 << 10
    private(set) var recordCount = 0
    /// With --new: the items printed, and whether --limit stopped the source.
    private var newItems = 0
    private var stoppedEarly = false
    private var done = false
    /// With --new: the state of this source, which items to print and when to store them.
    private let remembered: RememberedItems?
    /// Where the feeds that a page announces go, to be read after the sources (nil: pages are not feeds).
    private let discovered: DiscoveredFeeds?
    /// --limit reached in what `idle` printed: the source ends without waiting for more bytes.
    var wantsMore: Bool { !done }

    init(
        settings: FeedSettings, context: Context, name: String, handOverSize: Int, remembered: RememberedItems? = nil,
        discovered: DiscoveredFeeds? = nil
    ) throws {
        self.settings = settings
        self.context = context
        self.remembered = remembered
        self.discovered = discovered
        self.handOverSize = min(handOverSize, Self.largestPiece)
        source = JSONText(name)
        sourceLabel = JSONText(
            URLReference.host(of: name).flatMap { $0.isEmpty ? nil : $0 } ?? Locations.fileName(name))
        decoder = TextDecoder(name: name)
        // A local file's relative links resolve against its file:// URL, as tb html's do; standard input has none.
        base =
            Locations.isURL(name)
            ? name : name == "-" ? nil : Locations.fileURL(path: name, directory: try? FileSystem.currentDirectory())
        self.name = name
    }

    deinit {
        // Stopped without a word (--limit reached, or a source the input layer gave up on): what got out is stored.
        try? remembered?.store(whole: false, error: nil)
    }

    func start(_ info: SourceInfo) throws {
        decoder.use(contentType: info.contentType)
        if let url = info.effectiveURL { base = url }
        contentType = info.contentType
    }

    func receive(_ bytes: Span<UInt8>) throws -> Bool {
        guard !done else { return false }
        try remembering { () throws in try send(bytes, final: false) }
        return !done
    }

    /// Decodes a piece here and parses the UTF-8 once there is enough of it; a read larger than a piece is decoded
    /// and parsed a piece at a time, so that the pieces stay small without a copy. The last piece of the input is
    /// the end of the document (all of a small file: expat then parses it here, with no thread).
    private func send(_ bytes: Span<UInt8>, final: Bool) throws {
        var start = 0
        repeat {
            let end = min(start + handOverSize, bytes.count)
            let last = end == bytes.count
            decoder.decode(bytes.extracting(start..<end), final: final && last, into: &pending) { context.warn($0) }
            if final && last {
                let text = pending
                pending = []
                try parse(text, last: true)
            } else if pending.count >= handOverSize {
                try handOver()
            }
            start = end
        } while start < bytes.count && !done
    }

    private func handOver() throws {
        guard !pending.isEmpty else { return }
        let text = pending
        pending = []
        try parse(text, last: false)
    }

    /// Parses a piece (or, `last`, ends the document with it) and prints the records it completed; feeding nothing
    /// waits for expat's thread to catch up, so everything parsed so far is printed.
    private func parse(_ text: [UInt8], last: Bool) throws {
        guard !done else { return }
        let more: Bool
        do {
            let parser =
                try self.parser ?? FeedParser(settings: settings, name: name, base: base, contentType: contentType)
            self.parser = parser
            more = last ? false : try parser.feed(text)
            if last { try parser.finish(text) }
            if parser.isFeedItself || parser.discovered != nil { try announced(by: parser) }
        } catch {
            // What came before the failure is printed, then the failure is.
            if let parser { try print(parser.takeBatch()) }
            done = true
            throw (error as? ToolError) ?? ToolError(String(describing: error))
        }
        if let parser { try print(parser.takeBatch()) }
        if !more { done = true }
    }

    /// A page ended, or --discover met a feed: the feeds it announces are printed (--discover) or named and kept
    /// for reading after the sources; a page that announces none is an error.
    private func announced(by parser: FeedParser) throws {
        done = true
        let links =
            parser.isFeedItself
            ? [FeedLink(url: name, title: nil, type: SourceInfo.mediaType(ofContentType: contentType))]
            : parser.discovered ?? []
        guard !links.isEmpty else { throw ToolError("'\(name)': no feed linked from this page") }
        // A page that announced feeds: with --new nothing is stored for it, so that the next run fetches it whole
        // (a 304 would hide the feeds it announces) and reads the feeds, whose state is their own.
        if !parser.isFeedItself { remembered?.forget() }
        for link in links {
            if settings.discoverOnly {
                try context.output.emit(FeedLinkRecord(source: name, link: link))
                recordCount += 1
            } else {
                context.error("'\(name)' links to the feed \(link.url)")
                discovered?.add(link)
            }
        }
    }

    func idle() throws {
        try remembering { () throws in
            try handOver()
            // Nothing new: expat's thread catches up, and what it parsed is printed.
            if parser != nil { try parse([], last: false) }
        }
    }

    func finish() throws {
        try remembering(atTheEnd: true) { () throws in try send(Span(), final: true) }
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
    }
}
