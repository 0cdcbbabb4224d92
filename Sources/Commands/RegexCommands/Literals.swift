// What -S/--smart-case found among the literal characters of the patterns (see SmartCase).

/// What a scan found among the literal characters.
struct Literals {
    var any = false
    var uppercase = false

    mutating func add(_ scalar: Unicode.Scalar) {
        any = true
        if scalar.properties.isUppercase { uppercase = true }
    }
}
