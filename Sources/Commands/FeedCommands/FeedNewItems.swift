// tb feed --new for one source: which of its items are new, and which keys it printed and had, for the state.

/// The keys of one source's items: which to print, which were printed, which the feed had.
final class FeedNewItems {
    /// An item known by the cut key an earlier tb stored for it (`FeedState.cutsKeys`), and its whole key.
    struct Recognised {
        let cut: String
        let key: String
    }

    private let known: Set<String>
    /// Whether the stored long keys may be cut ones.
    private let cutKeys: Bool
    /// Printed this run, in order.
    private(set) var printed: [String] = []
    /// Not printed because the cut key of an earlier tb stands for them: it printed them, or another item that
    /// shared their first KiB, and cannot tell which.
    private(set) var recognised: [Recognised] = []
    /// Every key the feed had (printed or known).
    private(set) var present: Set<String> = []

    init(known: Set<String>, cutKeys: Bool = false) {
        self.known = known
        self.cutKeys = cutKeys
    }

    /// Whether to print an item with this key: not when an earlier run printed it, nor when this run did (a feed
    /// that lists an item twice). An item without a key is always printed.
    func admits(_ key: String?) -> Bool {
        guard let key else { return true }
        guard present.insert(key).inserted else { return false }
        if known.contains(key) { return false }
        if cutKeys, let cut = FeedState.cutKey(ofStored: key), known.contains(cut) {
            recognised.append(Recognised(cut: cut, key: key))
            return false
        }
        printed.append(key)
        return true
    }
}
