// A plain DOM for the tests: a TreeSink that keeps every node, templates' contents apart as the DOM keeps them, and
// prints the tree in html5lib's tree-construction format.
@testable import HTML5

final class TestDOM: TreeSink {
    enum Kind {
        case document, fragment
        case element(namespace: Namespace, name: String, attributes: [(name: String, value: String)])
        case text(String)
        case comment(String)
        case doctype(name: String, publicID: String, systemID: String)
    }

    struct Node {
        var kind: Kind
        var parent: Int?
        var children: [Int] = []
        /// A template's contents.
        var contents: Int?
    }

    var nodes = [Node(kind: .document, parent: nil)]
    /// The node of each NodeID.
    var index: [NodeID: Int] = [0: 0]
    var quirksMode = QuirksMode.noQuirks

    static func string(_ bytes: Span<UInt8>) -> String {
        var array: [UInt8] = []
        for i in 0..<bytes.count { array.append(bytes[i]) }
        return String(decoding: array, as: UTF8.self)
    }

    private func add(_ kind: Kind) -> Int {
        nodes.append(Node(kind: kind, parent: nil))
        return nodes.count - 1
    }

    private func detach(_ node: Int) {
        guard let parent = nodes[node].parent else { return }
        nodes[parent].children.removeAll { $0 == node }
        nodes[node].parent = nil
    }

    private func append(node: Int, to parent: Int) {
        detach(node)
        nodes[parent].children.append(node)
        nodes[node].parent = parent
    }

    private func insert(node: Int, before sibling: Int) {
        detach(node)
        guard let parent = nodes[sibling].parent, let at = nodes[parent].children.firstIndex(of: sibling) else {
            return
        }
        nodes[parent].children.insert(node, at: at)
        nodes[node].parent = parent
    }

    func createElement(_ id: NodeID, namespace: Namespace, name: Span<UInt8>, attributes: borrowing Attributes) {
        var list: [(name: String, value: String)] = []
        for i in 0..<attributes.count {
            var name = Self.string(attributes.name(i))
            switch attributes.namespace(i) {
            case .none: break
            case .xlink, .xml, .xmlns:
                // html5lib prints "prefix local"; `xmlns` alone is "xmlns xmlns".
                if let colon = name.firstIndex(of: ":") {
                    name = name[..<colon] + " " + name[name.index(after: colon)...]
                } else {
                    name = "xmlns " + name
                }
            }
            list.append((name, Self.string(attributes.value(i))))
        }
        index[id] = add(.element(namespace: namespace, name: Self.string(name), attributes: list))
    }

    func createTemplateContents(_ contents: NodeID, of template: NodeID) {
        let fragment = add(.fragment)
        index[contents] = fragment
        if let node = index[template] { nodes[node].contents = fragment }
    }

    func append(_ child: NodeID, to parent: NodeID) {
        guard let child = index[child], let parent = index[parent] else { return }
        append(node: child, to: parent)
    }

    func insert(_ child: NodeID, before sibling: NodeID) {
        guard let child = index[child], let sibling = index[sibling] else { return }
        insert(node: child, before: sibling)
    }

    func appendText(_ text: Span<UInt8>, to parent: NodeID) {
        guard let parent = index[parent] else { return }
        let string = Self.string(text)
        if let last = nodes[parent].children.last, case .text(let existing) = nodes[last].kind {
            nodes[last].kind = .text(existing + string)
            return
        }
        append(node: add(.text(string)), to: parent)
    }

    func insertText(_ text: Span<UInt8>, before sibling: NodeID) {
        guard let sibling = index[sibling], let parent = nodes[sibling].parent,
            let at = nodes[parent].children.firstIndex(of: sibling)
        else { return }
        let string = Self.string(text)
        if at > 0, case .text(let existing) = nodes[nodes[parent].children[at - 1]].kind {
            nodes[nodes[parent].children[at - 1]].kind = .text(existing + string)
            return
        }
        insert(node: add(.text(string)), before: sibling)
    }

    func appendComment(_ text: Span<UInt8>, to parent: NodeID) {
        guard let parent = index[parent] else { return }
        append(node: add(.comment(Self.string(text))), to: parent)
    }

    func appendDoctype(name: Span<UInt8>, publicID: Span<UInt8>, systemID: Span<UInt8>) {
        append(
            node: add(
                .doctype(name: Self.string(name), publicID: Self.string(publicID), systemID: Self.string(systemID))),
            to: 0)
    }

    func hasParent(_ node: NodeID) -> Bool {
        guard let node = index[node] else { return false }
        return nodes[node].parent != nil
    }

    func remove(_ node: NodeID) {
        guard let node = index[node] else { return }
        detach(node)
    }

    func moveChildren(of node: NodeID, to newParent: NodeID) {
        guard let node = index[node], let newParent = index[newParent] else { return }
        for child in nodes[node].children { append(node: child, to: newParent) }
    }

    func addMissingAttributes(_ attributes: borrowing Attributes, to node: NodeID) {
        guard let node = index[node], case .element(let namespace, let name, var list) = nodes[node].kind else {
            return
        }
        for i in 0..<attributes.count {
            let name = Self.string(attributes.name(i))
            if !list.contains(where: { $0.name == name }) { list.append((name, Self.string(attributes.value(i)))) }
        }
        nodes[node].kind = .element(namespace: namespace, name: name, attributes: list)
    }

    func setQuirksMode(_ mode: QuirksMode) { quirksMode = mode }

    /// The tree in html5lib's format, a line a node ("| <html>"); text spanning lines spans lines here too.
    var dump: [String] {
        var lines: [String] = []
        func line(_ depth: Int, _ text: String) { lines.append("| " + String(repeating: "  ", count: depth) + text) }
        func walk(_ node: Int, _ depth: Int) {
            switch nodes[node].kind {
            case .document, .fragment: break
            case .element(let namespace, let name, let attributes):
                let prefix =
                    switch namespace {
                    case .html: ""
                    case .svg: "svg "
                    case .mathml: "math "
                    }
                line(depth, "<\(prefix)\(name)>")
                for attribute in attributes.sorted(by: { Array($0.name.utf16).lexicographicallyPrecedes($1.name.utf16) }
                ) {
                    line(depth + 1, "\(attribute.name)=\"\(attribute.value)\"")
                }
                if let contents = nodes[node].contents {
                    line(depth + 1, "content")
                    for child in nodes[contents].children { walk(child, depth + 2) }
                }
            case .text(let text): line(depth, "\"\(text)\"")
            case .comment(let text): line(depth, "<!-- \(text) -->")
            case .doctype(let name, let publicID, let systemID):
                if publicID.isEmpty && systemID.isEmpty {
                    line(depth, "<!DOCTYPE \(name)>")
                } else {
                    line(depth, "<!DOCTYPE \(name) \"\(publicID)\" \"\(systemID)\">")
                }
            }
            for child in nodes[node].children { walk(child, depth + 1) }
        }
        for child in nodes[0].children { walk(child, 0) }
        return lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
