// One expat parser: bytes in, callbacks to a delegate out. Namespaces are processed (names come expanded with their
// prefix) or not (names as written, xmlns declarations as attributes); no external entity or DTD is ever fetched,
// entity expansion stays bounded (billion laughs), and a huge unfinished token is not parsed again for every piece
// (reparse deferral) while what expat holds of it can be watched. By default the events go through a tape (see
// ExpatTape.swift): expat's callbacks, in C, write them down, and the delegate is called for each after expat has
// parsed the piece, which spares a call from C into Swift per event.
internal import CExpat
import Glibc
import Threads

/// A streaming XML parser. The corresponding C type is `XML_Parser`.
public final class ExpatParser {
    private let parser: OpaquePointer
    /// Strong: the delegate does not keep the parser (callbacks get it as an argument), so there is no cycle, and a
    /// strong reference costs nothing per callback.
    private let delegate: any ExpatDelegate
    /// Declarations parsed in place of any external DTD (and as the DTD of documents without one), so that the
    /// entities they declare (HTML's &eacute; and the like) are known. Never fetched from anywhere.
    private let entityDeclarations: [UInt8]
    /// Bounds on what a hostile document can make expat hold.
    public struct Limits: Sendable {
        /// Elements nested deeper end the parse: expat keeps every open element (ten million took 1.4 GB).
        public var depth: Int?
        /// An unfinished start tag, comment or processing instruction holding more bytes ends the parse: expat
        /// reports them only whole, so it keeps one that never ends whole, however long (see `unfinishedBytes`).
        public var unfinishedBytes: Int?

        public init(depth: Int? = nil, unfinishedBytes: Int? = nil) {
            self.depth = depth
            self.unfinishedBytes = unfinishedBytes
        }
    }

    private let limits: Limits
    /// How deep the element being reported is.
    private var depth = 0
    /// The error that stopped the parse from inside a callback (nesting past the limit).
    private var stoppedBy: ExpatError?

    /// The attributes of the start tag being reported, set only during that callback (outside it there are none).
    private var attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?

    /// The tape expat's events are written to, nil when they are delivered callback by callback.
    let tape: ExpatTape?
    /// What runs expat on a thread of its own, when it may have one (nil: never).
    private let threadParser: ExpatThreadParser?
    /// The thread expat runs on, started with the first piece that is not the last. A document given whole, in one
    /// final piece, is parsed on the caller's thread, as without a thread.
    private var thread: WorkerPipeline<ExpatPiece, ExpatChunk>?
    /// Whether the entity declarations are parsed when expat asks for the DTD: not when the whole document came in
    /// one piece and refers to no entity but XML's five, since then none of them can matter (parsing HTML's 248
    /// took as long as the rest of a small feed).
    private var declaresEntities = true
    /// Whether the first piece with bytes (or the final one) was looked at.
    private var sawFirstPiece = false

    /// The library's version, such as "2.5.0". The corresponding C function is `XML_ExpatVersionInfo`.
    public static var version: String {
        let info = XML_ExpatVersionInfo()
        return "\(info.major).\(info.minor).\(info.micro)"
    }

