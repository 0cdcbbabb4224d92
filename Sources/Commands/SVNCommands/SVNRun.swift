// What every svn command does around libsvn: one target after another, a failure reported in one line without
// stopping the others, output paced for a reader waiting on a pipe, and each target in the history.
import POSIX
import SVN
import Toolbox

/// The run of one svn command over its targets.
struct SVNRun {
    let context: Context
    /// "list", "read", "get the log of", "get information on": what failed, for messages.
    let verb: String
    /// How long a server may go without a result (SVNOptions.timeout).
    let timeout: Duration
    /// Whether the target being read is on a server, where libsvn's waits are worth a flush (see `handOver`).
    let remote = RemoteFlag()
    private var pacer = FlushPacer()
    /// Records a view printed in their place (svn log -v's lines on a terminal): the history counts them too.
    private var viewed = 0

    init(context: Context, verb: String, timeout: Duration) {
        self.context = context
        self.verb = verb
        self.timeout = timeout
    }

    /// The current directory as the target, when it is in a working copy.
    private static func currentWorkingCopy(_ context: Context) throws -> SVNTarget {
        let missing = UsageError("missing TARGET: a URL, @bookmark or path (or run it inside a working copy)")
        guard let here = try? SVNTarget(".", context: context), here.workingCopy != nil || here.problem != nil else {
            throw missing
        }
        return here
    }

    /// Runs `body` for each target; a target that fails is reported and the others go on. 0 when all succeeded,
    /// else 2. Paths in working copies stand for their nodes' URLs unless `workingCopies` is off. No target at all
    /// is the current directory when it is in a working copy, as svn takes it, and a usage error elsewhere.
    mutating func each(
        _ texts: [String], workingCopies: Bool = true, _ body: (SVNTarget, inout SVNRun) throws -> Void
    ) throws -> ExitStatus {
        var outcomes = TargetOutcomes()
        var targets: [SVNTarget] = []
        for text in texts { targets.append(try SVNTarget(text, context: context, workingCopies: workingCopies)) }
        if texts.isEmpty { targets = [try Self.currentWorkingCopy(context)] }
        let verb = verb
        for target in targets {
            try perform(target.text, remote: !target.url.hasPrefix("file://"), outcomes: &outcomes) { run in
                if let problem = target.problem { throw ToolError("cannot \(verb) '\(target.text)': \(problem)") }
                try body(target, &run)
            }
        }
        return outcomes.exitStatus()
    }

    /// Runs `body` for one target, `text` as typed, which reads from a server when `remote`: a failure is reported
    /// in one line and counted in `outcomes`, and the target goes into the history.
    mutating func perform(
        _ text: String, remote: Bool, outcomes: inout TargetOutcomes, _ body: (inout SVNRun) throws -> Void
    ) throws {
        let before = context.output.recordCount + viewed
        // libsvn has no timeout for svn:// (a connect to a host that drops packets, a server that accepts and
        // never speaks, or sends bytes that never make an answer): the watchdog ends such a run, unless a
        // result comes (see SVNOptions.client). Local repositories cannot go silent that way.
        self.remote.isOn = remote
        if remote {
            Watchdog.arm(
                timeout,
                message: Diagnostics.oneLine(
                    "tb \(context.commandName): cannot \(verb) '\(text)': no answer from the server "
                        + "within \(timeout.argumentText)"))
        }
        defer { Watchdog.disarm() }
        var failure: String?
        do {
            try body(&self)
        } catch let error as SVNError {
            failure = "cannot \(verb) '\(text)': \(Self.message(error))"
        } catch let error as ToolError {
            failure = error.message
        }
        let records = context.output.recordCount + viewed - before
        if let failure {
            outcomes.failed(text, message: failure, records: records, visited: true, in: context)
        } else {
            outcomes.done(text, records: records, visited: true, in: context)
        }
    }

    /// The client for this run: libsvn's checks before it reads from a server hand what is buffered to the reader
    /// (the records already received must not wait for the server's next bytes).
    func client(_ values: SVNOptions.Values) throws -> SVNClient {
        let client = try SVNOptions.client(values, context: context)
        client.onCheck = { [remote, output = context.output] in
            // A local repository never waits: flushing at each of its many checks would only cost writes. A reader
            // that went away is noticed at the next record.
            if remote.isOn { try? Watchdog.outside { try output.willWait() } }
        }
        // The watchdog waits for results, not bytes: a server that trickles bytes and never answers is as silent.
        client.onResult = { [remote] in
            if remote.isOn { Watchdog.progress() }
        }
        return client
    }

    /// Counts a record that a view printed in its own way.
    mutating func printedInView() {
        viewed += 1
    }

    /// Emits a record, flushing it when a reader may be waiting (see FlushPacer).
    mutating func emit<R: Record>(_ record: R) throws {
        // A reader that is slow to drain the pipe is not a silent server (and only a server is watched).
        if remote.isOn { try Watchdog.outside { try write(record) } } else { try write(record) }
    }

    private mutating func write<R: Record>(_ record: R) throws {
        try context.output.emit(record)
        try pacer.emitted(context.output)
    }

    /// libsvn's chain in one line, lowercase as tb's messages are, with a hint where the cause is the credentials.
    static func message(_ error: SVNError) -> String {
        // One wording for what each layer words its own way ("path '/x' not found", "URL '…' non-existent in
        // revision 4", "file not found: revision 4, path '/x'"): the target is named before it.
        if error.isMissingPath {
            return "not found" + (Self.revision(in: error.description).map { " in revision \($0)" } ?? "")
        }
        var text = error.chain.map { $0.split(whereSeparator: \.isNewline).joined(separator: " ") }
            .joined(separator: ": ")
        // "Path '/x' not found" → "path '/x' not found"; "URL …" and "E170013" keep their capitals.
        if let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase == true {
            text = first.lowercased() + text.dropFirst()
        }
        if error.isCertificateFailure {
            return text + " (tb never prompts: --trust-server-cert-failures names the failures to accept)"
        }
        guard error.isAuthenticationFailure else { return text }
        return text + " (tb never prompts: give --username and TB_SVN_PASSWORD or --password-file)"
    }
}

extension SVNRun {
    /// The revision libsvn's message names ("… in revision 4", "revision 4, path …"), if it names one.
    static func revision(in message: String) -> Int? {
        let words = message.split(separator: " ")
        for (word, next) in zip(words, words.dropFirst()) where word == "revision" {
            if let number = Int(next.prefix { $0.isASCII && $0.isNumber }) { return number }
        }
        return nil
    }
}
