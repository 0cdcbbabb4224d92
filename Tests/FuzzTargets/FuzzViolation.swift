/// A property a fuzz target checks did not hold: libFuzzer keeps the input, a regression test fails with the message.
public struct FuzzViolation: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
