// Fetching URL sources concurrently on one libcurl multi handle, on this thread: bytes reach each source's handler
// from inside curl_multi_perform, and output is flushed before every wait so records reach the reader at once.
// --jobs transfers run at a time, --per-host of them to one server (their connections are reused), and never more
// than the open-files limit allows; the others wait their turn here, not in libcurl, so that waiting for a slot does
// not use up a source's --timeout.
import Curl
import POSIX

/// Fetches the URL sources of one run.
final class NetworkInput {
    let context: Context
    let settings: InputSettings
    private var makeHandler: ((Source) throws -> any InputHandler)?
    private var request: ((Source) -> [String])?
    private var response: ((Source, SourceResponse) -> Void)?
    private var jobs: [ObjectIdentifier: Job] = [:]
    private var waiting: [Job] = []
    /// Jobs waiting for a slot, per server.
    private var queued: HostQueue<Job>
    /// How many transfers run at once.
    private var concurrency = 1
    private var outputError: OutputError?
    private var summary = TargetOutcomes()
    private lazy var progress = ProgressMeter(output: context.output)

    /// One source's fetch, across retries.
    final class Job {
        let source: Source
        /// The server its connections go to, for --per-host.
        let server: String
        var attempts = 0
        var decompressing: DecompressingInput?
        var handler: (any InputHandler)?
        var delivered = 0
        var stopped = false
        var failure: String?
        var retryAt: Int64 = 0
        var transfer: CurlTransfer?
        /// The extra request headers of this source, asked for once.
        var headers: [String]?
        /// The final response, once its headers are in; reported once.
        var response: SourceResponse?
        /// Whether the request names a validator.
        var conditional = false
        /// When a byte last arrived, or the connection was made: the stall timeout counts from here; 0 before.
        var lastActivity: Int64 = 0
        var bytesSeen = 0
        var connected: Bool { lastActivity > 0 }

        init(_ source: Source) {
            self.source = source
            server = HostQueue<Job>.server(of: source.name)
        }

        var notModified: Bool { response?.isNotModified ?? false }
        /// A 304, conditional or not: no body to read.
        var bodiless: Bool { response?.status == 304 }
    }

    init(context: Context, settings: InputSettings) {
        self.context = context
        self.settings = settings
        queued = HostQueue(perHost: settings.perHost)
    }

