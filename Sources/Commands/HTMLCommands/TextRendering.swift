// The text of a node three ways: as it is (textContent), with white space collapsed, and as a browser renders it
// (a simplified innerText: blocks and <br> become line breaks, cells tabs, script and style are left out).
import LibXML2

/// Text of nodes.
enum TextRendering {
    static func render(_ node: some RecordNode, _ mode: HTMLTextMode) -> String {
        switch mode {
        case .content: node.textContent
        case .normalized: normalized(node.textContent)
        case .inner: inner(node)
        }
    }

    /// Runs of ASCII white space as one space, none at the ends. Works on the UTF-8 bytes (white space is ASCII),
    /// and gives text that needs nothing back as it is.
    static func normalized(_ text: String) -> String {
        let bytes = text.utf8
        var clean = true
        var previousSpace = true
        for byte in bytes {
            let space = isSpace(byte)
            if space && (previousSpace || byte != 0x20) {
                clean = false
                break
            }
            previousSpace = space
        }
        if clean && !previousSpace { return text }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var pendingSpace = false
        for byte in bytes {
            if isSpace(byte) {
                pendingSpace = !output.isEmpty
                continue
            }
            if pendingSpace { output.append(0x20) }
            pendingSpace = false
            output.append(byte)
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }

    /// Elements whose content is never rendered.
    static let hidden: Set<String> = [
        "script", "style", "template", "head", "title", "meta", "link", "noscript", "iframe", "object", "embed",
        "datalist", "noembed", "noframes",
    ]
    /// Elements that start and end on a line of their own.
    static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog", "dir",
        "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
        "header", "hgroup", "hr", "html", "legend", "li", "listing", "main", "menu", "nav", "ol", "optgroup",
        "option", "pre", "section", "summary", "table", "tbody", "tfoot", "thead", "tr", "ul", "xmp",
    ]
    /// Elements whose white space is kept as it is.
    static let preformatted: Set<String> = ["pre", "textarea", "listing", "xmp", "plaintext"]

    /// innerText, simplified: the HTML standard's "rendered text collection steps" without CSS.
    static func inner<Node: RecordNode>(_ root: Node) -> String {
        var builder = InnerText()
        // An explicit stack (no recursion): pages nest deeply. Each entry is a node to enter or an element to leave.
        var stack: [(node: Node, leaving: Bool)] = [(root, false)]
        while let (node, leaving) = stack.popLast() {
            switch node.kind {
            case .text:
                builder.text(node.textContent)
            case .element:
                if leaving {
                    builder.leave(node.name)
                    continue
                }
                let rendered = builder.enter(node.name, isRoot: stack.isEmpty)
                stack.append((node, true))
                if rendered { for child in node.children.reversed() { stack.append((child, false)) } }
            default:
                continue
            }
        }
        return builder.result
    }

    /// White space runs as one space (ends kept: the neighbours decide).
    static func collapse(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            if isSpace(scalar) {
                if !lastWasSpace { output.append(" ") }
                lastWasSpace = true
            } else {
                output.append(scalar)
                lastWasSpace = false
            }
        }
        return String(output)
    }

    /// The pieces as text: spaces at line starts and ends dropped, runs of required breaks as the largest of them,
    /// none at the start or end, a tab only between cells.
    static func joined(_ pieces: [InnerText.Piece]) -> String {
        var output = ""
        var pendingBreaks = 0
        var pendingTab = false
        for piece in pieces {
            switch piece {
            case .breaks(let count): pendingBreaks = max(pendingBreaks, count)
            case .tab: pendingTab = true
            case .text(var text):
                let atLineStart = output.isEmpty || output.hasSuffix("\n") || pendingBreaks > 0
                if atLineStart { text = String(text.drop { $0 == " " }) }
                if text.isEmpty { continue }
                if !output.isEmpty && pendingBreaks > 0 {
                    while output.hasSuffix(" ") { output.removeLast() }
                    output += String(repeating: "\n", count: pendingBreaks)
                } else if pendingTab && !output.isEmpty && !output.hasSuffix("\n") {
                    output += "\t"
                }
                if output.hasSuffix(" ") && text.hasPrefix(" ") { text.removeFirst() }
                output += text
                pendingBreaks = 0
                pendingTab = false
            }
        }
        while output.hasSuffix(" ") || output.hasSuffix("\n") { output.removeLast() }
        return output
    }
}
