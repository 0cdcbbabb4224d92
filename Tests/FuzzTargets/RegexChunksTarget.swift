// Fuzz target `regex-chunks`: a pattern and a subject (split at the first NUL byte). tb regex reads the subject in
// pieces and keeps partial matches across their ends; whatever the pieces, it must find what one pcre2_match loop
// over the whole subject finds, as matches and as line matches.
import PCRE2
import TestSupport

/// tb regex's chunk boundaries against PCRE2 on the whole subject.
enum RegexChunksTarget: FuzzTarget {
    static let name = "regex-chunks"

    static func check(_ input: [UInt8]) throws(FuzzViolation) {
        let split = input.firstIndex(of: 0) ?? input.count
        var text = String(decoding: input[..<split].prefix(200), as: UTF8.self)
        let subject = Array(input[min(split + 1, input.count)...].prefix(2048))
        // The input's length picks the flags, so that no byte of a seed is spent on them.
        var flags: [String] = []
        // ^ and $ match at every line, as in tb regex; (?-m) in front turns that off (not before a verb, which must
        // come first).
        var options: PCRE2Pattern.Options = [.unicode, .multiline]
        if input.count % 4 == 1 {
            flags.append("--no-unicode")
            options = .multiline
        }
        if input.count % 3 == 1 && !text.hasPrefix("(*") { text = "(?-m)" + text }
        if input.count % 5 < 2 {
            flags.append("-s")
            options.insert(.dotAll)
        }
        guard let pattern = try? PCRE2Pattern(text, options: options) else { return }
        let whole: [Range<Int>]
        let lines: [Range<Int>]
        do {
            whole = try Reference.matches(of: pattern, in: subject)
            lines = try Reference.lineMatches(of: pattern, in: subject)
        } catch {
            return  // a pattern that backtracks too much: tb says so too
        }
        let path = InProcessCheck.write(subject)
        let size = String(input.count % 13 + 2)
        try compare(flags + ["--read-size", "1"], text, path, whole)
        try compare(flags + ["--lines", "--read-size", size], text, path, lines)
        try compareCount(flags + ["--read-size", size], text, path, whole, in: subject)
    }

    /// --count: the lines the matches start in, and the matches, whatever the pieces.
    static func compareCount(
        _ flags: [String], _ pattern: String, _ path: String, _ expected: [Range<Int>], in subject: [UInt8]
    ) throws(FuzzViolation) {
        let run = try InProcessCheck.run(
            ["regex", "-c", "--fields", "lines,matches"] + flags + ["-e", pattern, path], statuses: [0, 1, 2])
        if run.status.code == 2 {
            try require(run.stderr.joined().contains("limit"), "tb regex -c -e '\(pattern)': \(run.stderr)")
            return
        }
        let lines = Set(expected.map { match in subject[..<match.lowerBound].count { $0 == 0x0A } }).count
        let want = #"{"type":"count","lines":\#(lines),"matches":\#(expected.count)}"#
        try require(
            run.lines == [want],
            "tb regex -c \(flags.joined(separator: " ")) -e '\(pattern)': tb counted \(run.lines), PCRE2 \(want)")
    }

    static func compare(_ flags: [String], _ pattern: String, _ path: String, _ expected: [Range<Int>])
        throws(FuzzViolation)
    {
        let run = try InProcessCheck.run(
            ["regex", "--fields", "offset,length"] + flags + ["-e", pattern, path], statuses: [0, 1, 2])
        // A search PCRE2 gave up on in one piece may be given up on in another: a resource limit, not a difference.
        if run.status.code == 2 {
            try require(run.stderr.joined().contains("limit"), "tb regex -e '\(pattern)': \(run.stderr)")
            return
        }
        let found = run.lines.map { $0 }
        let want = expected.map { #"{"type":"match","offset":\#($0.lowerBound),"length":\#($0.count)}"# }
        try require(
            found == want,
            "tb regex \(flags.joined(separator: " ")) -e '\(pattern)': tb found \(found), PCRE2 on the whole subject "
                + "\(want)")
    }
}
