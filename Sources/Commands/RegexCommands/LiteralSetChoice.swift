// When tb regex searches with a LiteralSet instead of PCRE2 (several patterns, every one a literal string: -F, or
// without a character PCRE2 reads as special), and how each literal becomes the automaton's pieces under -i.
import PCRE2

extension PatternList {
    /// The fewest patterns the automaton searches for; one literal stays with PCRE2, whose search for a literal
    /// (memchr for its first byte) is faster still. `bench/regex.sh` measures both.
    static let literalSetMinimum = 2

    /// The patterns as literal strings, when a LiteralSet can search for them as PCRE2 would; nil when PCRE2 must.
    func literalStrings(options: PCRE2Pattern.Options) -> [[UInt8]]? {
        guard patterns.count >= Self.literalSetMinimum,
            fixed || (!options.contains(.extended) && patterns.allSatisfy(Self.isPlainLiteral)),
            // An empty literal matches everywhere; PCRE2 knows where it may match empty.
            !patterns.contains(where: \.isEmpty)
        else { return nil }
        return patterns
    }

    /// What -w and -x ask of every literal.
    var literalBoundary: LiteralSet.Boundary { line ? .line : word ? .word : .none }

    /// Whether `pattern` has no byte PCRE2 reads as anything but itself (outside --extended).
    static func isPlainLiteral(_ pattern: [UInt8]) -> Bool {
        !pattern.contains { special.contains($0) }
    }

    private static let special = Set(#"\^$.[]|()?*+{}"#.utf8)
}

extension LiteralSet {
    /// The automaton for `literals` with `options` (under -i folding case as PCRE2 does); nil when it would
    /// outgrow `LiteralSetBuilder.tableLimit`. Literals that are not UTF-8 in UTF mode never get here: PCRE2
    /// refuses them first.
    static func make(_ literals: [[UInt8]], options: PCRE2Pattern.Options, boundary: Boundary) -> LiteralSet? {
        let caseless = options.contains(.caseless)
        var pieces: [[LiteralPiece]]
        if caseless && options.contains(.unicode) {
            guard let folded = unicodeCaseless(literals, options: options) else { return nil }
            pieces = folded
        } else {
            // Without UTF, PCRE2's tables fold ASCII letters only.
            pieces = literals.map { [.bytes(caseless ? $0.map(lowerASCII) : $0)] }
        }
        var bytes = Set<UInt8>()
        for literal in pieces {
            for piece in literal {
                switch piece {
                case .bytes(let run): bytes.formUnion(run)
                case .choice(let alternatives): for alternative in alternatives { bytes.formUnion(alternative) }
                }
            }
        }
        var builder = LiteralSetBuilder(bytes: bytes, caseless: caseless)
        for literal in pieces {
            guard builder.insert(literal) else { return nil }
        }
        return builder.build(boundary: boundary)
    }

    /// Each literal as runs of bytes (ASCII letters in lower case, the automaton folding them), with a choice where
    /// PCRE2 matches a character that is not just the other ASCII case.
    private static func unicodeCaseless(_ literals: [[UInt8]], options: PCRE2Pattern.Options) -> [[LiteralPiece]]? {
        let texts = literals.map { String(decoding: $0, as: UTF8.self) }
        var distinct = Set<Unicode.Scalar>()
        for text in texts {
            for scalar in text.unicodeScalars where !scalar.isASCII || scalar.properties.isAlphabetic {
                distinct.insert(scalar)
            }
        }
        guard let equivalents = LiteralCaseFolding.equivalents(of: Array(distinct), options: options) else {
            return nil
        }
        return texts.map { text in
            var pieces: [LiteralPiece] = []
            var run: [UInt8] = []
            for scalar in text.unicodeScalars {
                var alternatives: [[UInt8]] = []
                for value in equivalents[scalar.value] ?? [scalar.value] {
                    guard let other = Unicode.Scalar(value) else { continue }
                    var bytes: [UInt8] = []
                    UTF8.encode(other) { bytes.append(lowerASCII($0)) }
                    if !alternatives.contains(bytes) { alternatives.append(bytes) }
                }
                if alternatives.count == 1 {
                    run += alternatives[0]
                } else {
                    if !run.isEmpty { pieces.append(.bytes(run)) }
                    run = []
                    pieces.append(.choice(alternatives))
                }
            }
            if !run.isEmpty { pieces.append(.bytes(run)) }
            return pieces
        }
    }

    private static func lowerASCII(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
