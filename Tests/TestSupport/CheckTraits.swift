// The conditions a test states when it needs more than the build: `make check` (TB_CHECK set) is the quick loop
// that needs no root, no network and no test package, so it leaves out what starts a server or needs root, and a
// test that compares with a peer tool runs only where the tool is installed (make test installs them all).
import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// The test starts a server on 127.0.0.1 (nginx, svnserve, Python's): left out of `make check`.
    public static var startsServers: Self {
        .disabled(if: ProcessInfo.processInfo.environment["TB_CHECK"] != nil, "make check starts no server")
    }

    /// The test makes device nodes or changes owners: root only, and left out of `make check`.
    public static var needsRoot: Self {
        .enabled(
            if: ProcessInfo.processInfo.environment["TB_CHECK"] == nil && getuid() == 0,
            "needs root (make test runs as root)")
    }

    /// The test compares with a peer tool at `path` (rg, grep, python3…): skipped where it is not installed.
    public static func needsProgram(_ path: String) -> Self {
        .enabled(if: FileManager.default.isExecutableFile(atPath: path), "needs \(path) (make deps installs it)")
    }
}
