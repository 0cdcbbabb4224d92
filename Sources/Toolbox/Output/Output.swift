// Where commands send their records. The kernel builds it once from the output settings; a command only calls
// emit, and willWait before it blocks on input, so a slow source's records reach the reader right away.
import Bytes
import POSIX

/// The output of one command run.
public final class Output {
    /// Where the bytes go.
    public enum Sink {
        case standardOutput
        /// Kept in memory, for tests.
        case memory(MemoryBuffer)
    }

    public let settings: OutputSettings
    private let sink: Sink
    // (Usable from `emit`, which is inlinable.)
    @usableFromInline var encoder = RecordEncoder()
    @usableFromInline let writer: (any RecordWriter)?
    /// How many records were emitted.
    public internal(set) var recordCount = 0

    /// Called before bytes go to stdout (the progress line on a terminal wipes itself).
    public var beforeWrite: (() -> Void)?

    /// Bytes buffered before a write when nobody is waiting for them.
    static let bufferLimit = 1 << 16

    /// Whether a stop signal must find whole records (stdout; not the memory of tests).
    @usableFromInline let guardsSignals: Bool

    public init(settings: OutputSettings, sink: Sink = .standardOutput) {
        self.settings = settings
        self.sink = sink
        if case .standardOutput = sink { guardsSignals = true } else { guardsSignals = false }
        switch settings.style {
        case .ndjson: writer = settings.fields.map { ProjectedNDJSONWriter(fields: $0) }
        case .tsv: writer = TSVWriter(fields: settings.fields)
        case .table, .human:
            writer = TableWriter(
                fields: settings.fields, color: settings.color, width: settings.width, streaming: settings.interactive)
        case .template(let template): writer = TemplateWriter(template: template)
        }
    }

    deinit {
        // The buffer goes away: a signal from now on has nothing to write.
        if guardsSignals {
            StopSignals.enter()
            StopSignals.leave(committing: Span())
        }
    }

    /// Writes one record. On a terminal it is flushed at once; otherwise it may wait in the buffer until the
    /// buffer fills, `willWait` or the end of the run.
    /// Inlinable, so that each command's module has it specialized for its record types: a generic call per record
    /// (the record copied through its type's metadata, its schema through a witness table) cost a tenth of an NDJSON
    /// run of tb regex.
    @inlinable
    public func emit<R: Record>(_ record: R) throws(OutputError) {
        // The hot path of every command: the stop-signal stretch is opened here rather than through `whole`, whose
        // closure would cost an access to the encoder per record.
        if guardsSignals { StopSignals.enter() }
        defer { leaveStretch() }
        Self.encode(record, into: &encoder, capture: writer != nil)
        if writer != nil { writeCaptured(R.schema) }
        try counted()
    }

    /// The captured record through the writer (a format other than plain NDJSON).
    @usableFromInline
    func writeCaptured(_ schema: RecordSchema) {
        let schema = settings.schemas.isEmpty ? schema : settings.schemas[schema.type] ?? schema
        writer?.write(schema, encoder.captured, to: &encoder.out)
    }

    /// A record was emitted: counted, and the buffer written when someone waits for it or it is full.
    @usableFromInline
    func counted() throws(OutputError) {
        recordCount += 1
        if settings.interactive || encoder.out.count >= Self.bufferLimit { try flushBuffer() }
    }

    /// Ends a stop-signal stretch: the buffer holds whole records.
    @inline(__always)
    @usableFromInline
    func leaveStretch() {
        guard guardsSignals else { return }
        encoder.out.withSpan { StopSignals.leave(committing: $0) }
    }

    /// Runs a change of the buffer (or a write of it) that a stop signal must not cut: SIGINT or SIGTERM waits for
    /// its end, and then finds the buffer holding whole records only.
    @inline(__always)
    private func whole(_ body: () throws(OutputError) -> Void) throws(OutputError) {
        guard guardsSignals else { return try body() }
        StopSignals.enter()
        defer { leaveStretch() }
        try body()
    }

    /// One exclusive access to the encoder for the whole record.
    @inlinable
    static func encode<R: Record>(_ record: R, into encoder: inout RecordEncoder, capture: Bool) {
        encoder.begin(R.self, capture: capture)
        record.encode(to: &encoder)
        encoder.finish()
    }

