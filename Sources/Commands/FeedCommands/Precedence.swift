// The precedence rules: which candidate becomes each field of an item or feed record (the command's discussion
// documents them). Applied when an item ends; the records point at the winners' bytes.
import Toolbox

extension CapturedFields {
    /// The item record these candidates make: ranges of `text`. Its categories and enclosures are added to the
    /// batch's lists.
    mutating func item(feedTitle: Range<Int>?, lists batch: inout FeedBatch) -> ParsedItem {
        var item = ParsedItem()
        item.feedTitle = feedTitle
        item.title = first(.title, .dcTitle, .mediaTitle)
        item.link = link()
        item.id = first(.id, .guid, .rdfAbout) ?? item.link
        item.published = dates(.published, .pubDate, .dcDate, .issued, .dctermsIssued, .dctermsCreated, into: &batch)
        item.updated = dates(.updated, .modified, .dcModified, into: &batch)
        item.author = person() ?? first(.dcCreator, .author, .itunesAuthor)
        // An item with both a summary and a description keeps both, as feedparser does: the first in the document is
        // the summary, the second the content when there is no other. (Ranges are in document order.)
        let summaries = firstTwo(nonEmpty(.summary), nonEmpty(.description), nonEmpty(.dcDescription))
        item.summary = summaries.first ?? first(.itunesSummary, .mediaDescription)
        item.content = first(.contentEncoded, .content, .xhtmlBody, .fullitem) ?? summaries.second
        let firstCategory = batch.categories.count
        batch.categories.append(contentsOf: categories)
        item.categories = firstCategory..<batch.categories.count
        let firstEnclosure = batch.enclosures.count
        for enclosure in enclosures {
            let url = url(enclosure.url, base: enclosure.base)
            batch.enclosures.append(ParsedEnclosure(url: url, type: enclosure.type, length: enclosure.length))
        }
        item.enclosures = firstEnclosure..<batch.enclosures.count
        return item
    }

    /// The feed record of the channel's candidates, with its text copied into `target` (the batch's text).
    mutating func feed(copyingInto target: inout CapturedFields, lists batch: inout FeedBatch) -> ParsedFeed {
        var feed = ParsedFeed()
        let link: Range<Int>? =
            if let href = self[.linkHref] {
                url(href, base: hrefBase)
            } else if let link = nonEmpty(.link) {
                url(link, base: linkBase)
            } else {
                nil
            }
        feed.title = copy(first(.title, .dcTitle), into: &target)
        feed.link = copy(link, into: &target)
        feed.description = copy(first(.description, .subtitle, .tagline, .dcDescription), into: &target)
        let firstDate = batch.dates.count
        for candidate in [Element.updated, .modified, .lastBuildDate, .dcDate, .pubDate, .dcModified] {
            if let range = copy(nonEmpty(candidate), into: &target) { batch.dates.append(range) }
        }
        feed.updated = firstDate..<batch.dates.count
        feed.language = copy(first(.language, .dcLanguage, .xmlLang), into: &target)
        feed.generator = copy(nonEmpty(.generator), into: &target)
        return feed
    }

    /// The link: the Atom alternate link, the RSS link, or a guid that is a permalink.
    private mutating func link() -> Range<Int>? {
        if let href = self[.linkHref] { return url(href, base: hrefBase) }
        if let link = nonEmpty(.link) { return url(link, base: linkBase) }
        if let guid = nonEmpty(.guid), guidIsPermaLink, text[guid].starts(with: Self.http) {
            return url(guid, base: guidBase)
        }
        return nil
    }

    /// An Atom person's name and email, written `name (email)` when it has both, as feedparser writes them.
    private mutating func person() -> Range<Int>? {
        guard let name = nonEmpty(.name) else { return nonEmpty(.email) }
        guard let email = nonEmpty(.email) else { return name }
        let written = Array(text[name]) + Self.openParenthesis + Array(text[email]) + Self.closeParenthesis
        return add(written, 0..<written.count)
    }

    /// The two of three ranges that come first in the text.
    private func firstTwo(_ a: Range<Int>?, _ b: Range<Int>?, _ c: Range<Int>?) -> (
        first: Range<Int>?, second: Range<Int>?
    ) {
        var first: Range<Int>?
        var second: Range<Int>?
        for range in [a, b, c] {
            guard let range else { continue }
            if let earliest = first, earliest.lowerBound < range.lowerBound {
                if second.map({ range.lowerBound < $0.lowerBound }) ?? true { second = range }
            } else {
                second = first
                first = range
            }
        }
        return (first, second)
    }

    /// The first candidate that is there and not empty.
    private func first(_ candidates: Element...) -> Range<Int>? {
        for candidate in candidates { if let range = nonEmpty(candidate) { return range } }
        return nil
    }

    /// The date candidates that are there, added to the batch's list; their range of it.
    private func dates(_ candidates: Element..., into batch: inout FeedBatch) -> Range<Int> {
        let first = batch.dates.count
        for candidate in candidates { if let range = nonEmpty(candidate) { batch.dates.append(range) } }
        return first..<batch.dates.count
    }

    /// A URL, absolute: resolved against its base. One that is absolute already (the usual case) stays where it is.
    private mutating func url(_ range: Range<Int>, base: String?) -> Range<Int> {
        if base == nil || URLReference.isPlainAbsolute(text.span.extracting(range)) { return range }
        let resolved = Array(URLReference.resolve(String(decoding: text[range], as: UTF8.self), against: base).utf8)
        return add(resolved, 0..<resolved.count)
    }

    private func copy(_ range: Range<Int>?, into target: inout CapturedFields) -> Range<Int>? {
        range.map { target.add(text, $0) }
    }

    private static let http = Array("http".utf8)
    private static let openParenthesis = Array(" (".utf8)
    private static let closeParenthesis = Array(")".utf8)
}
