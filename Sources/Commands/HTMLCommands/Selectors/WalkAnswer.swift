// The three answers of tb html's streaming matcher: yes, no, and not yet (what :contains() says of an element the
// parser has not closed).

/// An answer that may wait for more of the page: ordered so that AND is the minimum and OR the maximum.
enum WalkAnswer: UInt8, Comparable {
    case no = 0, notYet = 1, yes = 2

    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    init(_ value: Bool) { self = value ? .yes : .no }

    /// The answer stored as `byte` (its raw value).
    init(stored byte: UInt8) { self = byte == 2 ? .yes : byte == 1 ? .notYet : .no }

    var negated: Self { Self(stored: 2 - rawValue) }
}
