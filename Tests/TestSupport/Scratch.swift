// A temporary directory for one test, removed when the test is done with it.
import Foundation

/// A fresh directory under the system's temporary directory.
public final class Scratch {
    public let path: String

    public init() {
        path = NSTemporaryDirectory() + "tb-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A path inside the directory.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to a file inside the directory and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String, executable: Bool = false) -> String {
        let target = file(name)
        try? FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: target, contents: Data(text.utf8))
        if executable { chmod(target, 0o755) }
        return target
    }

    /// Writes `bytes` to a file inside the directory and returns its path.
    @discardableResult
    public func write(bytes name: String, _ bytes: [UInt8]) -> String {
        let target = file(name)
        _ = FileManager.default.createFile(atPath: target, contents: Data(bytes))
        return target
    }

    /// The text of a file inside the directory, or nil.
    public func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: file(name)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// An environment that keeps tb's store inside this directory and has no terminal settings (and, under
    /// `make test-asan` or `make test-tsan`, the sanitizers' options).
    public var environment: [String: String] {
        Sanitizer.forwarding(into: [
            "HOME": path,
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "TB_CONFIG_DIR": path + "/config",
            "TB_STATE_DIR": path + "/state",
            "TB_CACHE_DIR": path + "/cache",
            "LC_ALL": "C.UTF-8",
        ])
    }
}
