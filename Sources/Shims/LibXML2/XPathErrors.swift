// XPath errors caught as they are raised (libxml2 reports them through per-thread error handlers) instead of
// printed to stderr, and turned into one-line LibXML2Errors.
internal import CLibXML2

/// The first error libxml2 raises on this thread while `body` runs; the handlers that were set before are put
/// back. libxml2's error handlers are per-thread globals, so other threads are not affected.
func catchingXPathErrors<T>(_ body: () -> T) -> (result: T, error: LibXML2Error?) {
    let capture = XPathErrorCapture()
    let previous = libxml2.__xmlStructuredError()?.pointee ?? nil
    let previousContext = libxml2.__xmlStructuredErrorContext()?.pointee ?? nil
    libxml2.xmlSetStructuredErrorFunc(Unmanaged.passUnretained(capture).toOpaque(), XPathErrorCapture.handle)
    var generic = CLibXML2_generic_errors()
    CLibXML2_catch_generic_errors(&generic)
    let result = withExtendedLifetime(capture) { body() }
    CLibXML2_release_generic_errors(&generic)
    libxml2.xmlSetStructuredErrorFunc(previousContext, previous)
    let details = withUnsafeBytes(of: generic.first) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return (result, capture.first.map { $0.adding(details) })
}

private final class XPathErrorCapture {
    var first: LibXML2Error?

    /// The structured error handler: keeps the first error.
    static let handle: xmlStructuredErrorFunc = { data, error in
        guard let data, let error else { return }
        let capture = Unmanaged<XPathErrorCapture>.fromOpaque(data).takeUnretainedValue()
        if capture.first == nil { capture.first = LibXML2Error(xpath: error.pointee) }
    }
}

extension LibXML2Error {
    /// "invalid predicate at character 4": libxml2's message with a lower-case first letter and no newline, and the
    /// position where the compiler stopped (libxml2 gives the expression and a byte offset).
    init(xpath error: xmlError) {
        var message = error.message.map { String(cString: $0) } ?? "XPath error \(error.code)"
        while message.last?.isWhitespace == true { message.removeLast() }
        if let first = message.first, first.isUppercase, message.dropFirst().first?.isUppercase != true {
            message = first.lowercased() + message.dropFirst()
        }
        if let expression = error.str1, error.int1 >= 0 {
            let bytes = UnsafeRawPointer(expression).assumingMemoryBound(to: UInt8.self)
            let prefix = UnsafeBufferPointer(start: bytes, count: min(Int(error.int1), XMLStrings.length(bytes)))
            message += " at character \(String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1)"
        }
        self.init(code: Int(error.code), message: message)
    }

    /// The error with the name libxml2 printed as a generic error beside it: the function it did not find.
    fileprivate func adding(_ generic: String) -> LibXML2Error {
        guard code == Int(XML_XPATH_UNKNOWN_FUNC_ERROR.rawValue),
            let start = generic.firstRange(of: "function "), let end = generic.firstRange(of: " not found")
        else { return self }
        return LibXML2Error(code: code, message: message + " " + generic[start.upperBound..<end.lowerBound] + "()")
    }
}
