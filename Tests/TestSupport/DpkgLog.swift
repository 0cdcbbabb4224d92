// A generated log in the shape of /var/log/dpkg.log, for the tests that compare tb regex's anchors and counts with
// grep and ripgrep on the same input (never a system file): the same lines on every run, LF or CRLF endings.

/// dpkg.log-like text: timestamped actions, with some lines of another year, blank lines, trailing spaces and a
/// few lines holding several numbers, so that line counts and match counts differ.
public enum DpkgLog {
    /// `lines` lines from `seed`, each ended by `ending` (the last one too).
    public static func text(lines: Int, seed: UInt64 = 2025, ending: String = "\n") -> String {
        var random = SeededGenerator(seed: seed)
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        let packages = ["libc6", "man-db", "tzdata", "openssl", "libssl3", "base-files", "apt", "systemd"]
        let actions = ["status installed", "status unpacked", "status half-configured", "configure", "upgrade"]
        var out = ""
        var second = 0
        for index in 0..<lines {
            second += Int(random.next() % 7)
            let year = index > 0 && random.next() % 9 == 0 ? "2024" : "2025"
            let stamp =
                "\(year)-0\(1 + (second / 86_400) % 9)-\(10 + (second / 3_600) % 18) "
                + "\(10 + (second / 60) % 14):\(10 + second % 50):\(10 + (second * 7) % 50)"
            let package = pick(packages) + ":amd64"
            let version = "\(1 + random.next() % 3).\(random.next() % 40)-\(1 + random.next() % 9)"
            let line: String
            switch random.next() % 16 {
            case 0: line = ""
            case 1: line = "\(stamp) startup archives unpack "
            case 2: line = "\(stamp) trigproc \(package) \(version) <none>"
            case 3: line = "\(stamp) status installed \(package) \(version) installed"
            default:
                let action = pick(actions)
                line =
                    action == "configure"
                    ? "\(stamp) configure \(package) \(version) <none>"
                    : action == "upgrade"
                        ? "\(stamp) upgrade \(package) \(version) \(version)"
                        : "\(stamp) \(action) \(package) \(version)"
            }
            out += line + ending
        }
        return out
    }
}
