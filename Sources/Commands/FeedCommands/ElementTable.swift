// The elements tb feed understands, by namespace URI and local name. Looked up once per distinct name in a
// document (QualifiedNames remembers the answers), so a search through a list will do: dictionaries keyed by bytes,
// built at the first lookup, cost a seventh of a small feed's start. Names are matched the way
// publishers write them (and feedparser reads them): local names and namespace URIs in any case, every RSS and Atom
// namespace as one vocabulary, and an unprefixed name in a namespace tb does not know as if it had none.

/// The elements of every format, by vocabulary (what a namespace URI stands for) and local name.
enum ElementTable {
    /// The element `local` in `namespace` (empty: no namespace) stands for; `prefixed` when the name was written with
    /// a prefix (an unprefixed name in an unknown namespace is read as RSS or Atom, like feedparser does).
    static func element(namespace: [UInt8], local: [UInt8], prefixed: Bool) -> Element {
        let key = trimmingSlash(lowercased(namespace))
        var vocabulary = vocabularies.first { same(key, $0.uri) }?.vocabulary
        if vocabulary == nil && contains(key, Self.userland) { vocabulary = .core }
        if vocabulary == nil && !prefixed { vocabulary = .core }
        guard let vocabulary else { return .other }
        let name = lowercased(local)
        return table.first { $0.vocabulary == vocabulary && same(name, $0.local) }?.element ?? .other
    }

    /// Whether `bytes` (lowercase, no trailing slash) is `text` in lowercase without its trailing slash.
    private static func same(_ bytes: [UInt8], _ text: String) -> Bool {
        var utf8 = text.utf8[...]
        if utf8.last == UInt8(ascii: "/") { utf8 = utf8.dropLast() }
        return utf8.count == bytes.count
            && zip(utf8, bytes).allSatisfy {
                $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 == $1 : $0 == $1
            }
    }

    private enum Vocabulary: UInt8 { case core, rdf, content, dc, dcterms, media, itunes, xhtml, module }

    /// Namespace URIs (compared in lowercase, without a trailing slash). Every RSS and Atom version (and Atom's
    /// drafts) is one vocabulary: feeds mix them, and the names do not clash.
    private static let vocabularies: [(uri: String, vocabulary: Vocabulary)] = {
        let uris: [(String, Vocabulary)] = [
            ("", .core), (Namespace.rss090, .core), (Namespace.rss10, .core), (Namespace.rss20, .core),
            ("http://blogs.law.harvard.edu/tech/rss", .core), ("http://purl.org/rss/1.0/modules/rss091#", .core),
            (Namespace.atom10, .core), (Namespace.atom03, .core), ("http://purl.org/pie/", .core),
            ("http://purl.org/echo/", .core), ("http://example.com/necho", .core),
            ("http://example.com/newformat#", .core), ("uri/of/echo/namespace#", .core),
            (Namespace.rdf, .rdf), (Namespace.content, .content), (Namespace.dc, .dc), (Namespace.dcterms, .dcterms),
            (Namespace.media, .media), (Namespace.itunes, .itunes),
            ("http://example.com/DTDs/PodCast-1.0.dtd", .itunes),
            (Namespace.xhtml, .xhtml),
        ]
        return uris + modules.map { ($0, .module) }
    }()

