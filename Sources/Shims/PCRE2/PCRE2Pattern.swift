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
        /// `^` and `$` match at line breaks (PCRE2_MULTILINE), as tb regex always asks.
        public static let multiline = Options(rawValue: PCRE2_MULTILINE)
        /// `-x`: white space and comments in the pattern are ignored (PCRE2_EXTENDED).
        public static let extended = Options(rawValue: PCRE2_EXTENDED)
        /// UTF-8 with Unicode properties for \w, \d, \b and case folding; invalid UTF-8 in the subject never
        /// matches but does not stop matching (PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF).
        public static let unicode = Options(rawValue: PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF)
        /// `-F`: the pattern is a literal string, no character special (PCRE2_LITERAL). Options that mean nothing
        /// for a literal (dot-all, multiline, extended, Unicode properties) are dropped, as PCRE2 refuses them.
        public static let literal = Options(rawValue: PCRE2_LITERAL)
    }

    /// A named group.
    public struct Group: Sendable, Equatable {
        public let name: String
        public let number: Int
    }

    let code: OpaquePointer
    /// Whether the JIT compiled the pattern (for complete and partial matching). Not with `(*NO_JIT)`, nor where
    /// the JIT cannot compile it.
    public let usesJIT: Bool
    /// Whether it matches UTF-8 characters: with `.unicode`, or because the pattern starts with `(*UTF)`. Either
    /// way invalid UTF-8 in a subject is safe (it never matches).
    public let isUTF: Bool
    /// How many capture groups it has.
    public let captureCount: Int
    /// Its named groups, in group-number order.
    public let groups: [Group]
    /// The longest lookbehind, in characters (also 1 when `\b` or `^` may look at one character back).
    public let maxLookbehind: Int
    /// A search tries it only at the offset it starts from (it starts with `^`, `\A`, `\G`, or `.*` where `.` also
    /// matches newlines). With invalid UTF-8 that can stop a `.*` short of a match that starts later.
    public let isAnchored: Bool
    /// A search tries it only at the offset it starts from and after each newline (as `(?m)^x` or `.*x`), even where
    /// invalid UTF-8 would let it match elsewhere, or where the newline is followed by a continuation byte. Only
    /// known with the default newline, LF.
    public let startsAfterNewlines: Bool
    /// For a pattern with `\G` (which matches only at the offset a search starts from): the same pattern with every
    /// `\G` failing, for going on with a search from a later offset, as if it had started earlier. Nil without `\G`.
    public let beyondStartOffset: PCRE2Pattern?
    /// For a pattern with `^`: the same pattern where a multiline `^` also matches at the subject's end after a
    /// newline (PCRE2_ALT_CIRCUMFLEX). Without it, `^` there fails even when more input may follow (hard partial
    /// matching does not cover it); where the two disagree, the answer depends on what follows. Nil without `^`.
    public let circumflexAtEnd: PCRE2Pattern?

    /// Compiles `pattern`, given as UTF-8. The corresponding C functions are `pcre2_compile` and
    /// `pcre2_jit_compile`.
    public convenience init(_ pattern: String, options: Options) throws(PCRE2Error) {
        try self.init(Array(pattern.utf8), options: options)
    }

    /// Compiles `pattern`, given as bytes that reach PCRE2 unchanged (without `.unicode`, a byte of 0x80 or more is
    /// that byte). The corresponding C functions are `pcre2_compile` and `pcre2_jit_compile`.
    public convenience init(_ pattern: [UInt8], options: Options) throws(PCRE2Error) {
        try self.init(pattern, options: options.rawValue, variants: true)
    }

    /// `variants`: whether to make `beyondStartOffset` and `circumflexAtEnd` (not for a variant itself).
    private init(_ pattern: [UInt8], options: UInt32, variants: Bool) throws(PCRE2Error) {
        var options = options
        let literal = options & PCRE2_LITERAL != 0
        if literal { options &= ~(PCRE2_DOTALL | PCRE2_MULTILINE | PCRE2_EXTENDED | PCRE2_UCP) }
        var compiled = try Self.compile(pattern, options)
        // `(*UTF)` turns UTF on from inside the pattern, without PCRE2_MATCH_INVALID_UTF: the JIT then trusts the
        // subject to be valid UTF-8 and reads past its end on a broken character. With the option it checks.
        if Self.info(compiled, PCRE2_INFO_ALLOPTIONS) & PCRE2_UTF != 0 && options & PCRE2_MATCH_INVALID_UTF == 0 {
            pcre2_code_free_8(compiled)
            options |= PCRE2_MATCH_INVALID_UTF
            compiled = try Self.compile(pattern, options)
        }
        code = compiled
        // (*NO_JIT) makes pcre2_jit_compile succeed without compiling anything.
        usesJIT =
            pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE | PCRE2_JIT_PARTIAL_HARD) == 0
            && Self.size(compiled, PCRE2_INFO_JITSIZE) > 0
        isUTF = options & PCRE2_MATCH_INVALID_UTF != 0
        captureCount = Int(Self.info(compiled, PCRE2_INFO_CAPTURECOUNT))
        maxLookbehind = Int(Self.info(compiled, PCRE2_INFO_MAXLOOKBEHIND))
        isAnchored = Self.info(compiled, PCRE2_INFO_ALLOPTIONS) & PCRE2_ANCHORED != 0
        startsAfterNewlines =
            Self.info(compiled, PCRE2_INFO_FIRSTCODETYPE) == 2
            && Self.info(compiled, PCRE2_INFO_NEWLINE) == PCRE2_NEWLINE_LF
        groups = Self.names(compiled)
        // Should a variant not compile (they always should), the pattern's own behaviour stays.
        // A literal has no `\G` nor `^`, whatever its bytes.
        let items = variants && !literal ? Self.items(in: pattern, options: options) : []
        let starts = items.filter { $0.length == 2 && pattern[$0.offset] == 0x5C && pattern[$0.offset + 1] == 0x47 }
        // ALT_CIRCUMFLEX changes only a multiline ^.
        let circumflex =
            Self.mayBeMultiline(pattern, options: options)
            && items.contains { $0.length == 1 && pattern[$0.offset] == 0x5E }
        circumflexAtEnd =
            circumflex ? try? PCRE2Pattern(pattern, options: options | PCRE2_ALT_CIRCUMFLEX, variants: false) : nil
        // It has no \G left, but its own `circumflexAtEnd`.
        beyondStartOffset =
            starts.isEmpty
            ? nil : try? PCRE2Pattern(Self.failing(starts.map(\.offset), in: pattern), options: options, variants: true)
    }

    deinit {
        pcre2_code_free_8(code)
    }

    /// Whether `pattern` compiles with `options`, and if not the error: a check that costs no JIT compilation.
    /// The corresponding C function is `pcre2_compile`.
    public static func check(_ pattern: [UInt8], options: Options) -> PCRE2Error? {
        do {
            pcre2_code_free_8(try compile(pattern, options.rawValue))
            return nil
        } catch {
            return error
        }
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

    private static func compile(_ pattern: [UInt8], _ options: UInt32) throws(PCRE2Error) -> OpaquePointer {
        var errorCode: Int32 = 0
        var errorOffset = 0
        let compiled = pattern.withUnsafeBufferPointer { buffer in
            pcre2_compile_8(
                buffer.baseAddress ?? UnsafePointer(PCRE2Matcher.emptySubject), buffer.count, options, &errorCode,
                &errorOffset, nil)
        }
        guard let compiled else { throw PCRE2Error(code: errorCode, offset: errorOffset) }
        return compiled
    }

    /// The place of each item of `pattern` (such as `\G` or `^`), when it may have `\G` or `^`. PCRE2 is asked (an
    /// auto-callout precedes every item and tells its place in the pattern), so `\\G`, `\Q\G\E`, `[^a]` and comments
    /// are told apart as PCRE2's own parser does.
    /// The corresponding C function is `pcre2_callout_enumerate` with `PCRE2_AUTO_CALLOUT`.
    private static func items(in pattern: [UInt8], options: UInt32) -> [(offset: Int, length: Int)] {
        let mayHaveG = pattern.indices.dropLast().contains { pattern[$0] == 0x5C && pattern[$0 + 1] == 0x47 }
        guard pattern.contains(0x5E) || mayHaveG,
            let code = try? compile(pattern, options | PCRE2_AUTO_CALLOUT)
        else { return [] }
        defer { pcre2_code_free_8(code) }
        let items = CalloutItems()
        _ = withExtendedLifetime(items) {
            pcre2_callout_enumerate_8(
                code,
                { block, context in
                    guard let block, let context else { return 0 }
                    let items = Unmanaged<CalloutItems>.fromOpaque(context).takeUnretainedValue()
                    items.list.append((block.pointee.pattern_position, block.pointee.next_item_length))
                    return 0
                }, Unmanaged.passUnretained(items).toOpaque())
        }
        // A repeated group's code is compiled more than once, so an item can be listed more than once; the end of
        // the pattern is listed too, as an empty item.
        var seen = Set<Int>()
        return items.list.filter { $0.length > 0 && seen.insert($0.offset).inserted }.sorted { $0.offset < $1.offset }
    }

    /// Whether multiline mode may apply somewhere in `pattern`: the option, or an inline setting such as `(?m)` or
    /// `(?im:…)`. A look at the text, erring towards yes: a false yes costs only a second search at some window ends.
    private static func mayBeMultiline(_ pattern: [UInt8], options: UInt32) -> Bool {
        if options & PCRE2_MULTILINE != 0 { return true }
        for index in pattern.indices.dropLast(2) where pattern[index] == 0x28 && pattern[index + 1] == 0x3F {
            for byte in pattern[(index + 2)...] {
                if byte == UInt8(ascii: "m") { return true }
                let isSetting =
                    (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || byte == 0x2D
                    || byte == 0x5E
                if !isSetting { break }
            }
        }
        return false
    }

    /// `pattern` with the `\G` at each of `offsets` made an assertion that always fails, `(?!)`.
    private static func failing(_ offsets: [Int], in pattern: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var copied = 0
        for offset in offsets {
            result += pattern[copied..<offset]
            result += Array("(?!)".utf8)
            copied = offset + 2
        }
        return result + pattern[copied...]
    }

    /// Collects the place of each item while PCRE2 enumerates its callouts.
    private final class CalloutItems {
        var list: [(offset: Int, length: Int)] = []
    }

    private static func size(_ code: OpaquePointer, _ what: Int32) -> Int {
        var value = 0
        pcre2_pattern_info_8(code, UInt32(what), &value)
        return value
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
