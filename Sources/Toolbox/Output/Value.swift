// A field value held in memory: what table, TSV, template and --fields output work from.
import Bytes

/// One value of a record field.
public enum Value: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case time(Timestamp)
    case array([Value])
    case object([Member])

    /// One key and value of an object, in order.
    public struct Member: Sendable, Equatable {
        public let key: String
        public let value: Value

        public init(_ key: String, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// The value at a dotted path: object members by key, array elements by index (`enclosures.0.url`).
    public func lookup(_ path: ArraySlice<String>) -> Value {
        guard let first = path.first else { return self }
        switch self {
        case .object(let members):
            return members.first { $0.key == first }?.value.lookup(path.dropFirst()) ?? .null
        case .array(let elements):
            guard let index = Int(first), elements.indices.contains(index) else { return .null }
            return elements[index].lookup(path.dropFirst())
        default:
            return .null
        }
    }

    /// The value as plain text: strings as they are, times in RFC 3339, arrays and objects as compact JSON,
    /// null as nothing. TSV and templates use this.
    public var plainText: String {
        switch self {
        case .null: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .string(let text): return text
        case .time(let time): return time.rfc3339
        case .number, .array, .object:
            var out = ByteBuffer()
            JSONBytes.appendValue(self, to: &out)
            return out.string
        }
    }
}
