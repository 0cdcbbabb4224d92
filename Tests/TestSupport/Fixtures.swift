import Foundation

/// The fixture files shipped with the tests.
public enum Fixtures {
    /// The folder Tests/Fixtures/NAME.
    public static func folder(_ name: String) -> String { Package.root + "/Tests/Fixtures/" + name }
}
