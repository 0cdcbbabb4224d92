// Subversion for the tests: the fixture repositories (Tests/Fixtures/svn/make-repository.sh), svnserve, Apache with
// mod_dav_svn and sshd (for svn+ssh) on 127.0.0.1, and the real svn client with svn_xml.py to compare tb against.
import Foundation

/// The fixture repositories, `public` and `private`, side by side in one parent directory: the same paths, contents,
/// authors, messages and dates (see the top of Tests/Fixtures/svn/make-repository.sh for what each path is for),
/// different UUIDs. svnserve asks for a password for `private` (`username`/`password`), Apache for `/svn/private`.
///
/// A repository URL for each scheme (`repositories` from `SVNRepositories.shared()`, paths already URL-escaped):
/// - file://: `repositories.fileURL("public", "/trunk")`
/// - svn://: `let server = try TestServer.svnserve(root: repositories.parent, scratch: scratch)`, then
///   `server.url("/public/trunk")`, `server.url("/private/trunk")` (needs `--username alice` and the password)
/// - http://: `let server = try TestServer.apacheSVN(root: repositories.parent, scratch: scratch)`, then
///   `server.url("/svn/public/trunk")`, `server.url("/svn/private/trunk")` (Basic auth, alice/secret)
/// - https://: the same with `apacheSVN(root:scratch:tls: true)` (a self-signed certificate: svn and tb need
///   `--trust-server-cert-failures unknown-ca`)
/// - svn+ssh://: `let server = try TestServer.sshd(scratch: scratch)`, then
///   `server.url(repositories.path("public") + "/trunk")`, with `SVN_SSH` set to `server.svnSSH` in the environment
///   of svn and tb (the client key is the credential: no password, and `private` is open to it too)
///
/// Names in URLs are escaped as svn escapes them: `trunk/100%25.txt`, `trunk/a%2520b.txt`,
/// `trunk/with%20space.txt`, `trunk/%C3%BCn%C3%AFcode.txt`; `trunk/at@sign.txt` needs a trailing `@` for svn.
public final class SVNRepositories: Sendable {
    /// The directory holding `public` and `private` (svnserve's `-r`, Apache's `SVNParentPath`).
    public let parent: String

    /// The youngest revision of both repositories.
    public static let youngest = 35
    public static let publicUUID = "7b2e6e78-5356-4e00-8000-000000000001"
    public static let privateUUID = "7b2e6e78-5356-4e00-8000-000000000002"
    /// The one account of the protected repositories (svnserve's passwd, Apache's htpasswd).
    public static let username = "alice"
    public static let password = "secret"

    /// Builds both repositories in `parent` (about 2 s), readable by Apache's user. With `allowWrites`, svnserve
    /// lets `username` commit to `private` (anonymous users still only read `public`).
    public init(in parent: String, allowWrites: Bool = false) throws {
        self.parent = parent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        try Self.make(at: parent + "/public", uuid: Self.publicUUID)
        // A copy is as good as a second build, in a fraction of the time.
        try Self.run("/bin/cp", ["-a", parent + "/public", parent + "/private"])
        try Self.run("/usr/bin/svnadmin", ["setuuid", parent + "/private", Self.privateUUID])
        try Self.requirePassword(parent + "/private", allowWrites: allowWrites)
        // Apache's workers run as www-data and read the repositories with its rights.
        if getuid() == 0 { try Self.run("/bin/chown", ["-R", "www-data:www-data", parent]) }
    }

    /// One pair for the whole test run, built on first use and removed when the test process exits. Read only: a
    /// test that commits, locks or changes properties builds its own with `init(in:)` in its scratch directory.
    public static func shared() throws -> SVNRepositories { try sharedRepositories.get() }

    private static let sharedParent = NSTemporaryDirectory() + "tb-svn-" + UUID().uuidString
    private static let sharedRepositories = Result { () throws -> SVNRepositories in
        atexit { try? FileManager.default.removeItem(atPath: SVNRepositories.sharedParent) }
        return try SVNRepositories(in: sharedParent)
    }

    /// The directory of the repository `name` (`public` or `private`).
    public func path(_ name: String) -> String { parent + "/" + name }

    /// The file:// URL of `path` (URL-escaped, starting with `/`, or empty for the root) in repository `name`.
    public func fileURL(_ name: String, _ path: String = "") -> String { "file://" + parent + "/" + name + path }

    /// Runs make-repository.sh: the fixture repository at `path` with `uuid`.
    public static func make(at path: String, uuid: String = publicUUID) throws {
        try run("/bin/bash", [Fixtures.folder("svn") + "/make-repository.sh", path, uuid])
    }

