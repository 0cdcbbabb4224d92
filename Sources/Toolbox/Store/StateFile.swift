// A small NDJSON file of the store read and rewritten whole under its lock, such as the state of one feed: changes
// re-read the file under the lock and merge into what is there, so concurrent runs never lose each other's writes,
// and the rewrite is atomic, so a crash leaves the old file or the new one, never a torn one.
import POSIX

/// One state file: its lines as JSON values, read whole, rewritten whole.
public struct StateFile {
    private let file: StoreFile

    /// Where the file is.
    public var path: String { file.path }

    public init(directory: String, name: String) {
        file = StoreFile(directory: directory, name: name)
    }

    /// The file's lines, blank ones left out; none when there is no file. A damaged line is reported through `warn`
    /// (`'PATH' line N: damaged, ignored (REASON)`) and left out: the next write drops it.
    public func read(warn: (String) -> Void) throws(ToolError) -> [JSONValue] {
        guard let reader = try file.open() else { return [] }
        var values: [JSONValue] = []
        var lines = reader.lines()
        while let raw = try lines.next() {
            switch StoredLines.parse(raw, as: { $0 }) {
            case .record(let value, _): values.append(value)
            case .damaged(let raw, let reason): warn("'\(path)' line \(raw.number ?? 0): damaged, ignored (\(reason))")
            case nil: continue
            }
        }
        return values
    }

    /// Holding the lock, reads the file, hands its lines to `change` and writes what it returns in their place
    /// (nil: leave the file as it is). The file is created 0600 (its directory too, when missing).
    public func update(warn: (String) -> Void, _ change: ([JSONValue]) throws(ToolError) -> [any Record]?)
        throws(ToolError)
    {
        try file.locked { () throws(ToolError) in
            guard let records = try change(try read(warn: warn)) else { return }
            var lines: [LineText] = []
            lines.reserveCapacity(records.count)
            for record in records {
                let line = try StoredLines.line(
                    record, tooLong: ToolError("cannot write '\(path)': a line longer than \(StoreLimits.lineText)"))
                lines.append(.bytes(line[...]))
            }
            try file.replace(with: lines, copyingFrom: nil)
        }
    }

    /// A 64-bit FNV-1a hash of `text`, 16 hex digits: a short file name for a long URL or path. Not for secrets.
    public static func nameHash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The names of the files in `directory` that end in `suffix`, sorted; none when there is no such directory.
    public static func names(in directory: String, endingIn suffix: String) -> [String] {
        FileSystem.contentsOfDirectory(directory).filter { $0.hasSuffix(suffix) }.sorted()
    }
}
