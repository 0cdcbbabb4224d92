// The tokenizer's comment states: `<!` and what may follow it (`--`, `DOCTYPE`, `[CDATA[`), comments and bogus
// comments.

extension Tokenizer {
    static let doctypeKeyword: [UInt8] = Array("doctype".utf8)
    static let cdataKeyword: [UInt8] = Array("[CDATA[".utf8)

    /// After `<!`.
    mutating func markupDeclarationOpen<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ final: Bool, _ consumer: inout Consumer
    ) {
        let available = input.count - p
        if available < 7 && !final {
            // Too few bytes to tell the keywords apart yet.
            waiting = true
            return
        }
        comment.removeAll(keepingCapacity: true)
        if available >= 2 && input[p] == 0x2D && input[p + 1] == 0x2D {
            p += 2
            state = .commentStart
            return
        }
        if available >= 7 {
            let next = input.extracting(p..<p + 7)
            if ASCII.hasPrefixIgnoringCase(next, Self.doctypeKeyword.span) {
                p += 7
                state = .doctype
                return
            }
            if ASCII.equal(next, Self.cdataKeyword.span) {
                p += 7
                if consumer.allowsCDATA {
                    state = .cdataSection
                } else {
                    comment.append(contentsOf: Self.cdataKeyword)
                    state = .bogusComment
                }
                return
            }
        }
        state = .bogusComment
    }

    /// A bogus comment (`<?…>`, `<!…>`, `</ …>`): everything up to the next `>`.
    mutating func bogusComment<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer
    ) {
        while p < input.count {
            let byte = input[p]
            p += 1
            switch byte {
            case 0x3E:
                emitComment(&consumer)
                return
            case 0: comment.append(contentsOf: ASCII.replacement)
            default: comment.append(byte)
            }
        }
    }

    /// The states of a `<!--` comment, byte by byte, with a fast path for the text inside: one switch of the
    /// tokenizer's state machine, longer than 80 lines as the standard's states are many.
    mutating func commentStates<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ consumer: inout Consumer
    ) {
        let byte = input[p]
        switch state {
        case .commentStart, .commentStartDash:
            if byte == 0x2D {
                p += 1
                state = state == .commentStart ? .commentStartDash : .commentEnd
            } else if byte == 0x3E {
                // `<!-->` and `<!--->` are empty comments.
                p += 1
                emitComment(&consumer)
            } else {
                if state == .commentStartDash { comment.append(0x2D) }
                state = .comment
            }
        case .comment:
            while p < input.count {
                let byte = input[p]
                p += 1
                switch byte {
                case 0x3C:
                    comment.append(byte)
                    state = .commentLessThan
                    return
                case 0x2D:
                    state = .commentEndDash
                    return
                case 0: comment.append(contentsOf: ASCII.replacement)
                default: comment.append(byte)
                }
            }
        case .commentLessThan:
            if byte == 0x21 {
                p += 1
                comment.append(byte)
                state = .commentLessThanBang
            } else if byte == 0x3C {
                p += 1
                comment.append(byte)
            } else {
                state = .comment
            }
        case .commentLessThanBang:
            if byte == 0x2D {
                p += 1
                state = .commentLessThanBangDash
            } else {
                state = .comment
            }
        case .commentLessThanBangDash:
            if byte == 0x2D {
                p += 1
                state = .commentLessThanBangDashDash
            } else {
                state = .commentEndDash
            }
        case .commentLessThanBangDashDash:
            // `<!--` nested in a comment: an error, read as the end of one.
            state = .commentEnd
        case .commentEndDash:
            if byte == 0x2D {
                p += 1
                state = .commentEnd
            } else {
                comment.append(0x2D)
                state = .comment
            }
        case .commentEnd:
            switch byte {
            case 0x3E:
                p += 1
                emitComment(&consumer)
            case 0x21:
                p += 1
                state = .commentEndBang
            case 0x2D:
                p += 1
                comment.append(0x2D)
            default:
                comment.append(0x2D)
                comment.append(0x2D)
                state = .comment
            }
        default:  // commentEndBang
            switch byte {
            case 0x2D:
                p += 1
                comment.append(contentsOf: [0x2D, 0x2D, 0x21])
                state = .commentEndDash
            case 0x3E:
                p += 1
                emitComment(&consumer)
            default:
                comment.append(contentsOf: [0x2D, 0x2D, 0x21])
                state = .comment
            }
        }
    }
}
