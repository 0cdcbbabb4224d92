// Fuzz target `url`: any text as a link in a feed or page, resolved against fixed base URLs as tb resolves links.
// Resolving what came out again changes nothing: a resolved URL is absolute and has no dot segment left.
import Toolbox

/// Relative URL resolution (RFC 3986 §5.2).
enum URLReferenceTarget: FuzzTarget {
    static let name = "url"
    static let bases = ["http://example.org/a/b/c?q#f", "file:///srv/feeds/x.xml", "https://h:8080", "urn:isbn:1"]

    static func check(_ input: [UInt8]) throws(FuzzViolation) {
        let reference = String(decoding: input, as: UTF8.self)
        _ = URLReference.host(of: reference)
        for base in bases + [reference] {
            let resolved = URLReference.resolve(reference, against: base)
            let again = URLReference.resolve(resolved, against: base)
            try require(
                again == resolved,
                "'\(reference)' against '\(base)' resolves to '\(resolved)', and that to '\(again)'")
        }
    }
}
