// What a record writes its values into. For NDJSON it escapes them straight into the output buffer (no Swift
// String, no Value per field: the hot path of regex and feed); for the other writers it captures them as Values.
// It is a struct passed inout, so its many small writes need no dynamic exclusivity checks. The JSON side of every
// value method is inlinable: a record's dozen values were each a call (and a call to copy its key), which cost more
// than the bytes written.
import Bytes

/// Receives a record's values, one per declared field, in order. Nested arrays and objects are written with
/// `beginArray`/`beginObject`, `key` and `end`, using the same value methods for their elements.
public struct RecordEncoder: ~Copyable {
    /// The output buffer; Output writes it to the file descriptor.
    @usableFromInline var out: ByteBuffer
    /// The values of the record, when capturing.
    private(set) var captured: [Value] = []

    @usableFromInline var capturing = false
    private var schemaType = ""
    /// The record type whose schema is in use.
    @usableFromInline var recordType: ObjectIdentifier?
    /// `{"type":"…"` and every `,"field":` of the current schema, one after the other in one buffer.
    @usableFromInline var prefixBytes: [UInt8] = []
    /// Where the type prefix and each key lie in `prefixBytes`.
    @usableFromInline var prefixRanges: [Range<Int>] = []
    /// The same, each as two words when it fits (nil when it is longer): a store instead of a copy.
    @usableFromInline var shortPrefixes: [ShortBytes?] = []
    /// The prefixes of each record type met so far.
    private var prefixCache: [ObjectIdentifier: (bytes: [UInt8], ranges: [Range<Int>], short: [ShortBytes?])] = [:]
    @usableFromInline var fieldCount = 0
    /// The schema's fields, whose declared kinds a debug build checks every top-level value against (kept as the
    /// schema's own array: records that alternate between two schemas must not build one a switch).
    @usableFromInline var fields: [Field] = []
    @usableFromInline var fieldIndex = 0
    /// JSON containers: the innermost one's kind and whether its next element needs a comma; outer ones saved.
    @usableFromInline var depth = 0
    @usableFromInline var innerIsObject = false
    @usableFromInline var innerNeedsComma = false
    @usableFromInline var outer: [(isObject: Bool, needsComma: Bool)] = []
    /// Containers being captured, with the key waiting for its value in objects.
    @usableFromInline var containers: [(elements: [Value], members: [Value.Member], isObject: Bool, key: String)] = []

    /// `capacity`: the output buffer's starting size (stdout's is large; one stored line needs little).
    init(capacity: Int = 1 << 17) {
        out = ByteBuffer(capacity: capacity)
    }

    /// Starts a record: writes `{"type":"…"` in JSON mode. The schema is looked at only when the record type
    /// changes: reading it copied it (two retains and releases per record).
    @inlinable
    mutating func begin<R: Record>(_ type: R.Type, capture: Bool) {
        capturing = capture
        fieldIndex = 0
        depth = 0
        if capture || !outer.isEmpty || !containers.isEmpty { reset(capture: capture) }
        if ObjectIdentifier(type) != recordType { use(R.schema, of: ObjectIdentifier(type)) }
        if !capture { appendPrefix(0) }
    }

    @usableFromInline
    mutating func reset(capture: Bool) {
        outer.removeAll(keepingCapacity: true)
        containers.removeAll(keepingCapacity: true)
        if capture { captured.removeAll(keepingCapacity: true) }
    }

    @usableFromInline
    mutating func use(_ schema: borrowing RecordSchema, of type: ObjectIdentifier) {
        if let known = prefixCache[type] {
            (prefixBytes, prefixRanges, shortPrefixes) = known
        } else {
            var buffer = ByteBuffer()
            buffer.append("{\"type\":")
            JSONBytes.appendString(schema.type, to: &buffer)
            var ranges = [0..<buffer.count]
            for field in schema.fields {
                let start = buffer.count
                buffer.append(UInt8(ascii: ","))
                JSONBytes.appendString(field.name, to: &buffer)
                buffer.append(UInt8(ascii: ":"))
                ranges.append(start..<buffer.count)
            }
            let bytes = buffer.bytes
            let short = ranges.map { ShortBytes(bytes.span.extracting($0)) }
            prefixCache[type] = (bytes, ranges, short)
            (prefixBytes, prefixRanges, shortPrefixes) = (bytes, ranges, short)
        }
        recordType = type
        schemaType = schema.type
        fieldCount = schema.fields.count
        fields = schema.fields
    }

