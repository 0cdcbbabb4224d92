// Work that waits for a slot, first come first served: the sources and reach targets beyond what the open-files
// limit lets run at once (see DescriptorBudget).

/// A first-in, first-out line of waiting work.
public struct WaitingLine<Element> {
    private var elements: [Element] = []
    /// Where the line starts in `elements`: taking from the front moves it instead of shifting the array.
    private var front = 0

    public init() {}

    /// How many are waiting.
    public var count: Int { elements.count - front }
    public var isEmpty: Bool { count == 0 }

    /// Joins the end of the line.
    public mutating func append(_ element: Element) {
        elements.append(element)
    }

    public mutating func append(contentsOf more: some Sequence<Element>) {
        elements.append(contentsOf: more)
    }

    /// Takes up to `limit` from the front. What joins the line while the caller starts them (one that has to wait
    /// again) waits for the next call.
    public mutating func take(upTo limit: Int) -> ArraySlice<Element> {
        let taken = elements[front..<min(elements.count, front + max(0, limit))]
        front += taken.count
        if front == elements.count {
            elements.removeAll(keepingCapacity: true)
            front = 0
        }
        return taken
    }

    /// Takes everyone (a run that ends early reports each of them).
    public mutating func takeAll() -> ArraySlice<Element> {
        take(upTo: count)
    }
}
