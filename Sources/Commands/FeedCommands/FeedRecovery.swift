// The second reading of a feed that is not well-formed. While the strict reading goes well, a head and a tail of
// the decoded text are kept (see `head`): the channel, and the text since the last item it completed, in constant
// memory however long the feed. Once it fails, the rest of the document is kept too, up to FeedLimits.recoveryBytes,
// and at its end the kept text is read again leniently: entity references and stray markup repaired (MarkupRepair),
// libxml2's recovering parser (XMLRecovery), its tree written back as well-formed XML and mapped by a fresh
// FeedBuilder. What the strict reading printed from the kept text is skipped, so no item is printed twice: the items
// before the error are the same in both readings, in the same order.
import Expat
import LibXML2
import Toolbox

/// Keeps a document's text and reads it again once the strict reading fails.
final class FeedRecovery {
    /// The records of the strict reading that went out before it failed.
    struct Printed {
        var items = 0
        var feed = false

        mutating func count(_ batch: FeedBatch) {
            for output in batch.outputs {
                switch output {
                case .item: items += 1
                case .feed: feed = true
                case .event, .warning: break
                }
            }
        }
    }

    static let tooLarge =
        "too large to read again leniently (more than \(FeedLimits.recoveryBytes >> 20) MiB since the last whole item)"

    private let settings: FeedSettings
    private let name: String
    private let base: String?

    // The kept text is a head and a tail. The head runs from the start of the document to the end of the first items
    // the strict reading completed (the channel's own fields are there); the tail from the end of the last item it
    // completed on. Read one after the other they make a document with the channel and the items that followed the
    // last one printed: the text in between is never needed again. The tail is the pieces as they were handed over,
    // kept without a copy (but for the rest of the one in which the last item ended), the first of them from
    // `tailStart` on.
    private var head: [UInt8]?
    /// Items completed in the head, and before the tail starts.
    private var headItems = 0
    private var tailItems = 0
    private var pieces: [[UInt8]] = []
    /// Where in the document the first of `pieces` starts, where the tail starts, and how much was handed over.
    private var piecesStart = 0
    private var tailStart = 0
    private var fed = 0
    /// Whether the tail grew past the bound (one item larger than it) and was let go: until the next item ends, an
    /// error is not recovered from. Without a head, never again.
    private var overflowed = false
    /// The error of the strict reading.
    private(set) var failure: ExpatError?
    /// What the strict reading completed in the piece in which it failed: read again from the kept text, printed
    /// only when the second reading finds nothing.
    private var strictBatch = FeedBatch()
    /// The second reading's records, once read.
    private var result: FeedBatch?
    /// Whether the kept text was read again (once is enough).
    private var recovered = false
    /// Whether the text after the error went past the bound and was cut.
    private var cut = false

    init(settings: FeedSettings, name: String, base: String?) {
        self.settings = settings
        self.name = name
        self.base = base
    }

    /// Whether a failure now could be recovered from.
    var canRecover: Bool { !overflowed }

    /// How much text is kept.
    private var keptCount: Int { (head?.count ?? 0) + fed - tailStart }

    /// Keeps the next piece before any error.
    func keep(_ bytes: [UInt8]) {
        pieces.append(bytes)
        fed += bytes.count
        if keptCount > FeedLimits.recoveryBytes {
            overflowed = true
            pieces = [bytes]
            piecesStart = fed - bytes.count
        }
    }

    /// The strict reading completed its `items`th item, which ended at `end`: the tail starts there now.
    func itemsEnded(at end: Int, items: Int) {
        guard end >= piecesStart, end <= fed, head != nil || !overflowed else { return }
        if head == nil {
            head = text(from: tailStart, to: end)
            headItems = items
        }
        while let first = pieces.first, piecesStart + first.count <= end {
            piecesStart += first.count
            pieces.removeFirst()
        }
        // What follows the last item in its piece is a copy, usually of less than an item: the piece itself, which
        // the parsing side is done with, is freed now (kept, it cost a piece of peak memory).
        if pieces.count == 1, end > piecesStart {
            pieces[0] = Array(pieces[0][(end - piecesStart)...])
            piecesStart = end
        }
        tailStart = end
        tailItems = items
        overflowed = false
    }