    /// Ends a record: writes `}` and a newline in JSON mode.
    @usableFromInline
    mutating func finish() {
        // A record that left an array or object open (a programming error) still yields valid JSON.
        while depth > 0 || !containers.isEmpty {
            assertionFailure("\(schemaType) record left a container open")
            end()
        }
        // Every declared field has a value, null included: a record that forgets one is a programming error, which a
        // debug build (every test) stops at; a release build writes null rather than a short record.
        assert(fieldIndex == fieldCount, "\(schemaType) record wrote \(fieldIndex) of its \(fieldCount) fields")
        while fieldIndex < fieldCount { null() }
        if !capturing {
            out.append(UInt8(ascii: "}"))
            out.append(UInt8(ascii: "\n"))
        }
    }

    // MARK: Values

    /// A string field or element; nil writes null.
    @inlinable
    public mutating func string(_ value: String?) {
        guard let value else { return null() }
        guard prepare(.string) else { return }
        if capturing { deliver(.string(value)) } else { JSONBytes.appendString(value, to: &out) }
    }

    /// A string escaped once and written many times (such as the source of every match).
    @inlinable
    public mutating func text(_ value: JSONText) {
        guard prepare(.string) else { return }
        if capturing { deliver(.string(value.text)) } else { out.append(value.json) }
    }

    /// Text as bytes from the input, written without building a String; invalid UTF-8 becomes U+FFFD.
    @inlinable
    public mutating func bytes(_ value: Span<UInt8>) {
        guard prepare(.string) else { return }
        if capturing { deliverString(value) } else { JSONBytes.appendString(value, to: &out) }
    }

    /// Decoding replaces invalid UTF-8 the same way JSONBytes does (maximal subparts become U+FFFD).
    @usableFromInline
    mutating func deliverString(_ value: Span<UInt8>) {
        deliver(.string(Bytes.string(value)))
    }

    /// An integer field or element; nil writes null.
    @inlinable
    public mutating func integer(_ value: Int?) {
        guard let value else { return null() }
        guard prepare(.integer) else { return }
        if capturing { deliver(.integer(value)) } else { out.appendDecimal(value) }
    }

    /// A number field or element; nil writes null.
    public mutating func number(_ value: Double?) {
        guard let value else { return null() }
        guard prepare(.number) else { return }
        if capturing { deliver(.number(value)) } else { JSONBytes.appendNumber(value, to: &out) }
    }

    /// A boolean field or element; nil writes null.
    @inlinable
    public mutating func boolean(_ value: Bool?) {
        guard let value else { return null() }
        guard prepare(.boolean) else { return }
        if capturing { deliver(.bool(value)) } else { out.append(value ? "true" : "false") }
    }

    /// A time, written as RFC 3339 in UTC in whole seconds (the fraction dropped, for every format alike); nil
    /// writes null.
    public mutating func time(_ value: Timestamp?) {
        guard let value else { return null() }
        guard prepare(.time) else { return }
        // Every writer shows a time in whole seconds (rfc3339 and the table's local time have no fractions).
        if capturing { deliver(.time(value)) } else { value.appendQuotedRFC3339(to: &out) }
    }

    /// null.
    @inlinable
    public mutating func null() {
        guard prepare() else { return }
        if capturing { deliver(.null) } else { out.append(Self.nullBytes) }
    }

