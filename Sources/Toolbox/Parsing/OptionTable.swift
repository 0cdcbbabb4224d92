/// The options one command accepts, looked up by long and short name.
struct OptionTable {
    let options: [OptionSpec]

    func long(_ name: String) -> OptionSpec? {
        options.first { $0.long == name }
    }

    func short(_ letter: Character) -> OptionSpec? {
        options.first { $0.short == letter }
    }

    /// Reads the option at `arguments[index]` (and its value) into `values`; returns the index after it.
    func consume(_ arguments: [ArgumentWord], at index: Int, into values: inout [String: [ArgumentWord]])
        throws(UsageError) -> Int
    {
        let token = arguments[index].text
        if token.hasPrefix("--") {
            return try consumeLong(token, arguments, at: index, into: &values)
        }
        // A cluster of short options: -abc, or -ovalue when o takes a value.
        var letters = Substring(token.dropFirst())
        // Short names are ASCII letters, one byte each: after `consumed` of them the value's bytes start.
        var consumed = 0
        while let letter = letters.first {
            letters = letters.dropFirst()
            consumed += 1
            guard let option = short(letter) else {
                throw UsageError(
                    "unknown option '-\(letter)'" + (letters.isEmpty && token.count == 2 ? "" : " in '\(token)'"))
            }
            if option.kind == .flag {
                values[option.long, default: []].append(Self.on)
                continue
            }
            if !letters.isEmpty {
                try take(arguments[index].suffix(from: 1 + consumed), for: option, into: &values)
                return index + 1
            }
            if case .optionalValue(let bare) = option.kind {
                try take(ArgumentWord(bare), for: option, into: &values)
                return index + 1
            }
            guard index + 1 < arguments.count else { throw UsageError("option '-\(letter)' needs a value") }
            try take(arguments[index + 1], for: option, into: &values)
            return index + 2
        }
        return index + 1
    }

    private func consumeLong(
        _ token: String, _ arguments: [ArgumentWord], at index: Int,
        into values: inout [String: [ArgumentWord]]
    ) throws(UsageError) -> Int {
        let body = token.dropFirst(2)
        let name: String
        var inlineValue: ArgumentWord?
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            // The name is ASCII up to the first "=", whose byte is the first 0x3D of the word.
            let bytes = arguments[index].bytes
            inlineValue = arguments[index].suffix(from: (bytes.firstIndex(of: 0x3D) ?? bytes.count) + 1)
        } else {
            name = String(body)
        }
        if let option = long(name) {
            switch option.kind {
            case .flag:
                guard inlineValue == nil else { throw UsageError("option '--\(name)' takes no value") }
                values[name, default: []].append(Self.on)
                return index + 1
            case .value:
                if let inlineValue {
                    try take(inlineValue, for: option, into: &values)
                    return index + 1
                }
                guard index + 1 < arguments.count else { throw UsageError("option '--\(name)' needs a value") }
                try take(arguments[index + 1], for: option, into: &values)
                return index + 2
            case .optionalValue(let bare):
                try take(inlineValue ?? ArgumentWord(bare), for: option, into: &values)
                return index + 1
            }
        }
        if name.hasPrefix("no-"), let option = long(String(name.dropFirst(3))), option.kind == .flag {
            guard inlineValue == nil else { throw UsageError("option '--\(name)' takes no value") }
            values[option.long, default: []].append(Self.off)
            return index + 1
        }
        let known = options.filter { !$0.hidden }.map { "--\($0.long)" }
        throw UsageError("unknown option '--\(name)'" + Suggestion.didYouMean("--\(name)", among: known))
    }

    /// Records an option's value once its declaration accepts it: a value that is not what the option takes (the
    /// next word swallowed, as in `--limit news.xml`) is reported as such, not as a positional gone missing.
    private func take(_ value: ArgumentWord, for option: OptionSpec, into values: inout [String: [ArgumentWord]])
        throws(UsageError)
    {
        if let message = option.check(value.text) { throw UsageError(message) }
        values[option.long, default: []].append(value)
    }

    /// Options given together that do not go together, or given without one they need.
    func checkCombinations(_ values: [String: [ArgumentWord]]) throws(UsageError) {
        func given(_ name: String) -> Bool {
            guard let last = values[name]?.last else { return false }
            return long(name)?.kind != .flag || last.text == "true"
        }
        for option in options where given(option.long) {
            for other in option.conflicts where given(other) {
                // Named in the order the command declares them, whichever side declared the conflict.
                let order =
                    options.firstIndex { $0.long == other } ?? 0 < options.firstIndex { $0.long == option.long } ?? 0
                let (first, second) = order ? (other, option.long) : (option.long, other)
                throw UsageError("--\(first) and --\(second) do not go together")
            }
            for other in option.requires where !given(other) {
                throw UsageError("--\(option.long) goes with --\(other)")
            }
        }
    }

    /// What a flag's value is recorded as.
    static let on = ArgumentWord("true")
    static let off = ArgumentWord("false")
}