    /// `prefix`, then the kept text of the document from `start` (at least `piecesStart`) to `end`: one buffer.
    private func text(from start: Int, to end: Int, after prefix: [UInt8] = []) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(prefix.count + end - start)
        text.append(contentsOf: prefix)
        var offset = piecesStart
        for piece in pieces {
            let from = max(start - offset, 0)
            let to = min(end - offset, piece.count)
            if from < to { text.append(contentsOf: piece[from..<to]) }
            offset += piece.count
        }
        return text
    }

    /// Keeps the next piece after the error; false (no more input wanted) once the bound is reached, and then the
    /// document has been read again.
    func keep(_ bytes: [UInt8], printed: Printed) throws -> Bool {
        let room = FeedLimits.recoveryBytes - keptCount
        guard bytes.count > room else {
            pieces.append(bytes)
            fed += bytes.count
            return true
        }
        // Cut at the start of a character.
        var end = max(room, 0)
        while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        pieces.append(Array(bytes[..<end]))
        fed += end
        cut = true
        try recover(printed: printed)
        return false
    }

    func failed(_ error: ExpatError, strictBatch: FeedBatch) {
        failure = error
        self.strictBatch = strictBatch
    }

    /// The second reading's records, once (empty until it ran).
    func takeBatch() -> FeedBatch {
        defer { result = FeedBatch() }
        return result ?? FeedBatch()
    }

    /// Reads the kept text again; throws when no item at all could be read, after the records it did read (a feed
    /// record with --meta) are ready for `takeBatch`.
    func recover(printed: Printed) throws {
        guard let failure, !recovered else { return }
        recovered = true
        // Head and tail straight into one buffer: the tail may be FeedLimits.recoveryBytes, not worth a second copy.
        let text = self.text(from: tailStart, to: fed, after: head ?? [])
        head = nil
        pieces = []
        // The items of the kept text that the strict reading printed, and those it printed from the text in between.
        var inKept = printed
        inKept.items = headItems + printed.items - tailItems
        let between = printed.items - inKept.items
        var strict = Printed()
        strict.count(strictBatch)
        var batch: FeedBatch
        var items: Int
        if let xml = try? XMLRecovery.wellFormed(MarkupRepair.repair(text)),
            var read = try? reread(xml, itemsBetween: between)
        {
            items = Self.skip(inKept, in: &read)
            batch = read
        } else {
            items = strict.items
            batch = strictBatch
        }
        strictBatch = FeedBatch()
        let place = "at line \(failure.line), column \(failure.column)"
        if printed.items + items == 0 {
            result = batch
            throw ToolError("'\(name)' is not well-formed XML: \(failure.message) \(place)")
        }
        let more = max(0, items - strict.items)
        let from = cut ? ", from the \(FeedLimits.recoveryBytes >> 20) MiB after the last whole item" : ""
        batch.outputs.append(
            .warning(
                "'\(name)' is not well-formed XML \(place) (\(Self.reason(failure.message))); recovered \(more) more "
                    + (more == 1 ? "item" : "items") + from))
        result = batch
    }

    /// The records of a well-formed rewrite of the document; what a limit (nesting) stops keeps what came before.
    /// `itemsBetween`: the items printed from text not kept, which count towards --limit.
    private func reread(_ xml: [UInt8], itemsBetween: Int) throws -> FeedBatch {
        var settings = settings
        settings.limit = settings.limit.map { max($0 - itemsBetween, 1) }
        let builder = FeedBuilder(settings: settings, name: name, base: base)
        // All of it is here at once: no thread to read ahead.
        let parser = try FeedParser.expat(builder, settings, thread: false)
        parser.reportsText = false
        do {
            try parser.parse(xml.span, final: true)
        } catch {
            // The rewrite is well-formed; only a limit stops it, and what came before it stays.
        }
        if !builder.stopped { builder.finish(parser: parser) }
        return builder.takeBatch()
    }

    /// Drops from `batch` the records the strict reading printed (its first items, its feed record, and the warnings
    /// about those items), and items left with no id, title, link, summary or content; returns how many items are
    /// left.
    private static func skip(_ printed: Printed, in batch: inout FeedBatch) -> Int {
        var seen = 0
        var left = 0
        batch.outputs.removeAll { output in
            switch output {
            case .item(let item):
                seen += 1
                guard seen > printed.items else { return true }
                // What a document cut inside an item's first tag leaves is not an item anyone would read.
                guard
                    item.id != nil || item.title != nil || item.link != nil || item.summary != nil
                        || item.content != nil
                else { return true }
                left += 1
                return false
            case .feed: return printed.feed
            case .warning: return seen < printed.items
            case .event: return false
            }
        }
        return left
    }

    /// expat's message without its "not well-formed" prefix: "not well-formed (invalid token)" says "invalid token".
    private static func reason(_ message: String) -> String {
        let prefix = "not well-formed ("
        guard message.hasPrefix(prefix), message.hasSuffix(")") else { return message }
        return String(message.dropFirst(prefix.count).dropLast())
    }
}
