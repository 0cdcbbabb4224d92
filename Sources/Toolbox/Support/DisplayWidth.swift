// How many terminal columns text takes: wide East Asian characters and emoji take two, combining marks none.

/// Terminal column widths.
public enum DisplayWidth {
    /// The columns `text` takes on a terminal.
    public static func of(_ text: String) -> Int {
        var width = 0
        for scalar in text.unicodeScalars { width += of(scalar) }
        return width
    }

    /// The columns one scalar takes: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return ControlCharacters.isControl(scalar) ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B { return 0 }
        return isWide(value) ? 2 : 1
    }

    /// The longest prefix of `text` that fits in `width` columns, with `…` appended when text was cut (`for…`, not
    /// `for …`).
    public static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 0 else { return "" }
        var kept = prefix(of: text, fitting: width - 1).text
        while kept.last == " " { kept.removeLast() }
        return kept + "…"
    }

    /// The longest start of `text` that fits in `width` columns, and the columns it takes.
    public static func prefix(of text: some Collection<Character>, fitting width: Int) -> (text: String, width: Int) {
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > width { break }
            result.append(character)
            used += columns
        }
        return (result, used)
    }

    /// The longest end of `text` that fits in `width` columns, and the columns it takes.
    public static func suffix(of text: [Character], fitting width: Int) -> (text: String, width: Int) {
        let start = prefix(of: text.reversed(), fitting: width)
        return (String(start.text.reversed()), start.width)
    }

    /// The columns one character takes.
    static func of(_ character: Character) -> Int {
        character.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    // East Asian Wide and Fullwidth blocks, and the emoji blocks terminals draw two columns wide.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
        0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x18CFF,
        0x1B000...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
        0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF,
        0x1FA70...0x1FAFF, 0x20000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < wideRanges[middle].lowerBound {
                high = middle - 1
            } else if value > wideRanges[middle].upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
