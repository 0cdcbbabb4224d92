// The event tape of one parser: expat's callbacks (C code in shim.h) write each event down, and after expat has
// parsed a piece the delegate is called for each in order. A call from C into Swift costs more than most callbacks
// do; reading a list of records does not.
internal import CExpat
import Glibc

/// The events expat wrote down while parsing, and the replay of them to a delegate.
final class ExpatTape {
    private let tape: UnsafeMutablePointer<CExpat_tape>
    /// The delegate stopped the parser: the rest of the tape, and any later input, are not read.
    var stopped = false
    /// The event being replayed, while it is; its position when the tape records positions.
    private var event: CExpat_event?
    private let positions: Bool
    /// The start tag being replayed: its attributes.
    private var attributes = UnsafeBufferPointer<CExpat_attribute>(start: nil, count: 0)
    private var bytes: UnsafePointer<UInt8>?

    /// The most bytes and events written down before expat is suspended (at the next tag) and the delegate reads
    /// them; and the most bytes of text, where it is suspended in the middle of text too: megabytes of text from a
    /// document's entities never make the tape hold much more (see CExpat_tape in shim.h).
    private static let suspendBytes = 1 << 16
    private static let suspendEvents = 1 << 11
    private static let suspendTextBytes = 1 << 22
    private static let cacheLine = 128

