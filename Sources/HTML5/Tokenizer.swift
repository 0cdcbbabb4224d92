// The HTML standard's tokenizer (13.2.5): a state machine over UTF-8 bytes that hands tokens to a TokenConsumer.
// Each state's rules are in the Tokenizer*.swift file named for its kind; this file holds the state and the loop.

/// The tokenizer's state between two bytes. Each state handler reads bytes while the state stays the same, so the
/// loop turns once per state change, not once per byte.
struct Tokenizer: ~Copyable {
    enum State {
        case data, rcdata, rawtext, scriptData, plaintext
        case tagOpen, endTagOpen, tagName
        case rcdataLessThan, rcdataEndTagOpen, rcdataEndTagName
        case rawtextLessThan, rawtextEndTagOpen, rawtextEndTagName
        case scriptDataLessThan, scriptDataEndTagOpen, scriptDataEndTagName
        case scriptDataEscapeStart, scriptDataEscapeStartDash
        case scriptDataEscaped, scriptDataEscapedDash, scriptDataEscapedDashDash
        case scriptDataEscapedLessThan, scriptDataEscapedEndTagOpen, scriptDataEscapedEndTagName
        case scriptDataDoubleEscapeStart, scriptDataDoubleEscaped, scriptDataDoubleEscapedDash
        case scriptDataDoubleEscapedDashDash, scriptDataDoubleEscapedLessThan, scriptDataDoubleEscapeEnd
        case beforeAttributeName, attributeName, afterAttributeName, beforeAttributeValue
        case attributeValueDoubleQuoted, attributeValueSingleQuoted, attributeValueUnquoted
        case afterAttributeValueQuoted, selfClosingStartTag
        case bogusComment, markupDeclarationOpen
        case commentStart, commentStartDash, comment, commentLessThan, commentLessThanBang
        case commentLessThanBangDash, commentLessThanBangDashDash, commentEndDash, commentEnd, commentEndBang
        case doctype, beforeDoctypeName, doctypeName, afterDoctypeName
        case afterDoctypePublicKeyword, beforeDoctypePublicIdentifier
        case doctypePublicIdentifierDoubleQuoted, doctypePublicIdentifierSingleQuoted
        case afterDoctypePublicIdentifier, betweenDoctypePublicAndSystemIdentifiers
        case afterDoctypeSystemKeyword, beforeDoctypeSystemIdentifier
        case doctypeSystemIdentifierDoubleQuoted, doctypeSystemIdentifierSingleQuoted
        case afterDoctypeSystemIdentifier, bogusDoctype
        case cdataSection, cdataSectionBracket, cdataSectionEnd
        /// The end of the input was handed on: nothing more is read.
        case finished
    }

    var state: State
    /// The document's element names; the tree builder reads them too.
    var names = NameTable()
    /// The tag being read, start or end.
    var tag = TagToken()
    var isEndTag = false
    /// The name of the last start tag handed on: an end tag in RCDATA, RAWTEXT or script data closes only it.
    var lastStartTag: [UInt8] = []
    /// The attribute being read duplicates an earlier one: its value is read and dropped.
    var attributeDropped = false
    var comment: [UInt8] = []
    var doctype = DoctypeToken()
    /// The standard's "temporary buffer" of the end tag and script-escape states.
    var temporary: [UInt8] = []
    /// Scratch bytes for characters the input does not hold as they are (a decoded character reference).
    var scratch: [UInt8] = []
    /// A lookahead (a keyword, a character reference) needs bytes that have not come yet: the loop stops and the
    /// next call starts from the same byte.
    var waiting = false

    init(state: State = .data, lastStartTag: [UInt8] = []) {
        self.state = state
        self.lastStartTag = lastStartTag
    }

