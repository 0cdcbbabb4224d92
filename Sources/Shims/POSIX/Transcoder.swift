// Converting text in some character encoding (windows-1252, KOI8-R, Shift_JIS, GB2312, UTF-16…) to UTF-8 with
// iconv, piece by piece as it arrives: a character cut between two pieces waits for the rest.
import Glibc

/// Converts to UTF-8. The corresponding C type is `iconv_t`.
public final class Transcoder {
    private let handle: iconv_t
    /// Bytes of a character that the last piece ended inside.
    private var pending: [UInt8] = []
    private var scratch = [UInt8](repeating: 0, count: 1 << 16)

    /// The replacement for input that is not valid in its encoding: U+FFFD.
    static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// A converter from `encoding` (any name iconv knows, such as "WINDOWS-1252"). The corresponding C function
    /// is `iconv_open`.
    public init(from encoding: String) throws(SystemError) {
        let handle = iconv_open("UTF-8", encoding)
        guard let handle, Int(bitPattern: handle) != -1 else { throw SystemError(code: errno) }
        self.handle = handle
    }

    deinit {
        iconv_close(handle)
    }

    /// Converts `input` (the next piece), appending UTF-8 to `output`; invalid input becomes U+FFFD. With `final`,
    /// a character left incomplete becomes U+FFFD too. The corresponding C function is `iconv`.
    public func convert(_ input: Span<UInt8>, final: Bool, into output: inout [UInt8]) {
        var bytes = pending
        pending = []
        input.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
        var offset = 0
        while offset < bytes.count {
            let (consumed, produced, failure) = step(bytes, from: offset)
            output.append(contentsOf: scratch[0..<produced])
            offset += consumed
            switch failure {
            case 0, E2BIG: continue
            case EINVAL where !final:
                pending = Array(bytes[offset...])
                return
            default:
                // EILSEQ, or an incomplete character at the very end: one replacement, one byte skipped.
                output.append(contentsOf: Self.replacement)
                offset += 1
            }
        }
    }

    /// One iconv call from `bytes[offset...]` into the scratch buffer: bytes consumed, bytes produced, errno.
    private func step(_ bytes: [UInt8], from offset: Int) -> (Int, Int, Int32) {
        bytes.withUnsafeBufferPointer { input in
            scratch.withUnsafeMutableBufferPointer { out in
                var inPointer = UnsafeMutablePointer(mutating: input.baseAddress.map { $0 + offset })
                    .map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
                var inLeft = input.count - offset
                var outPointer = out.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
                var outLeft = out.count
                let result = iconv(handle, &inPointer, &inLeft, &outPointer, &outLeft)
                let failure = result == -1 ? errno : 0
                return (input.count - offset - inLeft, out.count - outLeft, failure)
            }
        }
    }
}
