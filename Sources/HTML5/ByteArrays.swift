// Copying a Span's bytes to the end of an array: the tokenizer's text slices into the tree builder's text, attribute
// values, names.

extension Array where Element == UInt8 {
    /// Appends `bytes`, growing the array once and without a capacity check a byte (Array has no
    /// append(contentsOf:) for a Span; a plain loop checked and grew byte by byte: 7% of a parse).
    @inline(__always)
    mutating func append(_ bytes: Span<UInt8>) {
        // With nothing to add, append(addingCapacity:) still writes the count of an empty array into the storage
        // all empty arrays share (Swift 6.3): harmless, but a data race between threads that TSan reports.
        guard !bytes.isEmpty else { return }
        append(addingCapacity: bytes.count) { output in
            for i in 0..<bytes.count { output.append(bytes[i]) }
        }
    }
}