    /// Makes svnserve ask for `username` and `password` before anything in `repository`, and with `allowWrites` let
    /// them commit (Apache has its own rules).
    public static func requirePassword(_ repository: String, allowWrites: Bool = false) throws {
        let access = allowWrites ? "write" : "read"
        try "[general]\nanon-access = none\nauth-access = \(access)\npassword-db = passwd\nrealm = tb test\n".write(
            toFile: repository + "/conf/svnserve.conf", atomically: true, encoding: .utf8)
        try "[users]\n\(username) = \(password)\n".write(
            toFile: repository + "/conf/passwd", atomically: true, encoding: .utf8)
    }

    static func run(_ program: String, _ arguments: [String]) throws {
        let result = try runProgram(program, arguments, environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"])
        guard result.status == 0 else {
            throw ServerError("\(program) \(arguments.joined(separator: " ")): \(result.stderr)")
        }
    }
}

/// A repository with a long log and nothing else (Tests/Fixtures/svn/make-long-log.py): `revisions` revisions, each
/// with a log message of about 600 bytes, in `parent + "/long"` (svn://127.0.0.1:PORT/long from
/// `TestServer.svnserve(root: parent, ...)`). Built on first use, about 2 s, and removed when the test process exits.
public enum LongLogRepository {
    public static let revisions = 200

    /// The directory holding the repository `long`.
    public static func parent() throws -> String { try built.get() }

    private static let built = Result { try GeneratedRepositories.make("long", [String(revisions)]) }
}

/// A repository whose answers are each bigger than the most tb reads without a result (64 MiB): r1 adds
/// trunk/big.bin, 72 MiB of pseudo-random bytes (svndiff cannot shrink them), and each of its 70 revisions has a log
/// message of 1 MiB (Tests/Fixtures/svn/make-long-log.py), in `parent + "/big"`. Built on first use, and removed when
/// the test process exits.
public enum BigAnswersRepository {
    public static let revisions = 70
    public static let fileBytes = 72 << 20

    /// The directory holding the repository `big`.
    public static func parent() throws -> String { try built.get() }

    private static let built = Result {
        try GeneratedRepositories.make("big", [String(revisions), String(1 << 20), String(fileBytes)])
    }
}

/// The repository of diffs, blame and properties (Tests/Fixtures/svn/make-edits-repository.sh: moves, a copy, binary
/// files, property changes, CRLF and svn:eol-style files, a custom revision property), in `parent + "/edits"`
/// (svn://127.0.0.1:PORT/edits from `TestServer.svnserve(root: parent, ...)`, http://127.0.0.1:PORT/svn/edits from
/// `TestServer.apacheSVN(root: parent, ...)`). Built on first use, readable by Apache's user, and removed when the
/// test process exits. Read only.
public enum EditsRepository {
    public static let youngest = 6

    /// The directory holding the repository `edits`.
    public static func parent() throws -> String { try built.get() }

    private static let built = Result { () throws -> String in
        let parent = GeneratedRepositories.parent + "-edits"
        atexit { try? FileManager.default.removeItem(atPath: GeneratedRepositories.parent + "-edits") }
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        try SVNRepositories.run("/bin/bash", [Fixtures.folder("svn") + "/make-edits-repository.sh", parent + "/edits"])
        if getuid() == 0 { try SVNRepositories.run("/bin/chown", ["-R", "www-data:www-data", parent]) }
        return parent
    }
}

/// The repositories make-long-log.py builds, side by side in one directory removed when the test process exits.
enum GeneratedRepositories {
    static let parent = NSTemporaryDirectory() + "tb-svn-generated-" + UUID().uuidString
    private static let removedAtExit: Void = {
        atexit { try? FileManager.default.removeItem(atPath: GeneratedRepositories.parent) }
    }()

    /// Builds the repository `name` with make-long-log.py's `arguments` after its directory; returns `parent`.
    static func make(_ name: String, _ arguments: [String]) throws -> String {
        _ = removedAtExit
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        try SVNRepositories.run(
            "/usr/bin/python3", [Fixtures.folder("svn") + "/make-long-log.py", parent + "/" + name] + arguments)
        return parent
    }
}

/// What a fake svnserve does after its greeting (Tests/Fixtures/servers/hostile_svnserve.py).
public enum HostileSVNServe: String {
    /// "( success ( ( ANONYMOUS ) " and then "word " for ever, as fast as tb reads: an authentication request whose
    /// list never ends.
    case flood
    /// Spaces for ever, as fast as tb reads: bytes that never make an answer, and hold no memory.
    case spaces
    /// One space a second for ever: bytes that never make an answer.
    case trickle
}

extension TestServer {
    /// A fake svnserve at svn://127.0.0.1:PORT/ that greets as svnserve does and then never ends its answer; every
    /// connection the same.
    public static func hostileSVNServe(_ behaviour: HostileSVNServe) throws -> TestServer {
        try python("hostile_svnserve.py", [behaviour.rawValue], scheme: "svn")
    }

