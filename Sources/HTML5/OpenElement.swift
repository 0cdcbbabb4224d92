/// One entry of the stack of open elements.
struct OpenElement {
    /// The element, or -1 in a dead slot.
    var node: Int32
    var name: NameID
    var tag: Tag
    var namespace: Namespace
    var flags: Flags
    /// A live entry: how many dead slots are directly below it. The lowest slot of a run of dead slots: how many
    /// slots the run has.
    var skip: Int32 = 0
    /// The next entry down, and up, of each chain this entry is on (-1: none).
    var below = Links()
    var above = Links()

    struct Flags: OptionSet {
        let rawValue: UInt8
        /// In the standard's "special" category.
        static let special = Flags(rawValue: 1)
        /// Ends the default scope (and so every scope but table and select scope).
        static let boundary = Flags(rawValue: 2)
        static let htmlIntegrationPoint = Flags(rawValue: 4)
        static let mathMLTextIntegrationPoint = Flags(rawValue: 8)
        /// Special, but not address, div or p: where `<li>`, `<dd>` and `<dt>` stop looking for one to close.
        static let listStop = Flags(rawValue: 16)
    }

    init(node: NodeID, name: NameID, namespace: Namespace, flags: Flags = []) {
        self.node = Int32(node)
        self.name = name
        self.tag = Tag(name)
        self.namespace = namespace
        self.flags = flags.union(Self.category(of: tag, in: namespace))
    }

    /// Whether this is the HTML element `tag`.
    @inline(__always)
    func isHTML(_ tag: Tag) -> Bool { self.tag == tag && namespace == .html }

    var isHTML: Bool { namespace == .html }

    /// The special and boundary categories of `tag` in `namespace`.
    static func category(of tag: Tag, in namespace: Namespace) -> Flags {
        switch namespace {
        case .html:
            switch tag {
            // A select ends the default scope too: its content is parsed as in body, and `</div>` in it must not
            // close a div around it.
            case .applet, .caption, .html, .table, .td, .th, .marquee, .object, .select, .template:
                return [.special, .boundary, .listStop]
            case .address, .div, .p: return .special
            case .area, .article, .aside, .base, .basefont, .bgsound, .blockquote, .body, .br, .button,
                .center, .col, .colgroup, .dd, .details, .dir, .dl, .dt, .embed, .fieldset, .figcaption,
                .figure, .footer, .form, .frame, .frameset, .h1, .h2, .h3, .h4, .h5, .h6, .head, .header, .hgroup,
                .hr, .iframe, .img, .input, .keygen, .li, .link, .listing, .main, .menu, .meta, .nav, .noembed,
                .noframes, .noscript, .ol, .param, .plaintext, .pre, .script, .search, .section,
                .source, .style, .summary, .tbody, .textarea, .tfoot, .thead, .title, .tr, .track, .ul, .wbr, .xmp:
                return [.special, .listStop]
            default: return []
            }
        case .mathml:
            switch tag {
            case .mi, .mo, .mn, .ms, .mtext, .annotationXML: return [.special, .boundary, .listStop]
            default: return []
            }
        case .svg:
            switch tag {
            case .foreignObject, .desc, .title: return [.special, .boundary, .listStop]
            default: return []
            }
        }
    }
}