    /// Reads `input` from `start`, handing tokens to `consumer`. With `final`, the input ends there and the end of
    /// the file is handed on too; otherwise the tokenizer stops where a decision needs bytes still to come, and
    /// returns that position: the caller keeps the bytes from there and hands them again with more.
    mutating func run<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, from start: Int = 0, final: Bool, into consumer: inout Consumer
    ) -> Int {
        var p = start
        waiting = false
        while state != .finished {
            if p == input.count || waiting {
                guard final && p == input.count else { return p }
                endOfFile(&consumer)
                state = .finished
                consumer.endOfFile()
                return p
            }
            step(input, &p, final, &consumer)
        }
        return p
    }

    /// Runs the current state's rules from `p` until the state changes, the input ends, or a lookahead waits.
    private mutating func step<Consumer: TokenConsumer>(
        _ input: Span<UInt8>, _ p: inout Int, _ final: Bool, _ consumer: inout Consumer
    ) {
        switch state {
        case .data, .rcdata: data(input, &p, final, &consumer)
        case .rawtext, .scriptData, .plaintext: rawText(input, &p, &consumer)
        case .tagOpen: tagOpen(input, &p, &consumer)
        case .endTagOpen: endTagOpen(input, &p, &consumer)
        case .tagName: tagName(input, &p, &consumer)
        case .rcdataLessThan, .rawtextLessThan, .scriptDataLessThan: textLessThan(input, &p, &consumer)
        case .rcdataEndTagOpen, .rawtextEndTagOpen, .scriptDataEndTagOpen, .scriptDataEscapedEndTagOpen:
            textEndTagOpen(input, &p, &consumer)
        case .rcdataEndTagName, .rawtextEndTagName, .scriptDataEndTagName, .scriptDataEscapedEndTagName:
            textEndTagName(input, &p, &consumer)
        case .scriptDataEscapeStart, .scriptDataEscapeStartDash, .scriptDataEscaped, .scriptDataEscapedDash,
            .scriptDataEscapedDashDash, .scriptDataEscapedLessThan, .scriptDataDoubleEscapeStart,
            .scriptDataDoubleEscaped, .scriptDataDoubleEscapedDash, .scriptDataDoubleEscapedDashDash,
            .scriptDataDoubleEscapedLessThan, .scriptDataDoubleEscapeEnd:
            scriptEscape(input, &p, &consumer)
        case .beforeAttributeName: beforeAttributeName(input, &p, &consumer)
        case .attributeName: attributeName(input, &p, &consumer)
        case .afterAttributeName: afterAttributeName(input, &p, &consumer)
        case .beforeAttributeValue: beforeAttributeValue(input, &p, &consumer)
        case .attributeValueDoubleQuoted: quotedAttributeValue(input, &p, final, quote: 0x22, &consumer)
        case .attributeValueSingleQuoted: quotedAttributeValue(input, &p, final, quote: 0x27, &consumer)
        case .attributeValueUnquoted: unquotedAttributeValue(input, &p, final, &consumer)
        case .afterAttributeValueQuoted: afterAttributeValueQuoted(input, &p, &consumer)
        case .selfClosingStartTag: selfClosingStartTag(input, &p, &consumer)
        case .bogusComment: bogusComment(input, &p, &consumer)
        case .markupDeclarationOpen: markupDeclarationOpen(input, &p, final, &consumer)
        case .commentStart, .commentStartDash, .comment, .commentLessThan, .commentLessThanBang,
            .commentLessThanBangDash, .commentLessThanBangDashDash, .commentEndDash, .commentEnd, .commentEndBang:
            commentStates(input, &p, &consumer)
        case .doctype, .beforeDoctypeName, .doctypeName, .afterDoctypeName, .afterDoctypePublicKeyword,
            .beforeDoctypePublicIdentifier, .doctypePublicIdentifierDoubleQuoted,
            .doctypePublicIdentifierSingleQuoted, .afterDoctypePublicIdentifier,
            .betweenDoctypePublicAndSystemIdentifiers, .afterDoctypeSystemKeyword, .beforeDoctypeSystemIdentifier,
            .doctypeSystemIdentifierDoubleQuoted, .doctypeSystemIdentifierSingleQuoted,
            .afterDoctypeSystemIdentifier, .bogusDoctype:
            doctypeStates(input, &p, final, &consumer)
        case .cdataSection, .cdataSectionBracket, .cdataSectionEnd: cdata(input, &p, &consumer)
        case .finished: break
        }
    }

    /// What each state does at the end of the input, before the end-of-file token.
    private mutating func endOfFile<Consumer: TokenConsumer>(_ consumer: inout Consumer) {
        switch state {
        case .tagOpen, .rcdataLessThan, .rawtextLessThan, .scriptDataLessThan, .scriptDataEscapedLessThan:
            Self.emit(Self.lessThan, &consumer)
        case .endTagOpen, .rcdataEndTagOpen, .rawtextEndTagOpen, .scriptDataEndTagOpen, .scriptDataEscapedEndTagOpen:
            Self.emit(Self.lessThanSolidus, &consumer)
        case .rcdataEndTagName, .rawtextEndTagName, .scriptDataEndTagName, .scriptDataEscapedEndTagName:
            Self.emit(Self.lessThanSolidus, &consumer)
            consumer.characters(temporary.span)
        case .bogusComment, .commentStart, .commentStartDash, .comment, .commentLessThan, .commentLessThanBang,
            .commentLessThanBangDash, .commentLessThanBangDashDash, .commentEndDash, .commentEnd, .commentEndBang:
            consumer.comment(comment.span)
        case .markupDeclarationOpen:
            // Too few bytes for "--", "DOCTYPE" or "[CDATA[": a bogus comment of what there is (that is nothing:
            // run only stops here at the end, so the bytes were all read).
            consumer.comment(comment.span)
        case .doctype, .beforeDoctypeName:
            doctype = DoctypeToken()
            doctype.forceQuirks = true
            consumer.doctype(doctype)
        case .doctypeName, .afterDoctypeName, .afterDoctypePublicKeyword, .beforeDoctypePublicIdentifier,
            .doctypePublicIdentifierDoubleQuoted, .doctypePublicIdentifierSingleQuoted, .afterDoctypePublicIdentifier,
            .betweenDoctypePublicAndSystemIdentifiers, .afterDoctypeSystemKeyword, .beforeDoctypeSystemIdentifier,
            .doctypeSystemIdentifierDoubleQuoted, .doctypeSystemIdentifierSingleQuoted, .afterDoctypeSystemIdentifier:
            doctype.forceQuirks = true
            consumer.doctype(doctype)
        case .bogusDoctype:
            consumer.doctype(doctype)
        case .cdataSectionBracket:
            Self.emit(Self.rightBracket, &consumer)
        case .cdataSectionEnd:
            Self.emit(Self.rightBrackets, &consumer)
        default:
            // Text states end quietly; an unfinished tag is dropped.
            break
        }
    }

    static let lessThan: [UInt8] = [0x3C]
    static let lessThanSolidus: [UInt8] = [0x3C, 0x2F]
    static let lessThanBang: [UInt8] = [0x3C, 0x21]
    static let rightBracket: [UInt8] = [0x5D]
    static let rightBrackets: [UInt8] = [0x5D, 0x5D]

    // MARK: Tokens

    /// Hands on characters the input does not hold as they are.
    static func emit<Consumer: TokenConsumer>(_ bytes: [UInt8], _ consumer: inout Consumer) {
        consumer.characters(bytes.span)
    }

    /// Starts a new start or end tag.
    mutating func startTag(end: Bool) {
        isEndTag = end
        tag.name.removeAll(keepingCapacity: true)
        tag.selfClosing = false
        tag.attributes.removeAll()
        attributeDropped = false
    }

    /// Hands on the tag just read and switches to the state it leaves the tokenizer in.
    mutating func emitTag<Consumer: TokenConsumer>(_ consumer: inout Consumer) {
        finishAttribute()
        let name = tag.name
        tag.nameID = names.intern(name.span)
        state = .data
        if isEndTag {
            consumer.endTag(tag)
            return
        }
        lastStartTag.removeAll(keepingCapacity: true)
        lastStartTag.append(contentsOf: tag.name)
        switch consumer.startTag(tag) {
        case nil: break
        case .rcdata: state = .rcdata
        case .rawtext: state = .rawtext
        case .scriptData: state = .scriptData
        case .plaintext: state = .plaintext
        }
    }

    /// Closes the attribute being read, if any.
    mutating func finishAttribute() {
        if !tag.attributes.isEmpty && !attributeDropped { tag.attributes.endValue() }
        attributeDropped = false
    }

    /// Starts a new attribute of the current tag.
    mutating func beginAttribute() {
        finishAttribute()
        tag.attributes.begin()
    }

    /// The attribute's name is complete: a duplicate is dropped, its value read into nothing.
    mutating func endAttributeName() {
        attributeDropped = !tag.attributes.endName()
    }

    mutating func appendToValue(_ byte: UInt8) {
        if !attributeDropped { tag.attributes.appendValue(byte) }
    }

    mutating func appendToValue(_ bytes: [UInt8]) {
        if !attributeDropped { tag.attributes.appendValue(bytes.span) }
    }

    mutating func appendToValue(_ bytes: Span<UInt8>) {
        guard !attributeDropped else { return }
        tag.attributes.appendValue(bytes)
    }

    /// Bytes of the value as the input holds them, at `offset` in it.
    mutating func appendToValue(_ bytes: Span<UInt8>, at offset: Int) {
        guard !attributeDropped else { return }
        tag.attributes.appendValue(bytes, at: offset)
    }

    mutating func emitComment<Consumer: TokenConsumer>(_ consumer: inout Consumer) {
        state = .data
        consumer.comment(comment.span)
        comment.removeAll(keepingCapacity: true)
    }

    mutating func emitDoctype<Consumer: TokenConsumer>(_ consumer: inout Consumer) {
        state = .data
        consumer.doctype(doctype)
        doctype = DoctypeToken()
    }

    /// Whether the end tag being read is an "appropriate end tag token": it closes the element whose content this is.
    func isAppropriateEndTag() -> Bool {
        !lastStartTag.isEmpty && ASCII.equal(tag.name.span, lastStartTag.span)
    }
}
