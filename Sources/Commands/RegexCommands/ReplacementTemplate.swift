// The --replace template of tb regex, checked against the pattern before any input is read.
import PCRE2
import Toolbox

/// Checks a --replace template: `$$`, `$N`, `${N}`, `$name` and `${name}` must name groups the pattern has.
enum ReplacementTemplate {
    static func check(_ template: String, against pattern: PCRE2Pattern) throws(UsageError) {
        let bytes = Array(template.utf8)
        var index = 0
        func isWord(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "$") else {
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else {
                throw UsageError("invalid --replace template: '$' at its end (write $$ for a dollar sign)")
            }
            if bytes[index] == UInt8(ascii: "$") {
                index += 1
                continue
            }
            var reference: String
            if bytes[index] == UInt8(ascii: "{") {
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
                    throw UsageError("invalid --replace template: unterminated '${'")
                }
                reference = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
                index = close + 1
            } else {
                let end = bytes[index...].firstIndex { !isWord($0) } ?? bytes.count
                reference = String(decoding: bytes[index..<end], as: UTF8.self)
                index = end
            }
            guard !reference.isEmpty else {
                throw UsageError(
                    "invalid --replace template: '$' must be followed by a group (write $$ for a dollar sign)")
            }
            if let number = Int(reference) {
                guard number <= pattern.captureCount else {
                    throw UsageError("--replace refers to group \(number), but the pattern has \(pattern.captureCount)")
                }
            } else if pattern.groupNumber(named: reference) == nil {
                throw UsageError("--replace refers to group '\(reference)', which the pattern does not name")
            }
        }
    }
}
