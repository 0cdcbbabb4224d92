/// The character encoding a sniffer finds in a document, which says how `StreamDecoder` turns it into UTF-8.
public enum TextEncoding: Equatable, Sendable {
    /// UTF-8: only checked, invalid bytes replaced.
    case utf8
    /// windows-1252 as the WHATWG Encoding Standard has it, which browsers read for the labels ISO-8859-1, latin1,
    /// US-ASCII and others: 0x80-0x9F are its quotes, dashes and euro sign, every other byte the code point of the
    /// same number.
    case windows1252
    /// ISO-8859-1 exactly: every byte the code point of the same number.
    case latin1
    /// Anything else, converted with iconv under this name (KOI8-R, Shift_JIS, GB18030, Big5, UTF-16, UTF-32…).
    case iconv(String)
}
