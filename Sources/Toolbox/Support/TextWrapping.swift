// Wraps prose to a width for help text, keeping paragraphs and indented (pre-formatted) lines.

/// Word wrapping for help text.
public enum TextWrapping {
    /// Wraps `text` to `width` columns, prefixing every line with `indent`. Blank lines separate paragraphs;
    /// lines that start with spaces are examples or lists and are kept as they are.
    public static func wrap(_ text: String, width: Int, indent: String = "") -> String {
        var lines: [String] = []
        var paragraph: [Substring] = []
        func flushParagraph() {
            guard !paragraph.isEmpty else { return }
            var line = ""
            for word in paragraph.joined(separator: " ").split(separator: " ", omittingEmptySubsequences: true) {
                if !line.isEmpty && DisplayWidth.of(indent + line) + 1 + DisplayWidth.of(String(word)) > width {
                    lines.append(indent + line)
                    line = ""
                }
                line += line.isEmpty ? String(word) : " " + word
            }
            if !line.isEmpty { lines.append(indent + line) }
            paragraph = []
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if raw.allSatisfy({ $0 == " " }) {
                flushParagraph()
                lines.append("")
            } else if raw.hasPrefix(" ") {
                flushParagraph()
                lines.append(indent + raw)
            } else {
                paragraph.append(raw)
            }
        }
        flushParagraph()
        while lines.last == "" { lines.removeLast() }
        return lines.map { $0.allSatisfy { $0 == " " } ? "" : $0 }.joined(separator: "\n")
    }
}
