// The tokenizer's tag states: `<`, tag names, attributes and their values, `/>`.

extension Tokenizer {
    /// After `<` in the data state.
    mutating func tagOpen<Consumer: TokenConsumer>(_ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer) {
        let byte = input[p]
        switch byte {
        case 0x21:
            p += 1
            state = .markupDeclarationOpen
        case 0x2F:
            p += 1
            state = .endTagOpen
        case 0x3F:
            // `<?xml …>` is a comment, up to the next `>`.
            comment.removeAll(keepingCapacity: true)
            state = .bogusComment
        default:
            if ASCII.isAlpha(byte) {
                startTag(end: false)
                state = .tagName
            } else {
                Self.emit(Self.lessThan, &consumer)
                state = .data
            }
        }
    }

    /// After `</` in the data state.
    mutating func endTagOpen<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer
    ) {
        let byte = input[p]
        if ASCII.isAlpha(byte) {
            startTag(end: true)
            state = .tagName
        } else if byte == 0x3E {
            p += 1
            state = .data
        } else {
            comment.removeAll(keepingCapacity: true)
            state = .bogusComment
        }
    }

    mutating func tagName<Consumer: TokenConsumer>(_ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer) {
        while p < input.count {
            let byte = input[p]
            p += 1
            switch byte {
            case 0x09, 0x0A, 0x0C, 0x20:
                state = .beforeAttributeName
                return
            case 0x2F:
                state = .selfClosingStartTag
                return
            case 0x3E:
                emitTag(&consumer)
                return
            case 0:
                tag.name.append(contentsOf: ASCII.replacement)
            default:
                tag.name.append(ASCII.lowercased(byte))
            }
        }
    }

    mutating func beforeAttributeName<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer
    ) {
        while p < input.count {
            let byte = input[p]
            switch byte {
            case 0x09, 0x0A, 0x0C, 0x20:
                p += 1
            case 0x2F, 0x3E:
                state = .afterAttributeName
                return
            case 0x3D:
                // `=` starts the name of an attribute here: `<a =x>` has an attribute named "=x".
                beginAttribute()
                tag.attributes.bytes.append(byte)
                p += 1
                state = .attributeName
                return
            default:
                beginAttribute()
                state = .attributeName
                return
            }
        }
    }

    mutating func attributeName<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer
    ) {
        while p < input.count {
            let byte = input[p]
            switch byte {
            case 0x09, 0x0A, 0x0C, 0x20, 0x2F, 0x3E:
                endAttributeName()
                state = .afterAttributeName
                return
            case 0x3D:
                p += 1
                endAttributeName()
                state = .beforeAttributeValue
                return
            case 0:
                tag.attributes.bytes.append(contentsOf: ASCII.replacement)
            default:
                tag.attributes.bytes.append(ASCII.lowercased(byte))
            }
            p += 1
        }
    }

    mutating func afterAttributeName<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer
    ) {
        while p < input.count {
            let byte = input[p]
            switch byte {
            case 0x09, 0x0A, 0x0C, 0x20:
                p += 1
            case 0x2F:
                p += 1
                state = .selfClosingStartTag
                return
            case 0x3D:
                p += 1
                state = .beforeAttributeValue
                return
            case 0x3E:
                p += 1
                emitTag(&consumer)
                return
            default:
                beginAttribute()
                state = .attributeName
                return
            }
        }
    }

    mutating func beforeAttributeValue<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer
    ) {
        while p < input.count {
            switch input[p] {
            case 0x09, 0x0A, 0x0C, 0x20:
                p += 1
            case 0x22:
                p += 1
                state = .attributeValueDoubleQuoted
                return
            case 0x27:
                p += 1
                state = .attributeValueSingleQuoted
                return
            case 0x3E:
                p += 1
                emitTag(&consumer)
                return
            default:
                state = .attributeValueUnquoted
                return
            }
        }
    }

    /// A value in `quote`s: bytes up to the quote, with references.
    mutating func quotedAttributeValue<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ final: Bool, quote: UInt8, _ consumer: inout Consumer
    ) {
        while p < input.count {
            let start = p
            while p < input.count {
                let byte = input[p]
                if byte == quote || byte == 0x26 || byte == 0 { break }
                p += 1
            }
            if p > start { appendToValue(input.extracting(start..<p), at: start) }
            guard p < input.count else { return }
            switch input[p] {
            case quote:
                p += 1
                state = .afterAttributeValueQuoted
                return
            case 0x26:
                characterReference(input, &p, final, inAttribute: true, &consumer)
                if waiting { return }
            default:
                p += 1
                appendToValue(ASCII.replacement)
            }
        }
    }

    mutating func unquotedAttributeValue<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ final: Bool, _ consumer: inout Consumer
    ) {
        while p < input.count {
            let byte = input[p]
            switch byte {
            case 0x09, 0x0A, 0x0C, 0x20:
                p += 1
                state = .beforeAttributeName
                return
            case 0x26:
                characterReference(input, &p, final, inAttribute: true, &consumer)
                if waiting { return }
            case 0x3E:
                p += 1
                emitTag(&consumer)
                return
            case 0:
                p += 1
                appendToValue(ASCII.replacement)
            default:
                p += 1
                appendToValue(byte)
            }
        }
    }

    mutating func afterAttributeValueQuoted<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer
    ) {
        switch input[p] {
        case 0x09, 0x0A, 0x0C, 0x20:
            p += 1
            state = .beforeAttributeName
        case 0x2F:
            p += 1
            state = .selfClosingStartTag
        case 0x3E:
            p += 1
            emitTag(&consumer)
        default:
            state = .beforeAttributeName
        }
    }

    mutating func selfClosingStartTag<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer
    ) {
        if input[p] == 0x3E {
            p += 1
            tag.selfClosing = true
            emitTag(&consumer)
        } else {
            state = .beforeAttributeName
        }
    }
}
