// A growable run of plain values at one address, for the parsing thread of HTMLStreamParser: appending to it costs a
// bounds check and a copy, where an Array also checks that it is uniquely referenced and goes through Sequence.

/// Values appended in place and copied out into an Array when a batch is handed over. Not copyable: one owner frees
/// the memory, once.
struct FlatBuffer<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    /// The capacity it starts with, and returns to after a batch that needed much more (a 14 MB comment).
    private let usualCapacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        usualCapacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    mutating func append(_ value: Element) {
        if count == capacity { grow(to: count + 1) }
        base[count] = value
        count += 1
    }

    mutating func append(_ values: UnsafePointer<Element>, count added: Int) {
        if count + added > capacity { grow(to: count + added) }
        (base + count).update(from: values, count: added)
        count += added
    }

    /// Removes and returns the last value; the buffer must not be empty.
    mutating func removeLast() -> Element {
        count -= 1
        return base[count]
    }

    /// The values, copied out; the buffer is then empty, keeping its memory unless it grew past four times its usual
    /// capacity.
    mutating func takeArray() -> [Element] {
        let values = Array(UnsafeBufferPointer(start: base, count: count))
        count = 0
        if capacity > 4 * usualCapacity {
            base.deallocate()
            base = .allocate(capacity: usualCapacity)
            capacity = usualCapacity
        }
        return values
    }

    private mutating func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }
}
