/// What is known about a source when its first bytes arrive.
public struct SourceInfo: Sendable {
    public let source: Source
    /// The Content-Type the server sent (with its charset parameter), if any.
    public let contentType: String?
    /// The URL finally fetched, after redirects; the base for relative links.
    public let effectiveURL: String?
    /// The size of a local file, when it is one: a handler that keeps the whole source can make room for it at once.
    public var fileSize: Int? = nil

    /// A Content-Type without its parameters, lowercased (`Text/HTML; charset=utf-8` gives `text/html`); nil when
    /// it names none.
    public static func mediaType(ofContentType type: String?) -> String? {
        guard let first = type?.split(separator: ";").first else { return nil }
        let media = String(first).trimmingWhitespace()
        return media.isEmpty ? nil : media.lowercased()
    }

    /// The charset parameter of a Content-Type header (`text/html; charset="utf-8"` gives `utf-8`), if any.
    public static func charset(ofContentType type: String?) -> String? {
        guard let type else { return nil }
        for parameter in type.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            if parts.count == 2, String(parts[0]).trimmingWhitespace().lowercased() == "charset" {
                return String(parts[1]).trimmingWhitespace().filter { $0 != "\"" && $0 != "'" }
            }
        }
        return nil
    }
}
