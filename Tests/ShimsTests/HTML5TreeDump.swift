// Prints gumbo's tree and the libxml2 tree parseHTML5 builds from it in html5lib's tree-construction format, so
// that the two (and html5lib's expected trees) can be compared line by line.
import CGumbo
import CLibXML2
import Gumbo

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

    // MARK: gumbo

    /// gumbo's own tree for `html`, parsed with gumbo's default options.
    static func gumbo(_ html: [UInt8]) throws -> [String] {
        _ = try parseHTML5([], url: nil)  // loads gumbo and libxml2
        let gumbo = CGumbo_fn().pointee
        // NUL-terminated: gumbo never reads it, but an empty input still has an address. The tree points into the
        // input (the text of start tags): it is printed before the input goes.
        return (html + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                guard
                    let start = text.baseAddress,
                    let output = gumbo.gumbo_parse_with_options(gumbo.kGumboDefaultOptions, start, html.count)
                else { return ["out of memory"] }
                defer { gumbo.gumbo_destroy_output(gumbo.kGumboDefaultOptions, output) }
                var lines: [String] = []
                let document = output.pointee.document.pointee.v.document
                if document.has_doctype {
                    let doctype = doctype(
                        string(document.name), string(document.public_identifier), string(document.system_identifier))
                    lines.append(line(0, doctype))
                }
                gumboChildren(document.children, depth: 0, into: &lines)
                return lines
            }
        }
    }

    static func gumboChildren(_ children: GumboVector, depth: Int, into lines: inout [String]) {
        var text: String? = nil
        for index in 0..<Int(children.length) {
            guard let node = children.data[index]?.assumingMemoryBound(to: GumboNode.self) else { continue }
            switch node.pointee.type {
            case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
                // The DOM joins adjacent text; html5lib prints it joined.
                text = (text ?? "") + string(node.pointee.v.text.text)
                continue
            default: break
            }
            if let pending = text {
                lines.append(line(depth, "\"\(pending)\""))
                text = nil
            }
            if node.pointee.type == GUMBO_NODE_COMMENT {
                lines.append(line(depth, "<!-- \(string(node.pointee.v.text.text)) -->"))
                continue
            }
            let element = node.pointee.v.element
            lines.append(line(depth, "<\(prefix(element.tag_namespace))\(gumboName(element))>"))
            var attributes: [String] = []
            for index in 0..<Int(element.attributes.length) {
                guard let pointer = element.attributes.data[index] else { continue }
                let attribute = pointer.assumingMemoryBound(to: GumboAttribute.self).pointee
                var name = string(attribute.name)
                switch attribute.attr_namespace {
                case GUMBO_ATTR_NAMESPACE_XLINK: name = "xlink " + name
                case GUMBO_ATTR_NAMESPACE_XML: name = "xml " + name
                case GUMBO_ATTR_NAMESPACE_XMLNS: name = "xmlns " + name
                default:
                    // The one foreign attribute gumbo 0.10.1 leaves out of its table; the converter adds it.
                    if element.tag_namespace != GUMBO_NAMESPACE_HTML, name == "xlink:arcrole" { name = "xlink arcrole" }
                }
                attributes.append("\(name)=\"\(string(attribute.value))\"")
            }
            for attribute in attributes.sorted() { lines.append(line(depth + 1, attribute)) }
            if node.pointee.type == GUMBO_NODE_TEMPLATE {
                lines.append(line(depth + 1, "content"))
                gumboChildren(element.children, depth: depth + 2, into: &lines)
            } else {
                gumboChildren(element.children, depth: depth + 1, into: &lines)
            }
        }
        if let text { lines.append(line(depth, "\"\(text)\"")) }
    }

    static func prefix(_ namespace: GumboNamespaceEnum) -> String {
        switch namespace {
        case GUMBO_NAMESPACE_SVG: "svg "
        case GUMBO_NAMESPACE_MATHML: "math "
        default: ""
        }
    }

    /// The element's name from what gumbo keeps: its tag, else the start tag's text; SVG's case adjusted.
    static func gumboName(_ element: GumboElement) -> String {
        let gumbo = CGumbo_fn().pointee
        var name: String
        if element.tag == GUMBO_TAG_UNKNOWN {
            var original = element.original_tag
            gumbo.gumbo_tag_from_original_text(&original)
            let bytes = UnsafeRawBufferPointer(start: original.data, count: original.data == nil ? 0 : original.length)
            // ASCII lower case; the tokenizer's U+FFFD for a NUL, which the source text still holds.
            let lowered = bytes.flatMap { byte -> [UInt8] in
                byte == 0 ? [0xEF, 0xBF, 0xBD] : [(65...90).contains(byte) ? byte | 0x20 : byte]
            }
            name = String(decoding: lowered, as: UTF8.self)
        } else {
            name = string(gumbo.gumbo_normalized_tagname(element.tag))
        }
        if element.tag_namespace == GUMBO_NAMESPACE_SVG {
            let adjusted = name.withCString { text in
                var piece = GumboStringPiece(data: text, length: name.utf8.count)
                return gumbo.gumbo_normalize_svg_tagname(&piece)
            }
            if let adjusted { name = String(cString: adjusted) }
        }
        return name
    }

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
                    // As CONTRIBUTING.md says: xmlns and xmlns:xlink are plain attributes under their written names.
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
