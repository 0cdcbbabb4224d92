// Element names as numbers: the names the standard's algorithms mention are a fixed enumeration (Tag), every other
// name a document uses gets the next number the first time it is seen (NameTable), so that comparing two names or
// choosing what a tag does is comparing integers.

/// A name's number in a NameTable: a Tag's raw value for the names the standard mentions, larger for others.
public typealias NameID = Int32

/// The element names the tree construction rules mention, and a few common ones, in lower case; `other` is any
/// name not listed. The raw value is the name's NameID.
enum Tag: UInt8, CaseIterable {
    case other
    case a, address, annotationXML, applet, area, article, aside, b, base, basefont, bgsound, big, blockquote, body
    case br, button, caption, center, code, col, colgroup, dd, desc, details, dialog, dir, div, dl, dt, em, embed
    case fieldset, figcaption, figure, font, footer, foreignObject, form, frame, frameset, h1, h2, h3, h4, h5, h6
    case head, header, hgroup, hr, html, i, iframe, image, img, input, keygen, li, link, listing, main, malignmark
    case marquee, math, menu, meta, mglyph, mi, mn, mo, ms, mtext, nav, nobr, noembed, noframes, noscript, object, ol
    case optgroup, option, p, param, plaintext, pre, rb, rp, rt, rtc, ruby, s, script, search, section, select
    case small, source, span, strike, strong, style, sub, summary, sup, svg, table, tbody, td, template, textarea
    case tfoot, th, thead, title, tr, track, tt, u, ul, `var`, wbr, xmp

    init(_ id: NameID) {
        self = id <= NameID(Tag.xmp.rawValue) ? Tag(rawValue: UInt8(id)) ?? .other : .other
    }

    var id: NameID { NameID(rawValue) }

    /// The name as tags spell it (lower case: `foreignobject`, `annotation-xml`).
    var name: String { Self.names[Int(rawValue)] }

    /// Every case's name, in order, written out: `"\(self)"` would ask the runtime's reflection, which cost a page of
    /// tb html's start-up more than parsing it (TagTests checks the list against the cases).
    static let names: [String] = [
        "", "a", "address", "annotation-xml", "applet", "area", "article", "aside", "b", "base", "basefont",
        "bgsound", "big", "blockquote", "body", "br", "button", "caption", "center", "code", "col", "colgroup", "dd",
        "desc", "details", "dialog", "dir", "div", "dl", "dt", "em", "embed", "fieldset", "figcaption", "figure",
        "font", "footer", "foreignobject", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head",
        "header", "hgroup", "hr", "html", "i", "iframe", "image", "img", "input", "keygen", "li", "link", "listing",
        "main", "malignmark", "marquee", "math", "menu", "meta", "mglyph", "mi", "mn", "mo", "ms", "mtext", "nav",
        "nobr", "noembed", "noframes", "noscript", "object", "ol", "optgroup", "option", "p", "param", "plaintext",
        "pre", "rb", "rp", "rt", "rtc", "ruby", "s", "script", "search", "section", "select", "small", "source",
        "span", "strike", "strong", "style", "sub", "summary", "sup", "svg", "table", "tbody", "td", "template",
        "textarea", "tfoot", "th", "thead", "title", "tr", "track", "tt", "u", "ul", "var", "wbr", "xmp",
    ]
}

/// The names of one document's elements: the Tags first, then each new name as it is first seen.
struct NameTable {
    /// Every name's bytes, one after another; name `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int32] = [0]
    /// Open addressing: each slot holds a NameID, or -1.
    private var slots: [Int32]

    /// A table holding the Tags only: every document's table starts as a copy of it, which copies no bytes until
    /// the document adds a name.
    init() {
        self = Self.tags
    }

    private static let tags: NameTable = {
        var table = NameTable(slots: Array(repeating: -1, count: 512))
        for name in Tag.names { _ = table.intern(Array(name.utf8).span) }
        return table
    }()

    private init(slots: [Int32]) {
        self.slots = slots
    }

    var count: Int { starts.count - 1 }

    /// The name numbered `id`.
    @_lifetime(borrow self)
    func name(_ id: NameID) -> Span<UInt8> {
        bytes.span.extracting(Int(starts[Int(id)])..<Int(starts[Int(id) + 1]))
    }

    /// The name's number, given to it now if it is new.
    mutating func intern(_ name: Span<UInt8>) -> NameID {
        let (slot, found) = lookUp(name)
        if let found { return found }
        let id = NameID(count)
        bytes.append(name)
        starts.append(Int32(bytes.count))
        slots[slot] = id
        if count * 2 > slots.count { grow() }
        return id
    }

    /// The name's number, if it has one.
    func find(_ name: Span<UInt8>) -> NameID? { lookUp(name).id }

    /// The slot that holds `name`'s number, or the empty one where it would go.
    private func lookUp(_ name: Span<UInt8>) -> (slot: Int, id: NameID?) {
        let mask = slots.count - 1
        var slot = Self.hash(name) & mask
        while true {
            let id = slots[slot]
            if id < 0 { return (slot, nil) }
            if ASCII.equal(self.name(id), name) { return (slot, id) }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for id in 0..<count {
            var slot = Self.hash(self.name(NameID(id))) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id)
        }
    }

    /// FNV-1a: names are short, and this is a handful of instructions a byte.
    private static func hash(_ name: Span<UInt8>) -> Int {
        var hash: UInt32 = 2_166_136_261
        for i in 0..<name.count { hash = (hash ^ UInt32(name[i])) &* 16_777_619 }
        return Int(hash)
    }
}
