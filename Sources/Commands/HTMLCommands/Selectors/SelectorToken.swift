/// One token and where it starts.
struct SelectorToken {
    enum Kind: Equatable {
        case ident(String)
        /// A name directly followed by "(" (which belongs to the token).
        case function(String)
        /// `#name`; `isIdentifier` when the name would start an identifier (only those are ID selectors).
        case hash(String, isIdentifier: Bool)
        case string(String)
        /// A string broken by a raw newline.
        case badString
        /// A number, percentage or dimension, kept as written: selectors only meet them as errors (an+b is read raw).
        case number(String)
        case whitespace
        case delim(Unicode.Scalar)
        case colon, comma, openBracket, closeBracket, openParen, closeParen
        case end
    }

    let kind: Kind
    /// 0-based index of the first scalar; `offset + 1` is the position users see.
    let offset: Int
    /// 0-based index just past the token.
    let endOffset: Int

    var position: Int { offset + 1 }
}
