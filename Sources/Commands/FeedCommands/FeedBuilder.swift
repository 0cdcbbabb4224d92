// Turns expat's events into item and feed records: it tracks where it is (channel, item, author, skipped parts),
// captures the text of the elements it knows as candidates, and when an item's end tag is parsed, applies the
// precedence rules and adds the record to the batch the printing side gets next.
import Bytes
import Expat
import Toolbox

/// Builds the records of one source.
final class FeedBuilder: DocumentDelegate {
    private let settings: FeedSettings
    private let name: String
    /// The namespace prefixes in scope, and the elements their names stand for.
    private var names = QualifiedNames()

    /// The open elements.
    private var stack: [Element] = []
    /// The base URLs set by xml:base, with the depth of the element that set each; the URL the feed was fetched
    /// from below them.
    private var bases: [(depth: Int, url: String?)]
    private var base: String? { bases[bases.count - 1].url }
    /// The depth (stack size) of the open item, author, skipped element and captured element; 0 when none.
    private var itemDepth = 0
    private var authorDepth = 0
    private var skipDepth = 0
    private var captureDepth = 0
    /// The element being captured, and how.
    private var captureElement = Element.other
    private var captureMode = CaptureMode.text
    /// Writes the markup of xhtml content back out as text.
    private var xhtml: XHTMLSerializer
    /// What each element starts, in the channel and in an item: `startTable`, held here so that a start tag reads a
    /// property rather than going through the static's lazy initializer.
    private let starts = FeedBuilder.startTable

    /// The candidates of the item being read, and of the channel.
    private var item = CapturedFields()
    private var channel = CapturedFields()
    /// The batch being filled, and the feed's title in it once an item needed it.
    private var batch = FeedBatch()
    private var batchFeedTitle: Range<Int>?
    private var feedPrinted = false
    private(set) var items = 0
    private(set) var stopped = false
    /// Whether the item being read (or the channel) had a field cut, or more enclosures or categories than are kept:
    /// each is said once.
    private var itemFieldCut = false
    private var feedFieldCut = false
    private var enclosuresCapped = false
    private var categoriesCapped = false

    enum CaptureMode { case text, xhtml, base64 }

    init(settings: FeedSettings, name: String, base: String?) {
        self.settings = settings
        self.name = name
        bases = [(0, base)]
        xhtml = XHTMLSerializer(limit: settings.maxFieldSize)
    }

    func takeBatch() -> FeedBatch {
        var full = batch
        full.text = item.takeText(keepingItem: itemDepth > 0)
        batch = FeedBatch(sizedLike: full)
        batchFeedTitle = nil
        return full
    }

    // MARK: Elements

    func startElement(_ name: Span<UInt8>, parser: ExpatParser) {
        let depth = stack.count + 1
        if parser.hasAttributes { enterScope(parser, depth: depth) }
        if captureDepth > 0 && continuesCapture(name, parser, depth: depth) { return }
        let parent = stack.last
        let element = names.element(name)
        stack.append(element)
        if skipDepth > 0 { return }
        let inItem = itemDepth > 0
        // The fields of an unknown container inside an item (or the channel) are not the item's, wherever they are.
        if element != .item && element != .entry && !holdsFields(parent, element, depth: depth, inItem: inItem) {
            return
        }
        starts[Int(element.rawValue) &+ (inItem ? Element.count : 0)]?(self, element, depth, parser)
    }

    /// A start tag's xmlns and xml:base attributes, which hold for the element and what it contains.
    @inline(__always)
    private func enterScope(_ parser: ExpatParser, depth: Int) {
        parser.forEachAttribute { name, value in names.declare(name, value, depth: depth) }
        if let xmlBase = string(parser, Keys.xmlBase, anyCase: false) {
            bases.append((depth, URLReference.resolve(xmlBase, against: base)))
        }
    }

    /// Whether a start tag inside a captured element is part of the captured content (written out when it is
    /// xhtml); not when it makes the author being captured a person, whose elements are then looked up.
    private func continuesCapture(_ name: Span<UInt8>, _ parser: ExpatParser, depth: Int) -> Bool {
        if captureElement == .author && captureMode == .text && depth == captureDepth + 1 {
            // An author with elements inside is a person (Atom's, or RSS written like Atom): its name and email
            // count, not its text.
            captureDepth = 0
            parser.reportsText = false
            item.discardCapture()
            return false
        }
        // Markup inside a captured element is content, not something to look up.
        stack.append(.other)
        guard captureMode == .xhtml else { return true }
        if itemDepth > 0 {
            xhtml.start(name, parser, depth: depth, names: names, into: &item)
        } else {
            xhtml.start(name, parser, depth: depth, names: names, into: &channel)
        }
        return true
    }

