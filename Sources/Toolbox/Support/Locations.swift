// Telling URLs from local paths, and making local paths absolute (bookmarks must work from any directory).
import POSIX

/// URLs and paths as users type them.
public enum Locations {
    /// Whether `text` starts with a URL scheme and `://` (`https://…`, `svn+ssh://…`, `file:///…`).
    public static func isURL(_ text: String) -> Bool {
        guard let end = text.firstRange(of: "://") else { return false }
        let scheme = text[..<end.lowerBound].unicodeScalars
        guard let first = scheme.first, isLetter(first) else { return false }
        return scheme.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// The file:// URL of a local path (made absolute against `directory`), the base of its relative links in
    /// tb feed and tb html: spaces, controls, non-ASCII, `"<>\`{}`, and `%`, `?`, `#` and `\` (which would start an
    /// escape, a query or a fragment, or become a slash) percent-encoded.
    public static func fileURL(path: String, directory: String?) -> String {
        var absolute = path
        if !path.hasPrefix("/"), let directory { absolute = directory + (directory.hasSuffix("/") ? "" : "/") + path }
        let hex = Array("0123456789ABCDEF".utf8)
        var output = Array("file://".utf8)
        for byte in absolute.utf8 {
            if byte <= 0x20 || byte >= 0x7F || Array(#""<>`{}%?#\"#.utf8).contains(byte) {
                output += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            } else {
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The last part of a path or a URL's path (`news.xml` of `feeds/news.xml`); the text itself when it has no
    /// slash-separated part (`-`).
    public static func fileName(_ text: String) -> String {
        text.split(separator: "/").last.map(String.init) ?? text
    }

    /// Whether something (a file, a directory, anything a link leads to) is at `path`.
    public static func exists(_ path: String) -> Bool {
        FileSystem.kind(of: path) != nil
    }

    /// A URL or `-` as it is; a local path made absolute against the current directory.
    public static func absolute(_ text: String) throws(ToolError) -> String {
        if isURL(text) || text == "-" || text.hasPrefix("/") { return text }
        do {
            return Toolbox.absolute(text, in: try FileSystem.currentDirectory())
        } catch {
            throw ToolError("cannot find the current directory: \(error.reason)")
        }
    }
}
