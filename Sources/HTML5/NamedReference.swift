/// A named character reference found in the input.
struct NamedReference: Equatable {
    /// How many bytes of the input its name takes, after the '&' (with its ';' when the name has one).
    let length: Int
    /// The code points it stands for: `second` is 0 when it stands for one.
    let first: UInt32
    let second: UInt32
}
