// Where tb feed keeps the state of each feed: `$TB_STATE_DIR/feeds/` (else `$XDG_STATE_HOME/tb/feeds/`), one file per
// feed named for its host and a hash of its URL, changed only under the file's lock and atomically (StateFile).
import Toolbox

/// The feed states of one run.
struct FeedStateStore {
    /// The directory, or why there is none (no HOME and no TB_*_DIR).
    let directory: String
    let warn: (String) -> Void

    init(paths: StorePaths, warn: @escaping (String) -> Void) throws(ToolError) {
        directory = try paths.stateDirectory() + "/feeds"
        self.warn = warn
    }

    /// The file of the feed at `url` (a URL, or a file's absolute path).
    func file(for url: String) -> StateFile {
        StateFile(directory: directory, name: Self.fileName(for: url))
    }

    /// The feed's state as stored, or a new one.
    func load(_ url: String) throws(ToolError) -> FeedState {
        let file = file(for: url)
        return FeedState(url: url, lines: try file.read(warn: warn), path: file.path, warn: warn)
    }

    /// Re-reads the feed's state under its lock, changes it and writes it: what a concurrent run wrote meanwhile is
    /// kept.
    func update(_ url: String, _ change: (inout FeedState) -> Void) throws(ToolError) {
        let file = file(for: url)
        try file.update(warn: warn) { (lines) throws(ToolError) -> [any Record]? in
            var state = FeedState(url: url, lines: lines, path: file.path, warn: warn)
            change(&state)
            return state.records
        }
    }

    /// Every stored state, sorted by URL.
    func all() throws(ToolError) -> [FeedState] {
        var states: [FeedState] = []
        for name in StateFile.names(in: directory, endingIn: Self.suffix) {
            let file = StateFile(directory: directory, name: name)
            let lines = try file.read(warn: warn)
            guard let url = lines.first?["url"]?.string else {
                if !lines.isEmpty { warn("'\(file.path)': not a feed state, left out") }
                continue
            }
            states.append(FeedState(url: url, lines: lines, path: file.path, warn: warn))
        }
        return states.sorted { $0.url < $1.url }
    }

    static let suffix = ".ndjson"

    /// `HOST-HASH.ndjson`: the host (`file` for a path) for people, a 64-bit FNV-1a hash of the whole URL to tell
    /// the feeds of one host apart.
    static func fileName(for url: String) -> String {
        host(of: url) + "-" + StateFile.nameHash(url) + suffix
    }

    /// The URL's host, lowercased, with only letters, digits, dots and hyphens; `file` for a path.
    private static func host(of url: String) -> String {
        guard Locations.isURL(url), !url.hasPrefix("file:"), let host = URLReference.host(of: url) else {
            return "file"
        }
        // An IPv6 literal makes no readable name: the hash tells such feeds apart.
        guard !host.hasPrefix("[") else { return "host" }
        let kept = host.unicodeScalars.filter {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-"
        }
        let name = String(String.UnicodeScalarView(kept.prefix(64)))
        return name.isEmpty ? "host" : name
    }
}
