// JSON Feed 1.0 and 1.1 (jsonfeed.org), read as the bytes arrive: JSONFeedScanner hands out the top-level members
// and each item, and this maps them to the records XML feeds make, in the same batches. An object is a JSON Feed
// when its "version" starts with https://jsonfeed.org/version/1; items that come before the version are held (at most
// --max-field-size of them) until it says what the object is.
import Toolbox

/// Reads one JSON Feed document.
final class JSONFeedReader {
    /// The document is JSON but not a JSON Feed.
    struct NotAFeed: Error {}

    private let settings: FeedSettings
    private let name: String
    /// Where relative URLs resolve when the feed names neither its home page nor itself: the URL fetched.
    private let fetched: String?
    private var scanner: JSONFeedScanner
    private var isFeed = false
    private var held: [JSONValue] = []
    private var heldBytes = 0
    /// The feed's own members, as far as read.
    private var title: String?
    private var homePage: String?
    private var feedURL: String?
    private var description: String?
    private var language: String?
    private var authors: JSONValue?
    private var batch = FeedBatch()
    private var batchFeedTitle: Range<Int>?
    private var items = 0
    private var feedPrinted = false
    private(set) var stopped = false

    init(settings: FeedSettings, name: String, base: String?) {
        self.settings = settings
        self.name = name
        fetched = base
        scanner = JSONFeedScanner(limit: settings.maxFieldSize)
    }

    /// Reads a piece; false once no more is wanted (--limit).
    func feed(_ bytes: [UInt8]) throws -> Bool {
        guard !stopped else { return false }
        _ = try scanning { try scanner.scan(bytes.span, found) }
        return !stopped
    }

    /// The document ended with `last`.
    func finish(_ last: [UInt8]) throws {
        if !last.isEmpty { guard try feed(last) else { return } }
        guard !stopped else { return }
        try scanning { try scanner.finish(found) }
    }

    /// What was completed since the last call.
    func takeBatch() -> FeedBatch {
        let full = batch
        batch = FeedBatch(sizedLike: full)
        batchFeedTitle = nil
        return full
    }

    /// Runs the scanner, turning its syntax errors into the command's message.
    private func scanning<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as JSONFeedSyntaxError {
            throw ToolError(
                "'\(name)' is not valid JSON: \(error.message) at line \(error.line), column \(error.column)")
        } catch is JSONFeedScanner.NotAnObject {
            throw NotAFeed()
        }
    }

    private func found(_ part: JSONFeedPart) throws -> Bool {
        switch part {
        case .member(let key, let value):
            guard let value else { return true }
            try member(key, value)
        case .itemsBegin:
            if isFeed && settings.meta && !feedPrinted { printFeed() }
        case .item(let value, let bytes):
            if isFeed {
                printItem(value)
            } else {
                heldBytes += bytes
                guard heldBytes <= settings.maxFieldSize else {
                    throw ToolError(
                        "'\(name)' holds more than --max-field-size of items before its version says it is a JSON Feed")
                }
                held.append(value)
            }
        case .itemTooLarge:
            batch.outputs.append(
                .warning("item \(items + 1) of '\(name)' is larger than --max-field-size; skipped it"))
        case .end:
            guard isFeed else { throw NotAFeed() }
            if settings.meta && !feedPrinted { printFeed() }
        }
        return !stopped
    }

    private func member(_ key: String, _ value: JSONValue) throws {
        switch key {
        case "version":
            guard let version = value.string, Self.isJSONFeed(version) else { throw NotAFeed() }
            isFeed = true
            let waiting = held
            held = []
            for item in waiting where !stopped { printItem(item) }
        case "title": title = value.string
        case "home_page_url": homePage = value.string
        case "feed_url": feedURL = value.string
        case "description": description = value.string
        case "language": language = value.string
        case "authors", "author": authors = authors ?? value
        default: break
        }
    }

    /// Whether a version names JSON Feed 1.x (1.0 and 1.1 use the https URL; some feeds write http).
    static func isJSONFeed(_ version: String) -> Bool {
        version.hasPrefix("https://jsonfeed.org/version/1") || version.hasPrefix("http://jsonfeed.org/version/1")
    }

    // MARK: Records

    /// Where relative URLs resolve: the feed's home page, else its own URL, else the URL it was fetched from.
    private var base: String? {
        guard let named = [homePage, feedURL].compactMap({ $0 }).first(where: { !$0.isEmpty }) else { return fetched }
        return URLReference.resolve(named, against: fetched)
    }

    private func printItem(_ value: JSONValue) {
        var item = ParsedItem()
        if batchFeedTitle == nil { batchFeedTitle = add(title) }
        item.feedTitle = batchFeedTitle
        item.title = add(value["title"]?.string)
        item.link = add(url(value["url"]?.string ?? value["external_url"]?.string))
        item.id = add(Self.text(value["id"])) ?? item.link
        item.published = dates(value["date_published"])
        item.updated = dates(value["date_modified"])
        item.author = add(Self.person(value["authors"] ?? value["author"]) ?? Self.person(authors))
        item.summary = add(value["summary"]?.string)
        item.content = add(value["content_html"]?.string ?? value["content_text"]?.string)
        let firstCategory = batch.categories.count
        for tag in value["tags"]?.elements ?? [] {
            if let range = add(tag.string) { batch.categories.append(range) }
        }
        item.categories = firstCategory..<batch.categories.count
        let firstEnclosure = batch.enclosures.count
        for attachment in value["attachments"]?.elements ?? [] {
            guard let link = add(url(attachment["url"]?.string)) else { continue }
            batch.enclosures.append(
                ParsedEnclosure(
                    url: link, type: add(attachment["mime_type"]?.string),
                    length: attachment["size_in_bytes"]?.integer))
        }
        item.enclosures = firstEnclosure..<batch.enclosures.count
        batch.outputs.append(.item(item))
        items += 1
        if let limit = settings.limit, items >= limit { stopped = true }
    }

    private func printFeed() {
        feedPrinted = true
        var feed = ParsedFeed()
        feed.title = add(title)
        feed.link = add(url(homePage))
        feed.description = add(description)
        feed.language = add(language)
        batch.outputs.append(.feed(feed))
    }

    /// A string's bytes in the batch's text; nil for none or an empty one.
    private func add(_ text: String?) -> Range<Int>? {
        guard let text, !text.isEmpty else { return nil }
        let start = batch.text.count
        batch.text.append(contentsOf: text.utf8)
        return start..<batch.text.count
    }

    /// A date's text as the one candidate of its field.
    private func dates(_ value: JSONValue?) -> Range<Int> {
        let first = batch.dates.count
        if let range = add(value?.string) { batch.dates.append(range) }
        return first..<batch.dates.count
    }

    private func url(_ reference: String?) -> String? {
        guard let reference, !reference.isEmpty else { return nil }
        return URLReference.resolve(reference, against: base)
    }

    /// An id as text: the spec says a string, and some feeds write a number.
    private static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text): text
        case .number(let text): text
        default: nil
        }
    }

    /// The first author's name (1.1 "authors", a list; 1.0 "author", one object), else its URL.
    private static func person(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        let people = value.elements ?? [value]
        for person in people {
            if let name = person["name"]?.string, !name.isEmpty { return name }
            if let link = person["url"]?.string, !link.isEmpty { return link }
        }
        return nil
    }
}
