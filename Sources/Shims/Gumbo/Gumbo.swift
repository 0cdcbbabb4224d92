// gumbo, the HTML5 parser, loaded on first use. Wrappers are added here as `tb html` needs them.
internal import CGumbo
import Loader

/// gumbo's functions and default options, called straight through the table (`gumbo.gumbo_parse_with_options(…)`);
/// only once `Gumbo.loaded` succeeded, which every way into this module checks first.
var gumbo: CGumbo_table { CGumbo_fn().pointee }

/// The gumbo library.
public enum Gumbo {
    /// Loads gumbo the first time any wrapper needs it; Swift runs this initializer once, thread-safely.
    static let loaded: Result<Void, GumboError> = LazyLibrary.load("libgumbo", CGumbo_load) {
        GumboError(message: $0)
    }
}

/// An HTML document parsed the way browsers parse it. The corresponding C type is `GumboOutput`.
public final class HTMLTree {
    /// The bytes parsed: gumbo's tree points into them, so they live as long as it does.
    private let text: UnsafeMutableBufferPointer<CChar>
    private let output: UnsafeMutablePointer<GumboOutput>

    /// Parses `html`, UTF-8 text. The corresponding C function is `gumbo_parse_with_options`.
    public init(parsing html: some Collection<UInt8>) throws(GumboError) {
        try Gumbo.loaded.get()
        let text = UnsafeMutableBufferPointer<CChar>.allocate(capacity: html.count)
        _ = text.initialize(from: html.lazy.map { CChar(bitPattern: $0) })
        // NULL only when its allocator (malloc) fails.
        guard let output = gumbo.gumbo_parse_with_options(gumbo.kGumboDefaultOptions, text.baseAddress, text.count)
        else {
            text.deallocate()
            throw GumboError(message: "out of memory")
        }
        self.text = text
        self.output = output
    }

    deinit {
        gumbo.gumbo_destroy_output(gumbo.kGumboDefaultOptions, output)
        text.deallocate()
    }

    /// The name of the root element: "html", which gumbo adds when the document leaves it out, as browsers do.
    /// The corresponding C function is `gumbo_normalized_tagname`.
    public var rootName: String {
        gumbo.gumbo_normalized_tagname(output.pointee.root.pointee.v.element.tag).map { String(cString: $0) } ?? ""
    }
}
