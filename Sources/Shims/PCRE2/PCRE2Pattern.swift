// A compiled PCRE2 pattern: compiled once, JIT-compiled when the library can, and asked about its groups and
// lookbehind (how much text before a match it may look at).
internal import CPCRE2

/// A compiled regular expression (8-bit code units). The corresponding C type is `pcre2_code`.
public final class PCRE2Pattern: @unchecked Sendable {
    /// Compile options.
    public struct Options: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// `-i`: case-insensitive (PCRE2_CASELESS).
        public static let caseless = Options(rawValue: PCRE2_CASELESS)
        /// `-s`: `.` matches newlines too (PCRE2_DOTALL).
        public static let dotAll = Options(rawValue: PCRE2_DOTALL)
        /// `-m`: `^` and `$` match at line breaks (PCRE2_MULTILINE).
        public static let multiline = Options(rawValue: PCRE2_MULTILINE)
        /// `-x`: white space and comments in the pattern are ignored (PCRE2_EXTENDED).
        public static let extended = Options(rawValue: PCRE2_EXTENDED)
        /// UTF-8 with Unicode properties for \w, \d, \b and case folding; invalid UTF-8 in the subject never
        /// matches but does not stop matching (PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF).
        public static let unicode = Options(rawValue: PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF)
    }

    /// A named group.
    public struct Group: Sendable, Equatable {
        public let name: String
        public let number: Int
    }

    let code: OpaquePointer
    /// Whether the JIT compiled the pattern (for complete and partial matching).
    public let usesJIT: Bool
    /// How many capture groups it has.
    public let captureCount: Int
    /// Its named groups, in group-number order.
    public let groups: [Group]
    /// The longest lookbehind, in characters (also 1 when `\b` or `^` may look at one character back).
    public let maxLookbehind: Int

    /// Compiles `pattern`. The corresponding C functions are `pcre2_compile` and `pcre2_jit_compile`.
    public init(_ pattern: String, options: Options) throws(PCRE2Error) {
        var errorCode: Int32 = 0
        var errorOffset = 0
        let bytes = Array(pattern.utf8)
        let compiled = bytes.withUnsafeBufferPointer { buffer in
            pcre2_compile_8(buffer.baseAddress, buffer.count, options.rawValue, &errorCode, &errorOffset, nil)
        }
        guard let compiled else { throw PCRE2Error(code: errorCode, offset: errorOffset) }
        code = compiled
        usesJIT = pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE | PCRE2_JIT_PARTIAL_HARD) == 0
        captureCount = Int(Self.info(compiled, PCRE2_INFO_CAPTURECOUNT))
        maxLookbehind = Int(Self.info(compiled, PCRE2_INFO_MAXLOOKBEHIND))
        groups = Self.names(compiled)
    }

    deinit {
        pcre2_code_free_8(code)
    }

    /// The number of the group called `name`, if there is one.
    public func groupNumber(named name: String) -> Int? {
        groups.first { $0.name == name }?.number
    }

    /// The version of the linked library, such as "10.42 2022-12-11".
    /// The corresponding C function is `pcre2_config` with `PCRE2_CONFIG_VERSION`.
    public static var version: String {
        var buffer = [UInt8](repeating: 0, count: 64)
        _ = buffer.withUnsafeMutableBytes { pcre2_config_8(UInt32(PCRE2_CONFIG_VERSION), $0.baseAddress) }
        return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }

    private static func info(_ code: OpaquePointer, _ what: Int32) -> UInt32 {
        var value: UInt32 = 0
        pcre2_pattern_info_8(code, UInt32(what), &value)
        return value
    }

    /// Reads the name table: entries of a fixed size, a big-endian group number then the NUL-terminated name.
    private static func names(_ code: OpaquePointer) -> [Group] {
        let count = Int(info(code, PCRE2_INFO_NAMECOUNT))
        let entrySize = Int(info(code, PCRE2_INFO_NAMEENTRYSIZE))
        guard count > 0 else { return [] }
        var table: UnsafePointer<UInt8>?
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMETABLE), &table)
        guard let table else { return [] }
        var groups: [Group] = []
        for index in 0..<count {
            let entry = UnsafeBufferPointer(start: table + index * entrySize, count: entrySize)
            let number = Int(entry[0]) << 8 | Int(entry[1])
            let name = String(decoding: entry[2...].prefix { $0 != 0 }, as: UTF8.self)
            groups.append(Group(name: name, number: number))
        }
        return groups.sorted { $0.number < $1.number }
    }
}
