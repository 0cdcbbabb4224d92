// The history file ($TB_STATE_DIR/history.ndjson): append-only visits, compacted to the newest half when it
// outgrows its cap.

/// Records and lists visits.
public final class HistoryStore {
    /// The file, or why there is none (no HOME and no TB_*_DIR).
    private let file: Result<StoreFile, ToolError>
    private let warn: (String) -> Void
    private var warned = false

    /// The file is compacted when it grows past this many bytes…
    static let capacity = 1 << 20
    /// …down to the newest lines that fit in this many.
    static let compactedSize = 1 << 19

    public init(paths: StorePaths, warn: @escaping (String) -> Void) {
        file = Result { () throws(ToolError) in StoreFile(directory: try paths.stateDirectory(), name: "history.ndjson")
        }
        self.warn = warn
    }

    /// Appends a visit. User names and passwords in `target` are removed first.
    public func record(command: String, target: String, exitStatus: ExitStatus, records: Int) throws(ToolError) {
        let visit = Visit(
            time: .now().wholeSeconds, command: command, target: Redaction.removingUserinfo(from: target),
            exitStatus: Int(exitStatus.code), records: records)
        let file = try storeFile()
        try file.locked { () throws(ToolError) in
            let size = try file.append(StoredLines.line(visit) + [UInt8(ascii: "\n")])
            if size > Self.capacity { try compact(file) }
        }
    }

    /// All visits, oldest first.
    public func visits() throws(ToolError) -> [Visit] {
        let file = try storeFile()
        let bytes = try file.read()
        return lines(of: bytes, path: file.path).compactMap { line in
            if case .record(let json, _) = line { return Visit(json: json) }
            return nil
        }
    }

    /// The newest distinct URLs visited, newest first, at most `limit`: for completion, which runs on every TAB, so
    /// only the end of the file is read (a full history is 1 MiB of JSON).
    public func recentURLs(limit: Int) throws(ToolError) -> [String] {
        let bytes = try storeFile().read(last: 64 << 10)
        var lines = bytes.split(separator: UInt8(ascii: "\n"))
        // The first line may be cut short by where the read began.
        if bytes.count == 64 << 10, !lines.isEmpty { lines.removeFirst() }
        var seen = Set<String>()
        var urls: [String] = []
        for line in lines.reversed() where urls.count < limit {
            guard let json = try? JSONValue.parse(line), let target = Visit(json: json)?.target,
                target.contains("://"), seen.insert(target).inserted
            else { continue }
            urls.append(target)
        }
        return urls
    }

    /// Empties the history.
    public func clear() throws(ToolError) {
        let file = try storeFile()
        try file.locked { () throws(ToolError) in try file.replace(with: []) }
    }

    /// Keeps the newest lines that fit in `compactedSize`, damaged ones among them included.
    private func compact(_ file: StoreFile) throws(ToolError) {
        let bytes = try file.read()
        var kept: [ArraySlice<UInt8>] = []
        var size = 0
        for line in bytes.split(separator: UInt8(ascii: "\n")).reversed() {
            size += line.count + 1
            // The newest line always stays, however long: it is the visit just recorded.
            if size > Self.compactedSize && !kept.isEmpty { break }
            kept.append(line)
        }
        try file.replace(with: StoredLines.join(kept.reversed()))
    }

    private func storeFile() throws(ToolError) -> StoreFile {
        try file.get()
    }

    private func lines(of bytes: [UInt8], path: String) -> [StoredLine] {
        let lines = StoredLines.parse(bytes) { Visit(json: $0) != nil }
        if !warned {
            for case .damaged(_, let number, let reason) in lines {
                warn("'\(path)' line \(number): damaged, kept as it is (\(reason))")
            }
            warned = true
        }
        return lines
    }
}

/// Removing secrets from what is written to history.
public enum Redaction {
    /// `scheme://user:password@host/path` becomes `scheme://host/path`; anything else is returned as it is.
    /// A password with an unescaped `/` in it is removed too: better a path cut short than a secret kept.
    public static func removingUserinfo(from target: String) -> String {
        guard let schemeEnd = target.firstRange(of: "://") else { return target }
        let authorityStart = schemeEnd.upperBound
        let rest = target[authorityStart...]
        guard let at = rest.firstIndex(of: "@") else { return target }
        let before = rest[..<at]
        let isUserinfo: Bool
        if let slash = before.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            // host:8080/p@q has a port, not a password, before the slash.
            guard let colon = before[..<slash].firstIndex(of: ":") else { return target }
            let port = before[before.index(after: colon)..<slash]
            isUserinfo = port.isEmpty || !port.allSatisfy { $0.isASCII && $0.isNumber }
        } else {
            isUserinfo = true
        }
        guard isUserinfo else { return target }
        let last =
            rest[..<(rest[at...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)]
            .lastIndex(of: "@") ?? at
        return String(target[..<authorityStart]) + String(target[target.index(after: last)...])
    }
}