    /// - Parameters:
    ///   - namespaces: whether expat resolves namespaces. Without, names are reported as written (`prefix:local`)
    ///     and there are no prefix-mapping callbacks: less work per element for a delegate that resolves the few
    ///     prefixes it cares about itself.
    ///   - encoding: the document's encoding, overriding its declaration (nil: as declared, or detected).
    ///   - entityDeclarations: `<!ENTITY …>` declarations to parse as the document's external DTD.
    ///   - limits: what a document may not go past (`parse` throws when it does).
    ///   - tape: whether the events go through a tape: the delegate hears of them after expat parsed the piece,
    ///     in the same order and with the same names, text and attributes, and adjacent text as one event. Without,
    ///     the delegate is called from inside each of expat's callbacks.
    ///   - thread: whether expat runs on a thread of its own (with a tape), ahead of the delegate, whose methods run
    ///     on the caller's: then `parse` may return before the piece's events are replayed, and `flush` waits for
    ///     them (see ExpatThread.swift).
    ///   - positions: whether `line` and `column` tell, during a delegate's method, where its event is (expat
    ///     counts lines on request: not free); without, and with a tape, they tell where expat stopped.
    /// The corresponding C functions are `XML_ParserCreateNS` (or `XML_ParserCreate`), `XML_SetReturnNSTriplet`,
    /// `XML_UseForeignDTD` and `XML_SetParamEntityParsing`.
    public init(
        delegate: any ExpatDelegate, namespaces: Bool = true, encoding: String? = nil, entityDeclarations: [UInt8] = [],
        limits: Limits = Limits(), tape: Bool = true, thread: Bool = false,
        positions: Bool = true
    ) throws(ExpatError) {
        let created =
            namespaces
            ? XML_ParserCreateNS(encoding, CChar(bitPattern: ExpatName.separator)) : XML_ParserCreate(encoding)
        guard let parser = created else { throw ExpatError(message: "cannot create an XML parser") }
        self.parser = parser
        self.delegate = delegate
        self.entityDeclarations = entityDeclarations
        self.limits = limits
        self.tape =
            tape || thread ? ExpatTape(parser, namespaces: namespaces, positions: positions, depth: limits.depth) : nil
        threadParser = thread ? self.tape.map { ExpatThreadParser(parser: parser, tape: $0) } : nil
        if namespaces { XML_SetReturnNSTriplet(parser, 1) }
        if self.tape == nil {
            XML_SetUserData(parser, Unmanaged.passUnretained(self).toOpaque())
            XML_SetElementHandler(parser, expatStartElement, expatEndElement)
            XML_SetCharacterDataHandler(parser, expatCharacters)
            XML_SetCommentHandler(parser, expatComment)
            XML_SetProcessingInstructionHandler(parser, expatProcessingInstruction)
            XML_SetNamespaceDeclHandler(parser, expatStartNamespace, expatEndNamespace)
            XML_SetSkippedEntityHandler(parser, expatSkippedEntity)
        }
        // The external DTD (real or foreign) is replaced by our declarations; nothing is read from elsewhere.
        XML_SetParamEntityParsing(parser, XML_PARAM_ENTITY_PARSING_UNLESS_STANDALONE)
        XML_SetExternalEntityRefHandler(parser, expatExternalEntity)
        XML_SetExternalEntityRefHandlerArg(parser, Unmanaged.passUnretained(self).toOpaque())
        if !entityDeclarations.isEmpty { XML_UseForeignDTD(parser, XML_Bool(XML_TRUE)) }
        // Entity expansion beyond 1 MiB may not grow the input more than 100 times (billion laughs).
        XML_SetBillionLaughsAttackProtectionActivationThreshold(parser, 1 << 20)
        XML_SetBillionLaughsAttackProtectionMaximumAmplification(parser, 100)
        // Set here rather than through the property: its observer does not run in an initializer.
        if let setReparseDeferral {
            _ = setReparseDeferral(parser, XML_Bool(XML_TRUE))
            defersReparsing = true
        }
    }

    deinit {
        // The thread may be inside expat.
        thread?.cancel()
        XML_ParserFree(parser)
    }

    /// Parses the next piece of the document; `final` for the last. Callbacks run inside this call.
    /// The corresponding C function is `XML_Parse`.
    /// `parse(_:final:)` for bytes in an array: with a thread, the array is queued for it as it is, not copied.
    public func parse(_ bytes: [UInt8], final: Bool) throws(ExpatError) {
        if let tape, tape.stopped { return }
        if let tape, let thread = try threadFor(bytes.span, final: final) {
            return try parse(bytes, final: final, on: thread, tape: tape)
        }
        try parse(bytes.span, final: final)
    }

