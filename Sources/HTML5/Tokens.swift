// The tokens the tokenizer hands to its consumer (the tree builder, or a test), and the protocol it hands them
// through. Tag and doctype tokens are the tokenizer's own reused buffers, lent for the length of one call.

/// What the tokenizer emits, one call a token. Runs of characters arrive in pieces (a consumer joins them); a
/// U+0000 the data and CDATA states read arrives alone through `nullCharacter`, since what it becomes depends on
/// where the tree is (dropped in HTML content, U+FFFD in foreign content); the other states replace it themselves.
protocol TokenConsumer {
    /// Characters, none of them U+0000.
    mutating func characters(_ text: Span<UInt8>)
    /// Characters the input holds as they are, at `offset` in the piece given to the tokenizer.
    mutating func characters(_ text: Span<UInt8>, at offset: Int)
    /// One U+0000 character.
    mutating func nullCharacter()
    /// A start tag. The answer switches the tokenizer to the state the element's content is read in (title and
    /// textarea: RCDATA, style: RAWTEXT, script: script data…), or leaves it in the data state when nil.
    mutating func startTag(_ tag: borrowing TagToken) -> ContentState?
    mutating func endTag(_ tag: borrowing TagToken)
    mutating func comment(_ text: Span<UInt8>)
    mutating func doctype(_ doctype: borrowing DoctypeToken)
    mutating func endOfFile()
    /// Whether `<![CDATA[` starts a CDATA section: only where the adjusted current node is not an HTML element.
    var allowsCDATA: Bool { get }
}

extension TokenConsumer {
    mutating func characters(_ text: Span<UInt8>, at offset: Int) { characters(text) }
}

/// The states a start tag can leave the tokenizer in, for its element's content.
public enum ContentState: Sendable {
    case rcdata, rawtext, scriptData, plaintext
}

/// A start or end tag: its name in lower case, interned, and its attributes in source order, duplicates dropped.
struct TagToken: ~Copyable {
    /// The name, lower-cased (ASCII only, as the standard says).
    var name: [UInt8] = []
    /// The name's number in the document's name table.
    var nameID: NameID = 0
    var selfClosing = false
    var attributes = Attributes()

    var tag: Tag { Tag(nameID) }
}

/// Where an attribute's name and value are in its list's bytes.
struct AttributeSpan: Sendable {
    var nameStart: Int32
    /// The value starts where the name ends.
    var nameEnd: Int32
    var valueEnd: Int32
    /// Where the value is in the piece of input the tokenizer read it from, when it is one run of it as it is (no
    /// reference, no U+0000); -1 otherwise.
    var valueOffset: Int32 = -1
}

/// The attributes of a tag or an element in source order, their names and values side by side in one buffer (the
/// tokenizer reuses its own). Foreign elements' attributes may be in a namespace (`xlink:href`).
public struct Attributes: Sendable {
    var bytes: [UInt8] = []
    var spans: [AttributeSpan] = []
    /// Each attribute's namespace, or empty when none has one (HTML elements' attributes never do).
    var namespaces: [AttributeNamespace] = []
    /// Past `indexedFrom` attributes, their names are found by hash, not by comparing each: a tag with a million
    /// attributes would otherwise compare a million names for each of a million new ones.
    private var index: [Int32] = []
    private static let indexedFrom = 16

    init() {}

    public var count: Int { spans.count }
    public var isEmpty: Bool { spans.isEmpty }
    /// The bytes of all names and values.
    var byteCount: Int { bytes.count }

    /// The name of attribute `i`, as written (lower case), prefix included (`xlink:href`).
    @_lifetime(borrow self)
    public func name(_ i: Int) -> Span<UInt8> {
        bytes.span.extracting(Int(spans[i].nameStart)..<Int(spans[i].nameEnd))
    }

    @_lifetime(borrow self)
    public func value(_ i: Int) -> Span<UInt8> {
        bytes.span.extracting(Int(spans[i].nameEnd)..<Int(spans[i].valueEnd))
    }

    /// Where the value of attribute `i` is in the input, when the input holds it as it is.
    public func valueOffset(_ i: Int) -> Int? {
        spans[i].valueOffset < 0 ? nil : Int(spans[i].valueOffset)
    }

