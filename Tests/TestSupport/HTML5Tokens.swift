// The HTML5 tokenizer's tokens as tests compare them, read whole or in pieces: html5lib's tokenizer cases
// (HTML5Tests) and the html5 fuzz target check the same way that where the input is cut changes nothing.
@testable import HTML5

public enum HTML5Tokens {
    /// The tokenizer's states html5lib's cases start in, by the names they give them.
    static let states: [String: Tokenizer.State] = [
        "Data state": .data, "PLAINTEXT state": .plaintext, "RCDATA state": .rcdata, "RAWTEXT state": .rawtext,
        "Script data state": .scriptData, "CDATA section state": .cdataSection,
    ]

    /// Whether html5lib names `state` and the tokenizer has it.
    public static func knows(state: String) -> Bool { states[state] != nil }

    /// The tokens of `page`, read whole, or in pieces of `pieceSize` bytes as a stream would hand them. It starts in
    /// the state html5lib's cases call `state`; `followingContent` switches the state after the start tags whose
    /// content the tree builder reads as text (in HTML content) and allows CDATA in SVG and MathML, as the tree
    /// builder would, so that the pieces cross the text states' boundaries too.
    public static func of(
        _ page: [UInt8], state: String = "Data state", lastStartTag: [UInt8] = [], pieceSize: Int? = nil,
        followingContent: Bool
    ) -> [HTML5Token] {
        var tokenizer = Tokenizer(state: states[state] ?? .data, lastStartTag: lastStartTag)
        var collector = Collector(followsContent: followingContent)
        if let pieceSize {
            feed(page, pieceSize: pieceSize) { tokenizer.run($0, final: $1, into: &collector) }
        } else {
            _ = tokenizer.run(HTML5Input.normalizingNewlines(page).span, final: true, into: &collector)
        }
        return collector.tokens
    }

    /// Hands `run` the page in pieces of `pieceSize` bytes, newlines normalized piece by piece, keeping the bytes it
    /// has not consumed for the next piece; the last call is final.
    public static func feed(_ page: [UInt8], pieceSize: Int, _ run: (Span<UInt8>, _ final: Bool) -> Int) {
        var input = HTML5Input()
        var held: [UInt8] = []
        var offset = 0
        while offset < page.count {
            held += input.normalizing(Array(page[offset..<min(offset + pieceSize, page.count)]))
            offset += pieceSize
            held.removeFirst(run(held.span, false))
        }
        _ = run(held.span, true)
    }

    /// Collects the tokens; what it decides depends on the tokens before only.
    struct Collector: TokenConsumer {
        var tokens: [HTML5Token] = []
        var text: [UInt8] = []
        let followsContent: Bool
        /// How many svg and math elements are open, by their tags.
        var foreignDepth = 0

        init(followsContent: Bool) { self.followsContent = followsContent }

        static func attributes(_ attributes: borrowing Attributes) -> [HTML5Token.Attribute] {
            var list: [HTML5Token.Attribute] = []
            for i in 0..<attributes.count {
                list.append(
                    .init(name: [UInt8](copying: attributes.name(i)), value: [UInt8](copying: attributes.value(i))))
            }
            return list
        }

        mutating func flush() {
            guard !text.isEmpty else { return }
            tokens.append(.characters(text))
            text = []
        }

        mutating func characters(_ bytes: Span<UInt8>) { text.append(copying: bytes) }

        mutating func nullCharacter() { text.append(0) }

        mutating func startTag(_ tag: borrowing TagToken) -> ContentState? {
            flush()
            tokens.append(
                .startTag(name: tag.name, attributes: Self.attributes(tag.attributes), selfClosing: tag.selfClosing))
            guard followsContent else { return nil }
            if tag.tag == .svg || tag.tag == .math {
                if !tag.selfClosing { foreignDepth += 1 }
                return nil
            }
            guard foreignDepth == 0 else { return nil }
            switch tag.tag {
            case .title, .textarea: return .rcdata
            case .style, .xmp, .iframe, .noembed, .noframes: return .rawtext
            case .script: return .scriptData
            case .plaintext: return .plaintext
            default: return nil
            }
        }

        mutating func endTag(_ tag: borrowing TagToken) {
            flush()
            tokens.append(.endTag(name: tag.name, attributes: Self.attributes(tag.attributes)))
            if (tag.tag == .svg || tag.tag == .math) && foreignDepth > 0 { foreignDepth -= 1 }
        }

        mutating func comment(_ text: Span<UInt8>) {
            flush()
            tokens.append(.comment([UInt8](copying: text)))
        }

        mutating func doctype(_ doctype: borrowing DoctypeToken) {
            flush()
            tokens.append(
                .doctype(
                    name: doctype.name, publicID: doctype.publicID, systemID: doctype.systemID,
                    forceQuirks: doctype.forceQuirks))
        }

        mutating func endOfFile() {
            flush()
            tokens.append(.endOfFile)
        }

        var allowsCDATA: Bool { foreignDepth > 0 }
    }
}
