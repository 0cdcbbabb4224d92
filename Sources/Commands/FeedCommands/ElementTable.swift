// The elements tb feed understands, by namespace URI and local name. Looked up once per distinct name in a
// document (QualifiedNames remembers the answers), so a plain dictionary will do.

/// A known element (or attribute).
enum Element: UInt8 {
    case other
    // Containers.
    case rss, rdf, channel, feed, item, entry, image, textInput, source, author, contributor
    // Text fields.
    case title, link, description, guid, pubDate, rssAuthor, category, language, lastBuildDate, generator
    case id, updated, published, summary, content, subtitle, tagline, modified, issued, name, email
    case contentEncoded, dcCreator, dcDate, dcSubject, dcLanguage, dcModified, itunesAuthor, itunesSummary
    // Elements read from their attributes.
    case enclosure, mediaContent, mediaThumbnail
    // Not elements: values taken from attributes, kept beside the elements' text (CapturedFields has a slot per case).
    case linkHref, rdfAbout, xmlLang

    /// How many cases there are.
    static let count = Int(Element.xmlLang.rawValue) + 1
}

/// Namespace URIs.
enum Namespace {
    static let rss090 = "http://my.netscape.com/rdf/simple/0.9/"
    static let rss10 = "http://purl.org/rss/1.0/"
    static let rss20 = "http://backend.userland.com/rss2"
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let atom10 = "http://www.w3.org/2005/Atom"
    static let atom03 = "http://purl.org/atom/ns#"
    static let content = "http://purl.org/rss/1.0/modules/content/"
    static let dc = "http://purl.org/dc/elements/1.1/"
    static let dcterms = "http://purl.org/dc/terms/"
    static let media = "http://search.yahoo.com/mrss/"
    static let itunes = "http://www.itunes.com/dtds/podcast-1.0.dtd"
    static let xml = "http://www.w3.org/XML/1998/namespace"
    static let xhtml = "http://www.w3.org/1999/xhtml"
}

/// The elements of every format, each under each namespace it appears in, by namespace URI and local name.
enum ElementTable {
    /// The element `local` in `namespace` (empty: no namespace) stands for.
    static func element(namespace: [UInt8], local: [UInt8]) -> Element {
        table[namespace + [0x01] + local] ?? .other
    }

    private static let table: [[UInt8]: Element] = {
        let rssNames: [(String, Element)] = [
            ("rss", .rss), ("channel", .channel), ("item", .item), ("image", .image), ("textInput", .textInput),
            ("textinput", .textInput), ("title", .title), ("link", .link), ("description", .description),
            ("guid", .guid), ("pubDate", .pubDate), ("author", .rssAuthor), ("category", .category),
            ("language", .language), ("lastBuildDate", .lastBuildDate), ("generator", .generator),
            ("enclosure", .enclosure), ("source", .source),
        ]
        let atomNames: [(String, Element)] = [
            ("feed", .feed), ("entry", .entry), ("source", .source), ("author", .author),
            ("contributor", .contributor), ("title", .title), ("link", .link), ("id", .id), ("updated", .updated),
            ("published", .published), ("summary", .summary), ("content", .content), ("subtitle", .subtitle),
            ("tagline", .tagline), ("modified", .modified), ("issued", .issued), ("name", .name), ("email", .email),
            ("category", .category), ("generator", .generator),
        ]
        var entries: [(String, String, Element)] = []
        for namespace in ["", Namespace.rss20] { entries += rssNames.map { (namespace, $0.0, $0.1) } }
        for namespace in [Namespace.rss090, Namespace.rss10] {
            entries += rssNames.filter { $0.0 != "author" && $0.0 != "enclosure" }.map { (namespace, $0.0, $0.1) }
        }
        for namespace in [Namespace.atom10, Namespace.atom03] { entries += atomNames.map { (namespace, $0.0, $0.1) } }
        entries += [
            (Namespace.rdf, "RDF", .rdf), (Namespace.content, "encoded", .contentEncoded),
            (Namespace.dc, "creator", .dcCreator), (Namespace.dc, "date", .dcDate),
            (Namespace.dc, "subject", .dcSubject),
            (Namespace.dc, "language", .dcLanguage), (Namespace.dcterms, "modified", .dcModified),
            (Namespace.media, "content", .mediaContent), (Namespace.media, "thumbnail", .mediaThumbnail),
            (Namespace.itunes, "author", .itunesAuthor), (Namespace.itunes, "summary", .itunesSummary),
        ]
        var table: [[UInt8]: Element] = [:]
        for (namespace, local, element) in entries { table[Array((namespace + "\u{1}" + local).utf8)] = element }
        return table
    }()
}
