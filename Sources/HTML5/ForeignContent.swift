// The rules for parsing tokens in foreign content (13.2.6.5): SVG and MathML, whose names keep their case
// (`foreignObject`, `viewBox`), whose attributes may be in the XLink, XML or XMLNS namespace, and which an HTML tag
// like `<p>` breaks out of.

extension TreeBuilder {
    mutating func foreignCharacters(_ text: Span<UInt8>) {
        insertCharacters(text)
        if framesetOK && !ASCII.isAllWhitespace(text) { framesetOK = false }
    }

    mutating func foreignStartTag(_ tag: borrowing TagToken) {
        if Self.breaksOut(tag) {
            // Back to HTML: close the foreign elements up to an integration point or an HTML element, and let the
            // insertion mode have the tag.
            popForeignElements()
            processStartTag(tag, in: mode)
            return
        }
        insertForeignElement(tag, in: stack.current.namespace)
    }

    /// Pops the foreign elements above the nearest HTML element or integration point.
    private mutating func popForeignElements() {
        while !stack.isEmpty {
            let current = stack.current
            if current.namespace == .html || current.flags.contains(.mathMLTextIntegrationPoint)
                || current.flags.contains(.htmlIntegrationPoint)
            {
                return
            }
            stack.pop()
        }
    }

    /// Whether a start tag leaves foreign content: the HTML elements an author would not put in SVG or MathML.
    static func breaksOut(_ tag: borrowing TagToken) -> Bool {
        switch tag.tag {
        case .b, .big, .blockquote, .body, .br, .center, .code, .dd, .div, .dl, .dt, .em, .embed, .h1, .h2, .h3, .h4,
            .h5, .h6, .head, .hr, .i, .img, .li, .listing, .menu, .meta, .nobr, .ol, .p, .pre, .ruby, .s, .small, .span,
            .strong, .strike, .sub, .sup, .table, .tt, .u, .ul, .var:
            return true
        case .font:
            return tag.attributes.firstIndex(of: Self.color) != nil || tag.attributes.firstIndex(of: Self.face) != nil
                || tag.attributes.firstIndex(of: Self.size) != nil
        default:
            return false
        }
    }

    static let color: [UInt8] = Array("color".utf8)
    static let face: [UInt8] = Array("face".utf8)
    static let size: [UInt8] = Array("size".utf8)

    mutating func foreignEndTag(_ tag: borrowing TagToken) {
        if tag.tag == .br || tag.tag == .p {
            // Like their start tags, </br> and </p> break out.
            popForeignElements()
            processEndTag(tag, in: mode)
            return
        }
        // The nearest foreign element of this name (compared in lower case) above every HTML element closes;
        // without one, the insertion mode has the tag.
        let foreign = max(stack.topmost(tag.nameID, .svg), stack.topmost(tag.nameID, .mathml))
        if foreign >= 0 && foreign > stack.topmostHTML {
            if foreign == 0 { return }
            stack.pop(through: foreign)
            return
        }
        processEndTag(tag, in: mode)
    }

    /// "Insert a foreign element" for a start tag, with the names and attributes adjusted for its namespace; a
    /// self-closing one is popped at once.
    mutating func insertForeignElement(_ tag: borrowing TagToken, in namespace: Namespace) {
        let attributes = Self.adjustedAttributes(tag.attributes, for: namespace)
        var name = tag.name
        if namespace == .svg, let adjusted = Self.svgTagNames[tag.name] { name = adjusted }
        insertElement(namespace, name: name.span, nameID: tag.nameID, attributes: attributes)
        if tag.selfClosing { stack.pop() }
    }

    /// The attributes of a foreign element: SVG's and MathML's names in their case, and XLink, XML and XMLNS ones
    /// in their namespaces.
    static func adjustedAttributes(_ attributes: borrowing Attributes, for namespace: Namespace) -> Attributes {
        var adjusted = Attributes()
        var namespaces: [AttributeNamespace] = []
        var anyNamespace = false
        for i in 0..<attributes.count {
            var name = Array(repeating: UInt8(0), count: 0)
            let written = attributes.name(i)
            for j in 0..<written.count { name.append(written[j]) }
            switch namespace {
            case .svg: if let camel = svgAttributeNames[name] { name = camel }
            case .mathml: if name == definitionurl { name = definitionURL }
            case .html: break
            }
            let attributeNamespace = foreignAttributes[name] ?? .none
            if attributeNamespace != .none { anyNamespace = true }
            namespaces.append(attributeNamespace)
            adjusted.begin()
            adjusted.bytes.append(contentsOf: name)
            _ = adjusted.endName()
            let value = attributes.value(i)
            for j in 0..<value.count { adjusted.bytes.append(value[j]) }
            adjusted.endValue()
        }
        if anyNamespace { adjusted.namespaces = namespaces }
        return adjusted
    }

    static let definitionurl: [UInt8] = Array("definitionurl".utf8)
    static let definitionURL: [UInt8] = Array("definitionURL".utf8)

    /// "Adjust foreign attributes".
    static let foreignAttributes: [[UInt8]: AttributeNamespace] = {
        var table: [[UInt8]: AttributeNamespace] = [:]
        for name in ["actuate", "arcrole", "href", "role", "show", "title", "type"] {
            table[Array("xlink:\(name)".utf8)] = .xlink
        }
        table[Array("xml:lang".utf8)] = .xml
        table[Array("xml:space".utf8)] = .xml
        table[Array("xmlns".utf8)] = .xmlns
        table[Array("xmlns:xlink".utf8)] = .xmlns
        return table
    }()

    /// SVG element names in their case, by their lower-case name.
    static let svgTagNames: [[UInt8]: [UInt8]] = caseTable([
        "altGlyph", "altGlyphDef", "altGlyphItem", "animateColor", "animateMotion", "animateTransform", "clipPath",
        "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
        "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR",
        "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight",
        "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence", "foreignObject", "glyphRef", "linearGradient",
        "radialGradient", "textPath",
    ])

    /// SVG attribute names in their case, by their lower-case name.
    static let svgAttributeNames: [[UInt8]: [UInt8]] = caseTable([
        "attributeName", "attributeType", "baseFrequency", "baseProfile", "calcMode", "clipPathUnits",
        "diffuseConstant", "edgeMode", "filterUnits", "glyphRef", "gradientTransform", "gradientUnits", "kernelMatrix",
        "kernelUnitLength", "keyPoints", "keySplines", "keyTimes", "lengthAdjust", "limitingConeAngle", "markerHeight",
        "markerUnits", "markerWidth", "maskContentUnits", "maskUnits", "numOctaves", "pathLength",
        "patternContentUnits", "patternTransform", "patternUnits", "pointsAtX", "pointsAtY", "pointsAtZ",
        "preserveAlpha", "preserveAspectRatio", "primitiveUnits", "refX", "refY", "repeatCount", "repeatDur",
        "requiredExtensions", "requiredFeatures", "specularConstant", "specularExponent", "spreadMethod", "startOffset",
        "stdDeviation", "stitchTiles", "surfaceScale", "systemLanguage", "tableValues", "targetX", "targetY",
        "textLength", "viewBox", "viewTarget", "xChannelSelector", "yChannelSelector", "zoomAndPan",
    ])

    private static func caseTable(_ names: [String]) -> [[UInt8]: [UInt8]] {
        var table: [[UInt8]: [UInt8]] = [:]
        for name in names { table[Array(name.lowercased().utf8)] = Array(name.utf8) }
        return table
    }
}
