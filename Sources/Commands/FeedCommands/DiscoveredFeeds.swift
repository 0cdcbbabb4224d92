// The feeds that pages announced during a run of tb feed, read after the sources named (feed discovery).

/// Collects the feeds pages link to, in the order they were found, each once.
final class DiscoveredFeeds {
    private(set) var links: [FeedLink] = []
    private var seen = Set<String>()

    func add(_ link: FeedLink) {
        if seen.insert(link.url).inserted { links.append(link) }
    }
}
