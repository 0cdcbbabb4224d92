// The input handler of tb html's streaming on its own HTML5 parser, for one source: the page's bytes are decoded as
// they arrive and given to its PageStream, and the records it finds final are printed at once — those tree mode
// prints, in its order, in the memory of what is not final yet.
import Toolbox

/// Streams the nodes of one page.
final class TreeStreamPrinter: InputHandler {
    private let context: Context
    private let source: Source
    private let page: PageStream
    private var decoder: HTMLDecoder
    private var records: SourceRecords
    private var stopped = false
    /// The records built on a second thread, printed encoded.
    private let encoded = MatchTally()
    var recordCount: Int { records.count + encoded.count }
    var wantsMore: Bool { !stopped }

    /// The pool whose pages come before this one: printed before any of this page's records.
    private let pool: PagePool?

    init(
        settings: HTMLSettings, selectors: SelectorList, context: Context, source: Source, tally: MatchTally,
        after pool: PagePool? = nil
    ) {
        self.pool = pool
        self.context = context
        self.source = source
        records = SourceRecords(output: context.output, tally: tally, limit: settings.limit)
        decoder = HTMLDecoder(name: source.name, override: settings.encoding)
        let output = context.output
        var printEncoded: ((EncodedRecords) throws -> Void)?
        if output.takesEncodedRecords {
            printEncoded = { [encoded] records in
                try output.emit(records)
                encoded.count += records.count
                tally.count += records.count
            }
        }
        page = PageStream(
            settings: settings, selectors: selectors, name: source.name,
            documentURL: PagePrinter.documentURL(of: source, effectiveURL: nil), printEncoded: printEncoded)
    }

    func start(_ info: SourceInfo) throws {
        try pool?.printSent()
        decoder.use(contentType: info.contentType)
        if let url = info.effectiveURL { page.documentURL = url }
    }

    func receive(_ bytes: Span<UInt8>) throws -> Bool {
        var text: [UInt8] = []
        decoder.decode(bytes, final: false, into: &text) { context.warn($0) }
        try parse(text)
        return !stopped
    }

    /// Before the input layer waits for more bytes, what can be decided is printed.
    func idle() throws {
        guard !stopped else { return }
        var text: [UInt8] = []
        decoder.decideNow(into: &text) { context.warn($0) }
        try parse(text)
        try page.printAll()
    }

    func finish() throws {
        guard !stopped else { return }
        var text: [UInt8] = []
        decoder.decode(Span<UInt8>(), final: true, into: &text) { context.warn($0) }
        try parse(text)
        guard !stopped else { return }
        if try page.finish(emit) { context.warn(PageWork.reopeningWarning(source.name)) }
    }

    /// What arrived before the source broke off is a page too (browsers show it): its nodes are printed.
    func abandon() throws {
        try finish()
    }

    private func parse(_ text: [UInt8]) throws {
        guard !stopped else { return }
        if try !page.feed(text.span, emit) { stopped = true }
    }

    private func emit(_ record: NodeRecord) throws -> Bool {
        guard try records.emit(record) else {
            stopped = true
            return false
        }
        return true
    }
}
