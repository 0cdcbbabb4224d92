// The parsing side of tb feed, run on its own thread: clean UTF-8 in, expat events through a FeedBuilder (or an
// EventWriter), records collected in batches that the printing side takes.
import Expat
import Toolbox

/// Parses one source.
final class FeedParser {
    private let name: String
    private let delegate: any DocumentDelegate
    private let parser: ExpatParser
    private let markupLimit: Int

    init(settings: FeedSettings, name: String, base: String?) throws {
        self.name = name
        markupLimit = settings.markupLimit
        delegate =
            settings.events
            ? EventWriter(settings: settings, name: name)
            : FeedBuilder(settings: settings, name: name, base: base)
        // Everything reaches expat as UTF-8 (TextDecoder sees to it), so its own detection is overridden.
        // Items resolve the namespace prefixes they need themselves (see QualifiedNames); events report namespaces.
        parser = try ExpatParser(
            delegate: delegate, namespaces: settings.events, encoding: "UTF-8",
            entityDeclarations: HTMLEntities.declarations)
        // Items need text only inside the elements they capture, and turn it on there; events need all of it.
        parser.reportsText = settings.events
    }

    /// Parses the next piece; false once no more is wanted (--limit).
    func feed(_ bytes: [UInt8]) throws -> Bool {
        try parse(bytes.span, final: false)
        return !delegate.stopped
    }

    /// What was completed since the last call.
    func takeBatch() -> FeedBatch { delegate.takeBatch() }

    /// The input ended.
    func finish() throws {
        try parse(Span(), final: true)
        delegate.finish(parser: parser)
    }

    private func parse(_ bytes: Span<UInt8>, final: Bool) throws {
        guard !delegate.stopped else { return }
        do {
            try parser.parse(bytes, final: final)
        } catch {
            delegate.failed(error.message, line: error.line, column: error.column)
            throw ToolError(
                "'\(name)' is not well-formed XML: \(error.message) at line \(error.line), column \(error.column)")
        }
        if let (line, column) = delegate.tooDeep {
            let problem = "elements nested more than \(FeedLimits.depth) deep"
            delegate.failed(problem, line: line, column: column)
            throw ToolError("'\(name)' has \(problem) at line \(line), column \(column)")
        }
        // expat keeps a start tag, comment or processing instruction until it is whole: one that never ends would
        // take all the memory there is.
        if parser.unfinishedBytes > markupLimit {
            let problem = "a tag, comment or processing instruction too long to hold (more than \(markupLimit) bytes)"
            delegate.failed(problem, line: parser.line, column: parser.column)
            throw ToolError(
                "'\(name)' has \(problem) at line \(parser.line), column \(parser.column); see --max-field-size")
        }
    }
}
