// A node of tb's own HTMLTree as tb html's records read it: the same name, attributes, text, HTML and path as the
// libxml2 tree's HTMLNode gives for the same page, so that records do not depend on which tree was built.
import Bytes
import HTML5
import LibXML2

/// One node of an HTMLTree.
struct TreeNode {
    let page: TreePage
    let node: Int

    var kind: HTMLNode.Kind {
        switch page.tree.kind(node) {
        case .element: .element
        case .text: .text
        case .comment: .comment
        case .document: .document
        case .doctype: .other
        }
    }

    /// An element's name as libxml2's tree has it (`foreignObject`); "" for other nodes.
    var name: String { kind == .element ? page.elementName(page.tree.nameID(node)) : "" }

    /// The attributes in source order, names as written (`xlink:href`).
    var attributes: [(name: String, value: String)] {
        (0..<page.tree.attributeCount(node)).map {
            (
                page.attributeName(page.tree.attributeNameID(node, $0)),
                page.tree.withAttributeValue(node, $0, Bytes.string)
            )
        }
    }

    /// The attributes with URL values resolved, each name's kind of value looked up once per page.
    func attributes(resolvedBy urls: PageURLs) -> [(name: String, value: String)] {
        (0..<page.tree.attributeCount(node)).map {
            let id = page.tree.attributeNameID(node, $0)
            let value = page.tree.withAttributeValue(node, $0, Bytes.string)
            return (page.attributeName(id), urls.resolve(page.valueKind(id), value))
        }
    }

    /// The value of the attribute called `name` (as written), or nil.
    func attribute(_ name: String) -> String? {
        guard let id = page.tree.attributeNameID(Array(name.utf8).span), let index = page.tree.attributeIndex(node, id)
        else {
            return nil
        }
        return page.tree.withAttributeValue(node, index, Bytes.string)
    }

    var children: [TreeNode] {
        var result: [TreeNode] = []
        var child = page.tree.firstChild(node)
        while let current = child {
            result.append(TreeNode(page: page, node: current))
            child = page.tree.nextSibling(current)
        }
        return result
    }

    /// Of an element or the document, the text below it joined; of text or a comment, its own.
    var textContent: String {
        switch page.tree.kind(node) {
        case .text, .comment: return page.tree.withData(node, Bytes.string)
        case .doctype: return ""
        case .element, .document: return String(decoding: page.tree.textBelow(node), as: UTF8.self)
        }
    }

    // MARK: Paths

    /// `/html/body/div[2]/a[1]`, as HTMLNode.path writes it: each element with its position among its siblings of the
    /// same name and namespace, but the root element and the root's head and body; foreign elements with their
    /// prefix (`svg:rect[2]`); `text()` and `comment()` with a position where there are several.
    var path: String {
        guard page.tree.kind(node) != .document, page.tree.parent(node) != nil else { return "/" }
        var steps = PathSteps()
        swap(&steps, &page.lastPath)
        defer { swap(&steps, &page.lastPath) }
        // Up from the node until an ancestor the last path went through (or the document): the steps above it are
        // kept, the ones below it written anew. Matches come in document order, so that ancestor is near.
        var chain: [Int] = []
        var current = node
        var kept = 0
        while page.tree.kind(current) != .document, let above = page.tree.parent(current) {
            if let depth = steps.nodes.lastIndex(of: current) {
                kept = depth + 1
                break
            }
            chain.append(current)
            current = above
        }
        steps.nodes.removeSubrange(kept...)
        steps.ends.removeSubrange(kept...)
        steps.bytes.removeSubrange((steps.ends.last ?? 0)...)
        for node in chain.reversed() {
            step(node, into: &steps.bytes)
            steps.nodes.append(node)
            steps.ends.append(steps.bytes.count)
        }
        return String(decoding: steps.bytes, as: UTF8.self)
    }

    /// Writes the step from `node`'s parent to it.
    private func step(_ node: Int, into bytes: inout [UInt8]) {
        guard page.tree.kind(node) == .element, let parent = page.tree.parent(node) else {
            if let parent = page.tree.parent(node) { bytes += step(node, parent: parent).utf8 }
            return
        }
        bytes.append(UInt8(ascii: "/"))
        switch page.tree.namespace(node) {
        case .html: break
        case .svg: bytes += "svg:".utf8
        case .mathml: bytes += "math:".utf8
        }
        page.tree.withName(node) { Bytes.append($0, to: &bytes) }
        if page.tree.kind(parent) == .document { return }
        if page.tree.namespace(node) == .html, let grandparent = page.tree.parent(parent),
            page.tree.kind(grandparent) == .document,
            page.tree.withName(node, { Self.isHeadOrBody($0) })
        {
            return
        }
        bytes.append(UInt8(ascii: "["))
        Self.writeDecimal(page.positions.index(of: node, ofType: true, fromEnd: false), into: &bytes)
        bytes.append(UInt8(ascii: "]"))
    }

    static func writeDecimal(_ value: Int, into bytes: inout [UInt8]) {
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    private static let head = Array("head".utf8)
    private static let body = Array("body".utf8)

    private static func isHeadOrBody(_ name: Span<UInt8>) -> Bool {
        func equals(_ word: [UInt8]) -> Bool {
            word.count == name.count && (0..<name.count).allSatisfy { name[$0] == word[$0] }
        }
        return equals(head) || equals(body)
    }

    /// The step to a text node, comment or DOCTYPE.
    private func step(_ node: Int, parent: Int) -> String {
        switch page.tree.kind(node) {
        case .element, .doctype, .document: return "/node()"
        case .text, .comment:
            // Adjacent text nodes are one for paths, as they are one node in libxml2's tree.
            let kind = page.tree.kind(node)
            var (index, count) = (0, 0)
            var previousWasText = false
            var sibling = page.tree.firstChild(parent)
            while let current = sibling {
                if page.tree.kind(current) == kind && !(kind == .text && previousWasText) { count += 1 }
                if current == node { index = count }
                previousWasText = page.tree.kind(current) == .text
                sibling = page.tree.nextSibling(current)
            }
            let test = kind == .text ? "/text()" : "/comment()"
            return count > 1 ? "\(test)[\(index)]" : test
        }
    }
}
