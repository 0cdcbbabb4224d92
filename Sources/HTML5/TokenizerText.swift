// The tokenizer's text states: data, RCDATA, RAWTEXT, script data and PLAINTEXT, the end tags that close the last
// three, and CDATA sections. Runs of ordinary bytes are handed on as they stand in the input, without a copy.

extension Tokenizer {
    /// The data state and RCDATA (title, textarea): text with character references up to the next `<`. A U+0000
    /// is handed on alone from data (what it becomes depends on the tree), replaced in RCDATA.
    mutating func data<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ final: Bool, _ consumer: inout Consumer
    ) {
        let isData = state == .data
        while p < input.count {
            let start = p
            while p < input.count {
                let byte = input[p]
                if byte == 0x3C || byte == 0x26 || byte == 0 { break }
                p += 1
            }
            if p > start { consumer.characters(input.extracting(start..<p), at: start) }
            guard p < input.count else { return }
            switch input[p] {
            case 0x3C:
                p += 1
                state = isData ? .tagOpen : .rcdataLessThan
                return
            case 0x26:
                characterReference(input, &p, final, inAttribute: false, &consumer)
                if waiting { return }
            default:
                p += 1
                if isData {
                    consumer.nullCharacter()
                } else {
                    Self.emit(ASCII.replacement, &consumer)
                }
            }
        }
    }

    /// RAWTEXT, script data and PLAINTEXT: text without references, up to a `<` (never, for PLAINTEXT).
    mutating func rawText<Consumer: TokenConsumer>(_ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer) {
        let stopsAtTags = state != .plaintext
        while p < input.count {
            let start = p
            while p < input.count {
                let byte = input[p]
                if (byte == 0x3C && stopsAtTags) || byte == 0 { break }
                p += 1
            }
            if p > start { consumer.characters(input.extracting(start..<p), at: start) }
            guard p < input.count else { return }
            p += 1
            if input[p - 1] == 0 {
                Self.emit(ASCII.replacement, &consumer)
                continue
            }
            state = state == .rawtext ? .rawtextLessThan : .scriptDataLessThan
            return
        }
    }

    /// The state an RCDATA, RAWTEXT or script data `<` or `</` falls back to when no end tag follows.
    private var textState: State {
        switch state {
        case .rcdataLessThan, .rcdataEndTagOpen, .rcdataEndTagName: .rcdata
        case .rawtextLessThan, .rawtextEndTagOpen, .rawtextEndTagName: .rawtext
        case .scriptDataEscapedEndTagOpen, .scriptDataEscapedEndTagName: .scriptDataEscaped
        default: .scriptData
        }
    }

    /// After a `<` in RCDATA, RAWTEXT or script data.
    mutating func textLessThan<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer
    ) {
        let byte = input[p]
        if byte == 0x2F {
            p += 1
            temporary.removeAll(keepingCapacity: true)
            state =
                switch state {
                case .rcdataLessThan: .rcdataEndTagOpen
                case .rawtextLessThan: .rawtextEndTagOpen
                default: .scriptDataEndTagOpen
                }
            return
        }
        if byte == 0x21 && state == .scriptDataLessThan {
            p += 1
            Self.emit(Self.lessThanBang, &consumer)
            state = .scriptDataEscapeStart
            return
        }
        Self.emit(Self.lessThan, &consumer)
        state = textState
    }

    /// After `</` in RCDATA, RAWTEXT or script data (escaped or not): a letter starts an end tag.
    mutating func textEndTagOpen<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer
    ) {
        guard ASCII.isAlpha(input[p]) else {
            Self.emit(Self.lessThanSolidus, &consumer)
            state = textState
            return
        }
        startTag(end: true)
        state =
            switch state {
            case .rcdataEndTagOpen: .rcdataEndTagName
            case .rawtextEndTagOpen: .rawtextEndTagName
            case .scriptDataEndTagOpen: .scriptDataEndTagName
            default: .scriptDataEscapedEndTagName
            }
    }

    /// The name of an end tag in RCDATA, RAWTEXT or script data: a tag only when it closes the element the text
    /// belongs to, text otherwise.
    mutating func textEndTagName<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer
    ) {
        while p < input.count {
            let byte = input[p]
            if ASCII.isAlpha(byte) {
                tag.name.append(ASCII.lowercased(byte))
                temporary.append(byte)
                p += 1
                continue
            }
            if isAppropriateEndTag() {
                switch byte {
                case 0x09, 0x0A, 0x0C, 0x20:
                    p += 1
                    state = .beforeAttributeName
                    return
                case 0x2F:
                    p += 1
                    state = .selfClosingStartTag
                    return
                case 0x3E:
                    p += 1
                    emitTag(&consumer)
                    return
                default: break
                }
            }
            Self.emit(Self.lessThanSolidus, &consumer)
            consumer.characters(temporary.span)
            state = textState
            return
        }
    }

    /// The script data states after `<!`: escaped (`<!--` … `-->`) and double-escaped (a `<script>` inside that),
    /// where `</script>` does or does not end the script: one switch of the tokenizer's state machine, so
    /// longer than 80 lines as the standard's states are many.
    mutating func scriptEscape<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer
    ) {
        let byte = input[p]
        func emit(_ consumer: inout Consumer) { consumer.characters(input.extracting(p..<p + 1), at: p) }
        switch state {
        case .scriptDataEscapeStart, .scriptDataEscapeStartDash:
            guard byte == 0x2D else {
                state = .scriptData
                return
            }
            emit(&consumer)
            p += 1
            state = state == .scriptDataEscapeStart ? .scriptDataEscapeStartDash : .scriptDataEscapedDashDash
        case .scriptDataEscaped:
            // Text up to the next `-`, `<` or U+0000 goes whole.
            let start = p
            while p < input.count && input[p] != 0x2D && input[p] != 0x3C && input[p] != 0 { p += 1 }
            if p > start {
                consumer.characters(input.extracting(start..<p), at: start)
                return
            }
            scriptEscapedByte(byte, dashes: 0, input, &p, &consumer)
        case .scriptDataEscapedDash:
            scriptEscapedByte(byte, dashes: 1, input, &p, &consumer)
        case .scriptDataEscapedDashDash:
            scriptEscapedByte(byte, dashes: 2, input, &p, &consumer)
        case .scriptDataEscapedLessThan:
            if byte == 0x2F {
                p += 1
                temporary.removeAll(keepingCapacity: true)
                state = .scriptDataEscapedEndTagOpen
            } else if ASCII.isAlpha(byte) {
                temporary.removeAll(keepingCapacity: true)
                Self.emit(Self.lessThan, &consumer)
                state = .scriptDataDoubleEscapeStart
            } else {
                Self.emit(Self.lessThan, &consumer)
                state = .scriptDataEscaped
            }
        case .scriptDataDoubleEscapeStart, .scriptDataDoubleEscapeEnd:
            let starting = state == .scriptDataDoubleEscapeStart
            switch byte {
            case 0x09, 0x0A, 0x0C, 0x20, 0x2F, 0x3E:
                let isScript = ASCII.equal(temporary.span, Self.script.span)
                state =
                    starting == isScript ? .scriptDataDoubleEscaped : .scriptDataEscaped
                emit(&consumer)
                p += 1
            default:
                if ASCII.isAlpha(byte) {
                    temporary.append(ASCII.lowercased(byte))
                    emit(&consumer)
                    p += 1
                } else {
                    state = starting ? .scriptDataEscaped : .scriptDataDoubleEscaped
                }
            }
        case .scriptDataDoubleEscaped:
            let start = p
            while p < input.count && input[p] != 0x2D && input[p] != 0x3C && input[p] != 0 { p += 1 }
            if p > start {
                consumer.characters(input.extracting(start..<p), at: start)
                return
            }
            doubleEscapedByte(byte, dashes: 0, input, &p, &consumer)
        case .scriptDataDoubleEscapedDash:
            doubleEscapedByte(byte, dashes: 1, input, &p, &consumer)
        case .scriptDataDoubleEscapedDashDash:
            doubleEscapedByte(byte, dashes: 2, input, &p, &consumer)
        case .scriptDataDoubleEscapedLessThan:
            if byte == 0x2F {
                temporary.removeAll(keepingCapacity: true)
                emit(&consumer)
                p += 1
                state = .scriptDataDoubleEscapeEnd
            } else {
                state = .scriptDataDoubleEscaped
            }
        default: break
        }
    }

    /// A byte of escaped script data after `dashes` dashes (0, 1, or 2 or more).
    private mutating func scriptEscapedByte<Consumer: TokenConsumer>(
        _ byte: UInt8, dashes: Int, _ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer
    ) {
        p += 1
        switch byte {
        case 0x2D:
            consumer.characters(input.extracting(p - 1..<p), at: p - 1)
            state = dashes == 0 ? .scriptDataEscapedDash : .scriptDataEscapedDashDash
        case 0x3C:
            state = .scriptDataEscapedLessThan
        case 0x3E where dashes == 2:
            consumer.characters(input.extracting(p - 1..<p), at: p - 1)
            state = .scriptData
        case 0:
            Self.emit(ASCII.replacement, &consumer)
            state = .scriptDataEscaped
        default:
            consumer.characters(input.extracting(p - 1..<p), at: p - 1)
            state = .scriptDataEscaped
        }
    }

    /// A byte of double-escaped script data after `dashes` dashes.
    private mutating func doubleEscapedByte<Consumer: TokenConsumer>(
        _ byte: UInt8, dashes: Int, _ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer
    ) {
        if byte == 0 {
            Self.emit(ASCII.replacement, &consumer)
        } else {
            consumer.characters(input.extracting(p..<p + 1), at: p)
        }
        p += 1
        switch byte {
        case 0x2D:
            state = dashes == 0 ? .scriptDataDoubleEscapedDash : .scriptDataDoubleEscapedDashDash
        case 0x3C:
            state = .scriptDataDoubleEscapedLessThan
        case 0x3E where dashes == 2:
            state = .scriptData
        default:
            state = .scriptDataDoubleEscaped
        }
    }

    static let script: [UInt8] = Array("script".utf8)

    /// CDATA sections (in foreign content only): text up to `]]>`.
    mutating func cdata<Consumer: TokenConsumer>(_ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer) {
        switch state {
        case .cdataSection:
            let start = p
            while p < input.count && input[p] != 0x5D && input[p] != 0 { p += 1 }
            if p > start { consumer.characters(input.extracting(start..<p), at: start) }
            guard p < input.count else { return }
            p += 1
            if input[p - 1] == 0 {
                consumer.nullCharacter()
            } else {
                state = .cdataSectionBracket
            }
        case .cdataSectionBracket:
            if input[p] == 0x5D {
                p += 1
                state = .cdataSectionEnd
            } else {
                Self.emit(Self.rightBracket, &consumer)
                state = .cdataSection
            }
        default:
            switch input[p] {
            case 0x5D:
                p += 1
                Self.emit(Self.rightBracket, &consumer)
            case 0x3E:
                p += 1
                state = .data
            default:
                Self.emit(Self.rightBrackets, &consumer)
                state = .cdataSection
            }
        }
    }
}