    func read(
        _ sources: [Source], request: ((Source) -> [String])?, response: ((Source, SourceResponse) -> Void)?,
        _ makeHandler: @escaping (Source) throws -> any InputHandler
    ) throws -> TargetOutcomes {
        self.makeHandler = makeHandler
        self.request = request
        self.response = response
        let budget = DescriptorBudget.concurrentTasks()
        concurrency = min(settings.jobs, budget)
        let multi: CurlMulti
        do {
            // Idle connections are kept for the sources still to come, one descriptor each, in what the running
            // transfers leave of the budget.
            multi = try CurlMulti(idleConnections: max(concurrency, budget - concurrency))
        } catch {
            for source in sources { fail(Job(source), "cannot fetch '\(source.name)': \(error.message)") }
            return summary
        }
        for job in sources.map(Job.init) { queued.append(job, server: job.server) }
        startQueued(on: multi)
        defer { progress.clear() }
        while !jobs.isEmpty || !waiting.isEmpty || !queued.isEmpty {
            // Before waiting for the network, everything so far reaches the reader; while data is already waiting
            // there is no wait, and no reason to hold the handlers up.
            if jobs.isEmpty || !((try? multi.hasWork()) ?? false) {
                try idleHandlers(multi)
                try context.output.willWait()
            }
            // Handlers that wanted no more freed their slots; the last of them ends the run without a wait.
            if jobs.isEmpty && waiting.isEmpty && queued.isEmpty { break }
            startQueued(on: multi)
            let now = Clock.monotonicNanoseconds()
            let nextRetry = waiting.map(\.retryAt).min().map { max(0, Int(($0 - now) / 1_000_000)) } ?? 1000
            do {
                if !jobs.isEmpty {
                    let wait = min(nextRetry, nextStallCheck(now: now), progress.isActive ? 200 : 1000)
                    try multi.poll(milliseconds: wait)
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
                queued.finished(server: job.server)
                job.transfer = nil
                try complete(job, transfer: transfer, error: error)
            }
            try endStalled(multi)
            let due = Clock.monotonicNanoseconds()
            for job in waiting where job.retryAt <= due { queued.append(job, server: job.server) }
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

    /// Starts the queued jobs that fit, oldest first, as far as their servers have a free slot.
    private func startQueued(on multi: CurlMulti) {
        while jobs.count < concurrency, let next = queued.next() {
            start(next.element, on: multi)
        }
    }

    /// Removes a running job's transfer (it ended here, not in libcurl) and frees its slot.
    private func stop(_ job: Job, key: ObjectIdentifier, on multi: CurlMulti) {
        if let transfer = job.transfer { multi.remove(transfer) }
        jobs.removeValue(forKey: key)
        queued.finished(server: job.server)
        job.transfer = nil
    }

    /// Before waiting for the network, every handler delivers what it holds; one that fails ends its source, and
    /// one that wants no more (its --limit reached) ends it as a success.
    private func idleHandlers(_ multi: CurlMulti) throws(OutputError) {
        for (key, job) in jobs where job.failure == nil && !job.stopped {
            guard let decompressing = job.decompressing else { continue }
            if let message = try HandlerCall.failure(of: decompressing.idle) {
                stop(job, key: key, on: multi)
                fail(job, message)
            } else if !(job.handler?.wantsMore ?? true) {
                stop(job, key: key, on: multi)
                succeed(job)
            }
        }
    }

    /// Milliseconds until the first running transfer would count as stalled.
    private func nextStallCheck(now: Int64) -> Int {
        let stall = settings.stallTimeout.wholeNanoseconds
        guard stall > 0 else { return Int.max }
        let deadline = jobs.values.filter(\.connected).map { $0.lastActivity + stall }.min()
        return deadline.map { max(0, Int(($0 - now + 999_999) / 1_000_000)) } ?? Int.max
    }

    /// Ends the transfers that received nothing for --stall-timeout since they connected or last got a byte.
    private func endStalled(_ multi: CurlMulti) throws(OutputError) {
        let stall = settings.stallTimeout.wholeNanoseconds
        guard stall > 0 else { return }
        let now = Clock.monotonicNanoseconds()
        for (key, job) in jobs {
            guard let transfer = job.transfer else { continue }
            if transfer.bytesSeen != job.bytesSeen || (!job.connected && transfer.isConnected) {
                job.bytesSeen = transfer.bytesSeen
                job.lastActivity = now
            } else if job.connected && now - job.lastActivity >= stall {
                stop(job, key: key, on: multi)
                reportResponse(job, transfer)
                let message = "no data for \(settings.stallTimeout.argumentText)"
                try failed(job, message: message, transient: true, retryAfter: nil)
            }
        }
    }

    private func start(_ job: Job, on multi: CurlMulti) {
        var options = CurlTransfer.Options(url: job.source.name)
        options.timeout = settings.timeout?.wholeMilliseconds ?? 0
        options.connectTimeout = settings.connectTimeout.wholeMilliseconds
        // The stall timeout is watched here: libcurl's low-speed check averages over five seconds.
        options.stallTimeout = 0
        settings.request.apply(to: &options)
        if job.headers == nil { job.headers = request?(job.source) ?? [] }
        options.headers += job.headers ?? []
        job.conditional = SourceResponse.isConditional(options.headers)
        options.maxRedirects = settings.maxRedirects
        job.attempts += 1
        job.response = nil
        job.lastActivity = 0
        job.bytesSeen = 0
        do {
            let transfer = try CurlTransfer(options) { [unowned self, unowned job] bytes in
                self.deliver(bytes, to: job)
            }
            transfer.headersComplete = { [unowned self, unowned job] transfer in
                self.headersComplete(transfer, of: job)
            }
            try multi.add(transfer)
            job.transfer = transfer
            jobs[ObjectIdentifier(transfer)] = job
        } catch {
            queued.finished(server: job.server)
            fail(job, "cannot fetch '\(job.source.name)': \(error.message)")
        }
    }

    /// A response's headers are in: if it is the final one (not 1xx, not a redirect libcurl follows), it is
    /// reported now, before any byte of its body.
    private func headersComplete(_ transfer: CurlTransfer, of job: Job) {
        let status = transfer.httpStatus
        if (100..<200).contains(status) { return }
        let redirect = [301, 302, 303, 307, 308].contains(status) && transfer.responseHeader("Location") != nil
        if redirect && settings.maxRedirects > 0 { return }
        reportResponse(job, transfer)
    }

    /// Tells the caller what the server answered, once per attempt that got an answer: an HTTP response, or for
    /// ftp and file: URLs (status 0) their first bytes or their successful end (`ended`).
    private func reportResponse(_ job: Job, _ transfer: CurlTransfer, ended: Bool = false) {
        guard job.response == nil, transfer.httpStatus > 0 || transfer.bytesReceived > 0 || ended else { return }
        let answer = SourceResponse(
            status: transfer.httpStatus,
            etag: transfer.responseHeader("ETag"),
            lastModified: transfer.responseHeader("Last-Modified"),
            retryAfter: transfer.responseHeader("Retry-After").flatMap { RetryAfter.moment($0, now: .now()) },
            contentType: transfer.contentType ?? transfer.responseHeader("Content-Type"),
            effectiveURL: transfer.effectiveURL, conditional: job.conditional)
        job.response = answer
        response?(job.source, answer)
    }

    /// Called from inside curl_multi_perform with the next bytes of a job; false stops its transfer.
    private func deliver(_ bytes: Span<UInt8>, to job: Job) -> Bool {
        guard outputError == nil, job.failure == nil else { return false }
        if let transfer = job.transfer { reportResponse(job, transfer) }
        // A 304 has no body; should a server send one anyway, it is not the document.
        if job.bodiless { return true }
        do {
            if job.decompressing == nil, case .failed(let message) = try startHandler(job) {
                job.failure = message
                return false
            }
            guard let decompressing = job.decompressing else { return false }
            job.delivered += bytes.count
            switch try HandlerCall.run({ try decompressing.receive(bytes) }) {
            case .goOn:
                if job.handler?.wantsMore ?? true { return true }
                job.stopped = true
                return false
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
            job.decompressing = DecompressingInput(handler, name: job.source.name, enabled: settings.decompress)
            return true
        }
    }

    private func complete(_ job: Job, transfer: CurlTransfer, error: CurlError?) throws(OutputError) {
        if let failure = job.failure { return fail(job, failure) }
        if job.stopped { return succeed(job) }
        reportResponse(job, transfer, ended: error == nil)
        guard let error else {
            // Not modified: nothing to read, and no handler to make.
            if job.notModified { return succeed(job) }
            if let failure = job.response?.failure { return fail(job, "cannot fetch '\(job.source.name)': \(failure)") }
            // An empty body never reached deliver: the handler still starts and finishes.
            job.transfer = transfer
            if job.decompressing == nil, case .failed(let message) = try startHandler(job) { return fail(job, message) }
            job.transfer = nil
            guard let decompressing = job.decompressing else { return fail(job, "cannot fetch '\(job.source.name)'") }
            if let message = try HandlerCall.failure(of: decompressing.finish) { return fail(job, message) }
            return succeed(job)
        }
        let status = transfer.responseCode
        // Something else holds the descriptors for now: the job waits for another one to end.
        if error.isConnectFailure && transfer.ranOutOfDescriptors && job.delivered == 0 && !jobs.isEmpty {
            job.attempts -= 1
            queued.append(job, server: job.server)
            return
        }
        if error.isHTTPError && status > 0 {
            let transient = status == 408 || status == 429 || status >= 500
            let retryAfter = job.response?.retryAfter
            return try failed(job, message: "HTTP \(status)", transient: transient, retryAfter: retryAfter)
        }
        try failed(job, message: error.message, transient: error.isTransient, retryAfter: nil)
    }

    /// A transfer failed: the records of the bytes that arrived are printed, then it is tried again (--retry, a
    /// transient failure before any data) or reported. A Retry-After of up to a minute is the delay before the next
    /// try; a longer one means no retry this run, and the message says when the server expects the next.
    private func failed(_ job: Job, message: String, transient: Bool, retryAfter: Timestamp?) throws(OutputError) {
        // Bytes arrived before the failure: their records come first, then the error.
        if let decompressing = job.decompressing, let problem = try HandlerCall.failure(of: decompressing.abandon) {
            context.error(problem)
        }
        let now = Timestamp.now()
        let wait = retryAfter.map {
            max(0, ($0.seconds - now.seconds) * 1000 + Int64($0.nanoseconds - now.nanoseconds) / 1_000_000)
        }
        if transient && job.delivered == 0 && job.attempts <= settings.retries && (wait ?? 0) <= 60_000 {
            // Back off: 0.5 s, 1 s, 2 s… up to 10 s, unless the server said how long.
            let delay = wait ?? Int64(min(10_000, 500 << min(job.attempts - 1, 5)))
            job.retryAt = Clock.monotonicNanoseconds() + delay * 1_000_000
            waiting.append(job)
            return
        }
        let when = retryAfter.map { ", retry after \($0.rfc3339)" } ?? ""
        fail(job, "cannot fetch '\(job.source.name)': \(message)\(when)")
    }

    private func succeed(_ job: Job) {
        summary.done(job.source.name, records: job.handler?.recordCount ?? 0, visited: true, in: context)
    }

    private func fail(_ job: Job, _ message: String) {
        progress.clear()
        summary.failed(
            job.source.name, message: message, records: job.handler?.recordCount ?? 0, visited: true, in: context)
    }
}
