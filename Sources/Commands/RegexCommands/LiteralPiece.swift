// A piece of a literal of a LiteralSet, as LiteralSetBuilder reads it into the trie.

/// One literal as the automaton reads it: runs of bytes, and places where any of several byte strings stands for
/// one character (-i in UTF mode, where `k` also matches U+212A KELVIN SIGN).
enum LiteralPiece: Equatable {
    case bytes([UInt8])
    case choice([[UInt8]])
}
