// The one object a record writes its values into. For NDJSON it escapes them straight into the output buffer
// (no Swift String, no Value per field: the hot path of regex and feed); for the other writers it captures
// them as Values.
import Bytes

/// Receives a record's values, one per declared field, in order. Nested arrays and objects are written with
/// `beginArray`/`beginObject`, `key` and `end`, using the same value methods for their elements.
public final class RecordEncoder {
    /// The output buffer; Output writes it to the file descriptor.
    var out: [UInt8] = []
    /// The values of the record, when capturing.
    private(set) var captured: [Value] = []

    private var capturing = false
    private var schemaType = ""
    private var keys: [[UInt8]] = []
    private var keyCache: [String: (type: [UInt8], keys: [[UInt8]])] = [:]
    private var fieldIndex = 0
    /// Open containers in JSON mode: whether each is an object, and how many elements it has so far.
    private var levels: [(isObject: Bool, count: Int)] = []
    /// Open containers when capturing, with the key waiting for its value in objects.
    private var containers: [(elements: [Value], members: [Value.Member], isObject: Bool, key: String)] = []

    init() {
        out.reserveCapacity(1 << 17)
    }

    /// Starts a record: writes `{"type":"…"` in JSON mode.
    func begin(_ schema: RecordSchema, capture: Bool) {
        capturing = capture
        fieldIndex = 0
        levels.removeAll(keepingCapacity: true)
        containers.removeAll(keepingCapacity: true)
        captured.removeAll(keepingCapacity: true)
        if schema.type != schemaType || keys.count != schema.fields.count {
            let prefixes =
                keyCache[schema.type]
                ?? {
                    var type: [UInt8] = Array("{\"type\":".utf8)
                    JSONBytes.appendString(schema.type, to: &type)
                    let keys = schema.fields.map { field -> [UInt8] in
                        var key: [UInt8] = [UInt8(ascii: ",")]
                        JSONBytes.appendString(field.name, to: &key)
                        key.append(UInt8(ascii: ":"))
                        return key
                    }
                    keyCache[schema.type] = (type, keys)
                    return (type, keys)
                }()
            schemaType = schema.type
            keys = prefixes.keys
        }
        if !capture { out.append(contentsOf: keyCache[schemaType]?.type ?? []) }
    }

    /// Ends a record: fields the record did not write are null; writes `}` and a newline in JSON mode.
    func finish() {
        // A record that left an array or object open (a programming error) still yields valid JSON.
        while !levels.isEmpty || !containers.isEmpty {
            assertionFailure("\(schemaType) record left a container open")
            end()
        }
        while fieldIndex < keys.count { null() }
        if !capturing {
            out.append(UInt8(ascii: "}"))
            out.append(UInt8(ascii: "\n"))
        }
    }

    // MARK: Values

    /// A string field or element; nil writes null.
    public func string(_ value: String?) {
        guard let value else { return null() }
        guard prepare() else { return }
        if capturing { deliver(.string(value)) } else { JSONBytes.appendString(value, to: &out) }
    }

    /// A string escaped once and written many times (such as the source of every match).
    public func text(_ value: JSONText) {
        guard prepare() else { return }
        if capturing { deliver(.string(value.text)) } else { out.append(contentsOf: value.json) }
    }

    /// Text as bytes from the input, written without building a String; invalid UTF-8 becomes U+FFFD.
    public func bytes(_ value: Span<UInt8>) {
        guard prepare() else { return }
        if capturing {
            var copy: [UInt8] = []
            Bytes.append(value, to: &copy)
            // Decoding replaces invalid UTF-8 the same way JSONBytes does (maximal subparts become U+FFFD).
            deliver(.string(String(decoding: copy, as: UTF8.self)))
        } else {
            JSONBytes.appendString(value, to: &out)
        }
    }

    /// An integer field or element; nil writes null.
    public func integer(_ value: Int?) {
        guard let value else { return null() }
        guard prepare() else { return }
        if capturing { deliver(.integer(value)) } else { JSONBytes.appendInteger(value, to: &out) }
    }

