// HTMLNode.path: the node's absolute XPath, in time proportional to the node's depth (xmlGetNodePath walks every
// sibling of every ancestor, on each call).
internal import CLibXML2

extension HTMLNode {
    /// The absolute XPath of the node from the document: `/html/body/div[2]/a[1]`, each element with its position
    /// among its siblings of the same name (namespace and local name) except the root element and the root's `head`
    /// and `body`, which a page has once — so a path does not change form when a sibling is added, and `tb html
    /// --stream`, which cannot know later siblings, writes the same paths; `svg:svg[1]/svg:rect[2]` with the
    /// element's prefix; `…/text()[2]`, `…/comment()` (positions only where there are several); `…/@href`; `/` for
    /// the document.
    public var path: String {
        document.state.withLock { state in NodePath.path(of: node, positions: state.positions) }
    }
}

/// Builds paths in one allocation: a first walk up the ancestors measures the path, a second writes its steps from
/// the end backwards. (Keeping the last path's ancestors for the next path was slower: neighbours' shared
/// ancestors are in the processor's cache anyway.)
enum NodePath {
    /// One step of a path: `/prefix:name[index]`, `/@prefix:name`, `/text()[index]`…
    private struct Step {
        enum Test { case element, attribute, text, comment, processingInstruction, node }
        var test: Test
        var prefix: UnsafePointer<xmlChar>? = nil
        var name: UnsafePointer<xmlChar>? = nil
        /// The position to write; 0 for none.
        var index = 0

        /// The text around the name, before and after it.
        var opening: StaticString {
            switch test {
            case .element: "/"
            case .attribute: "/@"
            case .text: "/text()"
            case .comment: "/comment()"
            case .processingInstruction: "/processing-instruction('"
            case .node: "/node()"
            }
        }
        var closing: StaticString { test == .processingInstruction ? "')" : "" }

        var length: Int {
            var length = opening.utf8CodeUnitCount + closing.utf8CodeUnitCount + XMLStrings.length(name)
            if prefix != nil { length += XMLStrings.length(prefix) + 1 }
            if index > 0 { length += 2 + digits }
            return length
        }

        /// The number of decimal digits of `index`.
        private var digits: Int {
            var digits = 1
            var rest = index / 10
            while rest > 0 {
                digits += 1
                rest /= 10
            }
            return digits
        }

        func write(to writer: inout ByteWriter) {
            writer.write(opening.utf8Start, opening.utf8CodeUnitCount)
            if let prefix {
                writer.write(prefix, XMLStrings.length(prefix))
                writer.write(UInt8(ascii: ":"))
            }
            writer.write(name, XMLStrings.length(name))
            writer.write(closing.utf8Start, closing.utf8CodeUnitCount)
            if index > 0 {
                writer.write(UInt8(ascii: "["))
                var divisor = 1
                for _ in 1..<digits { divisor *= 10 }
                while divisor > 0 {
                    writer.write(UInt8(ascii: "0") + UInt8(index / divisor % 10))
                    divisor /= 10
                }
                writer.write(UInt8(ascii: "]"))
            }
        }
    }

    static func path(of node: xmlNodePtr, positions: NodePositions) -> String {
        var length = 0
        var current: xmlNodePtr? = node
        while let next = current, !isDocument(next) {
            length += step(for: next, positions: positions).length
            current = next.pointee.parent
        }
        guard length > 0 else { return "/" }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var end = length
            current = node
            while let next = current, !isDocument(next) {
                let step = step(for: next, positions: positions)
                let start = end - step.length
                var writer = ByteWriter(UnsafeMutableBufferPointer(rebasing: buffer[start..<end]))
                step.write(to: &writer)
                end = start
                current = next.pointee.parent
            }
            return length
        }
    }

    /// The root element, and the root's `head` and `body` (HTML elements: no namespace).
    private static func isUnique(_ node: xmlNodePtr) -> Bool {
        guard let parent = node.pointee.parent, !isDocument(parent) else { return true }
        guard let grandparent = parent.pointee.parent, isDocument(grandparent), node.pointee.ns == nil else {
            return false
        }
        return XMLStrings.equal(node.pointee.name, "head") || XMLStrings.equal(node.pointee.name, "body")
    }

    private static func isDocument(_ node: xmlNodePtr) -> Bool {
        node.pointee.type == XML_DOCUMENT_NODE || node.pointee.type == XML_HTML_DOCUMENT_NODE
    }

    /// The step that leads to `node` (not the document) from its parent.
    private static func step(for node: xmlNodePtr, positions: NodePositions) -> Step {
        switch node.pointee.type {
        case XML_ELEMENT_NODE:
            return Step(
                test: .element, prefix: node.pointee.ns?.pointee.prefix, name: node.pointee.name,
                index: isUnique(node) ? 0 : positions.position(of: node).map { Int($0.typeIndex) } ?? 0)
        case XML_ATTRIBUTE_NODE:
            return Step(test: .attribute, prefix: node.pointee.ns?.pointee.prefix, name: node.pointee.name)
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_COMMENT_NODE:
            let position = positions.position(of: node)
            return Step(
                test: node.pointee.type == XML_COMMENT_NODE ? .comment : .text,
                index: position.map { $0.typeCount > 1 ? Int($0.typeIndex) : 0 } ?? 0)
        case XML_PI_NODE:
            // Rare enough to count the siblings each time.
            let (index, count) = linearPosition(of: node) {
                $0.pointee.type == XML_PI_NODE && XMLStrings.equal($0.pointee.name, node.pointee.name)
            }
            return Step(test: .processingInstruction, name: node.pointee.name, index: count > 1 ? index : 0)
        default:
            return Step(test: .node, index: linearPosition(of: node) { _ in true }.index)
        }
    }

    /// The 1-based position of `node` among its siblings that pass `counts`, and their number.
    private static func linearPosition(of node: xmlNodePtr, counts: (xmlNodePtr) -> Bool) -> (index: Int, count: Int) {
        var index = 0
        var count = 0
        var sibling = node.pointee.parent?.pointee.children ?? node
        while true {
            if counts(sibling) { count += 1 }
            if sibling == node { index = count }
            guard let next = sibling.pointee.next else { break }
            sibling = next
        }
        return (index, count)
    }
}
