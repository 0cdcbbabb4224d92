// Which ETag and Last-Modified values tb feed --new stores and sends back: none that holds a control character (a
// bare CR sent back in If-None-Match splits it into a second header for a proxy or server that splits on CR) or is
// longer than 8 KiB (the state line must stay short enough to be written, or --new would forget every item).
import Toolbox

/// The validators a feed's state may keep.
enum FeedValidators {
    /// The longest validator kept, in bytes: ETags are short hashes or dates, and a state line holds two of them.
    static let longest = 8 << 10

    /// Why `value` is not kept, or nil when it is. Any other text is kept as it came, quotes or not: an unquoted
    /// ETag is wrong, but real servers send them and take them back.
    static func problem(_ value: String) -> String? {
        if value.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return "it holds a control character" }
        if value.utf8.count > longest { return "it is longer than \(longest >> 10) KiB" }
        return nil
    }

    /// `value` when it may be kept.
    static func kept(_ value: String?) -> String? {
        value.flatMap { problem($0) == nil ? $0 : nil }
    }

    /// `response` without the validators that may not be kept; `warn` is told once, naming them.
    static func checked(_ response: SourceResponse, url: String, warn: (String) -> Void) -> SourceResponse {
        var checked = response
        var dropped: [String] = []
        if let etag = response.etag, let problem = problem(etag) {
            checked.etag = nil
            dropped.append("ETag (\(problem))")
        }
        if let lastModified = response.lastModified, let problem = problem(lastModified) {
            checked.lastModified = nil
            dropped.append("Last-Modified (\(problem))")
        }
        if !dropped.isEmpty {
            warn("'\(url)': ignoring the server's \(dropped.joined(separator: " and ")): neither stored nor sent back")
        }
        return checked
    }
}