    func endElement(_ name: Span<UInt8>, parser: ExpatParser) {
        let depth = stack.count
        guard let element = stack.popLast() else { return }
        // The element's own xml:base and xmlns declarations apply to its text, so they go out of scope last.
        defer {
            if bases.count > 1 && bases[bases.count - 1].depth == depth { bases.removeLast() }
            names.end(depth: depth)
        }
        if captureDepth > 0 {
            if depth > captureDepth {
                if captureMode == .xhtml && itemDepth > 0 {
                    xhtml.end(name, depth: depth, names: names, into: &item)
                } else if captureMode == .xhtml {
                    xhtml.end(name, depth: depth, names: names, into: &channel)
                }
                return
            }
            finishCapture(element, parser)
        }
        if depth == skipDepth { skipDepth = 0 }
        if depth == authorDepth { authorDepth = 0 }
        if depth == itemDepth {
            itemDepth = 0
            printItem(parser)
        }
        if depth == 1 && settings.meta && !feedPrinted { printFeed() }
    }

    /// Whether `element`, inside `parent`, is a field of the item being read (or of the channel): a child of the item
    /// itself, of the containers that hold its fields (an author's name and email, a media:group's content), or of
    /// the channel.
    private func holdsFields(_ parent: Element?, _ element: Element, depth: Int, inItem: Bool) -> Bool {
        guard let parent else { return true }
        guard inItem else { return parent == .channel || parent == .feed || parent == .rss || parent == .rdf }
        if depth == itemDepth + 1 { return true }
        switch parent {
        case .author: return element == .name || element == .email
        case .mediaGroup, .mediaContent, .itunesCategory: return true
        default: return false
        }
    }

    func characters(_ text: Span<UInt8>, parser: ExpatParser) {
        guard captureDepth > 0 else { return }
        if captureMode == .xhtml {
            if itemDepth > 0 {
                xhtml.escape(text, attribute: false, into: &item)
            } else {
                xhtml.escape(text, attribute: false, into: &channel)
            }
        } else if itemDepth > 0 {
            item.append(text, limit: settings.maxFieldSize)
        } else {
            channel.append(text, limit: settings.maxFieldSize)
        }
    }

    // MARK: What each element starts

    /// What an element does when it starts where it holds fields: given the builder, the element, its depth and
    /// the parser at its start tag. Thin: a handler captures nothing, so it is a bare function pointer. An ordinary
    /// closure has a context that every call retains and releases, and in an array it is stored in its most general
    /// form and called through a conversion thunk: 71 instructions more per start tag than the switch this table
    /// replaced (37 with the closure in a struct), against 16 for a thin one.
    private typealias Start = @convention(thin) (FeedBuilder, Element, Int, ExpatParser) -> Void

    /// The handler of each element in the channel, at its raw value, then of each in an item, `Element.count`
    /// further; nil where the element starts nothing. Elements are numbers already (QualifiedNames resolves each
    /// distinct name once), so an array indexed by them costs a load and an indirect call per start tag, no hashing.
    private static let startTable: [Start?] = (0..<(2 * Element.count)).map { index in
        guard let element = Element(rawValue: UInt8(index % Element.count)) else { return nil }
        return startHandler(element, inItem: index >= Element.count)
    }

