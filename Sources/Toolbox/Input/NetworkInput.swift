// Fetching URL sources, all at once on one libcurl multi handle, on this thread: bytes reach each source's handler
// from inside curl_multi_perform, and output is flushed before every wait so records reach the reader at once. As
// many run at a time as the open-files limit allows; the others wait their turn.
import Curl
import POSIX

/// Fetches the URL sources of one run.
final class NetworkInput {
    let context: Context
    let settings: InputSettings
    private var makeHandler: ((Source) throws -> any InputHandler)?
    private var jobs: [ObjectIdentifier: Job] = [:]
    private var waiting: [Job] = []
    /// Jobs waiting for a slot.
    private var queued = WaitingLine<Job>()
    /// How many transfers run at once.
    private var concurrency = 1
    private var outputError: OutputError?
    private var summary = InputSummary()
    private lazy var progress = ProgressMeter(output: context.output)

    /// One source's fetch, across retries.
    final class Job {
        let source: Source
        var attempts = 0
        var gzip: GzipInput?
        var handler: (any InputHandler)?
        var delivered = 0
        var stopped = false
        var failure: String?
        var retryAt: Int64 = 0
        var transfer: CurlTransfer?

        init(_ source: Source) { self.source = source }
    }

    init(context: Context, settings: InputSettings) {
        self.context = context
        self.settings = settings
    }

    func read(_ sources: [Source], _ makeHandler: @escaping (Source) throws -> any InputHandler) throws
        -> InputSummary
    {
        self.makeHandler = makeHandler
        concurrency = DescriptorBudget.concurrentTasks()
        let multi: CurlMulti
        do {
            multi = try CurlMulti(idleConnections: concurrency)
        } catch {
            for source in sources { fail(Job(source), "cannot fetch '\(source.name)': \(error.message)") }
            return summary
        }
        queued.append(contentsOf: sources.map(Job.init))
        startQueued(on: multi)
        defer { progress.clear() }
        while !jobs.isEmpty || !waiting.isEmpty || !queued.isEmpty {
            // Before waiting for the network, everything so far reaches the reader; while data is already waiting
            // there is no wait, and no reason to hold the handlers up.
            if jobs.isEmpty || !((try? multi.hasWork()) ?? false) {
                try idleHandlers(multi)
                try context.output.willWait()
            }
            let now = Clock.monotonicNanoseconds()
            let nextRetry = waiting.map(\.retryAt).min().map { max(0, Int(($0 - now) / 1_000_000)) } ?? 1000
            do {
                if !jobs.isEmpty {
                    try multi.poll(milliseconds: min(nextRetry, progress.isActive ? 200 : 1000))
                    try multi.perform()
                } else {
                    Clock.sleep(milliseconds: nextRetry)
                }
            } catch {
                for job in Array(jobs.values) + waiting + queued.takeAll() {
                    fail(job, "cannot fetch '\(job.source.name)': \(error.message)")
                }
                jobs.removeAll()
                waiting.removeAll()
                break
            }
            if let outputError { throw outputError }
            for (transfer, error) in multi.finished() {
                guard let job = jobs.removeValue(forKey: ObjectIdentifier(transfer)) else { continue }
                job.transfer = nil
                try complete(job, transfer: transfer, error: error)
            }
            let due = Clock.monotonicNanoseconds()
            queued.append(contentsOf: waiting.filter { $0.retryAt <= due })
            waiting.removeAll { $0.retryAt <= due }
            startQueued(on: multi)
            progress.update(
                running: jobs.count,
                total: summary.succeeded + summary.failed + jobs.count + waiting.count + queued.count,
                received: jobs.values.reduce(0) { $0 + ($1.transfer?.bytesReceived ?? 0) },
                expected: jobs.count == 1 ? jobs.values.first?.transfer?.expectedLength : nil)
        }
        return summary
    }

    /// Starts the queued jobs that fit, oldest first.
    private func startQueued(on multi: CurlMulti) {
        for job in queued.take(upTo: concurrency - jobs.count) { start(job, on: multi) }
    }

    /// Before waiting for the network, every handler delivers what it holds; one that fails ends its source.
    private func idleHandlers(_ multi: CurlMulti) throws(OutputError) {
        for (key, job) in jobs where job.failure == nil && !job.stopped {
            guard let gzip = job.gzip else { continue }
            if let message = try HandlerCall.failure(of: gzip.idle) {
                if let transfer = job.transfer { multi.remove(transfer) }
                jobs.removeValue(forKey: key)
                job.transfer = nil
                fail(job, message)
            }
        }
    }

