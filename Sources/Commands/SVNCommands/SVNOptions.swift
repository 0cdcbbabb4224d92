// The options every svn command shares: credentials, svn's configuration, certificates, and prompting.
import POSIX
import SVN
import Toolbox

extension SVNCertificateFailure: ArgumentChoice {
    public static var valueName: String { "FAILURE" }
}

/// The declarations, and the client they describe.
enum SVNOptions {
    static let username = Option<String>("username", value: "NAME", help: "the user name to authenticate as")
    static let passwordFile = Option<String>(
        "password-file", value: "FILE",
        help: "read the password from the first line of FILE, at most \(FileReadError.size(passwordFileLimit)) "
            + "(else TB_SVN_PASSWORD)",
        completion: .files)
    static let configDir = Option<String>(
        "config-dir", value: "DIR", help: "svn's configuration and auth cache (default: ~/.subversion)",
        completion: .directories)
    static let trust = Option<CertificateFailures>(
        "trust-server-cert-failures",
        help: "accept these server certificate failures: unknown-ca, cn-mismatch, expired, not-yet-valid, other")
    static let interactive = Flag(
        "interactive", help: "on a terminal, let svn prompt for credentials and certificates (never in cron)")
    static let timeout = Option<Duration>(
        "timeout",
        help: "give up on a server that sends nothing of use (an entry, a revision, file bytes) for this long, "
            + "connecting included",
        default: .seconds(60))

    /// The most bytes a server may send, and the most memory libsvn may take for them, without a result (an entry, a
    /// log record, a piece of a file): ra_svn holds an item whole until it ends, so a server whose list never ends
    /// would fill the memory. Any real answer hands results over far more often.
    static let unansweredBytes: Int64 = 64 << 20
    static let unansweredMemory: Int64 = 256 << 20

    /// The TARGETs of the commands that read paths (ls, info): with none, the working copy the current directory is in.
    static let pathTargets = Positional(
        "TARGET",
        help: "a URL[@REV], @bookmark[/path], a repository's directory or a path in a working copy (default: . in one)",
        arity: .zeroOrMore,
        completion: .sources)

    static let all: [any OptionDeclaration] = [username, passwordFile, configDir, trust, interactive, timeout]

    /// The most a --password-file may hold: its first line is a password.
    static let passwordFileLimit = 64 << 10

    // What ls, cat and info share besides access: the revision, and how far below the target to go.
    static let revision = Option<RevisionOption>(
        "revision", short: "r", help: "as it was in REV (default: the peg revision, else HEAD)")
    static let recursive = Flag("recursive", short: "R", help: "everything below too, as --depth infinity")
    static let change = Option<String>(
        "change", short: "c", value: "N", help: "as the change made in N left it: -r N", conflicts: [revision])

    /// -r, or the revision -c names.
    static func revision(_ arguments: ParsedArguments) throws(UsageError) -> RevisionText? {
        if let text = try arguments.value(change) { return try ChangeText.revision(text) }
        return try arguments.value(revision)?.revision
    }

    /// --depth, with the command's own default.
    static func depth(default value: SVNDepth) -> Option<SVNDepth> {
        Option<SVNDepth>(
            "depth", help: "how far down: empty, files, immediates or infinity", default: value, conflicts: [recursive])
    }

    /// The depth -R or `option` asks for.
    static func depth(_ arguments: ParsedArguments, _ option: Option<SVNDepth>) throws(UsageError) -> SVNDepth {
        arguments.flag(recursive) ? .infinity : try arguments.valueOrDefault(option)
    }

    /// What the options say, read when the command is made (a missing password file is a usage error).
    struct Values: Sendable {
        var username: String?
        var passwordFile: String?
        var configDirectory: String?
        var trusted: Set<SVNCertificateFailure> = []
        var interactive = false
        var timeout = Duration.seconds(60)
    }

    static func values(_ arguments: ParsedArguments) throws(UsageError) -> Values {
        Values(
            username: try arguments.value(username), passwordFile: try arguments.value(passwordFile),
            configDirectory: try arguments.value(configDir), trusted: try arguments.value(trust)?.failures ?? [],
            interactive: arguments.flag(interactive), timeout: try arguments.valueOrDefault(timeout))
    }

    /// The client these values and the environment describe. The password file is read here, at run time.
    static func client(_ values: Values, context: Context) throws -> SVNClient {
        var settings = SVNClientSettings()
        settings.username = values.username
        settings.configDirectory = values.configDirectory
        settings.trustedFailures = values.trusted
        // Prompts need someone to answer them: --interactive counts only with a terminal to ask on.
        settings.interactive = values.interactive && FileDescriptor.standardInput.isTerminal
        if let file = values.passwordFile {
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.readFile(file, limit: passwordFileLimit)
            } catch {
                throw ToolError("cannot read password file '\(file)': \(error.reason)")
            }
            let line = bytes.prefix { $0 != UInt8(ascii: "\n") }
            settings.password = String(
                decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        } else if let password = context.environment["TB_SVN_PASSWORD"] {
            settings.password = password
        }
        let seconds = values.timeout.components
        settings.timeout = Int(seconds.seconds) + (seconds.attoseconds > 0 ? 1 : 0)
        let client: SVNClient
        do {
            client = try SVNClient(settings)
        } catch {
            throw ToolError(error.description)
        }
        client.byteLimit = unansweredBytes
        client.memoryLimit = unansweredMemory
        return client
    }
}
