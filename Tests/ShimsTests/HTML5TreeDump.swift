// Prints the libxml2 tree tb's HTML5 parser builds in html5lib's tree-construction format, so that it and
// html5lib's expected trees can be compared line by line.
import CLibXML2

@testable import LibXML2

enum HTML5TreeDump {
    static func line(_ depth: Int, _ text: String) -> String {
        "| " + String(repeating: "  ", count: depth) + text
    }

    static func doctype(_ name: String, _ publicID: String, _ systemID: String) -> String {
        publicID.isEmpty && systemID.isEmpty
            ? "<!DOCTYPE \(name)>" : "<!DOCTYPE \(name) \"\(publicID)\" \"\(systemID)\">"
    }

    static func string(_ text: UnsafePointer<CChar>?) -> String { text.map { String(cString: $0) } ?? "" }

    // MARK: libxml2

    /// The libxml2 tree of `document`.
    static func libxml2(_ document: HTMLDocument) -> [String] {
        let doc = UnsafeMutablePointer<xmlDoc>(document.document)
        var lines: [String] = []
        var child = doc.pointee.children
        var text: String? = nil
        // The document's children: the doctype, comments and the root (no text at this level).
        while let node = child {
            if node.pointee.type == XML_DTD_NODE {
                let dtd = UnsafeMutablePointer<xmlDtd>(OpaquePointer(node)).pointee
                lines.append(
                    line(
                        0,
                        doctype(
                            xmlString(dtd.name), xmlString(dtd.ExternalID), xmlString(dtd.SystemID))))
            } else {
                libxml2Node(node, depth: 0, text: &text, into: &lines)
            }
            child = node.pointee.next
        }
        return lines
    }

    static func xmlString(_ text: UnsafePointer<xmlChar>?) -> String {
        text.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? ""
    }

    static func libxml2Children(_ parent: UnsafeMutablePointer<xmlNode>, depth: Int, into lines: inout [String]) {
        var child = parent.pointee.children
        var text: String? = nil
        while let node = child {
            libxml2Node(node, depth: depth, text: &text, into: &lines)
            child = node.pointee.next
        }
        if let text { lines.append(line(depth, "\"\(text)\"")) }
    }

    static func libxml2Node(
        _ node: UnsafeMutablePointer<xmlNode>, depth: Int, text: inout String?, into lines: inout [String]
    ) {
        if node.pointee.type == XML_TEXT_NODE {
            text = (text ?? "") + xmlString(node.pointee.content)
            return
        }
        if let pending = text {
            lines.append(line(depth, "\"\(pending)\""))
            text = nil
        }
        switch node.pointee.type {
        case XML_COMMENT_NODE:
            lines.append(line(depth, "<!-- \(xmlString(node.pointee.content)) -->"))
        case XML_ELEMENT_NODE:
            let namespace = node.pointee.ns.map { xmlString($0.pointee.href) }
            let prefix: String
            switch namespace {
            case nil: prefix = ""
            case "http://www.w3.org/2000/svg": prefix = "svg "
            case "http://www.w3.org/1998/Math/MathML": prefix = "math "
            case let other?: prefix = "{\(other)} "
            }
            let name = xmlString(node.pointee.name)
            lines.append(line(depth, "<\(prefix)\(name)>"))
            var attributes: [String] = []
            var property = node.pointee.properties
            while let attribute = property {
                var name = xmlString(attribute.pointee.name)
                switch attribute.pointee.ns.map({ xmlString($0.pointee.href) }) {
                case nil:
                    // As docs/html.md says: xmlns and xmlns:xlink are plain attributes under their written names.
                    if namespace != nil, name == "xmlns" || name == "xmlns:xlink" {
                        name = "xmlns " + (name == "xmlns" ? "xmlns" : "xlink")
                    }
                case "http://www.w3.org/1999/xlink": name = "xlink " + name
                case "http://www.w3.org/XML/1998/namespace": name = "xml " + name
                case let other?: name = "{\(other)} " + name
                }
                let value = attribute.pointee.children.map { xmlString($0.pointee.content) } ?? ""
                attributes.append("\(name)=\"\(value)\"")
                property = attribute.pointee.next
            }
            for attribute in attributes.sorted() { lines.append(line(depth + 1, attribute)) }
            if namespace == nil, name == "template" {
                lines.append(line(depth + 1, "content"))
                libxml2Children(node, depth: depth + 2, into: &lines)
            } else {
                libxml2Children(node, depth: depth + 1, into: &lines)
            }
        default:
            lines.append(line(depth, "?\(node.pointee.type.rawValue)"))
        }
    }
}
