// Fuzz target `store`: any bytes as the bookmarks file, the history and a feed's --new state. Reading them reports
// damaged lines and goes on; writing keeps every line it could not read, in its place.
import Foundation
import TestSupport

/// The store's loaders and its rewrite.
enum StoreTarget: FuzzTarget {
    static let name = "store"
    static var scratch: Scratch { InProcessCheck.scratch }
    /// The feed --new reads, and the name of its state file (found by running it once).
    static let feed: (path: String, stateFile: String) = {
        let path = scratch.write(
            "store-feed.xml", "<rss><channel><item><guid>1</guid><title>t</title></item></channel></rss>")
        _ = try? InProcessCheck.run(["feed", "--new", "--json", path], statuses: [0])
        let folder = scratch.file("state/feeds")
        try? FileManager.default.createDirectory(atPath: scratch.file("config"), withIntermediateDirectories: true)
        let name = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.first ?? "missing"
        return (path, folder + "/" + name)
    }()

    static func check(_ input: [UInt8]) throws(FuzzViolation) {
        let bookmarks = scratch.file("config/bookmarks.ndjson")
        let state = feed.stateFile
        for path in [bookmarks, scratch.file("state/history.ndjson"), state] {
            try require(FileManager.default.createFile(atPath: path, contents: Data(input)), "cannot write \(path)")
        }
        let any = Int.max
        try InProcessCheck.run(["bookmark", "ls", "--json"], statuses: [0], messages: any)
        try InProcessCheck.run(["history", "--json"], statuses: [0], messages: any)
        try InProcessCheck.run(["history", "-n", "2", "--json"], statuses: [0], messages: any)
        try InProcessCheck.run(["feed", "--status", "--json"], statuses: [0, 2], messages: any)
        try InProcessCheck.run(["feed", "--new", "--json", feed.path], statuses: [0, 2], messages: any)
        try InProcessCheck.run(
            ["bookmark", "add", "--force", "zzfuzz", "https://example.org/"], statuses: [0], messages: any)
        let after = (try? Data(contentsOf: URL(fileURLWithPath: bookmarks))).map { [UInt8]($0) } ?? []
        try requireKept(lines(input), in: lines(after))
    }

    /// The lines a rewrite must keep: all but blank ones and the bookmark it replaced.
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(separator: 0x0A).filter { line in
            !line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        }
    }

    static func requireKept(_ before: [ArraySlice<UInt8>], in after: [ArraySlice<UInt8>]) throws(FuzzViolation) {
        var next = after.startIndex
        for line in before {
            // The bookmark it replaced, however its line was written.
            if line.firstRange(of: Array("zzfuzz".utf8)) != nil { continue }
            guard let found = after[next...].firstIndex(of: line) else {
                throw FuzzViolation(
                    "bookmark add lost the line '\(String(decoding: line.prefix(200), as: UTF8.self))'")
            }
            next = found + 1
        }
    }
}