    init(_ parser: OpaquePointer, namespaces: Bool, positions: Bool, depth: Int?) {
        // Lines of its own: with expat on a thread, the tape is written there while this object is written on the
        // replaying thread, and sharing a cache line with it made every event a cache miss.
        let size = (MemoryLayout<CExpat_tape>.stride + Self.cacheLine - 1) / Self.cacheLine * Self.cacheLine
        tape = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: Self.cacheLine)
            .bindMemory(to: CExpat_tape.self, capacity: 1)
        tape.initialize(to: CExpat_tape())
        self.positions = positions
        tape.pointee.positions = positions ? 1 : 0
        tape.pointee.max_depth = depth ?? 0
        tape.pointee.suspend_bytes = Self.suspendBytes
        tape.pointee.suspend_events = Self.suspendEvents
        tape.pointee.suspend_text_bytes = Self.suspendTextBytes
        CExpat_tape_install(tape, parser, namespaces ? 1 : 0)
    }

    deinit {
        CExpat_tape_free(tape)
        UnsafeMutableRawPointer(tape).deallocate()
    }

    var outOfMemory: Bool { tape.pointee.out_of_memory != 0 }

    /// The position of the event being replayed, when the tape records them.
    var line: Int? {
        guard positions, let event else { return nil }
        return Int(event.line)
    }

    var column: Int? {
        guard positions, let event else { return nil }
        return Int(event.column)
    }

    /// Where the document goes on after the end tag being replayed (see CExpat_tape_end); nil for other events.
    var endOfEvent: Int? {
        guard let event, Int(event.kind) == TB_EXPAT_END else { return nil }
        return Int(UInt64(event.value) | UInt64(event.value_length) << 32)
    }

    /// Calls the delegate for each event written down, then forgets them; throws where the document went past the
    /// depth limit.
    func replay(to delegate: any ExpatDelegate, parser: ExpatParser) throws(ExpatError) {
        defer { CExpat_tape_clear(tape) }
        try replay(records, to: delegate, parser: parser)
    }

    /// What the tape holds now.
    var records: ExpatRecords {
        ExpatRecords(
            buffers: ExpatBuffers(
                events: tape.pointee.events, eventCapacity: tape.pointee.event_capacity,
                attributes: tape.pointee.attributes, attributeCapacity: tape.pointee.attribute_capacity,
                bytes: tape.pointee.bytes, byteCapacity: tape.pointee.byte_capacity),
            count: tape.pointee.event_count)
    }

    /// Hands the tape's buffers over (to another thread), and goes on in `spare` ones (new ones when nil); the depth
    /// stays.
    func take(replacingWith spare: ExpatBuffers?) -> ExpatRecords {
        let taken = records
        let next = spare ?? ExpatBuffers()
        tape.pointee.events = next.events
        tape.pointee.event_capacity = next.eventCapacity
        tape.pointee.attributes = next.attributes
        tape.pointee.attribute_capacity = next.attributeCapacity
        tape.pointee.bytes = next.bytes
        tape.pointee.byte_capacity = next.byteCapacity
        CExpat_tape_clear(tape)
        return taken
    }

    /// Calls the delegate for each of `records`; throws where the document went past the depth limit.
    func replay(_ records: ExpatRecords, to delegate: any ExpatDelegate, parser: ExpatParser) throws(ExpatError) {
        defer {
            event = nil
            bytes = nil
        }
        let count = records.count
        guard count > 0, let events = records.buffers.events else { return }
        bytes = UnsafePointer(records.buffers.bytes)
        for index in 0..<count {
            guard !stopped else { return }
            let event = events[index]
            self.event = event
            switch Int(event.kind) {
            case TB_EXPAT_START:
                attributes = UnsafeBufferPointer(
                    start: UnsafePointer(records.buffers.attributes).map { $0 + Int(event.value) },
                    count: Int(event.value_length))
                delegate.startElement(buffer(event.name, event.name_length).span, parser: parser)
                attributes = UnsafeBufferPointer(start: nil, count: 0)
            case TB_EXPAT_END:
                delegate.endElement(buffer(event.name, event.name_length).span, parser: parser)
            case TB_EXPAT_TEXT:
                guard parser.reportsText else { continue }
                delegate.characters(buffer(event.name, event.name_length).span, parser: parser)
            case TB_EXPAT_COMMENT:
                delegate.comment(buffer(event.name, event.name_length).span, parser: parser)
            case TB_EXPAT_INSTRUCTION:
                delegate.processingInstruction(
                    target: buffer(event.name, event.name_length).span,
                    data: buffer(event.value, event.value_length).span,
                    parser: parser)
            case TB_EXPAT_NAMESPACE_START:
                delegate.startNamespace(
                    prefix: buffer(event.name, event.name_length).span,
                    uri: buffer(event.value, event.value_length).span,
                    parser: parser)
            case TB_EXPAT_NAMESPACE_END:
                delegate.endNamespace(prefix: buffer(event.name, event.name_length).span, parser: parser)
            case TB_EXPAT_TOO_DEEP:
                let most = tape.pointee.max_depth
                throw ExpatError(
                    .tooDeep, "elements nested more than \(most) deep", line: Int(event.line),
                    column: Int(event.column))
            default:
                // shim.h writes no other kind.
                continue
            }
        }
    }

    // MARK: Attributes of the start tag being replayed

    var hasAttributes: Bool { !attributes.isEmpty }

    func withAttribute(_ key: [UInt8], _ body: (Span<UInt8>) -> Void) -> Bool {
        for attribute in attributes where matches(attribute, key) {
            body(buffer(attribute.value, attribute.value_length).span)
            return true
        }
        return false
    }

    func forEachAttribute(_ body: (Span<UInt8>, Span<UInt8>) -> Void) {
        for attribute in attributes {
            body(
                buffer(attribute.name, attribute.name_length).span, buffer(attribute.value, attribute.value_length).span
            )
        }
    }

    /// Whether an attribute's name is `key`, or with namespaces `key` followed by the separator and prefix.
    private func matches(_ attribute: CExpat_attribute, _ key: [UInt8]) -> Bool {
        let count = Int(attribute.name_length)
        guard count >= key.count, let bytes else { return false }
        let name = bytes + Int(attribute.name)
        for index in 0..<key.count where name[index] != key[index] { return false }
        return count == key.count || name[key.count] == ExpatName.separator
    }

    /// Bytes of the tape, valid until it is cleared.
    private func buffer(_ offset: UInt32, _ count: UInt32) -> UnsafeBufferPointer<UInt8> {
        guard let bytes else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: bytes + Int(offset), count: Int(count))
    }
}
