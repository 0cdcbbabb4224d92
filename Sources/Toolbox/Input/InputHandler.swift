// What receives a source's bytes: the protocol every command that reads SOURCEs implements, and what it learns
// when the first bytes arrive.

/// Receives one source's bytes. The input layer makes one per source, gives it the bytes in order as they arrive
/// (decompressed), and calls `finish` when they are all there.
public protocol InputHandler: AnyObject {
    /// The source is about to deliver its first bytes.
    func start(_ info: SourceInfo) throws
    /// The next bytes. Return false to stop reading the source (nothing more is downloaded).
    func receive(_ bytes: Span<UInt8>) throws -> Bool
    /// The input layer is about to wait for more bytes: deliver anything held back (results of work on another
    /// thread) now, so a slow source's records reach the reader at once.
    func idle() throws
    /// Every byte of the source has been received. Not called when the handler stopped it or it failed.
    func finish() throws
    /// The source broke off (the connection failed, a read error, the timeout): print every record the bytes so far
    /// hold, as if more were coming — what was received is not lost, and nothing is made of the missing end. The
    /// error is reported after this.
    func abandon() throws
    /// How many records the handler printed, for the history.
    var recordCount: Int { get }
    /// Whether the handler wants more bytes. The input layer asks after each `receive` and `idle` and stops the
    /// source at once when it does not (`--limit` reached while the records came out in `idle`), without waiting for
    /// more bytes that would only be refused. `finish` is not called then.
    var wantsMore: Bool { get }
}

extension InputHandler {
    public func start(_ info: SourceInfo) throws {}
    public func idle() throws {}
    public func abandon() throws { try idle() }
    public var wantsMore: Bool { true }
}
