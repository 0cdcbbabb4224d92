// A source that turned out to be an HTML page: read by tb's HTML5 parser as it arrives, for the feeds it announces.
import HTML5

/// The feed links of one page, parsed piece by piece.
final class FeedPage {
    private let collector = FeedLinkCollector()
    private var parser: HTML5PushParser

    init() {
        parser = HTML5PushParser(sink: collector)
    }

    /// Reads a piece; false once the body began, after which nothing more is wanted.
    func feed(_ bytes: [UInt8]) -> Bool {
        parser.feed(bytes.span)
        return !collector.bodyBegan
    }

    /// Ends the page; its feeds, with their URLs resolved against its `<base href>` or `page`, its URL.
    func finish(page: String?) -> [FeedLink] {
        _ = parser.finish()
        return collector.feeds(page: page)
    }
}
