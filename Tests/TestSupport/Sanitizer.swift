// The sanitizer a run is under (`make test-asan`, `make test-tsan`), and the settings its children need.
import Foundation

/// What `make test-asan` and `make test-tsan` tell the tests: the tb binary is then the sanitized build's.
public enum Sanitizer {
    /// "address" or "thread" under `make test-asan` or `make test-tsan` (from $TB_SANITIZER), nil otherwise.
    public static let current: String? = ProcessInfo.processInfo.environment["TB_SANITIZER"]

    /// True when the tests run under a sanitizer: the few tests that cannot hold there (peak memory, say) are
    /// skipped with `.disabled(if: Sanitizer.isOn, "reason")`.
    public static var isOn: Bool { current != nil }

    /// How many times longer work takes here than in the normal build, for the few tests that bound a time to tell
    /// linear from quadratic work: about 3 under ASan, 10 under TSan (which also runs the tests side by side).
    public static var slowdown: Int {
        switch current {
        case "address": 3
        case "thread": 10
        default: 1
        }
    }

    /// The sanitizers' options: the tests hand every child an environment of their own, and a sanitized tb that
    /// ran without them would neither find the suppressions nor write its report where the Makefile looks.
    static let settings: [String: String] = ProcessInfo.processInfo.environment.filter { name, _ in
        ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS", "TB_SANITIZER"].contains(name)
    }

    /// `environment` with the sanitizers' options added (a test's own value wins).
    public static func forwarding(into environment: [String: String]) -> [String: String] {
        environment.merging(settings) { own, _ in own }
    }
}
