// The record of tb svn proplist and propget: one property of a node, or of a revision with --revprop.
import SVN
import Toolbox

/// One property.
struct PropertyRecord: Record {
    static let schema = RecordSchema(
        type: "property", summary: "one per property of each node (or of the revision, with --revprop)",
        fields: [
            Field(
                "path", .string,
                "the node's path: the TARGET's name, and below it the path relative to the TARGET, as tb svn info "
                    + "names them; null for a revision property",
                nature: .url),
            Field(
                "revision", .integer, "with --revprop, the revision the property belongs to; null for a node's",
                table: .whenSet),
            Field("name", .string, "the property's name, such as svn:mime-type", nature: .short(16)),
            Field("value", .string, "its value: the text as stored when it is UTF-8, else its bytes in base64"),
            Field(
                "encoding", .string, "base64 when value holds the bytes of a value that is not UTF-8, else null",
                table: .whenSet, nature: .words(other: ["base64"])),
        ])

    let path: String?
    let revision: Int?
    let property: SVNProperty

    func encode(to encoder: inout RecordEncoder) {
        encoder.string(path)
        encoder.integer(revision)
        encoder.string(property.name)
        if let text = String(validating: property.value, as: UTF8.self) {
            encoder.string(text)
            encoder.null()
        } else {
            encoder.string(Self.base64(property.value))
            encoder.string("base64")
        }
    }

    /// `bytes` in base64 (RFC 4648, with padding, on one line).
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = 0
            for offset in 0..<3 { group = group << 8 | (offset < count ? Int(bytes[index + offset]) : 0) }
            for position in 0..<4 {
                encoded.append(position <= count ? alphabet[group >> (18 - 6 * position) & 63] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: encoded, as: UTF8.self)
    }
}