    /// What `element` starts in an item (`inItem`) or in the channel.
    private static func startHandler(_ element: Element, inItem: Bool) -> Start? {
        switch element {
        case .item, .entry:
            guard !inItem else { return nil }
            return { $0.startItem(depth: $2, $3) }
        case .image, .textInput:
            // A channel's image and text box have titles and links of their own.
            guard !inItem else { return nil }
            return { builder, _, depth, _ in builder.skipDepth = depth }
        case .source:
            // An item's source names another feed; its children are not the item's.
            guard inItem else { return nil }
            return { builder, _, depth, _ in builder.skipDepth = depth }
        case .contributor:
            return { builder, _, depth, _ in builder.skipDepth = depth }
        case .author:
            // RSS's author is text, Atom's a person whose name and email are captured: which one it is shows when
            // an element starts inside it.
            guard inItem else { return { builder, _, depth, _ in builder.authorDepth = depth } }
            return { builder, element, depth, parser in
                builder.authorDepth = depth
                builder.startCapture(element, depth: depth, parser)
            }
        case .name, .email:
            // An Atom author's, in an item.
            guard inItem else { return nil }
            return { if $0.stack[$2 - 2] == .author { $0.startCapture($1, depth: $2, $3) } }
        case .mediaGroup:
            // Its media:content and media:title are the item's.
            return nil
        case .itunesCategory:
            guard inItem else { return nil }
            return { $0.startITunesCategory($3) }
        case .xhtmlBody:
            return { builder, element, depth, parser in
                builder.startCapture(element, depth: depth, parser)
                builder.captureMode = .xhtml
            }
        case .rss, .channel, .feed:
            guard !inItem else { return nil }
            return { $0.startRoot($3) }
        case .link:
            guard inItem else { return { $0.startLink($1, depth: $2, $3, inItem: false) } }
            return { $0.startLink($1, depth: $2, $3, inItem: true) }
        case .category:
            // The channel's own categories are not part of its record.
            guard inItem else { return nil }
            return { $0.startCategory($1, depth: $2, $3) }
        case .dcSubject:
            guard inItem else { return nil }
            return { if $0.roomForCategory() { $0.startCapture($1, depth: $2, $3) } }
        case .enclosure:
            guard inItem else { return nil }
            return { if $3.hasAttributes { $0.enclosure($3, lengthKey: Keys.length) } }
        case .mediaContent, .mediaThumbnail:
            guard inItem else { return nil }
            return { if $3.hasAttributes { $0.enclosure($3, lengthKey: Keys.fileSize) } }
        case .guid:
            return { $0.startGuid($1, depth: $2, $3) }
        case .other, .rdf, .linkHref, .rdfAbout, .xmlLang:
            return nil
        default:
            return { $0.startCapture($1, depth: $2, $3) }
        }
    }

    /// An item or entry: its fields are captured from here on; with --meta, the feed's record goes first.
    private func startItem(depth: Int, _ parser: ExpatParser) {
        if settings.meta && !feedPrinted { printFeed() }
        itemDepth = depth
        item.beginItem()
        itemFieldCut = false
        enclosuresCapped = false
        categoriesCapped = false
        guard parser.hasAttributes else { return }
        parser.forEachAttribute { attribute, value in
            if names.names(attribute, namespace: Keys.rdfNamespace, local: Keys.about) {
                item[.rdfAbout] = add(value, to: &item)
            }
        }
        cdfAttributes(parser, into: &item)
    }

    /// The rss, channel or feed element: the feed's language and its CDF attributes.
    private func startRoot(_ parser: ExpatParser) {
        guard parser.hasAttributes else { return }
        if channel[.xmlLang] == nil {
            parser.withAttribute(Keys.xmlLang) { channel[.xmlLang] = add($0, to: &channel) }
        }
        cdfAttributes(parser, into: &channel)
    }

    /// A link: Atom's (an href) is read from its attributes, RSS's is text.
    private func startLink(_ element: Element, depth: Int, _ parser: ExpatParser, inItem: Bool) {
        if parser.hasAttributes && attribute(parser, Keys.href, { _ in }) {
            link(parser, inItem: inItem)
        } else {
            startCapture(element, depth: depth, parser)
        }
    }

    /// An item's category: Atom's names its term, RSS's is text.
    private func startCategory(_ element: Element, depth: Int, _ parser: ExpatParser) {
        guard roomForCategory() else { return }
        if !(parser.hasAttributes && attribute(parser, Keys.term, { item.categories.append(add($0, to: &item)) })) {
            startCapture(element, depth: depth, parser)
        }
    }

    /// An iTunes category: categories nest (a subcategory inside its category), and each one's name is an attribute.
    private func startITunesCategory(_ parser: ExpatParser) {
        guard parser.hasAttributes, roomForCategory() else { return }
        attribute(parser, Keys.text) { item.categories.append(add($0, to: &item)) }
    }

    private func startGuid(_ element: Element, depth: Int, _ parser: ExpatParser) {
        item.guidIsPermaLink = !(parser.hasAttributes && equals(parser, Keys.isPermaLink, Self.false))
        startCapture(element, depth: depth, parser)
    }

    // MARK: Values from attributes

    /// Microsoft CDF gives a channel's or item's link and date as attributes (`<ITEM HREF=… LASTMOD=…>`).
    private func cdfAttributes(_ parser: ExpatParser, into fields: inout CapturedFields) {
        var href: Range<Int>?
        var lastmod: Range<Int>?
        if fields[.link] == nil { attribute(parser, Keys.href) { href = add($0, to: &fields) } }
        if fields[.modified] == nil { attribute(parser, Keys.lastmod) { lastmod = add($0, to: &fields) } }
        if let href {
            fields[.link] = href
            fields.linkBase = base
        }
        if let lastmod { fields[.modified] = lastmod }
    }

