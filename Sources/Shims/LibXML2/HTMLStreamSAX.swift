// The parsing thread of HTMLStreamParser: libxml2's HTML parser pulls the input through a read callback (its push
// parser keeps every byte it was given until the end; this one frees what it has parsed) and its SAX callbacks write
// events into batches for the caller's thread.
internal import CLibXML2
import Glibc
import Threads

/// The pipeline between the caller's thread and the parsing thread: pieces of input one way, batches the other.
typealias HTMLStreamPipeline = WorkerPipeline<[UInt8], HTMLStreamBatch>

/// The state of one parse, touched only by the parsing thread once it started. It lives at a fixed address (libxml2
/// gets it as its user data and hands it to each callback) and is freed by that thread at the end of the parse.
struct HTMLStreamSAX: ~Copyable {
    /// A batch goes to the caller once it holds this many bytes or records, and whenever the parser waits for input.
    static let batchBytes = 1 << 16
    static let batchRecords = 1 << 14
    /// The name of the parsing thread.
    static let threadName = "tb html stream"

    private let pipeline: HTMLStreamPipeline
    private let context: htmlParserCtxtPtr
    private var input: [UInt8] = []
    private var inputOffset = 0
    /// The batch being filled: records, bytes, and the names met for the first time.
    private var records = FlatBuffer<UInt32>(capacity: batchRecords + 1024)
    private var bytes = FlatBuffer<UInt8>(capacity: batchBytes + 4096)
    private var newNames: [String] = []
    /// Where the last record starts when it is text that more text may extend.
    private var openText = -1
    /// The caller cancelled: the input ends here and the callbacks that still come do nothing.
    private var stopped = false
    private var names = HTMLStreamNames()
    /// The names of the elements started and not ended yet, innermost last.
    private var openElements = FlatBuffer<UInt32>(capacity: 256)

    /// Creates libxml2's parser with `pipeline` as its input; nil when libxml2 runs out of memory.
    private static func start(_ pipeline: HTMLStreamPipeline, text: Bool) -> UnsafeMutablePointer<HTMLStreamSAX>? {
        guard let context = libxml2.htmlNewParserCtxt() else { return nil }
        let state = UnsafeMutablePointer<HTMLStreamSAX>.allocate(capacity: 1)
        state.initialize(to: HTMLStreamSAX(pipeline: pipeline, context: context))
        let user = UnsafeMutableRawPointer(state)
        // No startDocument handler: libxml2 builds no tree. Whitespace is text like any other.
        var handler = htmlSAXHandler()
        handler.startElement = { user, name, attributes in user?.sax.pointee.startElement(name, attributes) }
        handler.endElement = { user, name in user?.sax.pointee.endElement(name) }
        if text {
            handler.characters = { user, text, length in user?.sax.pointee.text(text, length) }
            handler.ignorableWhitespace = handler.characters
            // The text of script and style elements, in pieces of up to 1,000 bytes.
            handler.cdataBlock = handler.characters
            handler.comment = { user, text in user?.sax.pointee.comment(text) }
        }
        context.pointee.sax.pointee = handler
        context.pointee.userData = user
        // Always UTF-8 (the caller transcodes): XML_CHAR_ENCODING_UTF8 here, HTML_PARSE_IGNORE_ENC against
        // <meta charset>. The read callback reads `state`; libxml2 calls the close callback when it frees the input.
        guard
            let buffer = libxml2.xmlParserInputBufferCreateIO(
                { user, buffer, length in user?.sax.pointee.read(buffer, length) ?? -1 }, { _ in 0 }, user,
                XML_CHAR_ENCODING_UTF8)
        else {
            free(state)
            return nil
        }
        guard let stream = libxml2.xmlNewIOInputStream(context, buffer, XML_CHAR_ENCODING_UTF8) else {
            libxml2.xmlFreeParserInputBuffer(buffer)
            free(state)
            return nil
        }
        // A new parser has room for five inputs, so this cannot fail (when it does, it frees the stream itself).
        _ = libxml2.inputPush(context, stream)
        let options = [
            HTML_PARSE_RECOVER.rawValue, HTML_PARSE_NOERROR.rawValue, HTML_PARSE_NOWARNING.rawValue,
            HTML_PARSE_NONET.rawValue, HTML_PARSE_IGNORE_ENC.rawValue, XML_PARSE_HUGE.rawValue,
        ].reduce(0, |)
        _ = libxml2.htmlCtxtUseOptions(context, Int32(options))
        return state
    }

    /// Parses to the end of the input (or until cancelled), hands over the last batch, and frees everything; with
    /// `text` false, without text and comment events. Runs on the parsing thread.
    static func run(_ pipeline: HTMLStreamPipeline, text: Bool) {
        nameThread()
        let memory = LibXML2Error(code: Int(XML_ERR_NO_MEMORY.rawValue), message: "out of memory")
        guard let state = start(pipeline, text: text) else {
            _ = pipeline.emit(HTMLStreamBatch(failure: memory))
            return
        }
        _ = libxml2.htmlParseDocument(state.pointee.context)
        if !state.pointee.stopped {
            state.pointee.endDropped(depth: 0)
            var last = state.pointee.takeBatch()
            if state.pointee.context.pointee.errNo == XML_ERR_NO_MEMORY.rawValue { last.failure = memory }
            _ = state.pointee.pipeline.emit(last)
        }
        free(state)
    }

    /// Names the thread, for `top -H` and /proc/self/task/*/comm (the tests look for it there). Swift sees neither
    /// pthread_setname_np (it needs _GNU_SOURCE) nor prctl (variadic); glibc's pthread_setname_np writes here too.
    private static func nameThread() {
        let file = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard file >= 0 else { return }
        _ = threadName.withCString { write(file, $0, strlen($0)) }
        close(file)
    }