    /// svnserve serving the repositories under `root` (`-r`) at svn://127.0.0.1:PORT/NAME, one thread per
    /// connection; its log is in `scratch`. With `SVNRepositories`, `/private` asks for a password.
    public static func svnserve(root: String, scratch: Scratch) throws -> TestServer {
        let (process, port) = try listening("svnserve") { port in
            try spawn(
                "/usr/bin/svnserve",
                [
                    "-d", "--foreground", "--threads", "--listen-host", "127.0.0.1", "--listen-port", String(port),
                    "-r", root, "--log-file", scratch.file("svnserve-\(port).log"),
                ])
        }
        return TestServer(process: process, port: port, scheme: "svn")
    }

    /// Apache with mod_dav_svn serving the repositories under `root` (`SVNParentPath`) at
    /// http://127.0.0.1:PORT/svn/NAME: `/svn/public` to anyone, `/svn/private` only with Basic auth as
    /// `SVNRepositories.username` and `password`. Its configuration, pid file and error log are in `scratch`; its
    /// workers run as www-data (the repositories must be readable by it, as `SVNRepositories` makes them).
    ///
    /// With `tls`, the same at https://127.0.0.1:PORT/svn/NAME (mod_ssl), with a self-signed certificate for
    /// `certificateName` (CN and subjectAltName) in `apache-PORT/cert.pem`: svn and tb refuse it as `unknown-ca`
    /// unless told to trust it, and as `cn-mismatch` too when the name is not 127.0.0.1.
    public static func apacheSVN(
        root: String, scratch: Scratch, tls: Bool = false, certificateName: String = "127.0.0.1"
    ) throws -> TestServer {
        let (process, port) = try listening("apache2") { port in
            let directory = scratch.file("apache-\(port)")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            var secure = ""
            if tls {
                try makeCertificate(in: directory, name: certificateName)
                secure = """
                    LoadModule ssl_module /usr/lib/apache2/modules/mod_ssl.so
                    SSLEngine on
                    SSLCertificateFile \(directory)/cert.pem
                    SSLCertificateKeyFile \(directory)/key.pem
                    """
            }
            let passwords = directory + "/htpasswd"
            try SVNRepositories.run(
                "/usr/bin/htpasswd", ["-bc", passwords, SVNRepositories.username, SVNRepositories.password])
            chmod(passwords, 0o644)
            let modules = ["mpm_event", "authz_core", "authz_user", "authn_core", "authn_file", "auth_basic", "dav"]
                .map { "LoadModule \($0)_module /usr/lib/apache2/modules/mod_\($0).so" }
            let configuration = """
                ServerRoot \(directory)
                ServerName 127.0.0.1
                Listen 127.0.0.1:\(port)
                PidFile \(directory)/httpd.pid
                DefaultRuntimeDir \(directory)
                Mutex file:\(directory) default
                ErrorLog \(directory)/error.log
                LogLevel warn
                DocumentRoot \(directory)
                User www-data
                Group www-data
                \(modules.joined(separator: "\n"))
                LoadModule dav_svn_module /usr/lib/apache2/modules/mod_dav_svn.so
                \(secure)
                StartServers 1
                ServerLimit 1
                ThreadsPerChild 32
                MaxRequestWorkers 32
                MinSpareThreads 1
                MaxSpareThreads 64
                <Location /svn>
                    DAV svn
                    SVNParentPath \(root)
                    Require all granted
                </Location>
                <Location /svn/private>
                    AuthType Basic
                    AuthName "tb test"
                    AuthUserFile \(passwords)
                    Require valid-user
                </Location>

                """
            try configuration.write(toFile: directory + "/httpd.conf", atomically: true, encoding: .utf8)
            return try spawn("/usr/sbin/apache2", ["-f", directory + "/httpd.conf", "-DFOREGROUND"])
        }
        // SIGTERM: Apache takes its workers down with it; after SIGKILL they would keep the port.
        return TestServer(process: process, port: port, scheme: tls ? "https" : "http", stopSignal: SIGTERM)
    }

