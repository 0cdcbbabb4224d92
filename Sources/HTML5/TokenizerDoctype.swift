// The tokenizer's DOCTYPE states: `<!DOCTYPE name PUBLIC "…" "…">` and its many broken forms, which decide whether
// the document is in quirks mode.

extension Tokenizer {
    static let publicKeyword: [UInt8] = Array("public".utf8)
    static let systemKeyword: [UInt8] = Array("system".utf8)

    /// Appends a byte of the name or of an identifier, U+0000 replaced.
    private static func append(_ byte: UInt8, to bytes: inout [UInt8]?, lowercasing: Bool = false) {
        if byte == 0 {
            bytes?.append(contentsOf: ASCII.replacement)
        } else {
            bytes?.append(lowercasing ? ASCII.lowercased(byte) : byte)
        }
    }

    /// The DOCTYPE states, byte by byte. The tokenizer's state machine is one switch a group of states: split, its
    /// states would share their locals through the tokenizer's fields on every byte, so it is longer than 80 lines.
    mutating func doctypeStates<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ final: Bool, _ consumer: inout Consumer
    ) {
        let byte = input[p]
        let isWhitespace = byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x20
        switch state {
        case .doctype:
            if isWhitespace { p += 1 }
            state = .beforeDoctypeName
        case .beforeDoctypeName:
            p += 1
            if isWhitespace { return }
            doctype = DoctypeToken()
            if byte == 0x3E {
                doctype.forceQuirks = true
                emitDoctype(&consumer)
                return
            }
            doctype.name = []
            Self.append(byte, to: &doctype.name, lowercasing: true)
            state = .doctypeName
        case .doctypeName:
            while p < input.count {
                let byte = input[p]
                p += 1
                switch byte {
                case 0x09, 0x0A, 0x0C, 0x20:
                    state = .afterDoctypeName
                    return
                case 0x3E:
                    emitDoctype(&consumer)
                    return
                default: Self.append(byte, to: &doctype.name, lowercasing: true)
                }
            }
        case .afterDoctypeName:
            if isWhitespace {
                p += 1
                return
            }
            if byte == 0x3E {
                p += 1
                emitDoctype(&consumer)
                return
            }
            if input.count - p < 6 && !final {
                waiting = true
                return
            }
            let keyword = input.extracting(p..<min(p + 6, input.count))
            if ASCII.hasPrefixIgnoringCase(keyword, Self.publicKeyword.span) {
                p += 6
                state = .afterDoctypePublicKeyword
            } else if ASCII.hasPrefixIgnoringCase(keyword, Self.systemKeyword.span) {
                p += 6
                state = .afterDoctypeSystemKeyword
            } else {
                doctype.forceQuirks = true
                state = .bogusDoctype
            }
        case .afterDoctypePublicKeyword, .afterDoctypeSystemKeyword, .beforeDoctypePublicIdentifier,
            .beforeDoctypeSystemIdentifier:
            // After the keyword whitespace is expected but not needed; before the identifier it is skipped.
            let system = state == .afterDoctypeSystemKeyword || state == .beforeDoctypeSystemIdentifier
            let afterKeyword = state == .afterDoctypePublicKeyword || state == .afterDoctypeSystemKeyword
            if isWhitespace {
                p += 1
                if afterKeyword { state = system ? .beforeDoctypeSystemIdentifier : .beforeDoctypePublicIdentifier }
                return
            }
            identifierStart(byte, system: system, &p, &consumer)
        case .doctypePublicIdentifierDoubleQuoted, .doctypePublicIdentifierSingleQuoted,
            .doctypeSystemIdentifierDoubleQuoted, .doctypeSystemIdentifierSingleQuoted:
            let system = state == .doctypeSystemIdentifierDoubleQuoted || state == .doctypeSystemIdentifierSingleQuoted
            let quote: UInt8 =
                state == .doctypePublicIdentifierDoubleQuoted || state == .doctypeSystemIdentifierDoubleQuoted
                ? 0x22 : 0x27
            while p < input.count {
                let byte = input[p]
                p += 1
                if byte == quote {
                    state = system ? .afterDoctypeSystemIdentifier : .afterDoctypePublicIdentifier
                    return
                }
                if byte == 0x3E {
                    doctype.forceQuirks = true
                    emitDoctype(&consumer)
                    return
                }
                if system {
                    Self.append(byte, to: &doctype.systemID)
                } else {
                    Self.append(byte, to: &doctype.publicID)
                }
            }
        case .afterDoctypePublicIdentifier, .betweenDoctypePublicAndSystemIdentifiers:
            if isWhitespace {
                p += 1
                state = .betweenDoctypePublicAndSystemIdentifiers
                return
            }
            switch byte {
            case 0x3E:
                p += 1
                emitDoctype(&consumer)
            case 0x22, 0x27:
                p += 1
                doctype.systemID = []
                state = byte == 0x22 ? .doctypeSystemIdentifierDoubleQuoted : .doctypeSystemIdentifierSingleQuoted
            default:
                doctype.forceQuirks = true
                state = .bogusDoctype
            }
        case .afterDoctypeSystemIdentifier:
            if isWhitespace {
                p += 1
            } else if byte == 0x3E {
                p += 1
                emitDoctype(&consumer)
            } else {
                // Unlike every other error here, this one leaves the mode alone.
                state = .bogusDoctype
            }
        default:  // bogusDoctype
            while p < input.count {
                let byte = input[p]
                p += 1
                if byte == 0x3E {
                    emitDoctype(&consumer)
                    return
                }
            }
        }
    }

    /// What may start an identifier after PUBLIC or SYSTEM: a quote, or an error.
    private mutating func identifierStart<Consumer: TokenConsumer>(
        _ byte: UInt8, system: Bool, _ p: inout Int, _ consumer: inout Consumer
    ) {
        switch byte {
        case 0x22, 0x27:
            p += 1
            if system {
                doctype.systemID = []
                state = byte == 0x22 ? .doctypeSystemIdentifierDoubleQuoted : .doctypeSystemIdentifierSingleQuoted
            } else {
                doctype.publicID = []
                state = byte == 0x22 ? .doctypePublicIdentifierDoubleQuoted : .doctypePublicIdentifierSingleQuoted
            }
        case 0x3E:
            p += 1
            doctype.forceQuirks = true
            emitDoctype(&consumer)
        default:
            doctype.forceQuirks = true
            state = .bogusDoctype
        }
    }
}
