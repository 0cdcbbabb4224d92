// The rules of one .gitignore or .ignore file, or of the --glob options: which globs ignore a path and which
// bring it back, the last one that matches deciding, as git and ripgrep do.

/// The rules of one ignore file, relative to its directory.
struct IgnoreRules: Sendable {
    struct Rule: Sendable {
        let glob: IgnoreGlob
        /// `!pattern`: the path is brought back.
        let negated: Bool
        /// `pattern/`: only a directory matches.
        let directoryOnly: Bool
    }

    let rules: [Rule]

    /// Whether one rule brings paths back (for --glob: whether a file must match one to be searched).
    var includes: Bool { rules.contains { $0.negated } }

    init(rules: [Rule]) {
        self.rules = rules
    }

    /// The rules of an ignore file's text. Blank lines and `#` comments are skipped, trailing spaces dropped (unless
    /// `\ `), `\#` and `\!` stand for themselves; a line whose glob is invalid is skipped, as git does.
    init(file text: [UInt8]) {
        var rules: [Rule] = []
        for line in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var bytes = Array(line)
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            if let rule = try? Self.rule(bytes) { rules.append(rule) }
        }
        self.rules = rules
    }

    /// The --glob options: GLOB selects the files it matches (the others are not searched), `!GLOB` leaves out the
    /// files and directories it matches.
    init(globs: [String]) throws(IgnoreGlob.Invalid) {
        var rules: [Rule] = []
        for glob in globs {
            var bytes = Array(glob.utf8)
            let excluded = bytes.first == UInt8(ascii: "!")
            if excluded { bytes.removeFirst() }
            // A selecting glob is a rule that brings back; an excluding one is a plain ignore rule.
            guard let rule = try Self.rule(excluded ? bytes : [UInt8(ascii: "!")] + bytes) else {
                throw IgnoreGlob.Invalid(reason: "it is empty")
            }
            rules.append(rule)
        }
        self.rules = rules
    }

    /// One line as a rule; nil for a blank line or a comment.
    static func rule(_ line: [UInt8]) throws(IgnoreGlob.Invalid) -> Rule? {
        var bytes = line
        // Trailing spaces go, unless escaped.
        while bytes.last == UInt8(ascii: " ") && !(bytes.count >= 2 && bytes[bytes.count - 2] == UInt8(ascii: "\\")) {
            bytes.removeLast()
        }
        guard let first = bytes.first, first != UInt8(ascii: "#") else { return nil }
        var negated = false
        if first == UInt8(ascii: "!") {
            negated = true
            bytes.removeFirst()
        } else if first == UInt8(ascii: "\\"), bytes.count > 1,
            bytes[1] == UInt8(ascii: "!") || bytes[1] == UInt8(ascii: "#")
        {
            bytes.removeFirst()
        }
        var directoryOnly = false
        if bytes.count > 1, bytes.last == UInt8(ascii: "/") {
            directoryOnly = true
            bytes.removeLast()
        }
        guard !bytes.isEmpty else { return nil }
        return Rule(glob: try IgnoreGlob(bytes), negated: negated, directoryOnly: directoryOnly)
    }

    /// What the last rule matching `path` (relative to the rules' directory) says, or nil when none matches.
    func verdict(_ path: [UInt8], isDirectory: Bool) -> IgnoreVerdict? {
        for rule in rules.reversed() where isDirectory || !rule.directoryOnly {
            if rule.glob.matches(path) { return rule.negated ? .include : .ignore }
        }
        return nil
    }
}
