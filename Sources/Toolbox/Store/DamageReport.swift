import Bytes

/// Says which lines of a store file are damaged: once each, as `'PATH' line N: damaged, kept as it is (REASON)`.
struct DamageReport {
    let warn: (String) -> Void
    private var reported = Set<Int>()

    init(warn: @escaping (String) -> Void) {
        self.warn = warn
    }

    mutating func report(line number: Int, _ reason: String, in path: String) {
        guard reported.insert(number).inserted else { return }
        warn("'\(path)' line \(number): damaged, kept as it is (\(reason))")
    }
}
