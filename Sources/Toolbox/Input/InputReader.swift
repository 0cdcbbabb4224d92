// Reads the SOURCEs of a command: local files and standard input in the order given, then every URL at once on
// one libcurl multi handle. Bytes go to a handler per source as they arrive; a failing source is reported and the
// others go on; a closed output stops everything.
import POSIX

/// Reads sources for one command run.
public final class InputReader {
    let context: Context
    let settings: InputSettings

    public init(context: Context, settings: InputSettings) {
        self.context = context
        self.settings = settings
    }

    /// A SOURCE word resolved as `read` resolves it (a bookmark, then URL, file or standard input), without reading
    /// it.
    public func resolve(_ word: ArgumentWord) throws(ToolError) -> Source {
        let resolved = try context.bookmarks.resolve(word.text)
        return try Source.classify(resolved == word.text ? word : ArgumentWord(resolved))
    }

    /// Reads one local file or standard input resolved already (a file a command found itself, walking a
    /// directory); returns whether it succeeded (a failure is reported with `context.error`).
    public func read(local source: Source, makeHandler: (Source) throws -> any InputHandler) throws(OutputError)
        -> Bool
    {
        guard
            let failure = try LocalInput(
                source: source, context: context, readSize: settings.readSize, decompress: settings.decompress
            ).read(
                makeHandler)
        else { return true }
        context.error(failure)
        return false
    }

    /// Reads every source. `makeHandler` is called for each source just before its first byte is delivered.
    /// Errors of a source (it cannot be read or fetched, or its handler throws a ToolError) are reported with
    /// `context.error` and counted; an OutputError (the reader of stdout went away) is thrown at once.
    ///
    /// For URL sources:
    /// - `request` gives extra request headers for a source (If-None-Match, If-Modified-Since), sent after the -H
    ///   ones; it is asked once per source.
    /// - `response` is told what the server answered as soon as the final response's headers are in, whatever the
    ///   status (200, 304, 404, 429, 503…), before the handler gets any byte; for ftp and file: URLs (status 0) with
    ///   their first byte or at their end. It is not called when no response came (refused, a timeout before the
    ///   headers); with --retry, each try that got an answer is told, the last one last.
    /// - 304 Not Modified to a request that names a validator succeeds with no body: the handler is never made. To
    ///   a request that names none (`SourceResponse.failure`) it fails the source.
    ///
    /// `directory`, when given, takes a file source that is a directory, in its turn among the local sources, and
    /// reports its own problems (it counts as read); without it a directory fails as any unreadable file does.
    public func read(
        _ sources: [ArgumentWord], request: ((Source) -> [String])? = nil,
        response: ((Source, SourceResponse) -> Void)? = nil,
        directory: ((Source) throws -> Void)? = nil,
        makeHandler: @escaping (Source) throws -> any InputHandler
    ) throws -> TargetOutcomes {
        var summary = TargetOutcomes()
        var remote: [Source] = []
        for word in sources {
            let source: Source
            do {
                source = try resolve(word)
            } catch {
                summary.failed(word.text, message: error.message, records: 0, visited: false, in: context)
                continue
            }
            if source.kind == .url {
                remote.append(source)
                continue
            }
            if let directory, source.kind == .file, (try? FileSystem.status(bytes: source.path))??.kind == .directory {
                try directory(source)
                summary.done(source.name, records: 0, visited: false, in: context)
                continue
            }
            if let failure = try LocalInput(
                source: source, context: context, readSize: settings.readSize, decompress: settings.decompress
            ).read(
                makeHandler)
            {
                summary.failed(source.name, message: failure, records: 0, visited: false, in: context)
            } else {
                summary.done(source.name, records: 0, visited: false, in: context)
            }
        }
        if !remote.isEmpty {
            let network = NetworkInput(context: context, settings: settings)
            let result = try network.read(remote, request: request, response: response, makeHandler)
            summary.add(result)
        }
        return summary
    }
}
