// What a printer of tb feed --new holds to store, once, the keys it printed when its feed ends.
import Toolbox

/// What a printer of --new needs: the run's state, its source and the keys of its items.
final class RememberedItems {
    let run: FeedStateRun
    let source: Source
    let items: FeedNewItems
    /// --limit, counting new items.
    let limit: Int?
    private var stored = false

    init(run: FeedStateRun, source: Source, items: FeedNewItems, limit: Int?) {
        self.run = run
        self.source = source
        self.items = items
        self.limit = limit
    }

    /// Stores nothing for this source, now or later (a page that announced feeds is not a feed).
    func forget() {
        stored = true
    }

    /// Stores the printed keys (and with `whole` the validators), once: the first call counts.
    func store(whole: Bool, error: String?) throws {
        guard !stored else { return }
        stored = true
        try run.commit(source, items, whole: whole, error: error)
    }
}
