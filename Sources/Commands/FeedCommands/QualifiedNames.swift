// Element names as written (`prefix:local`) resolved to the elements tb feed knows. expat could resolve namespaces
// itself, but then every name arrives as `URI \u{1} local \u{1} prefix`, 50 bytes to measure and hash for each of a
// big feed's millions of elements. Here the prefixes in scope are tracked from the xmlns attributes (feeds declare
// them once, at the top), and each distinct name is looked up once: later it is a hash of a few bytes. So `<TITLE>`
// and `<title>` are two names here, each folded to lowercase once, when it is first met.
import Bytes

/// The namespace prefixes in scope and what each name written under them means. Not copyable: FeedBuilder lends it
/// to its XHTMLSerializer at every tag of xhtml content, and passed as a copyable value it was copied each time (its
/// three arrays retained and released: 1.4% more instructions on an Atom feed of xhtml content).
struct QualifiedNames: ~Copyable {
    /// The xmlns declarations in scope, innermost last, with the depth of the element that made each.
    private var bindings: [(depth: Int, prefix: [UInt8], namespace: [UInt8])] = []
    /// Names already resolved under the current bindings: an open-addressing table over `pool`.
    private var pool: [UInt8] = []
    private var slots = [Slot](repeating: Slot(), count: Self.capacity)
    private var count = 0

    private struct Slot {
        var offset: Int32 = 0
        var length: Int32 = -1
        var element = Element.other
    }

    private static let capacity = 512
    private static let xmlns = Array("xmlns".utf8)

    /// Reads a start tag's xmlns attributes. Call before resolving its name.
    mutating func declare(_ name: Span<UInt8>, _ value: Span<UInt8>, depth: Int) {
        guard name.count >= 5 else { return }
        for index in 0..<5 where name[index] != Self.xmlns[index] { return }
        let prefix: [UInt8]
        if name.count == 5 {
            prefix = []
        } else if name[5] == UInt8(ascii: ":") {
            var bytes: [UInt8] = []
            Bytes.append(name, 6..<name.count, to: &bytes)
            prefix = bytes
        } else {
            return
        }
        var namespace: [UInt8] = []
        Bytes.append(value, to: &namespace)
        bindings.append((depth, prefix, namespace))
        forget()
    }

    /// The element at `depth` ended: its declarations go out of scope.
    mutating func end(depth: Int) {
        guard let last = bindings.last, last.depth == depth else { return }
        while let last = bindings.last, last.depth == depth { bindings.removeLast() }
        forget()
    }

    /// The element a name as written stands for.
    mutating func element(_ name: Span<UInt8>) -> Element {
        let hash = Self.hash(name)
        var slot = hash & (Self.capacity - 1)
        while slots[slot].length >= 0 {
            if matches(slots[slot], name) { return slots[slot].element }
            slot = (slot + 1) & (Self.capacity - 1)
        }
        let element = resolve(name)
        // A document with more distinct names than the table holds starts over; the table stays small.
        if count >= Self.capacity / 2 {
            forget()
            return element
        }
        slots[slot] = Slot(offset: Int32(pool.count), length: Int32(name.count), element: element)
        Bytes.append(name, to: &pool)
        count += 1
        return element
    }

    /// Whether a name as written is `local` in `namespace`; any local name when `local` is nil.
    func names(_ name: Span<UInt8>, namespace: [UInt8], local: [UInt8]?) -> Bool {
        let (prefix, localPart) = split(name) ?? (0..<0, 0..<name.count)
        guard let bound = self.namespace(of: name.extracting(prefix)), bound == namespace else { return false }
        guard let local else { return true }
        guard localPart.count == local.count else { return false }
        for index in 0..<local.count where name[localPart.lowerBound + index] != local[index] { return false }
        return true
    }

    /// The local part of a name: after the colon, if any.
    func local(_ name: Span<UInt8>) -> Range<Int> {
        split(name)?.local ?? 0..<name.count
    }

    // MARK: Resolving

    private func resolve(_ name: Span<UInt8>) -> Element {
        let (prefix, local) = split(name) ?? (0..<0, 0..<name.count)
        guard let namespace = namespace(of: name.extracting(prefix)) else { return .other }
        var localBytes: [UInt8] = []
        Bytes.append(name, local, to: &localBytes)
        return ElementTable.element(namespace: namespace, local: localBytes, prefixed: !prefix.isEmpty)
    }

    /// The prefix and local part of `prefix:local`; nil for a name without a prefix.
    private func split(_ name: Span<UInt8>) -> (prefix: Range<Int>, local: Range<Int>)? {
        for index in 0..<name.count where name[index] == UInt8(ascii: ":") {
            return (0..<index, (index + 1)..<name.count)
        }
        return nil
    }

    /// The namespace a prefix is bound to (the empty prefix: the default namespace, or none); nil when unbound.
    private func namespace(of prefix: Span<UInt8>) -> [UInt8]? {
        for binding in bindings.reversed() where equal(binding.prefix, prefix) { return binding.namespace }
        if prefix.isEmpty { return [] }
        return equal(Self.xmlPrefix, prefix) ? Self.xmlNamespace : nil
    }

    private mutating func forget() {
        guard count > 0 else { return }
        for index in slots.indices { slots[index] = Slot() }
        pool.removeAll(keepingCapacity: true)
        count = 0
    }

    private func matches(_ slot: Slot, _ name: Span<UInt8>) -> Bool {
        guard Int(slot.length) == name.count else { return false }
        let offset = Int(slot.offset)
        for index in 0..<name.count where pool[offset + index] != name[index] { return false }
        return true
    }

    private func equal(_ bytes: [UInt8], _ span: Span<UInt8>) -> Bool {
        guard bytes.count == span.count else { return false }
        for index in 0..<bytes.count where bytes[index] != span[index] { return false }
        return true
    }

    /// A hash of a short name: its length and its first and last bytes tell most names apart, so the rest is not
    /// read (equal hashes are compared in full).
    private static func hash(_ bytes: Span<UInt8>) -> Int {
        let count = bytes.count
        guard count > 0 else { return 0 }
        var hash = UInt64(count) &* 0x9E37_79B9_7F4A_7C15
        hash ^= UInt64(bytes[0]) << 8 | UInt64(bytes[count - 1]) | UInt64(bytes[count / 2]) << 16
        hash = hash &* 0xFF51_AFD7_ED55_8CCD
        return Int(truncatingIfNeeded: hash >> 32)
    }

    private static let xmlPrefix = Array("xml".utf8)
    private static let xmlNamespace = Array(Namespace.xml.utf8)
}
