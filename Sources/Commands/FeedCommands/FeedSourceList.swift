// tb feed --from FILE: the sources a file lists, one URL (or @bookmark, or path) per line with # comments and blank
// lines, or an OPML subscription list (every outline's xmlUrl, nested outlines included), told apart by the root
// element `opml`.
import Bytes
import Expat
import POSIX
import Toolbox

enum FeedSourceList {
    /// A list longer than this is refused: it is a list of feeds, not a feed.
    static let sizeLimit = 16 << 20

    /// The sources listed in `path` (`-`: standard input), in order.
    static func read(_ path: String) throws(ToolError) -> [String] {
        let name = path == "-" ? "standard input" : "'\(path)'"
        let bytes: [UInt8]
        do {
            bytes =
                try path == "-"
                ? FileDescriptor.standardInput.readAll(limit: sizeLimit) : FileSystem.readFile(path, limit: sizeLimit)
        } catch .tooLarge {
            throw ToolError("cannot read \(name): larger than \(FileReadError.size(sizeLimit)), not a list of feeds")
        } catch {
            throw ToolError("cannot read \(name): \(error.reason)")
        }
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if text.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "<") {
            return try outlines(text, name: name)
        }
        return lines(text)
    }

    /// One source per line; `#` starts a comment (at the start of a line, or after white space: URLs keep their
    /// fragments).
    static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { line in
            var line = Substring(line)
            if line.hasPrefix("#") { return nil }
            if let comment = line.firstRange(of: " #") ?? line.firstRange(of: "\t#") {
                line = line[..<comment.lowerBound]
            }
            let word = String(line).trimmingWhitespace()
            return word.isEmpty ? nil : word
        }
    }

    /// The xmlUrl of every outline of an OPML document.
    static func outlines(_ bytes: [UInt8], name: String) throws(ToolError) -> [String] {
        let collector = OutlineCollector()
        do {
            let parser = try ExpatParser(delegate: collector, namespaces: false)
            try parser.parse(bytes.span, final: true)
        } catch {
            throw ToolError("cannot read \(name) as OPML: \(error)")
        }
        guard collector.isOPML else {
            throw ToolError("cannot read \(name): not OPML (its root element is '\(collector.root ?? "")')")
        }
        return collector.urls
    }
}