    /// sshd for svn+ssh://127.0.0.1/ABSOLUTE/PATH/OF/REPOSITORY: its own configuration, host key and client key in
    /// `scratch`, listening on 127.0.0.1 only. The client key logs in as the current user (root in CI) and can only
    /// run `svnserve -t`. `svnSSH` is the SVN_SSH value for svn and tb: the port, the key, a known-hosts file in
    /// scratch and batch mode, so nothing in ~/.ssh is read or written and nothing prompts.
    public static func sshd(scratch: Scratch) throws -> TestServer {
        let directory = scratch.file("sshd")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // sshd refuses to start without its privilege separation directory, which a container may lack.
        if !FileManager.default.fileExists(atPath: "/run/sshd") {
            try FileManager.default.createDirectory(
                atPath: "/run/sshd", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        }
        for key in ["host_key", "client_key"] {
            try SVNRepositories.run(
                "/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", "\(directory)/\(key)"])
        }
        let clientKey = try String(contentsOfFile: directory + "/client_key.pub", encoding: .utf8)
        try "restrict,command=\"/usr/bin/svnserve -t\" \(clientKey)".write(
            toFile: directory + "/authorized_keys", atomically: true, encoding: .utf8)
        // An empty client configuration: none of ~/.ssh/config applies.
        try "".write(toFile: directory + "/ssh_config", atomically: true, encoding: .utf8)
        let (process, port) = try listening("sshd") { port in
            let configuration = """
                Port \(port)
                ListenAddress 127.0.0.1
                HostKey \(directory)/host_key
                PidFile \(directory)/sshd-\(port).pid
                AuthorizedKeysFile \(directory)/authorized_keys
                PermitRootLogin prohibit-password
                PubkeyAuthentication yes
                PasswordAuthentication no
                KbdInteractiveAuthentication no
                UsePAM no
                StrictModes no

                """
            let file = "\(directory)/sshd_config-\(port)"
            try configuration.write(toFile: file, atomically: true, encoding: .utf8)
            return try spawn("/usr/sbin/sshd", ["-D", "-f", file, "-E", "\(directory)/sshd-\(port).log"])
        }
        let svnSSH = [
            "ssh", "-q", "-F", "\(directory)/ssh_config", "-p", String(port), "-i", "\(directory)/client_key",
            "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none", "-o", "UserKnownHostsFile=\(directory)/known_hosts",
            "-o", "StrictHostKeyChecking=no", "-o", "BatchMode=yes", "-o", "ConnectTimeout=10",
        ].joined(separator: " ")
        return TestServer(process: process, port: port, scheme: "svn+ssh", stopSignal: SIGTERM, svnSSH: svnSSH)
    }
}

/// The real svn command-line client, the yardstick: never prompts, keeps its configuration and auth cache in the
/// test's scratch directory (pass `--no-auth-cache` with `--password` to keep even that empty).
public struct SVNClient {
    /// The environment svn runs in: the scratch environment, with SVN_SSH when given. tb can run in it too.
    public let environment: [String: String]
    /// svn's `--config-dir`.
    public let configDirectory: String

    public init(scratch: Scratch, svnSSH: String? = nil) {
        var environment = scratch.environment
        environment["SVN_SSH"] = svnSSH
        self.environment = environment
        configDirectory = scratch.file("svn-config")
    }

    /// Runs `svn --non-interactive --config-dir DIR ARGUMENTS...`, in `directory` when given (a working copy).
    public func run(_ arguments: [String], directory: String? = nil) throws -> Finished {
        try runProgram(
            "/usr/bin/svn", ["--non-interactive", "--config-dir", configDirectory] + arguments,
            environment: environment, directory: directory)
    }

    /// Runs `svn ARGUMENTS... --xml` (ls, log or info) and returns the NDJSON lines tb should print for the same
    /// question, through Tests/Fixtures/svn/svn_xml.py. `fileTarget` settles whether an ls target is a file when the
    /// listing alone cannot tell (see svn_xml.py). Throws when svn fails.
    public func records(_ arguments: [String], fileTarget: Bool? = nil, directory: String? = nil) throws -> [String] {
        let answer = try run(arguments + ["--xml"], directory: directory)
        guard answer.status == 0 else {
            throw ServerError("svn \(arguments.joined(separator: " ")): \(answer.stderr)")
        }
        var options: [String] = []
        if let fileTarget { options = [fileTarget ? "--file-target" : "--dir-target"] }
        let converted = try runProgram(
            "/usr/bin/python3", [Fixtures.folder("svn") + "/svn_xml.py"] + options, environment: environment,
            input: Data(answer.stdout.utf8))
        guard converted.status == 0 else { throw ServerError("svn_xml.py: \(converted.stderr)") }
        return converted.lines
    }
}
