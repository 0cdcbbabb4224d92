// tb feed --events: every parser callback as a record, for any XML document. The text between two tags comes as one
// characters event, however expat split it (CDATA sections included); text, attribute values, comments and
// instructions stop at --max-field-size (nesting and unfinished tags are bounded by the parser: see FeedParser).
import Bytes
import Expat
import Toolbox

/// Prints parser events.
final class EventWriter: DocumentDelegate {
    private let settings: FeedSettings
    private var batch = FeedBatch()
    private let source: JSONText
    let stopped = false
    /// Text not yet printed, and where it started.
    private var text: [UInt8] = []
    private var textLine = 0
    private var textColumn = 0
    private var truncated = false

    private static let kinds = [
        "start_document", "start_element", "end_element", "characters", "comment", "processing_instruction",
        "start_prefix_mapping", "end_prefix_mapping", "end_document", "error",
    ].reduce(into: [String: JSONText]()) { $0[$1] = JSONText($1) }

    init(settings: FeedSettings, name: String) {
        self.settings = settings
        source = JSONText(name)
        emit(EventRecord(source: source, event: Self.kind("start_document"), line: 1, column: 1))
    }

    func takeBatch() -> FeedBatch {
        let full = batch
        batch = FeedBatch()
        return full
    }

    private static func kind(_ name: String) -> JSONText { kinds[name] ?? JSONText(name) }

    func startElement(_ name: Span<UInt8>, parser: ExpatParser) {
        var record = event("start_element", name, parser)
        if reportsAttributes(of: record) {
            var list: [[UInt8]] = []
            parser.forEachAttribute { attributeName, value in
                list.append(Self.qualified(attributeName))
                list.append(copy(value, "an attribute", parser))
            }
            record.attributes = list
        }
        emit(record)
    }

    func endElement(_ name: Span<UInt8>, parser: ExpatParser) {
        emit(event("end_element", name, parser))
    }

    func characters(_ text: Span<UInt8>, parser: ExpatParser) {
        if self.text.isEmpty {
            textLine = parser.line
            textColumn = parser.column
        }
        // One text node may be huge: memory stays flat, the rest is cut (and said once).
        let room = settings.maxFieldSize - self.text.count
        if text.count > room {
            if room > 0 { Bytes.append(text, 0..<room, to: &self.text) }
            if !truncated { warnCut("text", line: textLine) }
            truncated = true
        } else {
            Bytes.append(text, to: &self.text)
        }
    }

    func comment(_ text: Span<UInt8>, parser: ExpatParser) {
        var record = event("comment", parser)
        record.text = copy(text, "a comment", parser)
        emit(record)
    }

    func processingInstruction(target: Span<UInt8>, data: Span<UInt8>, parser: ExpatParser) {
        var record = event("processing_instruction", parser)
        record.name = Self.copy(target)
        record.text = copy(data, "a processing instruction", parser)
        emit(record)
    }

    func startNamespace(prefix: Span<UInt8>, uri: Span<UInt8>, parser: ExpatParser) {
        var record = event("start_prefix_mapping", parser)
        record.name = prefix.isEmpty ? nil : Self.copy(prefix)
        record.namespace = Self.copy(uri)
        emit(record)
    }

    func endNamespace(prefix: Span<UInt8>, parser: ExpatParser) {
        var record = event("end_prefix_mapping", parser)
        record.name = prefix.isEmpty ? nil : Self.copy(prefix)
        emit(record)
    }

    func finish(parser: ExpatParser) {
        flushText()
        emit(event("end_document", parser))
    }

    func failed(_ message: String, line: Int, column: Int) {
        flushText()
        var record = EventRecord(source: source, event: Self.kind("error"), line: line, column: column)
        record.text = Array(message.utf8)
        emit(record)
    }

    // MARK: Plumbing

    /// A new event where the parser is; the text before it is printed first.
    private func event(_ kind: String, _ parser: ExpatParser) -> EventRecord {
        flushText()
        return EventRecord(source: source, event: Self.kind(kind), line: parser.line, column: parser.column)
    }

    /// An element's event, with its name's parts.
    private func event(_ kind: String, _ name: Span<UInt8>, _ parser: ExpatParser) -> EventRecord {
        let parts = ExpatName.parts(of: name)
        var record = event(kind, parser)
        record.name = Self.copy(name.extracting(parts.local))
        record.namespace = parts.namespace.map { Self.copy(name.extracting($0)) }
        record.qname = Self.qualified(name)
        return record
    }

    private func reportsAttributes(of record: EventRecord) -> Bool {
        guard let wanted = settings.attributesFor else { return true }
        let local = record.name.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let qualified = record.qname.map { String(decoding: $0, as: UTF8.self) } ?? ""
        return wanted.contains(local) || wanted.contains(qualified)
    }

    /// `prefix:local`, or `local`.
    private static func qualified(_ name: Span<UInt8>) -> [UInt8] {
        let parts = ExpatName.parts(of: name)
        var result: [UInt8] = []
        if let prefix = parts.prefix {
            Bytes.append(name, prefix, to: &result)
            result.append(UInt8(ascii: ":"))
        }
        Bytes.append(name, parts.local, to: &result)
        return result
    }

    /// A value's bytes up to --max-field-size; a cut is said (`what`: "a comment").
    private func copy(_ bytes: Span<UInt8>, _ what: String, _ parser: ExpatParser) -> [UInt8] {
        guard bytes.count > settings.maxFieldSize else { return Self.copy(bytes) }
        warnCut(what, line: parser.line)
        return Self.copy(bytes.extracting(0..<settings.maxFieldSize))
    }

    private func warnCut(_ what: String, line: Int) {
        let size = settings.maxFieldSize
        batch.outputs.append(
            .warning("\(what) at line \(line) of '\(source.text)' was cut to \(size) bytes (--max-field-size)"))
    }

    private static func copy(_ bytes: Span<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        Bytes.append(bytes, to: &result)
        return result
    }

    private func flushText() {
        guard !text.isEmpty else { return }
        var record = EventRecord(source: source, event: Self.kind("characters"), line: textLine, column: textColumn)
        record.text = text
        text = []
        truncated = false
        emit(record)
    }

    private func emit(_ record: EventRecord) {
        batch.outputs.append(.event(record))
    }
}