    /// An Atom link: the alternate one is the item's (or feed's) link, an enclosure one an enclosure.
    private func link(_ parser: ExpatParser, inItem: Bool) {
        let rel = string(parser, Keys.rel)?.lowercased() ?? "alternate"
        if rel == "enclosure" && inItem {
            enclosure(parser, urlKey: Keys.href, lengthKey: Keys.length)
        } else if rel == "alternate" && inItem && item[.linkHref] == nil {
            attribute(parser, Keys.href) { item[.linkHref] = add($0, to: &item) }
            item.hrefBase = base
        } else if rel == "alternate" && !inItem && authorDepth == 0 && channel[.linkHref] == nil {
            attribute(parser, Keys.href) { channel[.linkHref] = add($0, to: &channel) }
            channel.hrefBase = base
        }
    }

    private func enclosure(_ parser: ExpatParser, urlKey: [UInt8] = Keys.url, lengthKey: [UInt8]) {
        let mark = item.text.count
        var url: Range<Int>?
        attribute(parser, urlKey) { url = add($0, to: &item) }
        guard let url, !url.isEmpty else { return item.removeText(from: mark) }
        // The same file is often given twice (enclosure and media:content). Past the limit, no URL is added to the
        // set: it stays as large as the enclosures kept.
        let room = item.enclosures.count < FeedLimits.enclosures
        guard item.isNewEnclosure(url, adding: room) else { return item.removeText(from: mark) }
        guard room else {
            item.removeText(from: mark)
            return warnCapped("enclosures", FeedLimits.enclosures, &enclosuresCapped)
        }
        var type: Range<Int>?
        attribute(parser, Keys.type) { type = add($0, to: &item) }
        var length: Int?
        attribute(parser, lengthKey) { length = Self.integer($0) }
        item.enclosures.append((url, base, type, length))
    }

    // MARK: Capturing text

    private func startCapture(_ element: Element, depth: Int, _ parser: ExpatParser) {
        parser.reportsText = true
        captureElement = element
        captureDepth = depth
        xhtml.begin(at: depth)
        captureMode = .text
        if itemDepth > 0 { item.beginCapture() } else { channel.beginCapture() }
        // Atom text constructs and content say what they hold; Atom 0.3 also has mode="base64|xml|escaped". A link
        // or id is a URL whatever its type says.
        guard parser.hasAttributes, element != .link, element != .guid, element != .id else { return }
        if let type = string(parser, Keys.type) { captureMode = Self.mode(ofType: type.lowercased()) }
        switch string(parser, Keys.mode)?.lowercased() {
        case "base64": captureMode = .base64
        case "xml": captureMode = .xhtml
        case "escaped": captureMode = .text
        default: break
        }
    }

    /// How content of a MIME type (or Atom's text, html and xhtml) is read: XML types are markup to serialize again,
    /// other text is text, and anything else (an image, a PDF) is base64, as RFC 4287 says. JSON and JavaScript are
    /// text too, whatever their type says.
    private static func mode(ofType type: String) -> CaptureMode {
        if type == "xhtml" || type.hasSuffix("+xml") || type.hasSuffix("/xml") { return .xhtml }
        if type.hasPrefix("text/") || !type.contains("/") || type.hasSuffix("json") || type.hasSuffix("script") {
            return .text
        }
        return .base64
    }

    private func finishCapture(_ element: Element, _ parser: ExpatParser) {
        captureDepth = 0
        parser.reportsText = false
        let inItem = itemDepth > 0
        let truncated = inItem ? finish(element, into: &item) : finish(element, into: &channel)
        if truncated { warnFieldCut() }
    }

    /// An attribute's value copied into `fields`, up to --max-field-size; its trimmed range.
    private func add(_ value: Span<UInt8>, to fields: inout CapturedFields) -> Range<Int> {
        guard value.count > settings.maxFieldSize else { return fields.add(value) }
        warnFieldCut()
        return fields.add(value.extracting(0..<settings.maxFieldSize))
    }

    /// Says once per item (and once for the channel) that a field was cut.
    private func warnFieldCut() {
        let inItem = itemDepth > 0
        if inItem ? itemFieldCut : feedFieldCut { return }
        if inItem { itemFieldCut = true } else { feedFieldCut = true }
        let whose = inItem ? "item \(items + 1)" : "the feed"
        batch.outputs.append(
            .warning("\(whose) of '\(name)': a field was cut to \(settings.maxFieldSize) bytes (--max-field-size)"))
    }