    private func start(_ job: Job, on multi: CurlMulti) {
        var options = CurlTransfer.Options(url: job.source.name)
        options.timeout = settings.timeout?.wholeMilliseconds ?? 0
        options.connectTimeout = settings.connectTimeout.wholeMilliseconds
        settings.request.apply(to: &options)
        options.maxRedirects = settings.maxRedirects
        job.attempts += 1
        do {
            let transfer = try CurlTransfer(options) { [unowned self, unowned job] bytes in
                self.deliver(bytes, to: job)
            }
            try multi.add(transfer)
            job.transfer = transfer
            jobs[ObjectIdentifier(transfer)] = job
        } catch {
            fail(job, "cannot fetch '\(job.source.name)': \(error.message)")
        }
    }

    /// Called from inside curl_multi_perform with the next bytes of a job; false stops its transfer.
    private func deliver(_ bytes: Span<UInt8>, to job: Job) -> Bool {
        guard outputError == nil, job.failure == nil else { return false }
        do {
            if job.gzip == nil, case .failed(let message) = try startHandler(job) {
                job.failure = message
                return false
            }
            guard let gzip = job.gzip else { return false }
            job.delivered += bytes.count
            switch try HandlerCall.run({ try gzip.receive(bytes) }) {
            case .goOn: return true
            case .stopped:
                job.stopped = true
                return false
            case .failed(let message):
                job.failure = message
                return false
            }
        } catch {
            outputError = error
            return false
        }
    }

    private func startHandler(_ job: Job) throws(OutputError) -> HandlerCall.Outcome {
        guard let makeHandler else { return .failed("no handler") }
        let info = SourceInfo(
            source: job.source, contentType: job.transfer?.contentType, effectiveURL: job.transfer?.effectiveURL)
        return try HandlerCall.run {
            let handler = try makeHandler(job.source)
            job.handler = handler
            try handler.start(info)
            job.gzip = GzipInput(handler, name: job.source.name)
            return true
        }
    }

    private func complete(_ job: Job, transfer: CurlTransfer, error: CurlError?) throws(OutputError) {
        if let failure = job.failure { return fail(job, failure) }
        if job.stopped { return succeed(job) }
        guard let error else {
            // An empty body never reached deliver: the handler still starts and finishes.
            job.transfer = transfer
            if job.gzip == nil, case .failed(let message) = try startHandler(job) { return fail(job, message) }
            job.transfer = nil
            guard let gzip = job.gzip else { return fail(job, "cannot fetch '\(job.source.name)'") }
            if let message = try HandlerCall.failure(of: gzip.finish) { return fail(job, message) }
            return succeed(job)
        }
        let status = transfer.responseCode
        let message = error.isHTTPError && status > 0 ? "HTTP \(status)" : error.message
        // Bytes arrived before the failure: their records come first, then the error.
        if let gzip = job.gzip, let problem = try HandlerCall.failure(of: gzip.abandon) { context.error(problem) }
        // Something else holds the descriptors for now: the job waits for another one to end.
        if error.isConnectFailure && transfer.ranOutOfDescriptors && job.delivered == 0 && !jobs.isEmpty {
            job.attempts -= 1
            queued.append(job)
            return
        }
        let retryable =
            error.isTransient || (error.isHTTPError && (status == 408 || status == 429 || status >= 500))
        if retryable && job.delivered == 0 && job.attempts <= settings.retries {
            // Back off: 0.5 s, 1 s, 2 s… up to 10 s.
            let delay = min(10_000, 500 << min(job.attempts - 1, 5))
            job.retryAt = Clock.monotonicNanoseconds() + Int64(delay) * 1_000_000
            waiting.append(job)
            return
        }
        fail(job, "cannot fetch '\(job.source.name)': \(message)")
    }

    private func succeed(_ job: Job) {
        summary.succeeded += 1
        context.recordVisit(target: job.source.name, exitStatus: .success, records: job.handler?.recordCount ?? 0)
    }

    private func fail(_ job: Job, _ message: String) {
        progress.clear()
        context.error(message)
        summary.failed += 1
        context.recordVisit(target: job.source.name, exitStatus: .failure, records: job.handler?.recordCount ?? 0)
    }
}
