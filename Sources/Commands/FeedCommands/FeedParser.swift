// The parsing side of tb feed, run on its own thread: clean UTF-8 in, expat events through a FeedBuilder (or an
// EventWriter), records collected in batches that the printing side takes.
import Expat
import Toolbox

/// Parses one source.
final class FeedParser {
    private let name: String
    private let delegate: any DocumentDelegate
    private let parser: ExpatParser

    init(settings: FeedSettings, name: String, base: String?) throws {
        self.name = name
        delegate =
            settings.events
            ? EventWriter(settings: settings, name: name)
            : FeedBuilder(settings: settings, name: name, base: base)
        // Everything reaches expat as UTF-8 (TextDecoder sees to it), so its own detection is overridden.
        // Items resolve the namespace prefixes they need themselves (see QualifiedNames); events report namespaces.
        parser = try ExpatParser(
            delegate: delegate, namespaces: settings.events, encoding: "UTF-8",
            entityDeclarations: HTMLEntities.declarations,
            limits: ExpatParser.Limits(depth: FeedLimits.depth, unfinishedBytes: settings.markupLimit),
            thread: true, positions: settings.events)
        // Items need text only inside the elements they capture, and turn it on there; events need all of it.
        parser.reportsText = settings.events
    }

    /// Parses the next piece; false once no more is wanted (--limit).
    func feed(_ bytes: [UInt8]) throws -> Bool {
        try parse(bytes, final: false)
        return !delegate.stopped
    }

    /// What was completed since the last call.
    func takeBatch() -> FeedBatch { delegate.takeBatch() }

    /// The input ended.
    func finish() throws {
        try parse([], final: true)
        delegate.finish(parser: parser)
    }

    private func parse(_ bytes: [UInt8], final: Bool) throws {
        guard !delegate.stopped else { return }
        do {
            try parser.parse(bytes, final: final)
        } catch {
            delegate.failed(error.message, line: error.line, column: error.column)
            let place = "at line \(error.line), column \(error.column)"
            switch error.kind {
            case .notWellFormed: throw ToolError("'\(name)' is not well-formed XML: \(error.message) \(place)")
            case .tooDeep: throw ToolError("'\(name)' has \(error.message) \(place)")
            case .tokenTooLong: throw ToolError("'\(name)' has \(error.message) \(place); see --max-field-size")
            }
        }
    }
}
