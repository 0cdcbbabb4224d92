@testable import HTML5

/// A token, with characters joined as html5lib's tests join them (where a run is cut depends on the pieces).
public enum HTML5Token: Equatable, CustomStringConvertible {
    case characters([UInt8])
    case startTag(name: [UInt8], attributes: [Attribute], selfClosing: Bool)
    case endTag(name: [UInt8], attributes: [Attribute])
    case comment([UInt8])
    case doctype(name: [UInt8]?, publicID: [UInt8]?, systemID: [UInt8]?, forceQuirks: Bool)
    case endOfFile

    public struct Attribute: Equatable, CustomStringConvertible {
        public let name: [UInt8]
        public let value: [UInt8]
        public var description: String { String(decoding: name + [0x3D] + value, as: UTF8.self).debugDescription }
    }

    public var description: String {
        func text(_ bytes: [UInt8]?) -> String {
            bytes.map { String(decoding: $0, as: UTF8.self).debugDescription } ?? "nil"
        }
        switch self {
        case .characters(let bytes): return text(bytes)
        case .startTag(let name, let attributes, let selfClosing):
            return "<\(text(name)) \(attributes)\(selfClosing ? "/" : "")>"
        case .endTag(let name, let attributes): return "</\(text(name)) \(attributes)>"
        case .comment(let bytes): return "<!--\(text(bytes))-->"
        case .doctype(let name, let publicID, let systemID, let forceQuirks):
            return "<!DOCTYPE \(text(name)) \(text(publicID)) \(text(systemID)) \(forceQuirks)>"
        case .endOfFile: return "EOF"
        }
    }
}
