// --html and --inner-html on tb's own HTMLTree: the HTML the LibXML2 shim's HTMLSerializer writes for the same tree
// (the standard's serialization, with its choices: <noscript>'s text written as it is, < and > left alone in
// attribute values), so that records do not depend on which tree was built. Iterative: pages nest deeply.
import Bytes
import HTML5
import LibXML2

extension TreeNode {
    var outerHTML: String { TreeSerializer(tree: page.tree).html(of: node, includingNode: true) }
    var innerHTML: String { TreeSerializer(tree: page.tree).html(of: node, includingNode: false) }
}

struct TreeSerializer {
    let tree: HTMLTree
    private var bytes: [UInt8] = []

    init(tree: HTMLTree) { self.tree = tree }

    static let voidElements = HTMLSerialization.voidElements.map { Array($0.utf8) }
    static let rawTextElements = HTMLSerialization.rawTextElements.map { Array($0.utf8) }

    func html(of node: Int, includingNode: Bool) -> String {
        var serializer = self
        if includingNode {
            serializer.open(node)
            if tree.kind(node) == .element && !isVoid(node) {
                serializer.children(of: node)
                serializer.close(node)
            }
        } else if tree.kind(node) == .element || tree.kind(node) == .document {
            serializer.children(of: node)
        }
        return String(decoding: serializer.bytes, as: UTF8.self)
    }

    private mutating func children(of root: Int) {
        let tree = self.tree
        SerializationWalk.below(
            root, firstChild: tree.firstChild, nextSibling: tree.nextSibling, parent: tree.parent,
            hasContent: { tree.kind($0) == .element && !isVoid($0) }
        ) { node, entering in
            if entering { open(node) } else { close(node) }
        }
    }

    private mutating func open(_ node: Int) {
        // The spans borrow this copy (the same storage), not self, which the appends change.
        let tree = self.tree
        switch tree.kind(node) {
        case .element:
            append("<")
            append(tree.name(node))
            for index in 0..<tree.attributeCount(node) {
                append(" ")
                append(tree.attributeName(node, index))
                append("=\"")
                appendEscaped(tree.attributeValue(node, index), inAttribute: true)
                append("\"")
            }
            append(">")
        case .text:
            if let parent = tree.parent(node), isHTML(parent, oneOf: Self.rawTextElements) {
                append(tree.data(node))
            } else {
                appendEscaped(tree.data(node), inAttribute: false)
            }
        case .comment:
            append("<!--")
            append(tree.data(node))
            append("-->")
        case .doctype:
            append("<!DOCTYPE ")
            append(tree.doctype(0))
            append(">")
        case .document: break
        }
    }

    private mutating func close(_ element: Int) {
        let tree = self.tree
        append("</")
        append(tree.name(element))
        append(">")
    }

    private func isVoid(_ node: Int) -> Bool { isHTML(node, oneOf: Self.voidElements) }

    private func isHTML(_ node: Int, oneOf names: [[UInt8]]) -> Bool {
        guard tree.kind(node) == .element, tree.namespace(node) == .html else { return false }
        let name = tree.name(node)
        return names.contains { candidate in
            candidate.count == name.count && (0..<name.count).allSatisfy { name[$0] == candidate[$0] }
        }
    }

    private mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    private mutating func append(_ text: Span<UInt8>) { Bytes.append(text, to: &bytes) }

    /// `&`, U+00A0 always, `"` in attributes, `<` and `>` in text.
    private mutating func appendEscaped(_ text: Span<UInt8>, inAttribute: Bool) {
        var i = 0
        while i < text.count {
            let byte = text[i]
            switch byte {
            case UInt8(ascii: "&"): append("&amp;")
            case 0xC2 where i + 1 < text.count && text[i + 1] == 0xA0:
                append("&nbsp;")
                i += 1
            case UInt8(ascii: "\"") where inAttribute: append("&quot;")
            case UInt8(ascii: "<") where !inAttribute: append("&lt;")
            case UInt8(ascii: ">") where !inAttribute: append("&gt;")
            default: bytes.append(byte)
            }
            i += 1
        }
    }
}