    /// With a tape, the delegate's methods run inside this call too, after expat's; once the delegate stopped the
    /// parser, further calls do nothing. With a thread, the events of this piece may come in a later call: an empty
    /// piece is a `flush`, and the final one replays everything.
    public func parse(_ bytes: Span<UInt8>, final: Bool) throws(ExpatError) {
        if let tape, tape.stopped { return }
        if let tape, let thread = try threadFor(bytes, final: final) {
            var copy: [UInt8] = []
            copy.reserveCapacity(bytes.count)
            bytes.withUnsafeBufferPointer { copy.append(contentsOf: $0) }
            return try parse(copy, final: final, on: thread, tape: tape)
        }
        var status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                XML_Parse(parser, $0.baseAddress, Int32(clamping: $0.count), final ? 1 : 0)
            }
        }
        if let tape {
            // expat suspends itself when the tape is full: the delegate reads it, and expat goes on.
            while true {
                try tape.replay(to: delegate, parser: self)
                if tape.stopped {
                    if status == XML_STATUS_SUSPENDED { XML_StopParser(parser, XML_Bool(XML_FALSE)) }
                    return
                }
                guard status == XML_STATUS_SUSPENDED else { break }
                status = XML_ResumeParser(parser)
            }
            if tape.outOfMemory { throw ExpatError(code: XML_ERROR_NO_MEMORY, line: line, column: column) }
        }
        if let stoppedBy { throw stoppedBy }
        if status != XML_STATUS_ERROR {
            unfinishedBytes = Self.unfinished(parser, before: unfinishedBytes, added: bytes.count)
            return try checkUnfinished(line: line, column: column)
        }
        let code = XML_GetErrorCode(parser)
        // A stop asked for by the delegate is not an error.
        if code == XML_ERROR_ABORTED { return }
        throw ExpatError(code: code, line: line, column: column)
    }

    /// Looks at a piece before it is parsed: the first one with bytes tells whether the entity declarations are
    /// needed, and the first that is not the last starts expat's thread. The thread the piece goes to, if any: the
    /// one piece of a whole document is parsed here, and a flush before any piece has nothing to wait for.
    private func threadFor(_ bytes: Span<UInt8>, final: Bool) throws(ExpatError) -> WorkerPipeline<
        ExpatPiece, ExpatChunk
    >? {
        if !sawFirstPiece && (final || !bytes.isEmpty) {
            sawFirstPiece = true
            if final && !entityDeclarations.isEmpty { declaresEntities = Self.refersToEntities(bytes) }
        }
        if thread == nil, let threadParser, !final && !bytes.isEmpty {
            do {
                // Two tapes may wait while the caller is busy with others (printing a batch, say): with one, expat
                // stopped each time.
                thread = try WorkerPipeline(capacity: 2) { threadParser.run($0) }
            } catch {
                throw ExpatError(message: "cannot start a thread to parse XML: \(error)")
            }
        }
        return thread
    }

    /// Whether `bytes` refer to an entity other than XML's five (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`):
    /// character references (`&#233;`) are not entities. Anything that is not plainly one of the five counts.
    public static func refersToEntities(_ bytes: Span<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                guard buffer[index] == UInt8(ascii: "&") else {
                    index += 1
                    continue
                }
                index += 1
                if index < buffer.count && buffer[index] == UInt8(ascii: "#") { continue }
                var end = index
                while end < buffer.count && end - index < 5 && buffer[end] != UInt8(ascii: ";") { end += 1 }
                guard end < buffer.count && buffer[end] == UInt8(ascii: ";") else { return true }
                let name = buffer[index..<end]
                guard predefinedEntities.contains(where: { $0.elementsEqual(name) }) else { return true }
                index = end + 1
            }
            return false
        }
    }

    /// `parse` with expat on its thread: the piece is queued for it, and the events of earlier pieces that it has
    /// written down meanwhile are replayed. An empty piece waits for all of them; the final one for the thread too.
    private func parse(
        _ bytes: [UInt8], final: Bool, on thread: WorkerPipeline<ExpatPiece, ExpatChunk>, tape: ExpatTape
    ) throws(ExpatError) {
        if !bytes.isEmpty || final {
            thread.send(ExpatPiece(bytes: bytes, final: final)) { receive($0, tape: tape) }
        }
        if final {
            thread.finish { receive($0, tape: tape) }
        } else if bytes.isEmpty {
            thread.waitUntilIdle { receive($0, tape: tape) }
        }
        // Once the delegate stopped the parser, what expat said of the rest does not matter.
        guard !tape.stopped, let failure else { return }
        throw failure
    }

    /// Where expat's thread stopped in the last piece replayed: expat itself is not asked from this thread.
    private var pieceEnd = (line: 1, column: 1)

    /// The error the document ended in on the parsing thread; the pieces after it are not read.
    private var failure: ExpatError?

    /// Replays a chunk of events from the parsing thread; at the end of a piece, sees how expat ended it.
    private func receive(_ chunk: ExpatChunk, tape: ExpatTape) {
        guard failure == nil, !tape.stopped else { return }
        do throws(ExpatError) {
            try tape.replay(chunk.records, to: delegate, parser: self)
            guard let end = chunk.ended else { return }
            // expat's own code, so that the tape running out is a resource limit (`isResourceLimit`) as expat's is.
            if end.outOfMemory { throw ExpatError(code: XML_ERROR_NO_MEMORY, line: end.line, column: end.column) }
            if let error = end.error {
                // A stop asked for by the delegate is not an error.
                if error == XML_ERROR_ABORTED.rawValue { return }
                throw ExpatError(code: XML_Error(rawValue: error), line: end.line, column: end.column)
            }
            unfinishedBytes = end.unfinishedBytes
            pieceEnd = (end.line, end.column)
            try checkUnfinished(line: end.line, column: end.column)
        } catch {
            failure = error
        }
    }

    /// Replays every event of the pieces given so far (with a thread; without, they were replayed already).
    public func flush() throws(ExpatError) {
        try parse(Span(), final: false)
    }

    /// Whether text is reported. Turning it off while no text is wanted spares expat a callback for every run of
    /// white space between tags. The corresponding C function is `XML_SetCharacterDataHandler`.
    /// With a tape, expat writes text down all the same, and the delegate is not told of it.
    public var reportsText = true {
        didSet {
            guard reportsText != oldValue, tape == nil else { return }
            XML_SetCharacterDataHandler(parser, reportsText ? expatCharacters : nil)
        }
    }

    // MARK: Huge tokens

    /// Whether the library can defer reparsing: libexpat 2.6.0, and Debian's 2.5.0-1+deb12u2 and later, which
    /// backport it. Looked up at run time, so that tb builds and runs with an older library too (without the
    /// defense). The corresponding C function is `XML_SetReparseDeferralEnabled`.
    public static var canDeferReparsing: Bool { setReparseDeferral != nil }

    /// Whether an unfinished token (a start tag, comment or processing instruction is reported only when whole) is
    /// parsed again only once the input has grown enough, instead of after every piece: without, a 64 MB attribute
    /// costs quadratic time. On when the library can (see `canDeferReparsing`), and then settable.
    public var defersReparsing = false {
        didSet {
            guard let setReparseDeferral else {
                defersReparsing = false
                return
            }
            // expat's thread must not be parsing meanwhile; an error it ends in is thrown by the next `parse`.
            if thread != nil { try? flush() }
            _ = setReparseDeferral(parser, XML_Bool(defersReparsing ? XML_TRUE : XML_FALSE))
        }
    }

    /// How many bytes of the document expat held unparsed when the last `parse` returned: the unfinished token at
    /// the end (expat keeps it whole, however long it grows), and with reparse deferral the pieces after it that it
    /// has not looked at yet. 0 with a library built without XML_CONTEXT_BYTES (Debian's has it).
    /// expat documents `XML_GetInputContext` for use inside a handler; that it also answers after `XML_Parse` returns
    /// is what 2.5.0 does, and ExpatTests pins it: a library update that changes it fails those tests.
    /// The corresponding C function is `XML_GetInputContext`.
    public private(set) var unfinishedBytes = 0

    /// What `parser` holds unparsed after a piece of `added` bytes, when it held `before` bytes before it.
    static func unfinished(_ parser: OpaquePointer, before: Int, added: Int) -> Int {
        guard knowsInputContext else { return 0 }
        var offset: Int32 = 0
        var size: Int32 = 0
        if XML_GetInputContext(parser, &offset, &size) != nil {
            // The context starts up to XML_CONTEXT_BYTES before where parsing stopped, and ends where the input does.
            return Int(size - offset)
        }
        // expat forgets where it was when it moves its buffer to make room, until it parses again; with reparse
        // deferral it may not have, and then holds what it held before and this piece.
        return before + added
    }

    private func checkUnfinished(line: Int, column: Int) throws(ExpatError) {
        guard let most = limits.unfinishedBytes, unfinishedBytes > most else { return }
        throw ExpatError(
            .tokenTooLong, "a tag, comment or processing instruction too long to hold (more than \(most) bytes)",
            line: line, column: column)
    }

    /// Whether the library keeps the input context that `XML_GetInputContext` reports.
    private static let knowsInputContext: Bool = {
        guard var feature = XML_GetFeatureList() else { return false }
        while feature.pointee.feature != XML_FEATURE_END {
            if feature.pointee.feature == XML_FEATURE_CONTEXT_BYTES { return feature.pointee.value > 0 }
            feature += 1
        }
        return false
    }()

    // MARK: Stopping and position

    /// Stops parsing from inside a callback; the current `parse` returns. The corresponding C function is
    /// `XML_StopParser`.
    public func stop() {
        if let tape {
            tape.stopped = true
        } else {
            XML_StopParser(parser, XML_Bool(XML_FALSE))
        }
    }

    /// The offset in the whole input just past the current event's markup (past the `>` of the end tag being
    /// reported, say): where the document goes on after it; nil where the parser cannot tell (a caller must then do
    /// without, never guess). The corresponding C functions are `XML_GetCurrentByteIndex` and
    /// `XML_GetCurrentByteCount`.
    /// On a tape (and so with a thread), only end tags have it: the tape writes it down for them.
    public var endOfEvent: Int? {
        if let tape { return tape.endOfEvent }
        return Int(XML_GetCurrentByteIndex(parser)) + Int(XML_GetCurrentByteCount(parser))
    }

    /// The 1-based line of the current event. The corresponding C function is `XML_GetCurrentLineNumber`.
    /// With a thread and without positions, where expat stopped in the last piece replayed.
    public var line: Int {
        if let line = tape?.line { return line }
        return thread == nil ? Int(XML_GetCurrentLineNumber(parser)) : pieceEnd.line
    }

    /// The 1-based column (in bytes) of the current event. The corresponding C function is
    /// `XML_GetCurrentColumnNumber`.
    public var column: Int {
        if let column = tape?.column { return column }
        return thread == nil ? Int(XML_GetCurrentColumnNumber(parser)) + 1 : pieceEnd.column
    }

    // MARK: Callbacks

    fileprivate func start(_ name: UnsafePointer<CChar>?, _ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
        depth += 1
        guard stoppedBy == nil else { return }
        if let most = limits.depth, depth > most {
            stoppedBy = ExpatError(.tooDeep, "elements nested more than \(most) deep", line: line, column: column)
            return stop()
        }
        self.attributes = attributes
        defer { self.attributes = nil }
        delegate.startElement(Self.bytes(name).span, parser: self)
    }

    // MARK: Attributes of the start tag being reported

    /// Whether the start tag being reported has attributes.
    public var hasAttributes: Bool {
        if let tape { return tape.hasAttributes }
        return attributes?[0] != nil
    }

    /// Calls `body` with the value of the start tag's attribute whose name is `key`: with namespaces, the expanded
    /// name without its prefix (`uri \u{1} local`, or `local` for an attribute without a namespace); without, the
    /// name as written. False when there is none.
    @discardableResult
    public func withAttribute(_ key: [UInt8], _ body: (Span<UInt8>) -> Void) -> Bool {
        if let tape { return tape.withAttribute(key, body) }
        guard let attributes else { return false }
        var index = 0
        while let name = attributes[index], let value = attributes[index + 1] {
            if Self.matches(name, key) {
                body(Self.bytes(value).span)
                return true
            }
            index += 2
        }
        return false
    }

    /// Calls `body` with each of the start tag's attributes: expanded name and value, in document order.
    public func forEachAttribute(_ body: (Span<UInt8>, Span<UInt8>) -> Void) {
        if let tape { return tape.forEachAttribute(body) }
        guard let attributes else { return }
        var index = 0
        while let name = attributes[index], let value = attributes[index + 1] {
            body(Self.bytes(name).span, Self.bytes(value).span)
            index += 2
        }
    }

    /// Whether a NUL-terminated attribute name is `key`, or with namespaces `key` followed by the separator and
    /// prefix. Compared in place: most attributes differ from the key in their first bytes.
    private static func matches(_ name: UnsafePointer<CChar>, _ key: [UInt8]) -> Bool {
        let name = UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self)
        for index in 0..<key.count where name[index] != key[index] { return false }
        return name[key.count] == 0 || name[key.count] == ExpatName.separator
    }

    fileprivate func end(_ name: UnsafePointer<CChar>?) {
        depth -= 1
        // The end of an empty element past the depth limit may still come after the stop.
        guard stoppedBy == nil else { return }
        delegate.endElement(Self.bytes(name).span, parser: self)
    }

    fileprivate func text(_ data: UnsafePointer<CChar>?, _ length: Int32) {
        guard let data, length > 0 else { return }
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: Int(length))
        delegate.characters(bytes.span, parser: self)
    }

    fileprivate func comment(_ data: UnsafePointer<CChar>?) {
        delegate.comment(Self.bytes(data).span, parser: self)
    }

    fileprivate func instruction(_ target: UnsafePointer<CChar>?, _ data: UnsafePointer<CChar>?) {
        delegate.processingInstruction(target: Self.bytes(target).span, data: Self.bytes(data).span, parser: self)
    }

    fileprivate func namespaceStarts(_ prefix: UnsafePointer<CChar>?, _ uri: UnsafePointer<CChar>?) {
        delegate.startNamespace(prefix: Self.bytes(prefix).span, uri: Self.bytes(uri).span, parser: self)
    }

    fileprivate func namespaceEnds(_ prefix: UnsafePointer<CChar>?) {
        delegate.endNamespace(prefix: Self.bytes(prefix).span, parser: self)
    }

    /// Only references in text are reported: expat skips one in an attribute value without a call.
    fileprivate func skipped(_ name: UnsafePointer<CChar>?, isParameterEntity: Bool) {
        guard !isParameterEntity, stoppedBy == nil else { return }
        delegate.skippedEntity(Self.bytes(name).span, parser: self)
    }

    /// An external entity: the DTD (real or foreign) gets our declarations; anything else is ignored, never read.
    fileprivate func external(_ context: UnsafePointer<CChar>?, isDTD: Bool) -> Int32 {
        guard isDTD, !entityDeclarations.isEmpty,
            let child = XML_ExternalEntityParserCreate(parser, context, nil)
        else { return Int32(XML_STATUS_OK.rawValue) }
        defer { XML_ParserFree(child) }
        // Without the declarations, an empty DTD is still read: an entity the document does not declare is then
        // skipped, as with them, rather than an error.
        let declarations = declaresEntities ? entityDeclarations : []
        let status = declarations.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { XML_Parse(child, $0.baseAddress, Int32($0.count), 1) }
        }
        return status == XML_STATUS_ERROR ? Int32(XML_STATUS_ERROR.rawValue) : Int32(XML_STATUS_OK.rawValue)
    }

    /// The bytes of a NUL-terminated string (empty for NULL), valid while expat keeps the string.
    private static func bytes(_ text: UnsafePointer<CChar>?) -> UnsafeBufferPointer<UInt8> {
        guard let text else { return UnsafeBufferPointer(start: nil, count: 0) }
        // Names are short: a plain loop beats a call to strlen.
        var count = 0
        while text[count] != 0 { count += 1 }
        return UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Runs `body` with the parser a callback's user-data pointer names. The parser outlives every callback (they
    /// run inside `parse`), so it is used without retaining it: a retain and release per callback would cost more
    /// than some callbacks do.
    fileprivate static func with(_ context: UnsafeMutableRawPointer?, _ body: (ExpatParser) -> Void) {
        guard let context else { return }
        Unmanaged<ExpatParser>.fromOpaque(context)._withUnsafeGuaranteedRef(body)
    }
}

