// The one error type of the Expat shim: expat's error code and message, and where in the document it happened.
internal import CExpat

/// A well-formedness error, or a parser that could not be made.
public struct ExpatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// expat's XML_Error code.
    public let code: Int
    /// expat's message, such as "mismatched tag".
    public let message: String
    /// 1-based line and column of the error.
    public let line: Int
    public let column: Int

    public var description: String { "\(message) at line \(line), column \(column)" }

    init(code: XML_Error, line: Int, column: Int) {
        self.code = Int(code.rawValue)
        message = String(cString: XML_ErrorString(code))
        self.line = line
        self.column = column
    }

    init(message: String) {
        code = -1
        self.message = message
        line = 0
        column = 0
    }
}
