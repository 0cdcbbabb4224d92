// Fuzz target `template`: any text as a --template. It parses or fails with a usage error; what parses
// renders records with strings, numbers, nested arrays and objects, and every row ends with a newline.
import Bytes

@testable import Toolbox

/// The --template parser and renderer.
enum TemplateTarget: FuzzTarget {
    static let name = "template"
    static let fields = ["title", "link", "count", "enclosures"]

    static func check(_ input: [UInt8]) throws(FuzzViolation) {
        let text = String(decoding: input, as: UTF8.self)
        let template: Template
        do {
            template = try Template(text, fields: fields)
        } catch {
            return  // a usage error, one line on stderr as every message (Diagnostics)
        }
        let values: [String: Value] = [
            "title": .string("a\tb\nc\u{1}d\u{7F}é"),
            "link": .null,
            "count": .integer(-3),
            "enclosures": .array([.object([.init("url", .string("u")), .init("length", .number(1.5))]), .bool(true)]),
        ]
        var out = ByteBuffer(capacity: 64)
        template.render(to: &out, type: "sample") { values[$0] ?? .null }
        let endsWithNewline = out.withSpan { $0.count > 0 && $0[$0.count - 1] == 0x0A }
        try require(endsWithNewline, "'\(text)': a row that does not end with a newline")
    }
}