    /// Appends to the last attribute's value bytes the input holds at `offset`: the value is that range if nothing
    /// came before them.
    mutating func appendValue(_ value: Span<UInt8>, at offset: Int) {
        let last = spans.count - 1
        let isFirst = Int32(bytes.count) == spans[last].nameEnd && offset <= Int(Int32.max)
        bytes.append(value)
        spans[last].valueOffset = isFirst ? Int32(offset) : -1
    }

    /// Appends to the last attribute's value bytes of its own (a reference's, a U+FFFD, an unquoted value's): the
    /// value is no range.
    mutating func appendValue(_ value: Span<UInt8>) {
        bytes.append(value)
        spans[spans.count - 1].valueOffset = -1
    }

    mutating func appendValue(_ byte: UInt8) {
        bytes.append(byte)
        spans[spans.count - 1].valueOffset = -1
    }

    /// The namespace of attribute `i`.
    public func namespace(_ i: Int) -> AttributeNamespace {
        namespaces.isEmpty ? .none : namespaces[i]
    }

    /// The index of the attribute named `name`, or nil.
    func firstIndex(of name: [UInt8]) -> Int? {
        for i in 0..<spans.count where ASCII.equal(self.name(i), name.span) { return i }
        return nil
    }

    /// The value of the attribute named `name`, or nil.
    @_lifetime(borrow self)
    func value(of name: [UInt8]) -> Span<UInt8>? {
        guard let i = firstIndex(of: name) else { return nil }
        return value(i)
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        namespaces.removeAll()
        if !index.isEmpty { index.removeAll(keepingCapacity: true) }
    }

    /// Starts an attribute whose name and value the caller appends to `bytes`.
    mutating func begin() {
        let start = Int32(bytes.count)
        spans.append(AttributeSpan(nameStart: start, nameEnd: start, valueEnd: start))
    }

    /// The name of the last attribute is complete (its value follows). Returns false, and drops the attribute, when
    /// an earlier one has the same name: the standard keeps the first.
    mutating func endName() -> Bool {
        let last = spans.count - 1
        spans[last].nameEnd = Int32(bytes.count)
        if last < Self.indexedFrom {
            if isDuplicate(last) {
                drop()
                return false
            }
            if last + 1 == Self.indexedFrom { rebuildIndex() }
            return true
        }
        if !insertIntoIndex(last) {
            drop()
            return false
        }
        return true
    }

    /// The value of the last attribute is complete.
    mutating func endValue() {
        spans[spans.count - 1].valueEnd = Int32(bytes.count)
    }

    /// Whether an attribute before `last` has its name.
    private func isDuplicate(_ last: Int) -> Bool {
        let name = self.name(last)
        for i in 0..<last where ASCII.equal(self.name(i), name) { return true }
        return false
    }

    private mutating func drop() {
        let last = spans.removeLast()
        bytes.removeSubrange(Int(last.nameStart)..<bytes.count)
    }

    private static func hash(_ name: Span<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in 0..<name.count { hash = (hash ^ UInt64(name[i])) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash >> 1)
    }

    private mutating func rebuildIndex() {
        var size = 64
        while size < spans.count * 2 { size *= 2 }
        index = Array(repeating: -1, count: size)
        for i in 0..<spans.count { _ = insertIntoIndex(i) }
    }

    /// Adds attribute `i` to the hash index; false when an attribute of the same name is there already.
    private mutating func insertIntoIndex(_ i: Int) -> Bool {
        if spans.count * 2 > index.count { rebuildIndex() }
        guard let slot = freeSlot(for: i) else { return false }
        index[slot] = Int32(i)
        return true
    }

    /// The slot of the index where attribute `i` goes, or nil when an attribute of the same name is there.
    private func freeSlot(for i: Int) -> Int? {
        let name = self.name(i)
        let mask = index.count - 1
        var slot = Self.hash(name) & mask
        while index[slot] >= 0 {
            let other = Int(index[slot])
            if ASCII.equal(self.name(other), name) { return other == i ? slot : nil }
            slot = (slot + 1) & mask
        }
        return slot
    }
}

/// A DOCTYPE token. An identifier that is missing (nil) differs from an empty one.
struct DoctypeToken: ~Copyable {
    var name: [UInt8]?
    var publicID: [UInt8]?
    var systemID: [UInt8]?
    var forceQuirks = false
}
