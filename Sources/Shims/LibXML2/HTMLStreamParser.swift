// A SAX HTML parser for pages of any size (`tb html --stream`): the caller feeds pieces of the page as they arrive
// and gets its elements, text and comments back as events, in flat memory, while libxml2 parses on a second thread.

import Bytes
import Threads

/// Parses an HTML page fed in pieces with libxml2's HTML parser (HTML 4 rules: it implies `html`, `head` and `body`
/// and closes elements as HTML 4 says), building no tree. The events come back in document order, on the calling
/// thread, inside `feed`, `drain` and `finish`.
///
/// libxml2 runs on a thread of its own and reads the pieces from a queue of at most four; `feed` waits while that
/// queue is full, handing over the events ready meanwhile, so memory stays flat however large the page. Events come
/// back in batches of up to 64 KiB, and whenever the parser waits for input; libxml2 reads 4,000 bytes at a time and
/// looks up to 250 bytes ahead, so the events of the last few KB fed wait for more input or for `finish`. Call
/// `drain` before waiting for more input to get everything parsed so far. Not for use from several threads at once.
///
///     let parser = try HTMLStreamParser()
///     for piece in pieces { parser.feed(piece) { event in … } }
///     try parser.finish { event in … }
public final class HTMLStreamParser {
    private let pipeline: HTMLStreamPipeline
    private var names: [String] = []
    private var sanitizer = UTF8Sanitizer()
    private var failure: LibXML2Error?
    private var cancelled = false

    /// Starts the parsing thread. With `text` false there are no `text` and `comment` events (less work for both
    /// threads when only elements and attributes matter; the elements are the same). Throws when libxml2 cannot be
    /// loaded or the thread cannot start. The corresponding C functions are `htmlNewParserCtxt` and
    /// `xmlParserInputBufferCreateIO`.
    public init(text: Bool = true) throws(LibXML2Error) {
        try LibXML2.loaded.get()
        // Sets up libxml2's global state (once) before a second thread touches it.
        libxml2.xmlInitParser()
        do {
            pipeline = try HTMLStreamPipeline(capacity: 4) { HTMLStreamSAX.run($0, text: text) }
        } catch {
            throw LibXML2Error(code: -1, message: "cannot start a thread: \(error)")
        }
    }

    deinit {
        pipeline.cancel()
    }

    /// Hands `piece` (UTF-8; a character may be split across pieces) to the parser, and the events ready so far
    /// to `handle`. Waits while the parser is four pieces behind. Bytes that are not UTF-8 become U+FFFD (libxml2
    /// would read the rest of the page as Latin-1), and so does U+0000 (libxml2 would drop the rest of the page or
    /// of the element).
    public func feed<Failure: Error>(
        _ piece: [UInt8], handle: (HTMLStreamEvent) throws(Failure) -> Void
    ) throws(Failure) {
        guard !cancelled else { return }
        let clean = repaired(piece, final: false)
        guard !clean.isEmpty else { return }
        try pipeline.send(clean) { (batch) throws(Failure) in try deliver(batch, handle) }
    }

    /// Waits until the parser has read every piece fed so far, handing the events to `handle`. Call it before
    /// waiting for more input, so that events never wait behind a slow source.
    public func drain<Failure: Error>(handle: (HTMLStreamEvent) throws(Failure) -> Void) throws(Failure) {
        guard !cancelled else { return }
        try pipeline.waitUntilIdle { (batch) throws(Failure) in try deliver(batch, handle) }
    }

    /// Ends the input: the parser closes every element still open, and the remaining events go to `handle`.
    /// Throws what `handle` throws, or a `LibXML2Error` when libxml2 gave up (it ran out of memory); malformed HTML
    /// is never an error.
    public func finish(handle: (HTMLStreamEvent) throws -> Void) throws {
        guard !cancelled else { return }
        let rest = repaired([], final: true)
        if !rest.isEmpty { try pipeline.send(rest) { try deliver($0, handle) } }
        try pipeline.finish { try deliver($0, handle) }
        if let failure { throw failure }
    }

    /// `piece` made valid: as it is when it is clean (most pages), else a repaired copy.
    private func repaired(_ piece: [UInt8], final: Bool) -> [UInt8] {
        if !final && !sanitizer.isHolding && UTF8Sanitizer.isClean(piece.span) { return piece }
        var output: [UInt8] = []
        sanitizer.sanitize(piece.span, final: final) { Bytes.append($0, to: &output) }
        return output
    }

    /// Stops the parser and frees it: no more events, `feed`, `drain` and `finish` do nothing. May be called from
    /// `handle` (the reader went away, enough was found) and more than once. Returns once the parsing thread ended,
    /// after at most the few KB libxml2 has read ahead.
    public func cancel() {
        cancelled = true
        pipeline.cancel()
    }

    /// Turns a batch into events for `handle`, in order, until cancelled.
    private func deliver<Failure: Error>(
        _ batch: HTMLStreamBatch, _ handle: (HTMLStreamEvent) throws(Failure) -> Void
    ) throws(Failure) {
        if !batch.newNames.isEmpty { names += batch.newNames }
        if let error = batch.failure { failure = error }
        let storage = HTMLStreamBatchStorage(records: batch.records, bytes: batch.bytes, names: names)
        let records = batch.records
        var index = 0
        while index < records.count && !cancelled {
            switch records[index] {
            case HTMLStreamRecord.start:
                let count = Int(records[index + 2])
                let attributes = HTMLStreamAttributes(batch: storage, base: index + 3, count: count)
                try handle(.start(name: names[Int(records[index + 1])], attributes: attributes))
                index += 3 + 3 * count
            case HTMLStreamRecord.end:
                try handle(.end(name: names[Int(records[index + 1])]))
                index += 2
            case let kind:
                let offset = Int(records[index + 1])
                let text = batch.bytes[offset..<offset + Int(records[index + 2])]
                try handle(kind == HTMLStreamRecord.text ? .text(text) : .comment(text))
                index += 3
            }
        }
    }
}
