// One glob of a .gitignore or .ignore line or of --glob, compiled to a few tokens and matched against a path's bytes
// with a memo, so no pattern takes more than (tokens × path length) steps.

/// A gitignore glob: `*` and `?` (never matching `/`), `[...]` classes (`[!...]` or `[^...]` negated, ranges of
/// bytes), `\` escaping the next character, and `**` as a whole component (`**/x`, `x/**/y`, `x/**`; elsewhere it is
/// `*`). A glob without a slash (a trailing one aside) matches the name at any depth; with one, it is anchored to the
/// directory its rules are relative to (a leading `/` only says so).
struct IgnoreGlob: Sendable, Equatable {
    enum Token: Sendable, Equatable {
        case byte(UInt8)
        /// `?`: one byte that is not `/`.
        case one
        /// `*`: any bytes but `/`.
        case star
        /// `[...]`: one byte (not `/`) in the ranges, or not in them.
        case set([ClosedRange<UInt8>], negated: Bool)
        /// `**/`: nothing, or whole components each followed by `/`.
        case directories
        /// A final `**`: anything, slashes included.
        case anything
    }

    let tokens: [Token]

    /// Why a glob cannot be compiled.
    struct Invalid: Error, Equatable {
        let reason: String
    }

    /// Compiles `pattern` (the `!`, the trailing `/` and the comment handling of a gitignore line are the caller's).
    init(_ pattern: [UInt8]) throws(Invalid) {
        let slash = UInt8(ascii: "/")
        var text = pattern
        let anchored = text.contains(slash)
        if text.first == slash { text.removeFirst() }
        var tokens: [Token] = anchored ? [] : [.directories]
        var index = 0
        while index < text.count {
            let byte = text[index]
            let atStart = index == 0 || text[index - 1] == slash
            if byte == UInt8(ascii: "*"), index + 1 < text.count, text[index + 1] == UInt8(ascii: "*"), atStart,
                index + 2 == text.count || text[index + 2] == slash
            {
                if index + 2 == text.count {
                    tokens.append(.anything)
                    index += 2
                } else {
                    tokens.append(.directories)
                    index += 3
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "*"):
                if tokens.last != .star { tokens.append(.star) }
            case UInt8(ascii: "?"):
                tokens.append(.one)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < text.count else { throw Invalid(reason: "a '\\' at its end escapes nothing") }
                tokens.append(.byte(text[index]))
            case UInt8(ascii: "["):
                let (token, end) = try Self.set(in: text, from: index + 1)
                tokens.append(token)
                index = end
            default:
                tokens.append(.byte(byte))
            }
            index += 1
        }
        self.tokens = tokens
    }

    /// Parses a class after its `[`; returns it and the index of its `]`.
    private static func set(in text: [UInt8], from start: Int) throws(Invalid) -> (Token, Int) {
        var index = start
        var negated = false
        if index < text.count, text[index] == UInt8(ascii: "!") || text[index] == UInt8(ascii: "^") {
            negated = true
            index += 1
        }
        var ranges: [ClosedRange<UInt8>] = []
        var first = true
        while index < text.count {
            var low = text[index]
            if low == UInt8(ascii: "]") && !first { return (.set(ranges, negated: negated), index) }
            first = false
            if low == UInt8(ascii: "\\"), index + 1 < text.count {
                index += 1
                low = text[index]
            }
            var high = low
            if index + 2 < text.count, text[index + 1] == UInt8(ascii: "-"), text[index + 2] != UInt8(ascii: "]") {
                high = text[index + 2]
                index += 2
                guard low <= high else {
                    throw Invalid(reason: "the range \(Self.show(low))-\(Self.show(high)) is empty")
                }
            }
            ranges.append(low...high)
            index += 1
        }
        throw Invalid(reason: "a '[' is not closed")
    }

    private static func show(_ byte: UInt8) -> String { String(decoding: [byte], as: UTF8.self) }

    /// Whether the glob matches all of `path` (relative, without a leading or trailing slash).
    func matches(_ path: [UInt8]) -> Bool {
        // failed[t * (n + 1) + p]: tokens[t...] were tried against path[p...] and did not match.
        var failed = [Bool](repeating: false, count: (tokens.count + 1) * (path.count + 1))
        return match(0, 0, path, &failed)
    }

    private func match(_ token: Int, _ at: Int, _ path: [UInt8], _ failed: inout [Bool]) -> Bool {
        let slash = UInt8(ascii: "/")
        var token = token
        var at = at
        while token < tokens.count {
            let memo = token * (path.count + 1) + at
            if failed[memo] { return false }
            switch tokens[token] {
            case .byte(let byte):
                guard at < path.count, path[at] == byte else { return false }
                at += 1
            case .one:
                guard at < path.count, path[at] != slash else { return false }
                at += 1
            case .set(let ranges, let negated):
                guard at < path.count, path[at] != slash else { return false }
                guard ranges.contains(where: { $0.contains(path[at]) }) != negated else { return false }
                at += 1
            case .anything:
                return true
            case .star, .directories:
                // Every end of what it may take, shortest first.
                var end = at
                while true {
                    if tokens[token] == .star || end == at || path[end - 1] == slash {
                        if match(token + 1, end, path, &failed) { return true }
                    }
                    guard end < path.count, tokens[token] == .directories || path[end] != slash else { break }
                    end += 1
                }
                failed[memo] = true
                return false
            }
            token += 1
        }
        return at == path.count
    }
}
