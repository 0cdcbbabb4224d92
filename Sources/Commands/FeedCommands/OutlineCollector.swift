// tb feed --from with an OPML file: the expat delegate that picks the feeds' URLs out of its outlines.
import Bytes
import Expat
import Toolbox

/// Collects the xmlUrl attributes of `outline` elements at any depth, and the root element's name.
final class OutlineCollector: ExpatDelegate {
    private(set) var root: String?
    private(set) var urls: [String] = []
    var isOPML: Bool { root?.lowercased() == "opml" }

    func startElement(_ name: Span<UInt8>, parser: ExpatParser) {
        let text = Self.string(name)
        guard let root else {
            self.root = text
            return
        }
        guard root.lowercased() == "opml", text.lowercased() == "outline" else { return }
        parser.withAttribute(Array("xmlUrl".utf8)) { value in
            let url = Self.string(value).trimmingWhitespace()
            if !url.isEmpty { urls.append(url) }
        }
    }

    private static func string(_ bytes: Span<UInt8>) -> String {
        var array: [UInt8] = []
        Bytes.append(bytes, to: &array)
        return String(decoding: array, as: UTF8.self)
    }
}
