// One glob of a .gitignore or .ignore line or of --glob, compiled to a few tokens and matched against a path's bytes
// as an automaton, so no pattern takes more than (tokens × path length) steps, nor any recursion.

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
        /// `[...]`: one byte of `classes[index]` (never `/`).
        case set(Int)
        /// `**/`: nothing, or whole components each followed by `/`.
        case directories
        /// A final `**`: anything, slashes included.
        case anything
    }

    /// The bytes each `[...]` takes: 256 bits, so that a token is a few bytes and matching copies no array.
    struct ByteClass: Sendable, Equatable {
        private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        /// The bytes in `ranges` (or, `negated`, the others), never `/`.
        init(_ ranges: [ClosedRange<UInt8>], negated: Bool) {
            for byte in 0...UInt8.max where ranges.contains(where: { $0.contains(byte) }) != negated {
                let bit = UInt64(1) << (byte & 63)
                switch byte >> 6 {
                case 0: words.0 |= bit
                case 1: words.1 |= bit
                case 2: words.2 |= bit
                default: words.3 |= bit
                }
            }
            words.0 &= ~(UInt64(1) << UInt8(ascii: "/"))
        }

        func contains(_ byte: UInt8) -> Bool {
            let word: UInt64
            switch byte >> 6 {
            case 0: word = words.0
            case 1: word = words.1
            case 2: word = words.2
            default: word = words.3
            }
            return word & (UInt64(1) << (byte & 63)) != 0
        }

        static func == (left: Self, right: Self) -> Bool { left.words == right.words }
    }

    let tokens: [Token]
    let classes: [ByteClass]

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
        var classes: [ByteClass] = []
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
                    // `**/**/` is `**/`: one token, however many (a line of 100,000 of them is one rule).
                    if tokens.last != .directories { tokens.append(.directories) }
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
                let (set, end) = try Self.set(in: text, from: index + 1)
                tokens.append(.set(classes.count))
                classes.append(set)
                index = end
            default:
                tokens.append(.byte(byte))
            }
            index += 1
        }
        self.tokens = tokens
        self.classes = classes
    }

    /// Parses a class after its `[`; returns it and the index of its `]`.
    private static func set(in text: [UInt8], from start: Int) throws(Invalid) -> (ByteClass, Int) {
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
            if low == UInt8(ascii: "]") && !first { return (ByteClass(ranges, negated: negated), index) }
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
    ///
    /// The tokens run as an automaton over the path's bytes, with no recursion and no memo: `states` holds, in
    /// increasing order, each token that the bytes read so far may have led to (token t when `tokens[..<t]` matched
    /// them; `tokens.count` when all did). Each byte is one pass over them, and they are never more than the tokens,
    /// so a match takes at most tokens × path steps and memory for one list of tokens.
    func matches(_ path: [UInt8]) -> Bool {
        let slash = UInt8(ascii: "/")
        var states: [Int] = []
        // Where the states go on a byte, in increasing order (each goes to itself or the next), and whether a `**/`
        // there may end.
        var moved: [Int] = []
        var exits: [Bool] = []
        if enter(0, exits: true, into: &states) { return true }
        for byte in path {
            moved.removeAll(keepingCapacity: true)
            exits.removeAll(keepingCapacity: true)
            for token in states where token < tokens.count {
                var next = token + 1
                var ends = true
                switch tokens[token] {
                case .byte(let expected): guard byte == expected else { continue }
                case .one: guard byte != slash else { continue }
                case .set(let index): guard classes[index].contains(byte) else { continue }
                case .star:
                    guard byte != slash else { continue }
                    next = token
                case .directories:
                    // It takes any bytes, but ends only where it took nothing or after a slash.
                    next = token
                    ends = byte == slash
                case .anything: return true
                }
                if moved.last == next {
                    exits[exits.count - 1] = exits[exits.count - 1] || ends
                } else {
                    moved.append(next)
                    exits.append(ends)
                }
            }
            states.removeAll(keepingCapacity: true)
            for index in moved.indices where enter(moved[index], exits: exits[index], into: &states) { return true }
            if states.isEmpty { return false }
        }
        return states.last == tokens.count
    }

    /// Adds `token` to `states` and the tokens after it that may match nothing: after a `*`, after a `**/` that may
    /// end here (`exits`), all the way when a final `**` is reached, which is the match (true). A token already there
    /// was added with what follows it.
    private func enter(_ token: Int, exits: Bool, into states: inout [Int]) -> Bool {
        var token = token
        var exits = exits
        while true {
            if let last = states.last, token <= last { return false }
            states.append(token)
            guard token < tokens.count else { return false }
            switch tokens[token] {
            case .anything: return true
            case .star: break
            case .directories where exits: break
            default: return false
            }
            token += 1
            exits = true
        }
    }
}
