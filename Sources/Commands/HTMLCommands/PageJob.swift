import Bytes
import HTML5
import LibXML2
import POSIX
import Toolbox

/// One page to select from.
struct PageJob: Sendable {
    /// The page as it arrived (decompressed); PageWork drops it once decoded.
    var bytes: [UInt8]
    /// The source as records and messages name it.
    let name: String
    /// The page's own URL (after redirects, or its file:// URL), the base of relative URLs.
    let url: String?
    /// The Content-Type the server sent.
    let contentType: String?
}
