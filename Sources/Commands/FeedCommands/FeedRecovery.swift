// The second reading of a feed that is not well-formed. While the strict reading goes well, the decoded text is kept
// (up to FeedLimits.recoveryBytes: past it, nothing is kept and a later error ends the source as with --strict). Once
// it fails, the rest of the document is kept too, up to the same bound, and at its end the whole is read again
// leniently: entity references and stray markup repaired (MarkupRepair), libxml2's recovering parser (XMLRecovery),
// its tree written back as well-formed XML and mapped by a fresh FeedBuilder. What the strict reading already printed
// is skipped, so no item is printed twice: the items before the error are the same in both readings, in the same
// order.
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
        "too large to read again leniently (the error comes after its first \(FeedLimits.recoveryBytes >> 20) MiB)"

    private let settings: FeedSettings
    private let name: String
    private let base: String?
    /// The document's text so far; nil once it grew past the bound before an error.
    private var kept: [UInt8]? = []
    /// The error of the strict reading.
    private(set) var failure: ExpatError?
    /// What the strict reading completed in the piece in which it failed: read again from the kept text, printed
    /// only when the second reading finds nothing.
    private var strictBatch = FeedBatch()
    /// The second reading's records, once read.
    private var result: FeedBatch?
    /// Whether the text after the error went past the bound and was cut.
    private var cut = false

    init(settings: FeedSettings, name: String, base: String?) {
        self.settings = settings
        self.name = name
        self.base = base
    }

    /// Whether a failure now could be recovered from.
    var canRecover: Bool { kept != nil }

    /// Keeps the next piece before any error.
    func keep(_ bytes: [UInt8]) {
        guard let count = kept?.count else { return }
        if count + bytes.count > FeedLimits.recoveryBytes {
            kept = nil
        } else {
            kept?.append(contentsOf: bytes)
        }
    }

    /// Keeps the next piece after the error; false (no more input wanted) once the bound is reached, and then the
    /// document has been read again.
    func keep(_ bytes: [UInt8], printed: Printed) throws -> Bool {
        guard let count = kept?.count else { return false }
        let room = FeedLimits.recoveryBytes - count
        kept?.append(contentsOf: bytes.prefix(room))
        guard bytes.count > room else { return true }
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
        guard let failure, let text = kept else { return }
        kept = nil
        var strict = Printed()
        strict.count(strictBatch)
        var batch: FeedBatch
        var items: Int
        if let xml = try? XMLRecovery.wellFormed(MarkupRepair.repair(text)), var read = try? reread(xml) {
            items = Self.skip(printed, in: &read)
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
        let from = cut ? " from its first \(FeedLimits.recoveryBytes >> 20) MiB" : ""
        batch.outputs.append(
            .warning(
                "'\(name)' is not well-formed XML \(place) (\(Self.reason(failure.message))); recovered \(more) more "
                    + (more == 1 ? "item" : "items") + from))
        result = batch
    }

    /// The records of a well-formed rewrite of the document; what a limit (nesting) stops keeps what came before.
    private func reread(_ xml: [UInt8]) throws -> FeedBatch {
        let builder = FeedBuilder(settings: settings, name: name, base: base)
        let parser = try FeedParser.expat(builder, settings)
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
