// Fuzz target `feed`: any bytes as a feed file, through expat and, when they are not well-formed, the recovering
// parser. Read whole and in small pieces, the same items come out: where the pieces end must not matter.

/// `tb feed` on arbitrary bytes.
enum FeedTarget: FuzzTarget {
    static let name = "feed"
    static let seedFolders = ["feeds", "feeds/liberal", "feeds/broken", "feeds/json"]

    static func check(_ input: [UInt8]) throws(FuzzViolation) {
        let path = InProcessCheck.write(input)
        // The input's length picks the mode, so that no byte of a seed is spent on it.
        var mode = ["--json", input.count % 5 == 0 ? "--events" : "--meta"]
        if input.count % 3 == 0 { mode.append("--strict") }
        // 0: items; 2: not well-formed, not a feed, a field cut. Two warnings and an error may all be printed: a
        // charset iconv cannot convert, junk before the feed, then the error (crash-charset-junk-and-error).
        let whole = try InProcessCheck.run(["feed"] + mode + [path], statuses: [0, 2], messages: 3)
        let size = String(input.count % 61 + 1)
        let pieces = try InProcessCheck.run(
            ["feed"] + mode + ["--read-size", size, path], statuses: [0, 2], messages: 3)
        try require(
            withoutErrorEvents(whole.stdout) == withoutErrorEvents(pieces.stdout) && whole.status == pieces.status,
            "tb feed \(mode.joined(separator: " ")): read whole and in pieces of \(size) bytes differ:\n"
                + "whole (\(whole.status.code)):\n\(whole.stdout)\(whole.stderr)\n"
                + "pieces (\(pieces.status.code)):\n\(pieces.stdout)\(pieces.stderr)")
    }

    /// The output without --events' `error` records: which error expat reports after the root element, and where,
    /// depends on where its input pieces end (a name cut by a piece's end is junk at once, whole it is an invalid
    /// token at its first bad character: `<rss></rss>ample/1` in pieces of 13 bytes), while everything before it
    /// does not. The error is still reported, and the status compared.
    static func withoutErrorEvents(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { !$0.contains(#""event":"error""#) }
    }
}
