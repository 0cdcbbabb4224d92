// libxml2's strings (NUL-terminated UTF-8, `xmlChar *`) read without copies, and Swift strings built from them with
// one allocation each.
internal import CLibXML2
import Glibc

/// Helpers over `xmlChar` strings; `nil` reads as the empty string, as libxml2 itself treats a missing name.
enum XMLStrings {
    /// The number of bytes before the terminating NUL.
    @inline(__always)
    static func length(_ text: UnsafePointer<xmlChar>?) -> Int {
        guard let text else { return 0 }
        return strlen(UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self))
    }

    /// Whether two strings hold the same bytes (the same pointer first: libxml2's dictionary interns names).
    @inline(__always)
    static func equal(_ a: UnsafePointer<xmlChar>?, _ b: UnsafePointer<xmlChar>?) -> Bool {
        if a == b { return true }
        guard let a, let b else { return false }
        return strcmp(
            UnsafeRawPointer(a).assumingMemoryBound(to: CChar.self),
            UnsafeRawPointer(b).assumingMemoryBound(to: CChar.self)) == 0
    }

    /// Whether `text` holds exactly the bytes of `literal`, an ASCII name.
    @inline(__always)
    static func equal(_ text: UnsafePointer<xmlChar>?, _ literal: StaticString) -> Bool {
        guard let text else { return literal.utf8CodeUnitCount == 0 }
        let count = literal.utf8CodeUnitCount
        // strncmp stops at the end of `text`; memcmp may read (and AddressSanitizer checks) all `count` bytes, past
        // the end of a shorter string.
        return strncmp(
            UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self),
            UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self), count) == 0 && text[count] == 0
    }

    /// A Swift string of the bytes of `text`.
    @inline(__always)
    static func string(_ text: UnsafePointer<xmlChar>?) -> String {
        guard let text else { return "" }
        return String(cString: text)
    }

    /// `prefix:name`, or `name` without a prefix, built in one allocation.
    static func qualifiedName(_ prefix: UnsafePointer<xmlChar>?, _ name: UnsafePointer<xmlChar>?) -> String {
        guard let prefix else { return string(name) }
        let prefixCount = length(prefix)
        let nameCount = length(name)
        return String(unsafeUninitializedCapacity: prefixCount + 1 + nameCount) { buffer in
            var writer = ByteWriter(buffer)
            writer.write(prefix, prefixCount)
            writer.write(UInt8(ascii: ":"))
            writer.write(name, nameCount)
            return writer.count
        }
    }
}
