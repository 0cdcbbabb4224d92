// Reads the SOURCEs of a command: local files and standard input in the order given, then every URL at once on
// one libcurl multi handle. Bytes go to a handler per source as they arrive; a failing source is reported and the
// others go on; a closed output stops everything.

/// How reading went.
public struct InputSummary: Sendable, Equatable {
    /// Sources read to their end or stopped by their handler.
    public var succeeded = 0
    /// Sources that failed (reported on stderr already).
    public var failed = 0
}

/// Reads sources for one command run.
public final class InputReader {
    let context: Context
    let settings: InputSettings

    public init(context: Context, settings: InputSettings) {
        self.context = context
        self.settings = settings
    }

    /// Reads every source. `makeHandler` is called for each source just before its first byte is delivered.
    /// Errors of a source (it cannot be read or fetched, or its handler throws a ToolError) are reported with
    /// `context.error` and counted; an OutputError (the reader of stdout went away) is thrown at once.
    public func read(_ sources: [ArgumentWord], makeHandler: @escaping (Source) throws -> any InputHandler) throws
        -> InputSummary
    {
        var summary = InputSummary()
        var remote: [Source] = []
        for word in sources {
            let source: Source
            do {
                let resolved = try context.bookmarks.resolve(word.text)
                source = try Source.classify(resolved == word.text ? word : ArgumentWord(resolved))
            } catch {
                context.error(error.message)
                summary.failed += 1
                continue
            }
            if source.kind == .url {
                remote.append(source)
                continue
            }
            if try LocalInput(source: source, context: context, readSize: settings.readSize).read(makeHandler) {
                summary.succeeded += 1
            } else {
                summary.failed += 1
            }
        }
        if !remote.isEmpty {
            let network = NetworkInput(context: context, settings: settings)
            let result = try network.read(remote, makeHandler)
            summary.succeeded += result.succeeded
            summary.failed += result.failed
        }
        return summary
    }
}
