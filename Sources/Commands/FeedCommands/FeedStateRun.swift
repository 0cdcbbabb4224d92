// tb feed --new for one run: which feeds may be fetched now (Retry-After), the validators to send, the keys already
// printed, and the state written back after each feed. Everything happens on the main thread, where the input layer
// calls back and the printers print.
import Toolbox

/// The feed states of one --new run.
final class FeedStateRun {
    private let store: FeedStateStore
    private let output: Output
    private let warn: (String) -> Void
    /// --no-cache: send no validators (they are still stored).
    private let sendsValidators: Bool
    /// The states as read when first needed, by state URL.
    private var loaded: [String: FeedState] = [:]
    /// What each URL source's server answered, by source name.
    private var responses: [String: SourceResponse] = [:]
    /// The sources that got a response or printed something.
    private var answered = Set<String>()

    init(context: Context, sendsValidators: Bool) throws(ToolError) {
        store = try FeedStateStore(paths: context.paths) { [unowned context] in context.warn($0) }
        output = context.output
        warn = { [unowned context] in context.warn($0) }
        self.sendsValidators = sendsValidators
    }

    /// The URL a source's state is kept under: the URL, or a file's absolute path (a relative path means the same
    /// file from anywhere).
    static func stateURL(of source: Source) throws(ToolError) -> String {
        source.kind == .file ? try Locations.absolute(source.name) : source.name
    }

    private func state(of source: Source) throws(ToolError) -> FeedState {
        let url = try Self.stateURL(of: source)
        if let known = loaded[url] { return known }
        let state = try store.load(url)
        loaded[url] = state
        return state
    }

    /// Whether the source may be fetched now; when not (the server's Retry-After has not passed), says so on stderr.
    func mayFetch(_ source: Source) throws(ToolError) -> Bool {
        guard source.kind == .url else { return true }
        let state = try state(of: source)
        guard !state.mayFetch(at: .now()), let next = state.nextFetch else { return true }
        warn("skipping '\(source.name)' until \(next.rfc3339): the server asked to wait (Retry-After)")
        return false
    }

    /// The request headers for a source: its validators, unless --no-cache.
    func requestHeaders(_ source: Source) -> [String] {
        guard sendsValidators, let state = try? state(of: source) else { return [] }
        return (state.etag.map { ["If-None-Match: \($0)"] } ?? [])
            + (state.lastModified.map { ["If-Modified-Since: \($0)"] } ?? [])
    }

    /// What the server answered. A 304 is the whole fetch: its validators are stored now. An error status stores
    /// its Retry-After and the error; the validators stay, and so do the keys. Validators that may not be kept
    /// (`FeedValidators`) are dropped here, with a warning.
    func responded(_ source: Source, _ response: SourceResponse) {
        let response = FeedValidators.checked(response, url: source.name, warn: warn)
        responses[source.name] = response
        answered.insert(source.name)
        let now = Timestamp.now().wholeSeconds
        if response.isNotModified {
            save(source) { state in
                state.record(response, at: now, error: nil)
                if let etag = response.etag { state.etag = etag }
                if let lastModified = response.lastModified { state.lastModified = lastModified }
            }
        } else if let error = response.failure ?? (response.status >= 400 ? "HTTP \(response.status)" : nil) {
            save(source) { state in state.record(response, at: now, error: error) }
        }
    }

    /// The items of a source to print: those whose key is not stored.
    func filter(for source: Source) throws(ToolError) -> FeedNewItems {
        let state = try state(of: source)
        return FeedNewItems(known: Set(state.seen.map(\.key)), cutKeys: state.cutsKeys)
    }

    /// Stores what a source's printer printed, once it is out: the output is flushed first, and when that fails
    /// nothing is stored (an item not printed is never marked). `whole`: the feed was read to its end, so its
    /// validators are stored and the keys it lacks count as absent; otherwise only the printed keys are added (the
    /// next run fetches the feed whole).
    func commit(_ source: Source, _ items: FeedNewItems, whole: Bool, error: String?) throws {
        try output.willWait()
        answered.insert(source.name)
        let response = responses[source.name]
        let now = Timestamp.now().wholeSeconds
        save(source) { state in
            state.merge(printed: items.printed, present: whole ? items.present : nil, recognised: items.recognised)
            if let response {
                state.record(response, at: now, error: error)
            } else {
                state.lastFetch = now
                state.lastError = error
            }
            if whole {
                state.etag = response?.etag
                state.lastModified = response?.lastModified
            }
        }
    }

    /// After the run: a URL source that got no response at all (refused, a timeout) has that stored as its error.
    /// Its keys and validators stay.
    func noteUnanswered(_ sources: [Source]) {
        let now = Timestamp.now().wholeSeconds
        for source in sources where source.kind == .url && !answered.contains(source.name) {
            save(source) { state in
                state.lastFetch = now
                state.httpStatus = nil
                state.lastError = "no response"
            }
        }
    }

    /// Writes a change to the state; a state that cannot be written is a warning, not a failure of the feed.
    private func save(_ source: Source, _ change: (inout FeedState) -> Void) {
        do {
            try store.update(try Self.stateURL(of: source), change)
        } catch {
            warn(error.message)
        }
    }
}
