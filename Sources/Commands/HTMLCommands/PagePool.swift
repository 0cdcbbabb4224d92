// Tree mode for many local files: their pages are parsed on worker threads, one per core (the parse is most of the
// work, and one page's parse cannot be split), and their records are printed on the main thread in the order
// the pages came, as soon as every earlier page's are out.
import Threads
import Toolbox

/// The workers of one run and the pages they have not handed back yet.
final class PagePool {
    private let workers: [WorkerPipeline<PageJob, PageResult>]
    private let context: Context
    private let tally: MatchTally
    /// The worker of each page sent and not printed yet, in the order sent.
    private var order: [Int] = []
    /// Results handed back per worker, in its order.
    private var ready: [[PageResult]]
    private var sent = 0

    init(workers count: Int, settings: HTMLSettings, query: PreparedQuery, context: Context, tally: MatchTally) throws {
        self.context = context
        self.tally = tally
        let encoding = context.output.takesEncodedRecords
        var workers: [WorkerPipeline<PageJob, PageResult>] = []
        for _ in 0..<count {
            do {
                workers.append(
                    try WorkerPipeline(capacity: 1) { pipeline in
                        // One encoder for all the worker's pages: its buffer grows to a page's records once.
                        var encoder = RecordBatchEncoder()
                        while let job = pipeline.next() {
                            let result = Self.work(
                                job, settings: settings, query: query, encoding: encoding, encoder: &encoder)
                            guard pipeline.emit(result) else { return }
                        }
                    })
            } catch {
                throw ToolError("cannot start a thread to parse pages: \(error)")
            }
        }
        self.workers = workers
        ready = Array(repeating: [], count: count)
    }

    deinit {
        for worker in workers { worker.cancel() }
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

    /// Hands `job` to the next worker (waiting while it is busy), then prints what is ready.
    func submit(_ job: consuming PageJob) throws {
        let index = sent % workers.count
        sent += 1
        order.append(index)
        workers[index].send(consume job) { ready[index].append($0) }
        try printReady(wait: false)
    }

    /// Prints the results of the pages whose turn it is; with `wait`, waits for the workers first.
    func printReady(wait: Bool) throws {
        if wait {
            for (index, worker) in workers.enumerated() { worker.waitUntilIdle { ready[index].append($0) } }
        }
        while let index = order.first, !ready[index].isEmpty {
            order.removeFirst()
            let result = ready[index].removeFirst()
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

    /// Waits for every page and prints the rest.
    func finish() throws {
        for (index, worker) in workers.enumerated() { worker.finish { ready[index].append($0) } }
        try printReady(wait: false)
    }
}