/// The entities XML predefines.
private let predefinedEntities = ["amp", "lt", "gt", "quot", "apos"].map { Array($0.utf8) }

/// `XML_SetReparseDeferralEnabled`, when the library has it (see `ExpatParser.canDeferReparsing`).
private typealias SetReparseDeferral = @convention(c) (OpaquePointer?, XML_Bool) -> XML_Bool
private let setReparseDeferral: SetReparseDeferral? = {
    // A null handle is RTLD_DEFAULT: the libraries the program is linked with, libexpat among them.
    guard let symbol = dlsym(nil, "XML_SetReparseDeferralEnabled") else { return nil }
    return unsafeBitCast(symbol, to: SetReparseDeferral.self)
}()

// expat's callbacks: they find the parser through the user-data pointer and must not capture anything.
private let expatStartElement: XML_StartElementHandler = { context, name, attributes in
    ExpatParser.with(context) { $0.start(name, attributes) }
}
private let expatEndElement: XML_EndElementHandler = { context, name in
    ExpatParser.with(context) { $0.end(name) }
}
private let expatCharacters: XML_CharacterDataHandler = { context, data, length in
    ExpatParser.with(context) { $0.text(data, length) }
}
private let expatComment: XML_CommentHandler = { context, data in
    ExpatParser.with(context) { $0.comment(data) }
}
private let expatProcessingInstruction: XML_ProcessingInstructionHandler = { context, target, data in
    ExpatParser.with(context) { $0.instruction(target, data) }
}
private let expatStartNamespace: XML_StartNamespaceDeclHandler = { context, prefix, uri in
    ExpatParser.with(context) { $0.namespaceStarts(prefix, uri) }
}
private let expatEndNamespace: XML_EndNamespaceDeclHandler = { context, prefix in
    ExpatParser.with(context) { $0.namespaceEnds(prefix) }
}
private let expatSkippedEntity: XML_SkippedEntityHandler = { context, name, isParameterEntity in
    ExpatParser.with(context) { $0.skipped(name, isParameterEntity: isParameterEntity != 0) }
}
// The handler gets the argument set with XML_SetExternalEntityRefHandlerArg as its first parameter.
private let expatExternalEntity: XML_ExternalEntityRefHandler = { argument, context, _, systemID, publicID in
    guard let argument else { return Int32(XML_STATUS_OK.rawValue) }
    let parser = Unmanaged<ExpatParser>.fromOpaque(UnsafeMutableRawPointer(argument)).takeUnretainedValue()
    // The document's DTD (or the foreign one, which has no system ID) comes with the context NULL.
    return parser.external(context, isDTD: context == nil || (systemID == nil && publicID == nil))
}
