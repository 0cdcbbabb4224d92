/// The parts of an expanded name: `namespace-URI \u{1} local \u{1} prefix`, or just `local`.
public enum ExpatName {
    /// The separator between the parts.
    public static let separator: UInt8 = 0x01

    /// The ranges of the namespace URI, the local name and the prefix within `name`.
    public static func parts(of name: Span<UInt8>) -> (namespace: Range<Int>?, local: Range<Int>, prefix: Range<Int>?) {
        var first: Int?
        var second: Int?
        for index in 0..<name.count where name[index] == separator {
            if first == nil { first = index } else { second = index }
        }
        guard let first else { return (nil, 0..<name.count, nil) }
        guard let second else { return (0..<first, (first + 1)..<name.count, nil) }
        return (0..<first, (first + 1)..<second, (second + 1)..<name.count)
    }
}