    /// Whether the item may have another category; said once when it may not.
    private func roomForCategory() -> Bool {
        guard item.categories.count >= FeedLimits.categories else { return true }
        warnCapped("categories", FeedLimits.categories, &categoriesCapped)
        return false
    }

    private func warnCapped(_ what: String, _ limit: Int, _ said: inout Bool) {
        guard !said else { return }
        said = true
        batch.outputs.append(.warning("item \(items + 1) of '\(name)': only its first \(limit) \(what) are kept"))
    }

    /// Keeps a captured text as a candidate: the first non-empty one of each element counts, every category does.
    private func finish(_ element: Element, into fields: inout CapturedFields) -> Bool {
        let truncated = fields.truncated
        switch element {
        case .category, .dcSubject:
            let range = fields.endCapture(base64: false)
            if !range.isEmpty { fields.categories.append(range) }
        case _ where fields.nonEmpty(element) != nil:
            fields.discardCapture()
        default:
            fields[element] = fields.endCapture(base64: captureMode == .base64)
            if element == .link { fields.linkBase = base }
            if element == .guid { fields.guidBase = base }
        }
        return truncated
    }

    // MARK: Records

    private func printItem(_ parser: ExpatParser) {
        if batchFeedTitle == nil, let title = channel.nonEmpty(.title) {
            batchFeedTitle = item.add(channel.text, title)
        }
        let record = item.item(feedTitle: batchFeedTitle, lists: &batch)
        batch.outputs.append(.item(record))
        batch.lastItemEnd = parser.endOfEvent
        items += 1
        if let limit = settings.limit, items >= limit {
            stopped = true
            parser.stop()
        }
    }

    private func printFeed() {
        feedPrinted = true
        let record = channel.feed(copyingInto: &item, lists: &batch)
        batch.outputs.append(.feed(record))
    }

    /// Ends the document: with --meta, a feed without items still gets its record.
    func finish(parser: ExpatParser) {
        if settings.meta && !feedPrinted { printFeed() }
    }

    /// With --meta, a document that breaks before its first item still gets its feed record (inside an item, it has
    /// one already).
    func failed(_ message: String, line: Int, column: Int) {
        if settings.meta && !feedPrinted && itemDepth == 0 { printFeed() }
    }

    // MARK: Helpers

    /// Calls `body` with the value of the attribute named `key`, whatever the case it is written in (`HREF`,
    /// `ispermalink`); whether there is one.
    @discardableResult
    private func attribute(_ parser: ExpatParser, _ key: [UInt8], _ body: (Span<UInt8>) -> Void) -> Bool {
        if parser.withAttribute(key, body) { return true }
        var found = false
        parser.forEachAttribute { name, value in
            guard !found, name.count == key.count else { return }
            for index in 0..<key.count where name[index] | 0x20 != key[index] | 0x20 { return }
            found = true
            body(value)
        }
        return found
    }

    /// An attribute's value as a String (for the few that are compared or resolved as text), up to
    /// --max-field-size. `anyCase: false` for names XML defines (xml:base), which are exact.
    private func string(_ parser: ExpatParser, _ key: [UInt8], anyCase: Bool = true) -> String? {
        var result: String?
        func read(_ value: Span<UInt8>) {
            if value.count > settings.maxFieldSize { warnFieldCut() }
            var bytes: [UInt8] = []
            Bytes.append(value, 0..<min(value.count, settings.maxFieldSize), to: &bytes)
            result = String(decoding: bytes, as: UTF8.self)
        }
        if anyCase { attribute(parser, key, read) } else { _ = parser.withAttribute(key, read) }
        return result
    }

    /// Whether an attribute is `value` (lowercase), ignoring ASCII case.
    private func equals(_ parser: ExpatParser, _ key: [UInt8], _ value: [UInt8]) -> Bool {
        var result = false
        attribute(parser, key) { bytes in
            guard bytes.count == value.count else { return }
            for index in 0..<value.count where bytes[index] | 0x20 != value[index] { return }
            result = true
        }
        return result
    }

    /// A non-negative decimal number, or nil.
    private static func integer(_ bytes: Span<UInt8>) -> Int? {
        var value = 0
        var digits = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                if digits == 0 { continue } else { break }
            }
            guard byte >= 0x30 && byte <= 0x39, digits < 18 else { return nil }
            value = value * 10 + Int(byte - 0x30)
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    private static let `false` = Array("false".utf8)
}
