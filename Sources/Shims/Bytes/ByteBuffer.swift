// An output buffer for the hot paths: appends are a capacity check and a store or memcpy, with none of Array's
// per-call uniqueness and growth bookkeeping. Non-copyable, so it has exactly one owner and frees itself.

/// A growable byte buffer.
public struct ByteBuffer: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var used: Int

    /// How many bytes it holds.
    public var count: Int { used }

    /// A buffer that can hold `capacity` bytes before it grows: small by default (a value, a line), large for the
    /// output buffers of hot paths, which say so.
    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
        used = 0
    }

    deinit {
        base.deallocate()
    }

    /// Whether it holds no bytes.
    public var isEmpty: Bool { used == 0 }

    /// Makes room for `extra` more bytes.
    @inlinable
    public mutating func reserve(_ extra: Int) {
        if used + extra > capacity { grow(used + extra) }
    }

    @usableFromInline
    mutating func grow(_ needed: Int) {
        var size = capacity
        while size < needed { size *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        bigger.update(from: base, count: used)
        base.deallocate()
        base = bigger
        capacity = size
    }

    /// Appends one byte.
    @inlinable
    public mutating func append(_ byte: UInt8) {
        if used == capacity { grow(used + 1) }
        base[used] = byte
        used += 1
    }

    /// Appends all of `bytes`.
    @inlinable
    public mutating func append(_ bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { append(copying: $0, 0..<$0.count) }
    }

    /// Appends `bytes[range]`.
    @inlinable
    public mutating func append(_ bytes: Span<UInt8>, _ range: Range<Int>) {
        bytes.withUnsafeBufferPointer { append(copying: $0, range) }
    }

    /// Appends `source[range]`.
    @inlinable
    public mutating func append(_ source: borrowing [UInt8], _ range: Range<Int>) {
        source.withUnsafeBufferPointer { append(copying: $0, range) }
    }

    /// The one copy all the appends above share.
    @inlinable @inline(__always)
    mutating func append(copying buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count)
        // A non-empty range means a non-empty buffer, which always has a base address.
        guard !range.isEmpty, let start = buffer.baseAddress else { return }
        let count = range.count
        reserve(count)
        let source = UnsafeRawPointer(start + range.lowerBound)
        let target = UnsafeMutableRawPointer(base + used)
        if count >= 4 && count <= 16 {
            // Records are made of short pieces (a key, a number's neighbour, a word): two overlapping loads and stores
            // copy one without a call to memmove, which cost more than the copy (a seventh of an NDJSON run).
            if count >= 8 {
                let head = source.loadUnaligned(as: UInt64.self)
                let tail = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                target.storeBytes(of: head, as: UInt64.self)
                target.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
            } else {
                let head = source.loadUnaligned(as: UInt32.self)
                let tail = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                target.storeBytes(of: head, as: UInt32.self)
                target.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
            }
        } else if count < 4 {
            for index in 0..<count {
                let byte = source.load(fromByteOffset: index, as: UInt8.self)
                target.storeBytes(of: byte, toByteOffset: index, as: UInt8.self)
            }
        } else {
            target.copyMemory(from: source, byteCount: count)
        }
        used += count
    }

    /// Appends all of `source`.
    @inlinable
    public mutating func append(_ source: borrowing [UInt8]) {
        append(source, 0..<source.count)
    }

    /// Appends the UTF-8 bytes of `text`.
    @inlinable
    public mutating func append(_ text: String) {
        append(text.utf8.span)
    }

    /// Appends `value` in decimal, two digits at a time from a table of the hundred pairs.
    @inlinable
    public mutating func appendDecimal(_ value: Int) {
        if value >= 0 && value < 10 { return append(0x30 + UInt8(value)) }
        reserve(21)
        var magnitude = value.magnitude
        if value < 0 {
            base[used] = UInt8(ascii: "-")
            used += 1
        }
        var length = 1
        var limit: UInt = 10
        while length < 20 && magnitude >= limit {
            length += 1
            limit = limit &* 10
        }
        // A static string's bytes are in the binary: no lazy global to check on every call.
        let pairs = Self.digitPairs.utf8Start
        var index = used + length
        while magnitude >= 100 {
            let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
            magnitude /= 100
            index -= 2
            base[index] = pairs[pair]
            base[index + 1] = pairs[pair + 1]
        }
        if magnitude >= 10 {
            let pair = Int(truncatingIfNeeded: magnitude) &* 2
            base[index - 2] = pairs[pair]
            base[index - 1] = pairs[pair + 1]
        } else {
            base[index - 1] = 0x30 + UInt8(truncatingIfNeeded: magnitude)
        }
        used += length
    }

    @usableFromInline static var digitPairs: StaticString {
        """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """
    }

    /// Forgets the contents, keeping the memory.
    public mutating func removeAll() {
        used = 0
    }

    /// Calls `body` with the contents.
    @inlinable
    public func withSpan<Result, Failure: Error>(_ body: (Span<UInt8>) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        try body(UnsafeBufferPointer(start: base, count: used).span)
    }

    /// The contents as text (invalid UTF-8 becomes U+FFFD).
    public var string: String { String(decoding: UnsafeBufferPointer(start: base, count: used), as: UTF8.self) }

    /// A copy of the contents.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: used)) }
}
