// The one error type of the Expat shim: expat's error code and message, and where in the document it happened.
internal import CExpat

/// A well-formedness error, a document past one of the parser's limits, or a parser that could not be made.
public struct ExpatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The document is not well-formed XML (expat's own errors).
        case notWellFormed
        /// Elements nested deeper than `ExpatParser.Limits.depth`.
        case tooDeep
        /// An unfinished start tag, comment or processing instruction longer than `Limits.unfinishedBytes`.
        case tokenTooLong
    }

    public let kind: Kind
    /// expat's XML_Error code (-1 for the parser's own limits).
    public let code: Int
    /// expat's message, such as "mismatched tag".
    public let message: String
    /// 1-based line and column of the error.
    public let line: Int
    public let column: Int

    public var description: String { "\(message) at line \(line), column \(column)" }

    /// Whether expat stopped for want of memory or at its bound on entity expansion (billion laughs), rather than at
    /// a mistake in the markup: a document worth reading again leniently makes neither.
    public var isResourceLimit: Bool {
        code == Int(XML_ERROR_NO_MEMORY.rawValue) || code == Int(XML_ERROR_AMPLIFICATION_LIMIT_BREACH.rawValue)
    }

    init(code: XML_Error, line: Int, column: Int) {
        kind = .notWellFormed
        self.code = Int(code.rawValue)
        message = String(cString: XML_ErrorString(code))
        self.line = line
        self.column = column
    }

    init(_ kind: Kind, _ message: String, line: Int, column: Int) {
        self.kind = kind
        code = -1
        self.message = message
        self.line = line
        self.column = column
    }

    init(message: String) {
        kind = .notWellFormed
        code = -1
        self.message = message
        line = 0
        column = 0
    }
}
