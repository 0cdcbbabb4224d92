// The walk of one directory SOURCE: its files in `rg --sort path` order (each directory's names sorted by their
// bytes, depth first), leaving out what ripgrep leaves out: hidden names, what .ignore and .gitignore files
// ignore (.gitignore only inside a git repository), what --glob, -t and -T exclude, symbolic links unless --follow,
// and what lies deeper than --max-depth.
import POSIX

/// Yields the files under one directory, and the problems met on the way, in order.
final class TreeWalk {
    /// What the walk found next.
    enum Step: Sendable {
        /// A file to search: its path as printed (the directory argument joined with the path under it).
        case file([UInt8])
        /// A directory that cannot be read, a loop, a broken link followed: one message.
        case problem(String)
        /// An ignore file skipped (not a regular file, too big to be one): one warning.
        case warning(String)
    }

    /// The most an ignore file may hold: real ones are a few KiB, and a bigger one is skipped with a warning
    /// rather than read (a sparse file of 40 GB would be read whole).
    static let ignoreFileLimit = 1 << 20

    /// One directory being walked.
    private struct Frame {
        let path: [UInt8]
        /// Its path under the root ("" for the root).
        let relative: [UInt8]
        let entries: [DirectoryEntry]
        var next = 0
        /// Its device and inode, to find loops (with --follow only).
        let identity: (UInt64, UInt64)?
    }

    /// The ignore files of one directory, in the tree or above it.
    private struct Level {
        let ignore: IgnoreRules?
        let gitignore: IgnoreRules?
        let hasGit: Bool
        /// How a path under the root becomes one relative to this directory: drop this many bytes in front (a
        /// directory in the tree), or put these in front (one above the root).
        let drop: Int
        let prefix: [UInt8]

        func local(_ path: [UInt8]) -> [UInt8] {
            prefix.isEmpty ? Array(path.dropFirst(drop)) : prefix + path
        }
    }

    private let settings: WalkSettings
    private var frames: [Frame] = []
    /// One per frame, plus the directories above the root first (outermost first).
    private var levels: [Level] = []
    private var pending: [Step] = []

    /// The path of the current directory when no SOURCE names it: its files are named `a/b.txt`, as rg names them,
    /// not `./a/b.txt`.
    static let currentDirectory: [UInt8] = []

    init(root: [UInt8], settings: WalkSettings) {
        self.settings = settings
        // Depth 0 is the root itself, which is not a file.
        if settings.maxDepth == 0 { return }
        if !settings.noIgnore { levels = Self.levelsAbove(root, warnings: &pending) }
        enter(root, relative: [])
    }

    /// The next file or problem; nil at the end.
    func next() -> Step? {
        while true {
            if !pending.isEmpty { return pending.removeFirst() }
            guard var frame = frames.last else { return nil }
            guard frame.next < frame.entries.count else {
                frames.removeLast()
                levels.removeLast()
                continue
            }
            let entry = frame.entries[frame.next]
            frame.next += 1
            frames[frames.count - 1] = frame
            if let step = visit(entry, in: frame) { return step }
        }
    }

    /// A file to search, a problem, or nil (left out, or a directory entered).
    private func visit(_ entry: DirectoryEntry, in frame: Frame) -> Step? {
        let slash = UInt8(ascii: "/")
        let path =
            frame.path.isEmpty || frame.path.last == slash ? frame.path + entry.name : frame.path + [slash] + entry.name
        let relative = frame.relative.isEmpty ? entry.name : frame.relative + [slash] + entry.name
        var kind = entry.kind
        var identity: (UInt64, UInt64)?
        if kind == .symbolicLink {
            guard settings.follow else { return nil }
            let target: FileSystem.Status?
            do {
                target = try FileSystem.status(bytes: path)
            } catch {
                return .problem("cannot read '\(Self.show(path))': \(error.reason)")
            }
            guard let target else { return .problem("cannot read '\(Self.show(path))': No such file or directory") }
            kind = target.kind == .regular ? .regular : target.kind == .directory ? .directory : .other
            identity = (target.device, target.inode)
        }
        guard kind == .regular || kind == .directory else { return nil }
        let isDirectory = kind == .directory
        // A directory at --max-depth has only entries deeper than it.
        if isDirectory, let maxDepth = settings.maxDepth, frames.count >= maxDepth { return nil }
        guard chosen(relative, name: entry.name, isDirectory: isDirectory) else { return nil }
        guard isDirectory else { return .file(path) }
        if settings.follow {
            if identity == nil, let status = try? FileSystem.status(bytes: path) {
                identity = (status.device, status.inode)
            }
            if let identity, let ancestor = frames.first(where: { $0.identity.map { $0 == identity } ?? false }) {
                return .problem(
                    "file system loop: '\(Self.show(path))' leads back to '\(Self.show(ancestor.path))'")
            }
        }
        enter(path, relative: relative, identity: identity)
        return nil
    }

