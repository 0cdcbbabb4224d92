// Escaping for the man page macros: text that groff prints as written, without warnings.

/// roff text helpers.
enum Roff {
    /// Escapes running text: backslashes, hyphens (as \- so that options copy and paste), and non-ASCII
    /// characters (as \[uXXXX], which groff understands without preconv).
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case "'" where result.isEmpty || result.hasSuffix("\n"): result += "\\&'"
            case "." where result.isEmpty || result.hasSuffix("\n"): result += "\\&."
            case "\u{2026}": result += "..."
            default:
                if scalar.value < 0x80 {
                    result.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        return result
    }

    /// Prose with paragraphs (blank lines) and pre-formatted blocks (lines starting with spaces), as the
    /// declarations' discussions are written.
    static func paragraphs(_ text: String) -> String {
        var out: [String] = []
        var inBlock = false
        var paragraph: [String] = []
        func flush() {
            if !paragraph.isEmpty {
                out.append(escape(paragraph.joined(separator: " ")))
                paragraph = []
            }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(" ") && !line.allSatisfy({ $0 == " " }) {
                flush()
                if !inBlock {
                    out.append(".PP\n.RS 4\n.nf")
                    inBlock = true
                }
                out.append(escape(String(line.drop { $0 == " " })))
                continue
            }
            if inBlock {
                out.append(".fi\n.RE")
                inBlock = false
            }
            if line.allSatisfy({ $0 == " " }) {
                flush()
            } else {
                if paragraph.isEmpty { out.append(".PP") }
                paragraph.append(String(line))
            }
        }
        flush()
        if inBlock { out.append(".fi\n.RE") }
        return out.joined(separator: "\n")
    }

    /// A tagged paragraph: the tag in bold (or as given), the text below it.
    static func tagged(_ tag: String, _ text: String) -> String {
        ".TP\n" + tag + "\n" + escape(text)
    }

    /// An option's signature as bold names and an italic value: \fB\-f\fR, \fB\-\-note\fR \fITEXT\fR.
    static func signature(_ option: OptionSpec) -> String {
        var names: [String] = []
        if let short = option.displayedShort { names.append("\\fB\\-\(short)\\fR") }
        names.append("\\fB\\-\\-" + escape(option.displayedLong) + "\\fR")
        var text = names.joined(separator: ", ")
        switch option.kind {
        case .flag: break
        case .value: text += " \\fI" + escape(option.valueName) + "\\fR"
        case .optionalValue: text += "[=\\fI" + escape(option.valueName) + "\\fR]"
        }
        return text
    }
}
