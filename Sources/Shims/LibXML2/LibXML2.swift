// libxml2, loaded on first use. Wrappers are added here as `tb html` needs them.
import Bytes
internal import CLibXML2

/// The libxml2 library.
public enum LibXML2 {
    /// Loads libxml2 the first time any wrapper needs it; Swift runs this initializer once, thread-safely.
    static let loaded: Result<Void, LibXML2Error> = {
        var message = [CChar](repeating: 0, count: 512)
        if CLibXML2_load(&message, UInt(message.count)) == 0 { return .success(()) }
        return .failure(LibXML2Error(code: -1, message: "cannot load libxml2: " + Bytes.string(fromCString: message)))
    }()

    /// The version of the library, such as "2.9.14". The corresponding C variable is `xmlParserVersion`
    /// ("20914").
    public static func version() throws(LibXML2Error) -> String {
        try loaded.get()
        let number = Int(String(cString: CLibXML2_parserVersion())) ?? 0
        return "\(number / 10000).\(number / 100 % 100).\(number % 100)"
    }
}
