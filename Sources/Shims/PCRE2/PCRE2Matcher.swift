// Matching one pattern against subjects, allocation-free: one match data block and one match context (with the
// limits that stop catastrophic backtracking), reused for every match.
internal import CPCRE2

/// Runs a pattern against subjects. Not thread-safe; make one per thread.
public final class PCRE2Matcher {
    /// What a match attempt found.
    public enum Outcome: Equatable, Sendable {
        /// A complete match; its groups are in `range(_:)`.
        case match
        /// The subject ended while a match was still possible from `range(0)`'s start: more input is needed.
        case partial
        case noMatch
    }

    /// How to match.
    public struct Options: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// More input may follow the subject: report a partial match rather than decide at its end.
        public static let partial = Options(rawValue: PCRE2_PARTIAL_HARD)
        /// The subject does not start at the beginning of the input: `^` (without multiline) cannot match there.
        public static let notBeginningOfLine = Options(rawValue: PCRE2_NOTBOL)
        /// An empty match at the start offset is not a match (used after an empty match).
        public static let notEmptyAtStart = Options(rawValue: PCRE2_NOTEMPTY_ATSTART)
    }

    public let pattern: PCRE2Pattern
    private let matchData: OpaquePointer
    private let context: OpaquePointer
    private let jitStack: OpaquePointer?
    private let ovector: UnsafeMutablePointer<Int>
    private var lastResult: Int32 = 0

    /// - Parameters:
    ///   - matchLimit: how many times the matcher may call its internal match function (backtracking budget).
    ///   - heapLimit: the interpreter's heap for backtracking, in KiB.
    ///   The corresponding C functions are `pcre2_match_data_create_from_pattern`, `pcre2_match_context_create`,
    ///   `pcre2_set_match_limit`, `pcre2_set_depth_limit`, `pcre2_set_heap_limit` and `pcre2_jit_stack_create`.
    public init(_ pattern: PCRE2Pattern, matchLimit: UInt32 = 10_000_000, heapLimit: UInt32 = 20_000) throws(PCRE2Error)
    {
        self.pattern = pattern
        guard let data = pcre2_match_data_create_from_pattern_8(pattern.code, nil),
            let context = pcre2_match_context_create_8(nil)
        else { throw PCRE2Error(code: PCRE2_ERROR_NOMEMORY) }
        matchData = data
        self.context = context
        pcre2_set_match_limit_8(context, matchLimit)
        pcre2_set_depth_limit_8(context, matchLimit)
        pcre2_set_heap_limit_8(context, heapLimit)
        // The default JIT stack (32 KiB on the machine stack) is too small for some legitimate patterns.
        jitStack = pattern.usesJIT ? pcre2_jit_stack_create_8(32 * 1024, 1024 * 1024, nil) : nil
        if let jitStack { pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(jitStack)) }
        ovector = pcre2_get_ovector_pointer_8(data)
    }

    deinit {
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
        pcre2_match_context_free_8(context)
        pcre2_match_data_free_8(matchData)
    }

    /// Looks for the first match in `subject` at or after byte `offset`. Bytes before `offset` are still seen by
    /// lookbehinds, `\b` and multiline `^`; `\G` matches at `offset` only. The corresponding C functions are
    /// `pcre2_jit_match` and `pcre2_match`.
    public func match(_ subject: Span<UInt8>, from offset: Int, options: Options = []) throws(PCRE2Error) -> Outcome {
        let result = subject.withUnsafeBufferPointer { buffer in
            // An empty Span may have no base address; PCRE2 wants a valid pointer even for an empty subject.
            let base = buffer.baseAddress ?? UnsafePointer(Self.emptySubject)
            return pattern.usesJIT
                ? pcre2_jit_match_8(pattern.code, base, buffer.count, offset, options.rawValue, matchData, context)
                : pcre2_match_8(pattern.code, base, buffer.count, offset, options.rawValue, matchData, context)
        }
        lastResult = result
        if result > 0 { return .match }
        switch result {
        case PCRE2_ERROR_NOMATCH: return .noMatch
        case PCRE2_ERROR_PARTIAL: return .partial
        case 0: return .match  // the ovector was too small; never happens with match data from the pattern
        default: throw PCRE2Error(code: result)
        }
    }

    /// The byte range of group `number` (0: the whole match) after `.match`, or of the partial match after
    /// `.partial` (group 0 only); nil when the group did not take part.
    public func range(_ number: Int) -> Range<Int>? {
        guard number <= pattern.captureCount, lastResult > 0 || (lastResult == PCRE2_ERROR_PARTIAL && number == 0)
        else { return nil }
        if lastResult > 0 && number >= lastResult { return nil }
        let start = ovector[2 * number]
        let end = ovector[2 * number + 1]
        guard start != Self.unset, start <= end else { return nil }
        return start..<end
    }

    /// Appends the replacement for the last match (`$1`, `${name}`, `$$`) to `output`. `subject` must be the
    /// subject of that match. The corresponding C function is `pcre2_substitute` with `PCRE2_SUBSTITUTE_MATCHED`
    /// and `PCRE2_SUBSTITUTE_REPLACEMENT_ONLY`.
    public func appendReplacement(_ replacement: [UInt8], subject: Span<UInt8>, to output: inout [UInt8])
        throws(PCRE2Error)
    {
        let options = PCRE2_SUBSTITUTE_MATCHED | PCRE2_SUBSTITUTE_REPLACEMENT_ONLY | PCRE2_SUBSTITUTE_OVERFLOW_LENGTH
        if replacementBuffer.count < max(64, replacement.count * 2) {
            replacementBuffer = [UInt8](repeating: 0, count: max(64, replacement.count * 2))
        }
        while true {
            var length = replacementBuffer.count
            let result = subject.withUnsafeBufferPointer { text in
                replacement.withUnsafeBufferPointer { template in
                    replacementBuffer.withUnsafeMutableBufferPointer { out in
                        pcre2_substitute_8(
                            pattern.code, text.baseAddress ?? UnsafePointer(Self.emptySubject), text.count, 0,
                            options, matchData, context, template.baseAddress ?? UnsafePointer(Self.emptySubject),
                            template.count, out.baseAddress, &length)
                    }
                }
            }
            if result >= 0 {
                output.append(contentsOf: replacementBuffer.prefix(length))
                return
            }
            guard result == PCRE2_ERROR_NOMEMORY, length > replacementBuffer.count else {
                throw PCRE2Error(code: result)
            }
            replacementBuffer = [UInt8](repeating: 0, count: length)
        }
    }

    /// Where pcre2_substitute writes a replacement: kept between matches (a matcher belongs to one thread), grown
    /// when a replacement is longer.
    private var replacementBuffer: [UInt8] = []

    /// PCRE2_UNSET, a macro Swift does not import: all bits set in a PCRE2_SIZE.
    private static let unset = Int(bitPattern: UInt.max)

    /// A valid address for empty subjects and patterns.
    nonisolated(unsafe) static let emptySubject: UnsafeMutablePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return pointer
    }()
}
