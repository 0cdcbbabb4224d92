// The parsing side of tb feed (expat runs ahead on a thread of its own): clean UTF-8 in, expat events through a
// FeedBuilder (or an EventWriter), records collected in batches that the printing side takes. A document that turns
// out not to be well-formed is read a second time, leniently (FeedRecovery), for the items after the error. A JSON
// object is read as a JSON Feed instead (JSONFeedReader), into the same batches.
import Expat
import Toolbox

/// Parses one source.
final class FeedParser {
    private let settings: FeedSettings
    private let name: String
    private let contentType: String?
    private let delegate: any DocumentDelegate
    private let parser: ExpatParser
    /// The first bytes, until they tell whether the document is a feed at all (nil once decided).
    private var start: [UInt8]? = []
    /// How many of them the next look needs.
    private var sniffAt = 0
    /// The second reading, once the strict one failed; nil before (and with --strict or --events).
    private var recovery: FeedRecovery?
    /// The warning about junk skipped before the document, until a batch carries it.
    private var warning: String?
    /// What the strict reading printed: the second one skips it.
    private var printed = FeedRecovery.Printed()
    /// Set once the document turned out to be a JSON object: the JSON Feed reader that reads it instead of expat.
    private var json: JSONFeedReader?
    /// Set once the document turned out to be an HTML page: the feeds it announces are read from it instead.
    private var page: FeedPage?
    /// The feeds the page announced, once it ended; nil for a document that was not a page.
    private(set) var discovered: [FeedLink]?
    /// With --discover, a document that is a feed itself: nothing of it is read.
    private(set) var isFeedItself = false
    private let base: String?

    init(settings: FeedSettings, name: String, base: String?, contentType: String? = nil) throws {
        self.settings = settings
        self.name = name
        self.contentType = contentType
        self.base = base
        delegate =
            settings.events
            ? EventWriter(settings: settings, name: name)
            : FeedBuilder(settings: settings, name: name, base: base)
        parser = try Self.expat(delegate, settings)
        // Items need text only inside the elements they capture, and turn it on there; events need all of it.
        parser.reportsText = settings.events
        if settings.events { start = nil }
        if !settings.events && !settings.strict { recovery = FeedRecovery(settings: settings, name: name, base: base) }
    }

    /// An expat parser for a FeedBuilder or an EventWriter.
    static func expat(_ delegate: any DocumentDelegate, _ settings: FeedSettings, thread: Bool = true) throws
        -> ExpatParser
    {
        // Everything reaches expat as UTF-8 (TextDecoder sees to it), so its own detection is overridden.
        // Items resolve the namespace prefixes they need themselves (see QualifiedNames); events report namespaces.
        try ExpatParser(
            delegate: delegate, namespaces: settings.events, encoding: "UTF-8",
            entityDeclarations: HTMLEntities.declarations,
            limits: ExpatParser.Limits(depth: FeedLimits.depth, unfinishedBytes: settings.markupLimit),
            thread: thread, positions: settings.events)
    }

    /// Parses the next piece; false once no more is wanted (--limit, or a broken document's recovery).
    func feed(_ bytes: [UInt8]) throws -> Bool {
        if start != nil {
            start?.append(contentsOf: bytes)
            // Looked at again only once it doubled: a prolog dripping in byte by byte costs linear time.
            guard start?.count ?? 0 >= sniffAt, let text = try sniffed(final: false) else {
                sniffAt = 2 * (start?.count ?? 0)
                return true
            }
            if isFeedItself { return false }
            return try feedText(text)
        }
        return try feedText(bytes)
    }

    private func feedText(_ bytes: [UInt8]) throws -> Bool {
        if let json { return try reading(json) { try json.feed(bytes) } }
        if let page {
            guard discovered == nil else { return false }
            if page.feed(bytes) { return true }
            // The head has ended: its links are all there are.
            discovered = page.finish(page: base)
            return false
        }
        if let recovery, recovery.failure != nil {
            return try recovery.keep(bytes, printed: printed)
        }
        recovery?.keep(bytes)
        try parse(bytes, final: false)
        return !delegate.stopped
    }

