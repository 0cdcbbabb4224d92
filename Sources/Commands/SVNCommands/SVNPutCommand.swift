// tb svn put: one file committed without a working copy, as svnmucc put commits it.
import POSIX
import SVN
import Toolbox

/// Commits a file.
struct SVNPutCommand: Command {
    static let message = Option<String>("message", short: "m", value: "TEXT", help: "the log message")
    static let messageFile = Option<String>(
        "message-file", short: "F", value: "FILE",
        help: "read the log message from FILE, at most \(FileReadError.size(messageFileLimit))", completion: .files,
        conflicts: [message])
    static let url = Positional("URL", help: "the file's URL or @bookmark/path", completion: .sources)
    static let file = Positional("FILE", help: "the new contents; - for standard input", completion: .files)

    static let commandName = "put"
    static let spec = CommandSpec(
        name: commandName, abstract: "commit one file without a working copy",
        discussion: """
            Commits the bytes of FILE (or of standard input, for -) as the file at URL in a new revision, as \
            svnmucc put does: a file that exists gets the new contents (action M in the log), a name that does not \
            exist is added (A) when its directory exists. The bytes are streamed to the server, never held whole, \
            and the commit is made through the repository access layer, with the same credentials as the other \
            svn commands. The log message comes from -m or --message-file (one of them is required); its line \
            endings become LF, as svn makes them.

            Prints a commit record: the URL, the new revision, its author and date. These end in one line and exit \
            status 2, with nothing committed: a directory that does not exist, a URL that is a directory, a file \
            locked by anyone (tb has no working copy, so it holds no lock token), and contents identical to those of \
            the youngest revision (svnmucc would commit a revision that changes nothing; tb does not, so running \
            the same put twice commits once).
            """,
        options: [message, messageFile] + SVNOptions.all, positionals: [url, file], records: [CommitRecord.schema],
        examples: [
            Example(
                "tb svn put @repo/trunk/VERSION VERSION -m 'release 2.1'", "Replace a file with the local one."),
            Example(
                "pg_dump db | gzip | tb svn put svn://example.org/backups/db.sql.gz - -m nightly --username backup",
                "Commit standard input, the password in TB_SVN_PASSWORD."),
        ])

    /// The most a --message-file may hold: a log message, not a file's contents.
    static let messageFileLimit = 1 << 20

    let targetText: String
    let path: String
    let messageText: String?
    let messagePath: String?
    let access: SVNOptions.Values

    init(_ arguments: ParsedArguments) throws(UsageError) {
        targetText = arguments.positional(Self.url) ?? ""
        path = arguments.positional(Self.file) ?? ""
        messageText = try arguments.value(Self.message)
        messagePath = try arguments.value(Self.messageFile)
        guard messageText != nil || messagePath != nil else {
            throw UsageError("a log message is required: give -m TEXT or --message-file FILE")
        }
        access = try SVNOptions.values(arguments)
    }

    func run(_ context: Context) throws -> ExitStatus {
        var run = SVNRun(context: context, verb: "commit to", timeout: access.timeout)
        let client = try run.client(access)
        // A commit goes to a URL: a path in a working copy would leave that working copy behind the repository.
        return try run.each([targetText], workingCopies: false) { target, run in
            guard target.peg == nil else {
                throw UsageError("'\(target.text)': a commit makes a new revision, so it takes no peg revision")
            }
            let logMessage = try readMessage()
            let input = try open()
            defer { if input != .standardInput { try? input.close() } }
            let commit: SVNCommit
            do {
                commit = try client.put(target.url, message: logMessage) { buffer in
                    // Waiting for standard input is not a silent server.
                    let result = Watchdog.outside { Result { () throws(SystemError) in try input.read(into: &buffer) } }
                    switch result {
                    case .success(let count): return count
                    case .failure(let error): throw ToolError("cannot read '\(path)': \(error.reason)")
                    }
                }
            } catch let refusal as SVNPutRefusal {
                throw ToolError(Self.message(refusal, target: target.text))
            }
            if let hook = commit.postCommitError {
                context.warn("r\(commit.revision) committed, but its post-commit hook failed: \(hook)")
            }
            try run.emit(CommitRecord(url: target.url, commit: commit))
        }
    }

    /// FILE, opened before the server is asked anything.
    private func open() throws -> FileDescriptor {
        if path == "-" { return .standardInput }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readOnly)
        } catch {
            throw ToolError("cannot read '\(path)': \(error.reason)")
        }
        // A directory opens, and fails only at the first read: after the server has opened a transaction.
        guard descriptor.kind != .directory else {
            try? descriptor.close()
            throw ToolError("cannot read '\(path)': it is a directory")
        }
        return descriptor
    }

    /// The log message, its line endings LF (a server refuses CR in svn:log).
    private func readMessage() throws -> String {
        var text = messageText ?? ""
        if let messagePath {
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.readFile(messagePath, limit: Self.messageFileLimit)
            } catch {
                throw ToolError("cannot read message file '\(messagePath)': \(error.reason)")
            }
            guard let decoded = String(validating: bytes, as: UTF8.self) else {
                throw ToolError("cannot read message file '\(messagePath)': not UTF-8, as a log message must be")
            }
            text = decoded
        }
        return text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
    }

    static func message(_ refusal: SVNPutRefusal, target: String) -> String {
        switch refusal {
        case .noDirectory(let directory): "cannot commit to '\(target)': directory '\(directory)' does not exist"
        case .parentIsFile(let directory): "cannot commit to '\(target)': '\(directory)' is a file, not a directory"
        case .isDirectory: "cannot commit to '\(target)': it is a directory"
        case .locked(let lock): "cannot commit to '\(target)': it is locked by \(lock.owner ?? "someone")"
        case .unchanged(let revision):
            "nothing committed: '\(target)' already has these contents in r\(revision)"
        }
    }
}
