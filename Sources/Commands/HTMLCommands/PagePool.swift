// Tree mode for many local files: their pages are parsed on worker threads, one per core (the parse is most of the
// work, and one page's parse cannot be split), and their records are printed on the main thread in the order
// the pages came, as soon as every earlier page's are out.
import Threads
import Toolbox

/// The workers of one run and the pages they have not handed back yet.
final class PagePool {
    private let pool: WorkerPool<PageJob, PageResult>
    private let context: Context
    private let tally: MatchTally

    /// Two pages in flight a worker: one parsed while the next waits, and the main thread printing a third.
    init(workers count: Int, settings: HTMLSettings, query: PreparedQuery, context: Context, tally: MatchTally) throws {
        self.context = context
        self.tally = tally
        let encoding = context.output.takesEncodedRecords
        do {
            pool = try WorkerPool(threads: count, capacity: 2 * count) {
                // One encoder for all the worker's pages: its buffer grows to a page's records once.
                var encoder = RecordBatchEncoder()
                return { job in Self.work(job, settings: settings, query: query, encoding: encoding, encoder: &encoder)
                }
            }
        } catch {
            throw ToolError("cannot start a thread to parse pages: \(error)")
        }
    }

    deinit {
        pool.cancel()
    }

    /// A worker's run of one page: its records collected (up to --limit) or encoded, its warnings and failure kept for
    /// the main thread to print.
    private static func work(
        _ job: consuming PageJob, settings: HTMLSettings, query: PreparedQuery, encoding: Bool,
        encoder: inout RecordBatchEncoder
    ) -> PageResult {
        var result = PageResult(name: job.name)
        do {
            try PageWork.run(consume job, settings: settings, query: query, warn: { result.warnings.append($0) }) {
                record in
                if encoding { encoder.add(record) } else { result.records.append(record) }
                return true
            }
        } catch {
            result.failure = (error as? ToolError)?.message ?? String(describing: error)
        }
        if encoding { result.encoded = encoder.take() }
        return result
    }

    /// Hands `job` to the workers (waiting while `capacity` pages are in flight), printing what is ready in order.
    func submit(_ job: consuming PageJob) throws {
        try pool.submit(job) { try print($0) }
    }

    /// Waits for every page sent so far and prints them (before a page that does not go through the pool).
    func printSent() throws {
        try pool.drain { try print($0) }
    }

    /// Waits for every page and prints the rest.
    func finish() throws {
        try pool.drain { try print($0) }
        pool.cancel()
    }

    /// Prints one page's records, warnings and failure, in the order the pages were sent.
    private func print(_ result: PageResult) throws {
        for warning in result.warnings { context.warn(warning) }
        for record in result.records {
            try context.output.emit(record)
            tally.count += 1
        }
        if let encoded = result.encoded {
            try context.output.emit(encoded)
            tally.count += encoded.count
        }
        if let failure = result.failure {
            context.error(failure)
            tally.failed += 1
        }
    }
}
