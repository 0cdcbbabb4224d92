/// Distributes positional values over the declared positionals, in order.
enum PositionalAssignment {
    static func assign(_ values: [ArgumentWord], to declared: [Positional]) throws(UsageError)
        -> [String: [ArgumentWord]]
    {
        let minimums = declared.map { $0.arity == .one || $0.arity == .oneOrMore ? 1 : 0 }
        var spare = values.count - minimums.reduce(0, +)
        if spare < 0 {
            var filled = values.count
            for (positional, minimum) in zip(declared, minimums) {
                if filled < minimum { throw UsageError("missing argument \(positional.name)") }
                filled -= minimum
            }
        }
        var result: [String: [ArgumentWord]] = [:]
        var next = 0
        for (positional, minimum) in zip(declared, minimums) {
            let maximum = positional.arity == .one || positional.arity == .optional ? 1 : Int.max
            let extra = min(spare, maximum - minimum)
            spare -= extra
            let count = minimum + extra
            if count > 0 { result[positional.name] = Array(values[next..<next + count]) }
            next += count
        }
        if next < values.count {
            throw UsageError("unexpected argument '\(values[next].text)'")
        }
        for positional in declared {
            for value in result[positional.name] ?? [] {
                if let message = positional.check(value.text) { throw UsageError(message) }
            }
        }
        return result
    }
}