    /// Modules whose elements tb does not read: known, so that one used as the default namespace is not mistaken for
    /// RSS (`<description xmlns="…myDescModule/">` is not the item's description). feedparser's list.
    private static let modules = [
        "http://webns.net/mvcb/", "http://purl.org/rss/1.0/modules/aggregation/",
        "http://purl.org/rss/1.0/modules/annotate/", "http://media.tangent.org/rss/1.0/",
        "http://backend.userland.com/blogChannelModule", "http://creativecommons.org/ns#license",
        "http://web.resource.org/cc/", "http://cyber.law.harvard.edu/rss/creativeCommonsRssModule.html",
        "http://backend.userland.com/creativeCommonsRssModule", "http://purl.org/rss/1.0/modules/company",
        "http://my.theinfo.org/changed/1.0/rss/", "http://purl.org/rss/1.0/modules/email/",
        "http://purl.org/rss/1.0/modules/event/", "http://rssnamespace.org/feedburner/ext/1.0",
        "http://freshmeat.net/rss/fm/", "http://xmlns.com/foaf/0.1/", "http://www.w3.org/2003/01/geo/wgs84_pos#",
        "http://www.georss.org/georss", "http://www.opengis.net/gml", "http://postneo.com/icbm/",
        "http://purl.org/rss/1.0/modules/image/", "http://purl.org/rss/1.0/modules/link/",
        "http://madskills.com/public/xml/rss/module/pingback/", "http://prismstandard.org/namespaces/1.2/basic/",
        "http://www.w3.org/2000/01/rdf-schema#", "http://purl.org/rss/1.0/modules/reference/",
        "http://purl.org/rss/1.0/modules/richequiv/", "http://purl.org/rss/1.0/modules/search/",
        "http://purl.org/rss/1.0/modules/slash/", "http://schemas.xmlsoap.org/soap/envelope/",
        "http://purl.org/rss/1.0/modules/servicestatus/", "http://hacks.benhammersley.com/rss/streaming/",
        "http://purl.org/rss/1.0/modules/subscription/", "http://purl.org/rss/1.0/modules/syndication/",
        "http://schemas.pocketsoap.com/rss/myDescModule/", "http://purl.org/rss/1.0/modules/taxonomy/",
        "http://purl.org/rss/1.0/modules/threading/", "http://purl.org/rss/1.0/modules/textinput/",
        "http://madskills.com/public/xml/rss/module/trackback/", "http://wellformedweb.org/commentAPI/",
        "http://purl.org/rss/1.0/modules/wiki/", "http://www.w3.org/1999/xlink", Namespace.xml,
        "http://podlove.org/simple-chapters",
    ]

    /// Any backend.userland.com/rss… namespace is RSS 2.0.
    private static let userland = Array("backend.userland.com/rss".utf8)

    private static let table: [(vocabulary: Vocabulary, local: String, element: Element)] = {
        let core: [(String, Element)] = [
            // RSS 0.9x, 1.0 and 2.0.
            ("rss", .rss), ("channel", .channel), ("item", .item), ("image", .image), ("textinput", .textInput),
            ("title", .title), ("link", .link), ("description", .description), ("guid", .guid),
            ("pubdate", .pubDate), ("author", .author), ("category", .category), ("language", .language),
            ("lastbuilddate", .lastBuildDate), ("generator", .generator), ("enclosure", .enclosure),
            ("source", .source),
            // Atom 0.3 and 1.0.
            ("feed", .feed), ("entry", .entry), ("contributor", .contributor), ("id", .id), ("updated", .updated),
            ("published", .published), ("summary", .summary), ("content", .content), ("subtitle", .subtitle),
            ("tagline", .tagline), ("modified", .modified), ("issued", .issued), ("name", .name), ("email", .email),
            // Microsoft CDF (its CHANNEL and ITEM are RSS's), and content by other names.
            ("abstract", .description), ("fullitem", .fullitem), ("body", .xhtmlBody),
        ]
        let modules: [(Vocabulary, String, Element)] = [
            (.rdf, "rdf", .rdf), (.content, "encoded", .contentEncoded),
            (.dc, "title", .dcTitle), (.dc, "description", .dcDescription), (.dc, "creator", .dcCreator),
            (.dc, "author", .dcCreator), (.dc, "date", .dcDate), (.dc, "subject", .dcSubject),
            (.dc, "language", .dcLanguage),
            (.dcterms, "modified", .dcModified), (.dcterms, "issued", .dctermsIssued),
            (.dcterms, "created", .dctermsCreated),
            (.media, "content", .mediaContent), (.media, "thumbnail", .mediaThumbnail), (.media, "title", .mediaTitle),
            (.media, "description", .mediaDescription),
            (.media, "group", .mediaGroup),
            (.itunes, "author", .itunesAuthor), (.itunes, "summary", .itunesSummary),
            (.itunes, "category", .itunesCategory),
            (.xhtml, "body", .xhtmlBody),
        ]
        return core.map { (.core, $0.0, $0.1) } + modules
    }()

    /// ASCII letters in lowercase: publishers write `<TiTlE>` and `<pubdate>`.
    static func lowercased(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
    }

    private static func trimmingSlash(_ bytes: [UInt8]) -> [UInt8] {
        bytes.last == UInt8(ascii: "/") ? Array(bytes.dropLast()) : bytes
    }

    private static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard bytes.count >= part.count else { return false }
        for start in 0...(bytes.count - part.count) where bytes[start..<(start + part.count)].elementsEqual(part) {
            return true
        }
        return false
    }
}