    /// An array of strings.
    public mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        end()
    }

    /// Any value tree, for fields whose shape is not worth streaming.
    public mutating func value(_ value: Value) {
        guard prepare() else { return }
        if capturing { deliver(value) } else { JSONBytes.appendValue(value, to: &out) }
    }

    // MARK: Containers

    /// Opens an array; its elements follow, then `end()`.
    @inlinable
    public mutating func beginArray() {
        open(isObject: false)
    }

    /// Opens an object; `key(_:)` and a value for each member follow, then `end()`.
    @inlinable
    public mutating func beginObject() {
        open(isObject: true)
    }

    @inlinable
    mutating func open(isObject: Bool) {
        guard prepare(isObject ? .object : .array) else { return }
        if capturing { return openCaptured(isObject: isObject) }
        out.append(UInt8(ascii: isObject ? "{" : "["))
        if depth > 0 { saveOuter() }
        depth += 1
        innerIsObject = isObject
        innerNeedsComma = false
    }

    @usableFromInline
    mutating func openCaptured(isObject: Bool) {
        containers.append(([], [], isObject, ""))
    }

    @usableFromInline
    mutating func saveOuter() {
        outer.append((innerIsObject, innerNeedsComma))
    }

    @usableFromInline
    mutating func restoreOuter() {
        if let saved = outer.popLast() { (innerIsObject, innerNeedsComma) = saved }
    }

    /// Names the next member of the open object.
    public mutating func key(_ name: String) {
        if capturing {
            if !containers.isEmpty { containers[containers.count - 1].key = name }
            return
        }
        guard depth > 0, innerIsObject else { return }
        if innerNeedsComma { out.append(UInt8(ascii: ",")) }
        innerNeedsComma = true
        JSONBytes.appendString(name, to: &out)
        out.append(UInt8(ascii: ":"))
    }

    /// Closes the innermost open array or object.
    @inlinable
    public mutating func end() {
        if capturing { return endCaptured() }
        guard depth > 0 else { return }
        out.append(UInt8(ascii: innerIsObject ? "}" : "]"))
        depth -= 1
        if depth > 0 { restoreOuter() }
    }

    @usableFromInline
    mutating func endCaptured() {
        guard let container = containers.popLast() else { return }
        deliver(container.isObject ? .object(container.members) : .array(container.elements))
    }

    // MARK: Plumbing

    /// Writes what comes before a value: the field's key at the top level, a comma between array elements.
    /// Returns false for a value beyond the declared fields, which is dropped. `kind` is the value's JSON type (nil
    /// for null and for a whole `Value`): a top-level value of another kind than its field declares is a record
    /// that writes its fields out of order, which a debug build (every test) stops at.
    @inlinable @inline(__always)
    mutating func prepare(_ kind: Field.Kind? = nil) -> Bool {
        if capturing { return prepareCaptured(kind) }
        if depth > 0 {
            if !innerIsObject {
                if innerNeedsComma { out.append(UInt8(ascii: ",")) }
                innerNeedsComma = true
            }
            return true
        }
        guard fieldIndex < fieldCount else { return tooMany() }
        assert(kind == nil || fields[fieldIndex].kind == kind, wrongKind(kind))
        fieldIndex += 1
        appendPrefix(fieldIndex)
        return true
    }

    /// Writes prefix `index`: 0 the type, then each field's key.
    @inlinable @inline(__always)
    mutating func appendPrefix(_ index: Int) {
        if let short = shortPrefixes[index] {
            out.append(short)
        } else {
            out.append(prefixBytes, prefixRanges[index])
        }
    }

    @usableFromInline static let nullBytes = ShortBytes("null")

    @usableFromInline
    mutating func prepareCaptured(_ kind: Field.Kind?) -> Bool {
        guard containers.isEmpty else { return true }
        guard fieldIndex < fieldCount else { return tooMany() }
        assert(kind == nil || fields[fieldIndex].kind == kind, wrongKind(kind))
        fieldIndex += 1
        return true
    }

    /// A value beyond the declared fields.
    @usableFromInline
    func tooMany() -> Bool {
        assertionFailure("\(schemaType) record wrote more values than it declares")
        return false
    }

    @usableFromInline
    func wrongKind(_ kind: Field.Kind?) -> String {
        "\(schemaType) record wrote a \(kind.map(\.rawValue) ?? "") where field \(fieldIndex + 1) is declared otherwise"
    }

    @usableFromInline
    mutating func deliver(_ value: Value) {
        guard !containers.isEmpty else { return captured.append(value) }
        let last = containers.count - 1
        if containers[last].isObject {
            containers[last].members.append(Value.Member(containers[last].key, value))
        } else {
            containers[last].elements.append(value)
        }
    }
}
