// What a fuzz target is: a name for `make fuzz`, the fixtures that seed its corpus, and a property that must hold for
// every input. libFuzzer (Tests/FuzzDriver) and the regression tests (FuzzRegressionTests) both call `check`.

/// One fuzz target.
public protocol FuzzTarget: SendableMetatype {
    /// The name `make fuzz` and `TB_FUZZ_TARGET` use, and the folder of its seeds under Tests/Fixtures/fuzz.
    static var name: String { get }
    /// More folders under Tests/Fixtures whose files seed the corpus (feeds for the feed target…).
    static var seedFolders: [String] { get }
    /// Runs tb's code on `input`; a crash, a hang or a thrown violation is a finding.
    static func check(_ input: [UInt8]) throws(FuzzViolation)
}

extension FuzzTarget {
    public static var seedFolders: [String] { [] }
}

/// Throws a violation saying `message` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzViolation) {
    if !condition { throw FuzzViolation(message()) }
}
