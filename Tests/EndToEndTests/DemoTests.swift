// `make demo` (examples/demo.sh) in a network namespace that has only loopback: the demo must need nothing outside
// the machine — no DNS question, no outside address — no program but those of the packages `make demo` installs,
// and must leave the user's home alone.
import Foundation
import TestSupport
import Testing

struct DemoTests {
    let scratch = Scratch()

    /// Whether this machine lets the tests make network namespaces: root, ip(8), and no sandbox refusing them.
    static let namespacesArePermitted: Bool = {
        guard NetworkNamespace.canCreate else { return false }
        return (try? runProgram("/usr/bin/unshare", ["--net", "--mount", "/bin/true"], environment: [:]))?.status == 0
    }()

    /// The demo, run with the tb the tests use, in a namespace of its own whose resolver is a recorder on its own
    /// loopback: a name the demo looks up past /etc/hosts is recorded there (it was `no-such-host.invalid`), and a
    /// connection to an outside address fails as unreachable. Its PATH holds only the programs of Debian's Essential
    /// packages and of the demo's packages (`make packages`), so a tool `make demo` would not install is "command
    /// not found" here. The demo's store and HOME stay inside scratch folders.
    @Test(.enabled(if: namespacesArePermitted, "network namespaces are not permitted here (needs root and unshare)"))
    func theDemoNeedsNothingOutsideTheMachine() throws {
        let namespace = try NetworkNamespace()
        let folder = "/etc/netns/\(namespace.name)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "nameserver 127.0.0.1\n".write(toFile: folder + "/resolv.conf", atomically: true, encoding: .utf8)
        let questions = scratch.write("questions.log", "")
        let recorder = namespace.inside(
            "/usr/bin/python3", [Fixtures.folder("servers") + "/dns_recorder.py", questions])
        let server = try RunningProgram(recorder.0, recorder.1, environment: [:])
        #expect(server.readLine() == "ready")

        let home = scratch.file("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let environment = ["PATH": try demoPrograms(), "HOME": home, "TMPDIR": scratch.file(".")]
        // Foundation's Process starts children with its thread's signals blocked: the demo could not stop its own
        // servers (SIGTERM), and one left running holds the descriptor Process waits on. So signals are unblocked
        // (and SIGPIPE, which Python ignores, made default again) before the demo starts; and a demo that hangs (it
        // did, without PYTHONUNBUFFERED in the environment) fails the test rather than the suite.
        let defaultSignals = """
            import os, signal, sys
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            signal.signal(signal.SIGPIPE, signal.SIG_DFL)
            os.execv(sys.argv[1], sys.argv[1:])
            """
        let demo = namespace.inside(
            "/usr/bin/python3",
            [
                "-c", defaultSignals, "/usr/bin/timeout", "-k", "5", "300", "/bin/bash",
                Package.root + "/examples/demo.sh", Package.binary,
            ])
        let result = try runProgram(demo.0, demo.1, environment: environment, directory: scratch.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("== completion: every TAB asks tb itself =="), "the demo did not run to its end")
        // bash's words for a program that is not on PATH (tb's own unknown command ends in 127 too, in other words).
        #expect(!result.stderr.contains("command not found"), "the demo needs a program make demo does not install")
        let asked = try String(contentsOfFile: questions, encoding: .utf8)
        #expect(asked.isEmpty, "the demo looked up names past /etc/hosts: \(asked)")
        // What reaching outside looks like from a namespace with only loopback.
        let transcript = (result.stdout + result.stderr).lowercased()
        for sign in ["unreachable", "name resolution", "resolve"] {
            #expect(!transcript.contains(sign), "'\(sign)' in the demo's output: it reached for the outside")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).isEmpty, "the demo wrote to HOME")
    }

    /// A folder of links to every program of the Essential packages and of the packages `make demo` installs: the
    /// PATH a fresh machine has after `make demo`.
    func demoPrograms() throws -> String {
        let make = try runProgram(
            "/usr/bin/make", ["-s", "--no-print-directory", "-C", Package.root, "packages"],
            environment: ["PATH": "/usr/bin:/bin"])
        let demoLine = make.stdout.split(separator: "\n").first { $0.hasPrefix("demo: ") } ?? ""
        let essential = try runProgram(
            "/usr/bin/dpkg-query", ["-W", "-f", "${Package} ${Essential}\n"], environment: [:]
        ).stdout.split(separator: "\n").filter { $0.hasSuffix(" yes") }.map { String($0.split(separator: " ")[0]) }
        let packages = essential + demoLine.dropFirst("demo: ".count).split(separator: " ").map(String.init)
        #expect(packages.contains("coreutils") && packages.contains("python3"), "\(packages)")
        let listing = try runProgram("/usr/bin/dpkg", ["-L"] + packages, environment: [:]).stdout
        let folder = scratch.file("programs")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for path in listing.split(separator: "\n") where path.contains("bin/") {
            let name = String(path.split(separator: "/").last ?? "")
            guard FileManager.default.isExecutableFile(atPath: String(path)), !name.isEmpty else { continue }
            try? FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: String(path))
        }
        return folder
    }
}
