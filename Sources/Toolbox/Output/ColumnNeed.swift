/// What one column asks of the width.
struct ColumnNeed: Equatable {
    /// The least it can do with.
    var minimum: Int
    /// What it would take; nil for as much as there is.
    var desired: Int?
    /// Its widest value so far, header included: what it gets when there is no width to fit and no other bound.
    var widest: Int
    /// Whether it shares the room the others leave (text, URLs) rather than keeping to a width of its own.
    var flexible: Bool
    /// When the width is too small for every column, the most expendable are left out first.
    var expendability: Int
    /// For a column the command named to get its width first: how wide it grows before text and URLs share the rest.
    var claim: Int? = nil
}