    /// A number field or element; nil writes null.
    public func number(_ value: Double?) {
        guard let value else { return null() }
        guard prepare() else { return }
        if capturing { deliver(.number(value)) } else { JSONBytes.appendNumber(value, to: &out) }
    }

    /// A boolean field or element; nil writes null.
    public func boolean(_ value: Bool?) {
        guard let value else { return null() }
        guard prepare() else { return }
        if capturing { deliver(.bool(value)) } else { out.append(contentsOf: (value ? "true" : "false").utf8) }
    }

    /// A time, written as RFC 3339 in UTC; nil writes null.
    public func time(_ value: Timestamp?) {
        guard let value else { return null() }
        guard prepare() else { return }
        if capturing { deliver(.time(value)) } else { JSONBytes.appendString(value.rfc3339, to: &out) }
    }

    /// null.
    public func null() {
        guard prepare() else { return }
        if capturing { deliver(.null) } else { out.append(contentsOf: "null".utf8) }
    }

    /// An array of strings.
    public func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        end()
    }

    /// Any value tree, for fields whose shape is not worth streaming.
    public func value(_ value: Value) {
        guard prepare() else { return }
        if capturing { deliver(value) } else { JSONBytes.appendValue(value, to: &out) }
    }

    // MARK: Containers

    /// Opens an array; its elements follow, then `end()`.
    public func beginArray() {
        guard prepare() else { return }
        if capturing {
            containers.append(([], [], false, ""))
        } else {
            out.append(UInt8(ascii: "["))
            levels.append((false, 0))
        }
    }

    /// Opens an object; `key(_:)` and a value for each member follow, then `end()`.
    public func beginObject() {
        guard prepare() else { return }
        if capturing {
            containers.append(([], [], true, ""))
        } else {
            out.append(UInt8(ascii: "{"))
            levels.append((true, 0))
        }
    }

    /// Names the next member of the open object.
    public func key(_ name: String) {
        if capturing {
            if !containers.isEmpty { containers[containers.count - 1].key = name }
            return
        }
        guard let level = levels.last, level.isObject else { return }
        if level.count > 0 { out.append(UInt8(ascii: ",")) }
        levels[levels.count - 1].count += 1
        JSONBytes.appendString(name, to: &out)
        out.append(UInt8(ascii: ":"))
    }

    /// Closes the innermost open array or object.
    public func end() {
        if capturing {
            guard let container = containers.popLast() else { return }
            deliver(container.isObject ? .object(container.members) : .array(container.elements))
            return
        }
        guard let level = levels.popLast() else { return }
        out.append(UInt8(ascii: level.isObject ? "}" : "]"))
    }

    // MARK: Plumbing

    /// Writes what comes before a value: the field's key at the top level, a comma between array elements.
    /// Returns false for a value beyond the declared fields, which is dropped.
    private func prepare() -> Bool {
        if capturing {
            if containers.isEmpty {
                guard fieldIndex < keys.count else {
                    assertionFailure("\(schemaType) record wrote more values than it declares")
                    return false
                }
                fieldIndex += 1
            }
            return true
        }
        if let level = levels.last {
            if !level.isObject {
                if level.count > 0 { out.append(UInt8(ascii: ",")) }
                levels[levels.count - 1].count += 1
            }
            return true
        }
        guard fieldIndex < keys.count else {
            assertionFailure("\(schemaType) record wrote more values than it declares")
            return false
        }
        out.append(contentsOf: keys[fieldIndex])
        fieldIndex += 1
        return true
    }

    private func deliver(_ value: Value) {
        guard !containers.isEmpty else { return captured.append(value) }
        let last = containers.count - 1
        if containers[last].isObject {
            containers[last].members.append(Value.Member(containers[last].key, value))
        } else {
            containers[last].elements.append(value)
        }
    }
}

/// A string with its JSON form computed once, for values repeated in many records.
public struct JSONText: Sendable {
    public let text: String
    let json: [UInt8]

    public init(_ text: String) {
        self.text = text
        var json: [UInt8] = []
        JSONBytes.appendString(text, to: &json)
        self.json = json
    }
}