    /// The bytes held until the document's kind is known, once it is a feed; nil while undecided.
    private func sniffed(final: Bool) throws -> [UInt8]? {
        guard let bytes = start else { return [] }
        let kind = FeedSniffer.kind(of: bytes, final: final)
        let looksLikeFeed: Bool =
            switch kind {
            case .feed, .junk, .jsonObject: true
            case .notFeed, .undecided: false
            }
        if settings.discoverOnly && looksLikeFeed {
            // --discover on a feed (XML, or a JSON object): it announces itself, and is not read.
            start = nil
            isFeedItself = true
            return []
        }
        switch kind {
        case .undecided: return nil
        case .notFeed("HTML") where settings.discovers:
            // A page: the feeds it announces are read instead (or, with --discover, listed).
            start = nil
            page = FeedPage()
            return bytes
        case .jsonObject where !settings.events:
            // An object may be a JSON Feed: its version will say.
            start = nil
            json = JSONFeedReader(settings: settings, name: name, base: base)
            return bytes
        case .jsonObject:
            start = nil
            throw notAFeed(looks: "JSON")
        case .notFeed(let looks):
            start = nil
            throw notAFeed(looks: looks)
        case .feed:
            start = nil
            return bytes
        case .junk(let junk, let begins):
            start = nil
            // One warning, with the lines, and the feed is read from where it begins (as feedparser and sfeed do).
            func line(_ offset: Int) -> Int { bytes[..<offset].count { $0 == 0x0A } + 1 }
            warning = "'\(name)' has junk before the feed at line \(line(junk)); skipped it up to line \(line(begins))"
            return Array(bytes[begins...])
        }
    }

    /// What was completed since the last call.
    func takeBatch() -> FeedBatch {
        var batch = takeParsed()
        if let warning {
            batch.outputs.insert(.warning(warning), at: 0)
            self.warning = nil
        }
        return batch
    }

    private func takeParsed() -> FeedBatch {
        if let json { return json.takeBatch() }
        if page != nil || isFeedItself { return FeedBatch() }
        if let recovery, recovery.failure != nil { return recovery.takeBatch() }
        let batch = delegate.takeBatch()
        printed.count(batch)
        if let end = batch.lastItemEnd { recovery?.itemsEnded(at: end, items: printed.items) }
        return batch
    }

    /// The input ended with `last`, the last piece (all of a small file: expat is told that it is the whole
    /// document, which spares it declarations the document does not use, and a thread).
    func finish(_ last: [UInt8] = []) throws {
        var text = last
        if start != nil {
            start?.append(contentsOf: last)
            text = try sniffed(final: true) ?? []
        }
        if let json { return try reading(json) { try json.finish(text) } }
        if isFeedItself { return }
        if let page {
            if discovered == nil {
                _ = page.feed(text)
                discovered = page.finish(page: base)
            }
            return
        }
        if let recovery, recovery.failure != nil {
            if !text.isEmpty { guard try recovery.keep(text, printed: printed) else { return } }
            try recovery.recover(printed: printed)
            return
        }
        recovery?.keep(text)
        try parse(text, final: true)
        // --limit reached: the rest is not read.
        if delegate.stopped && !text.isEmpty { return }
        if let recovery, recovery.failure != nil {
            try recovery.recover(printed: printed)
            return
        }
        delegate.finish(parser: parser)
    }

    /// Runs a JSON Feed reader's call: a JSON document that turns out not to be a feed is reported as one that is
    /// not a feed from the start would be.
    private func reading<T>(_ reader: JSONFeedReader, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch is JSONFeedReader.NotAFeed {
            throw notAFeed(looks: "JSON")
        }
    }

    /// "not a feed", with the Content-Type, else what the document looks like (which, for junk without a feed,
    /// says so).
    private func notAFeed(looks: String) -> ToolError {
        let junk = looks.hasPrefix("no XML declaration")
        return ToolError(
            "'\(name)' is not a feed (\(junk ? looks : SourceInfo.mediaType(ofContentType: contentType) ?? looks))")
    }

    private func parse(_ bytes: [UInt8], final: Bool) throws {
        guard !delegate.stopped else { return }
        do {
            try parser.parse(bytes, final: final)
        } catch {
            if error.kind == .notWellFormed, !error.isResourceLimit, let recovery, recovery.canRecover {
                // What the strict reading completed in this piece is read again from the kept bytes.
                recovery.failed(error, strictBatch: delegate.takeBatch())
                return
            }
            delegate.failed(error.message, line: error.line, column: error.column)
            let place = "at line \(error.line), column \(error.column)"
            switch error.kind {
            case .notWellFormed:
                let tooLarge = recovery.map { !$0.canRecover && !error.isResourceLimit } ?? false
                let note = tooLarge ? "; \(FeedRecovery.tooLarge)" : ""
                throw ToolError("'\(name)' is not well-formed XML: \(error.message) \(place)\(note)")
            case .tooDeep: throw ToolError("'\(name)' has \(error.message) \(place)")
            case .tokenTooLong: throw ToolError("'\(name)' has \(error.message) \(place); see --max-field-size")
            }
        }
    }
}
