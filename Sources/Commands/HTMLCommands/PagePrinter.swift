// The input handler of tb html for one source in tree mode: it gathers the page, then runs PageWork on it — on the
// main thread, printing each record as it is built, or, for one of many local files, on a worker of the PagePool, so
// that the pages of a run are parsed on every core.
import Bytes
import POSIX
import Toolbox

/// Prints the nodes of one page.
final class PagePrinter: InputHandler {
    private let settings: HTMLSettings
    private let query: PreparedQuery
    private let context: Context
    private let source: Source
    private let tally: MatchTally
    private let pool: PagePool?
    private var bytes: [UInt8] = []
    private var contentType: String?
    private var effectiveURL: String?
    private(set) var recordCount = 0

    init(
        settings: HTMLSettings, query: PreparedQuery, context: Context, source: Source, tally: MatchTally,
        pool: PagePool?
    ) {
        self.settings = settings
        self.query = query
        self.context = context
        self.source = source
        self.tally = tally
        // Fetched pages are printed before the input layer records their visit (with the number of records).
        self.pool = source.kind == .file ? pool : nil
    }

    func start(_ info: SourceInfo) throws {
        contentType = info.contentType
        effectiveURL = info.effectiveURL
        // The page is kept whole: room for all of it at once, rather than copying it each time it outgrows its array
        // (a gzipped file's size is a start). Memory only reserved is not touched.
        if let size = info.fileSize { bytes.reserveCapacity(min(size, 1 << 30)) }
    }

    func receive(_ bytes: Span<UInt8>) throws -> Bool {
        Bytes.append(bytes, to: &self.bytes)
        return true
    }

    func finish() throws {
        try printPage()
    }

    /// What arrived before the source broke off is a page too (browsers show it): its nodes are printed.
    func abandon() throws {
        try printPage()
    }

    func idle() throws {
        try pool?.printSent()
    }

    private func printPage() throws {
        var job = PageJob(bytes: [], name: source.name, url: documentURL(), contentType: contentType)
        swap(&job.bytes, &bytes)
        if let pool {
            try pool.submit(consume job)
            return
        }
        defer { tally.count += recordCount }
        let output = context.output
        try PageWork.run(
            consume job, settings: settings, query: query, warn: { context.warn($0) },
            emit: { record in
                try output.emit(record)
                recordCount += 1
                return true
            },
            emitEncoded: output.takesEncodedRecords
                ? { records in
                    try output.emit(records)
                    self.recordCount += records.count
                } : nil)
    }

    private func documentURL() -> String? { Self.documentURL(of: source, effectiveURL: effectiveURL) }

    /// A page's own URL: where it was fetched from (after redirects), or its file:// URL.
    static func documentURL(of source: Source, effectiveURL: String?) -> String? {
        if let effectiveURL { return effectiveURL }
        switch source.kind {
        case .url: return source.name
        case .file: return PageURLs.fileURL(path: source.name, directory: try? FileSystem.currentDirectory())
        case .standardInput: return nil
        }
    }
}
