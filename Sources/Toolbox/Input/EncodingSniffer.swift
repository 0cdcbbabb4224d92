/// What a document format knows about its encoding, for `StreamDecoder`: when the first bytes of a stream are enough
/// to tell, and what they tell. tb feed's is XML's rule (RFC 7303), tb html's the HTML standard's sniffing.
public protocol EncodingSniffer {
    /// Whether `head`, the bytes held so far (the last of them `piece`), is enough to decide; asked after each piece
    /// until it says yes, and not at the end of the input, which decides anyway. `httpCharset` is the server's.
    mutating func canDecide(_ head: [UInt8], after piece: Span<UInt8>, httpCharset: String?) -> Bool

    /// Whether `head` may be decided before the input pauses, so that a slow stream's first records need not wait
    /// for bytes that are not coming yet.
    func canDecideBeforePause(_ head: [UInt8]) -> Bool

    /// The encoding of a document that starts with `head` (the whole document, when it is all there), and how many
    /// bytes of byte order mark to skip.
    func sniff(_ head: [UInt8], httpCharset: String?) -> (encoding: TextEncoding, byteOrderMark: Int)
}