    /// Writes raw bytes (for commands that print file contents rather than records).
    public func write(_ bytes: Span<UInt8>) throws(OutputError) {
        try whole { () throws(OutputError) in
            if encoder.out.count + bytes.count > Self.bufferLimit { try flushBuffer() }
            if bytes.count >= Self.bufferLimit {
                try send(bytes)
            } else {
                encoder.out.append(bytes)
            }
        }
    }

    /// Whether the output shows the field `name` at all (--fields and --template may leave it out): a command may
    /// skip computing a field that costs much and is not shown.
    public func shows(_ name: String) -> Bool {
        if let fields = settings.fields { return fields.contains { $0 == name || $0.hasPrefix(name + ".") } }
        if case .template(let template) = settings.style { return template.mentions(name) }
        return true
    }

    /// Whether records of type `R` show the field `name`: as `shows(_:)`, and not in a table the command limited to
    /// other fields (`showOnlyInTable`). Ask after that call.
    public func shows<R: Record>(_ name: String, in type: R.Type) -> Bool {
        shows(name) && (writer as? TableWriter)?.shows(name, of: R.schema) ?? true
    }

    /// Before the first record of type `R`: its table also shows these fields, which it leaves out by default; for
    /// fields it shows only when set, a streaming table keeps room for them from its first row. Other formats, and
    /// tables of --fields, are not changed.
    public func showInTable<R: Record>(_ fields: [String], of type: R.Type) {
        (writer as? TableWriter)?.show(fields, of: R.schema)
    }

    /// Before the first record of type `R`: its table shows `fields` only (an object field whose members the run
    /// knows: a column for each), for a run whose user named what to see (tb html's --extract). Other formats, and
    /// tables of --fields, are not changed.
    public func showOnlyInTable<R: Record>(_ fields: [String], of type: R.Type) {
        (writer as? TableWriter)?.showOnly(fields, of: settings.schemas[R.schema.type] ?? R.schema)
    }

    /// Before the first record of type `R`: in its table the columns of `fields` get their width before other text
    /// and URLs share what is left, up to their widest value, or the widest of `values`, which a command that knows
    /// them in advance gives so that a streaming table makes room for rows it has not seen (tb reach's targets).
    public func widenFirst<R: Record>(_ fields: [String], of type: R.Type, toFit values: [String] = []) {
        (writer as? TableWriter)?.widenFirst(fields, of: R.schema, toFit: values)
    }

    /// For a run that goes on until it is interrupted (`--watch`): a table into a pipe starts at the first wait, as
    /// on a terminal, rather than at the end, which never comes.
    public func runsUntilInterrupted() {
        (writer as? TableWriter)?.streamFromNow()
    }

    /// Call before blocking on input: everything emitted so far reaches the reader now (a table into a pipe still
    /// waits for the end, so that all its rows line up).
    public func willWait() throws(OutputError) {
        try whole { () throws(OutputError) in
            writer?.release(to: &encoder.out)
            try flushBuffer()
        }
    }

    /// Writes out the buffer.
    public func flush() throws(OutputError) {
        try whole(flushBuffer)
    }

    private func flushBuffer() throws(OutputError) {
        guard !encoder.out.isEmpty else { return }
        defer { encoder.out.removeAll() }
        try encoder.out.withSpan { (bytes) throws(OutputError) in try send(bytes) }
    }

    /// Ends the run: held-back rows and the buffer go out.
    public func finish() throws(OutputError) {
        try whole { () throws(OutputError) in
            writer?.finish(to: &encoder.out)
            try flushBuffer()
        }
    }

    private func send(_ bytes: Span<UInt8>) throws(OutputError) {
        beforeWrite?()
        switch sink {
        case .memory(let buffer):
            Bytes.append(bytes, to: &buffer.bytes)
        case .standardOutput:
            do {
                try FileDescriptor.standardOutput.write(bytes)
            } catch {
                // EBADF: stdout was closed when tb started (`>&-`), and a stand-in that refuses writes holds it.
                if error.isNotOpen { throw .failed("standard output is not open for writing") }
                throw error.isBrokenPipe ? .closed : .failed(error.reason)
            }
        }
    }
}

extension Output {
    /// Writes text as it is (help, generated files).
    public func write(_ text: String) throws(OutputError) {
        try write(text.utf8.span)
    }
}
