// The elements tb feed understands, as one byte each: QualifiedNames resolves a name to one once, and FeedBuilder
// dispatches on it.

/// A known element (or attribute).
enum Element: UInt8 {
    case other
    // Containers.
    case rss, rdf, channel, feed, item, entry, image, textInput, source, author, contributor, mediaGroup
    // Text fields.
    case title, link, description, guid, pubDate, category, language, lastBuildDate, generator
    case id, updated, published, summary, content, subtitle, tagline, modified, issued, name, email
    case contentEncoded, dcCreator, dcDate, dcSubject, dcLanguage, dcModified, itunesAuthor, itunesSummary
    case dcTitle, dcDescription, dctermsIssued, dctermsCreated, mediaTitle, mediaDescription, fullitem, xhtmlBody
    // Elements read from their attributes.
    case enclosure, mediaContent, mediaThumbnail, itunesCategory
    // Not elements: values taken from attributes, kept beside the elements' text (CapturedFields has a slot per case).
    case linkHref, rdfAbout, xmlLang

    /// How many cases there are.
    static let count = Int(Element.xmlLang.rawValue) + 1
}
