// libxml2, loaded on first use. Wrappers are added here as `tb html` needs them.
internal import CLibXML2
import Loader

/// libxml2's functions, called straight through the table (`libxml2.name(…)`); only once
/// `LibXML2.loaded` succeeded, which every way into this module checks first.
var libxml2: CLibXML2_table { CLibXML2_fn().pointee }

/// The libxml2 library.
public enum LibXML2 {
    /// Loads libxml2 the first time any wrapper needs it; Swift runs this initializer once, thread-safely.
    /// `xmlInitParser` too: the XPath engine's NaN and infinities are set there, and an expression may well be
    /// compiled before any document is parsed.
    package static let loaded: Result<Void, LibXML2Error> = LazyLibrary.load("libxml2", CLibXML2_load) {
        LibXML2Error(code: -1, message: $0)
    }.map { libxml2.xmlInitParser() }

    /// Runs `read` (one of libxml2's `…ReadMemory` functions) over `utf8` as a C buffer and length, once libxml2 is
    /// loaded; libxml2 takes lengths as `int`, so a larger document is an error.
    static func reading<T>(
        _ utf8: [UInt8], _ read: (UnsafePointer<CChar>?, Int32) -> T
    ) throws(LibXML2Error) -> T {
        try loaded.get()
        guard utf8.count <= Int(Int32.max) else {
            throw LibXML2Error(code: -1, message: "a document larger than 2 GiB")
        }
        return utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { read($0.baseAddress, Int32($0.count)) }
        }
    }

    /// The version of the library, such as "2.9.14". The corresponding C variable is `xmlParserVersion`
    /// ("20914").
    public static func version() throws(LibXML2Error) -> String {
        try loaded.get()
        let number = Int(String(cString: CLibXML2_parser_version())) ?? 0
        return "\(number / 10000).\(number / 100 % 100).\(number % 100)"
    }
}