    /// Frees libxml2's parser (and with it the input) and the state.
    private static func free(_ state: UnsafeMutablePointer<HTMLStreamSAX>) {
        libxml2.htmlFreeParserCtxt(state.pointee.context)
        state.deinitialize(count: 1)
        state.deallocate()
    }

    // MARK: Callbacks

    /// libxml2 wants `length` more bytes: they come from the pieces queued, waiting for the next one (once the events
    /// so far have gone to the caller) as long as there is one. Fewer only at the end of the input: libxml2's HTML
    /// parser reads once before looking ahead (up to 250 bytes, for `<!DOCTYPE` or `<!--`), so a short read in the
    /// middle would make it misread what it cannot see.
    mutating func read(_ buffer: UnsafeMutablePointer<CChar>?, _ length: Int32) -> Int32 {
        guard let buffer, !stopped else { return 0 }
        var filled = 0
        while filled < Int(length) {
            if inputOffset == input.count {
                flush()
                guard !stopped, let next = pipeline.next() else { break }
                input = next
                inputOffset = 0
            }
            let count = min(Int(length) - filled, input.count - inputOffset)
            input[inputOffset..<inputOffset + count].withUnsafeBytes {
                UnsafeMutableRawBufferPointer(start: buffer + filled, count: count).copyMemory(from: $0)
            }
            inputOffset += count
            filled += count
        }
        return Int32(filled)
    }

    mutating func startElement(
        _ name: UnsafePointer<xmlChar>?, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        guard let name, !stopped else { return }
        // libxml2 has pushed this element on its stack already.
        endDropped(depth: Int(context.pointee.nameNr) - 1)
        openText = -1
        let element = number(name)
        openElements.append(element)
        records.append(HTMLStreamRecord.start)
        records.append(element)
        let countAt = records.count
        records.append(0)
        var count: UInt32 = 0
        if let attributes {
            var index = 0
            while let attribute = attributes[index] {
                records.append(number(attribute))
                if let value = attributes[index + 1] {
                    append(value, strlen(value))
                } else {
                    records.append(UInt32(bytes.count))
                    records.append(0)
                }
                count += 1
                index += 2
            }
        }
        records[countAt] = count
        flushIfFull()
    }

    /// An element ends: always the innermost open one (libxml2 pops it from its stack after this call), so its
    /// number is taken from `openElements`.
    mutating func endElement(_ name: UnsafePointer<xmlChar>?) {
        guard name != nil, !stopped else { return }
        endDropped(depth: Int(context.pointee.nameNr))
        guard openElements.count > 0 else { return }
        end()
    }

    /// Ends the elements libxml2 dropped from its stack without calling endElement, so that every start has its
    /// end: it does that for a start tag cut off by the end of the input (`<div>x<y`), keeping the element empty,
    /// as its tree does. `depth` is the depth of libxml2's stack before the event at hand.
    private mutating func endDropped(depth: Int) {
        while openElements.count > max(depth, 0) { end() }
    }

    private mutating func end() {
        openText = -1
        records.append(HTMLStreamRecord.end)
        records.append(openElements.removeLast())
        flushIfFull()
    }

    mutating func text(_ text: UnsafePointer<xmlChar>?, _ length: Int32) {
        guard let text, length > 0, !stopped else { return }
        endDropped(depth: Int(context.pointee.nameNr))
        // libxml2 breaks text at every entity and every 1,000 bytes: one record for the run.
        if openText >= 0 {
            bytes.append(text, count: Int(length))
            records[openText + 2] += UInt32(length)
        } else {
            openText = records.count
            records.append(HTMLStreamRecord.text)
            append(text, Int(length))
        }
        flushIfFull()
    }

    mutating func comment(_ text: UnsafePointer<xmlChar>?) {
        guard let text, !stopped else { return }
        endDropped(depth: Int(context.pointee.nameNr))
        openText = -1
        records.append(HTMLStreamRecord.comment)
        append(text, strlen(text))
        flushIfFull()
    }

    // MARK: Batches

    /// Appends `count` bytes at `text` to the batch and their offset and length to its records.
    private mutating func append(_ text: UnsafePointer<xmlChar>, _ count: Int) {
        records.append(UInt32(bytes.count))
        records.append(UInt32(count))
        bytes.append(text, count: count)
    }

    private mutating func number(_ name: UnsafePointer<xmlChar>) -> UInt32 {
        names.number(name) { newNames.append($0) }
    }

    private mutating func flushIfFull() {
        if bytes.count >= Self.batchBytes || records.count >= Self.batchRecords { flush() }
    }

    /// The batch so far, for the caller; the buffers are then empty.
    private mutating func takeBatch() -> HTMLStreamBatch {
        openText = -1
        defer { newNames = [] }
        return HTMLStreamBatch(records: records.takeArray(), bytes: bytes.takeArray(), newNames: newNames)
    }

    /// Hands the batch to the caller (waiting while the caller is behind); stops the parser when it cancelled.
    private mutating func flush() {
        guard records.count > 0 else { return }
        let full = takeBatch()
        // Cancelled: the read callback now reports the end of the input, so libxml2 stops after the few KB it holds.
        // Not xmlStopParser: it frees the input under the parser's feet (a crash in 2.9.14, from any callback).
        if !pipeline.emit(full) { stopped = true }
    }
}

extension UnsafeMutableRawPointer {
    /// The parse state behind libxml2's user data pointer.
    fileprivate var sax: UnsafeMutablePointer<HTMLStreamSAX> { assumingMemoryBound(to: HTMLStreamSAX.self) }
}
