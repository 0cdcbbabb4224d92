// The history file ($TB_STATE_DIR/history.ndjson): append-only visits, compacted to the newest half when it
// outgrows its cap. It is read from the end for the newest visits, and in pieces otherwise: a history made huge by
// hand or by another tool costs no more memory than tb's own. A link to a device (/dev/null) switches it off.

/// Records and lists visits.
public final class HistoryStore {
    /// The file, or why there is none (no HOME and no TB_*_DIR).
    private let file: Result<StoreFile, ToolError>
    private var damage: DamageReport

    /// How much of the end of the file completion reads, on every TAB.
    static let completionWindow = 64 << 10

    public init(paths: StorePaths, warn: @escaping (String) -> Void) {
        file = Result { () throws(ToolError) in StoreFile(directory: try paths.stateDirectory(), name: "history.ndjson")
        }
        damage = DamageReport(warn: warn)
    }

    /// Appends a visit. User names and passwords in `target` are removed first. With the file linked to a device,
    /// the visit is dropped: that is how a history is switched off.
    public func record(command: String, target: String, exitStatus: ExitStatus, records: Int) throws(ToolError) {
        let visit = Visit(
            time: .now().wholeSeconds, command: command, target: Redaction.removingUserinfo(from: target),
            exitStatus: Int(exitStatus.code), records: records)
        let line = try StoredLines.line(visit, tooLong: ToolError("the visit is longer than \(StoreLimits.lineText)"))
        let file = try storeFile()
        if file.isDevice { return }
        try file.locked { () throws(ToolError) in
            let size = try file.append(line + [UInt8(ascii: "\n")])
            if size > StoreLimits.history { try compact(file) }
        }
    }

    /// The visits by `command` (all when nil), oldest first, one at a time: all of them read forwards a piece of the
    /// file at a time, or with `limit` only the newest that many, read from the end as far back as needed.
    public func visits(command: String? = nil, newest limit: Int? = nil) throws(ToolError) -> Visits {
        guard let reader = try storeFile().open() else { return Visits(store: self, source: .done) }
        guard let limit else { return Visits(store: self, source: .forwards(reader.lines(), reader.path, command)) }
        return Visits(store: self, source: .newest(try newest(limit, command: command, in: reader)[...]))
    }

    /// Whether a visit's command is the one asked for (all when nil): its words are the asked words and maybe more,
    /// so "svn" matches "svn ls" and "svn log", and "svn l" matches neither.
    static func command(_ recorded: String, matches asked: String?) -> Bool {
        guard let asked else { return true }
        let words = asked.split(separator: " ")
        let recordedWords = recorded.split(separator: " ")
        return !words.isEmpty && recordedWords.starts(with: words)
    }

    /// The newest `limit` visits by `command`, oldest first, read backwards; damaged lines among them are reported.
    private func newest(_ limit: Int, command: String?, in reader: StoreReader) throws(ToolError) -> [Visit] {
        guard limit > 0 else { return [] }
        var found: [Visit] = []
        var damaged: [(offset: Int, reason: String)] = []
        var lines = reader.linesFromTheEnd()
        while found.count < limit, let raw = try lines.next() {
            switch StoredLines.parse(raw, as: Visit.init(json:)) {
            case .record(let visit, _):
                if Self.command(visit.command, matches: command) { found.append(visit) }
            case .damaged(let raw, let reason):
                damaged.append((raw.range.lowerBound, reason))
            case nil:
                continue
            }
        }
        // Lines read backwards do not know their numbers: count them, only when there is something to report.
        if !damaged.isEmpty {
            let numbers = try reader.lineNumbers(at: damaged.map(\.offset))
            for (number, line) in zip(numbers, damaged).reversed() {
                damage.report(line: number, line.reason, in: reader.path)
            }
        }
        return found.reversed()
    }

    /// Visits, oldest first, one at a time.
    public struct Visits {
        fileprivate enum Source {
            case done
            case forwards(ForwardLines, String, String?)
            case newest(ArraySlice<Visit>)
        }

        fileprivate let store: HistoryStore
        fileprivate var source: Source

        /// The next visit, or nil at the end. Damaged lines are reported as they are passed.
        public mutating func next() throws(ToolError) -> Visit? {
            switch source {
            case .done:
                return nil
            case .newest(var visits):
                let visit = visits.popFirst()
                source = .newest(visits)
                return visit
            case .forwards(var lines, let path, let command):
                defer { source = .forwards(lines, path, command) }
                while let raw = try lines.next() {
                    switch StoredLines.parse(raw, as: Visit.init(json:)) {
                    case .record(let visit, _):
                        if HistoryStore.command(visit.command, matches: command) { return visit }
                    case .damaged(let raw, let reason):
                        store.damage.report(line: raw.number ?? 0, reason, in: path)
                    case nil:
                        continue
                    }
                }
                return nil
            }
        }

        /// The rest of them at once.
        public func remaining() throws(ToolError) -> [Visit] {
            var rest = self
            var all: [Visit] = []
            while let visit = try rest.next() { all.append(visit) }
            return all
        }
    }

    /// The newest distinct URLs visited, newest first, at most `limit`: for completion, which runs on every TAB, so
    /// only the end of the file is read.
    public func recentURLs(limit: Int) throws(ToolError) -> [String] {
        guard let reader = try storeFile().open() else { return [] }
        var lines = reader.linesFromTheEnd(notBefore: reader.size - Self.completionWindow)
        var seen = Set<String>()
        var urls: [String] = []
        while urls.count < limit, let raw = try lines.next() {
            guard let bytes = raw.bytes, let json = try? JSONValue.parse(bytes), let target = Visit(json: json)?.target,
                target.contains("://"), seen.insert(target).inserted
            else { continue }
            urls.append(target)
        }
        return urls
    }

    /// Empties the history. A history linked to a device is empty already.
    public func clear() throws(ToolError) {
        let file = try storeFile()
        if file.isDevice { return }
        try file.locked { () throws(ToolError) in try file.replace(with: [], copyingFrom: nil) }
    }

    /// Keeps the newest lines that fit in `StoreLimits.compactedHistory`, damaged ones among them included. Only that much of the
    /// end of the file is read, however big it has grown.
    private func compact(_ file: StoreFile) throws(ToolError) {
        guard let reader = try file.open() else { return }
        var kept: [LineText] = []
        var lines = reader.linesFromTheEnd(notBefore: reader.size - StoreLimits.compactedHistory)
        while let raw = try lines.next() {
            if !raw.isBlank { kept.append(raw.text) }
        }
        try file.replace(with: kept.reversed(), copyingFrom: reader)
    }

    private func storeFile() throws(ToolError) -> StoreFile {
        try file.get()
    }
}