    /// Whether a file or directory the walk found is searched: --glob first (a match decides), then the ignore
    /// files (an ignore decides; a `!` rule also lets a hidden name in), then -t and -T for files (the same way),
    /// then hidden names.
    private func chosen(_ relative: [UInt8], name: [UInt8], isDirectory: Bool) -> Bool {
        if let verdict = settings.globs.verdict(relative, isDirectory: isDirectory) { return verdict == .include }
        if settings.globs.includes && !isDirectory { return false }
        var included = false
        if !settings.noIgnore, let verdict = ignoreVerdict(relative, isDirectory: isDirectory) {
            guard verdict == .include else { return false }
            included = true
        }
        if !isDirectory, let verdict = settings.types.verdict(name) {
            guard verdict == .include else { return false }
            included = true
        }
        return included || settings.hidden || name.first != UInt8(ascii: ".")
    }

    /// As ripgrep decides: the nearest .ignore with a matching rule, else the nearest .gitignore with one up to
    /// the repository's top, and .gitignore files only when a directory on the way holds `.git`.
    private func ignoreVerdict(_ relative: [UInt8], isDirectory: Bool) -> IgnoreVerdict? {
        var fromIgnore: IgnoreVerdict?
        var fromGit: IgnoreVerdict?
        let inRepository = levels.contains { $0.hasGit }
        var aboveRepository = false
        for level in levels.reversed() {
            if fromIgnore == nil, let rules = level.ignore {
                fromIgnore = rules.verdict(level.local(relative), isDirectory: isDirectory)
            }
            if inRepository, !aboveRepository, fromGit == nil, let rules = level.gitignore {
                fromGit = rules.verdict(level.local(relative), isDirectory: isDirectory)
            }
            aboveRepository = aboveRepository || level.hasGit
        }
        return fromIgnore ?? fromGit
    }

    /// Lists a directory and reads its ignore files.
    private func enter(_ path: [UInt8], relative: [UInt8], identity: (UInt64, UInt64)? = nil) {
        var entries: [DirectoryEntry]
        do {
            entries = try FileSystem.entries(ofDirectory: Self.opened(path))
        } catch {
            pending.append(.problem("cannot read directory '\(Self.show(path))': \(error.reason)"))
            return
        }
        entries.sort { $0.name.lexicographicallyPrecedes($1.name) }
        var identity = identity
        if settings.follow && identity == nil, let status = try? FileSystem.status(bytes: Self.opened(path)) {
            identity = (status.device, status.inode)
        }
        frames.append(Frame(path: path, relative: relative, entries: entries, identity: identity))
        let names = Set(entries.map(\.name))
        let drop = relative.isEmpty ? 0 : relative.count + 1
        levels.append(
            Self.level(
                path, has: { names.contains(Array($0.utf8)) }, drop: drop, prefix: [], noIgnore: settings.noIgnore,
                warnings: &pending))
    }

    /// The ignore files of the directories above the root (ripgrep reads them too), outermost first.
    private static func levelsAbove(_ root: [UInt8], warnings: inout [Step]) -> [Level] {
        let absolute = FileSystem.resolvingLinks(String(decoding: opened(root), as: UTF8.self))
        guard absolute.hasPrefix("/") else { return [] }
        var components = absolute.split(separator: "/").map { Array($0.utf8) }
        var levels: [Level] = []
        var below: [UInt8] = []
        while let last = components.popLast() {
            below = last + [UInt8(ascii: "/")] + below
            let directory = [UInt8(ascii: "/")] + components.joined(separator: [UInt8(ascii: "/")])
            var found: [Step] = []
            let level = level(
                directory, has: { (try? FileSystem.linkStatus(bytes: child(directory, $0))) != nil }, drop: 0,
                prefix: below, noIgnore: false, warnings: &found)
            levels.insert(level, at: 0)
            warnings.insert(contentsOf: found, at: 0)
        }
        return levels
    }

    private static func level(
        _ directory: [UInt8], has: (String) -> Bool, drop: Int, prefix: [UInt8], noIgnore: Bool,
        warnings: inout [Step]
    ) -> Level {
        func rules(_ name: String) -> IgnoreRules? {
            guard !noIgnore, has(name) else { return nil }
            let path = child(directory, name)
            do {
                // Found, not named: a FIFO or a device in its place is skipped, never waited for or read.
                return IgnoreRules(
                    file: try FileSystem.readFile(bytes: path, limit: ignoreFileLimit, regularOnly: true))
            } catch {
                // Gone since the directory was listed: as if it had not been there.
                if !error.isNotFound { warnings.append(.warning("skipping '\(show(path))': \(error.reason)")) }
                return nil
            }
        }
        return Level(
            ignore: rules(".ignore"), gitignore: rules(".gitignore"), hasGit: has(".git"), drop: drop, prefix: prefix)
    }

    private static func child(_ directory: [UInt8], _ name: String) -> [UInt8] {
        directory.isEmpty || directory.last == UInt8(ascii: "/")
            ? directory + Array(name.utf8) : directory + [UInt8(ascii: "/")] + name.utf8
    }

    /// The path the system is given for a directory of the walk: `.` for the current directory.
    private static func opened(_ path: [UInt8]) -> [UInt8] { path.isEmpty ? [UInt8(ascii: ".")] : path }

    /// A path in a message (bytes that are not UTF-8 as U+FFFD; `.` for the current directory).
    static func show(_ path: [UInt8]) -> String { String(decoding: opened(path), as: UTF8.self) }
}
