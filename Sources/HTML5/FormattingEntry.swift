/// One entry: an element with the attributes its start tag had (a reopened element gets them), or a marker.
struct FormattingEntry {
    /// The element, or -1 for a marker.
    var node: NodeID
    var name: NameID
    var attributes: Attributes
    /// A hash of the attributes that does not depend on their order: two entries are compared only when their
    /// hashes are equal. Made when an entry of the same name is first pushed after it: most never meet one.
    var attributesHash: UInt64?

    init(node: NodeID, name: NameID, attributes: Attributes, attributesHash: UInt64? = nil) {
        self.node = node
        self.name = name
        self.attributes = attributes
        self.attributesHash = attributesHash
    }

    var isMarker: Bool { node < 0 }

    static let marker = FormattingEntry(node: -1, name: 0, attributes: Attributes())

    static func hash(_ attributes: borrowing Attributes) -> UInt64 {
        var sum: UInt64 = 0
        for i in 0..<attributes.count {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 &+ UInt64(attributes.namespace(i).rawValue)
            let name = attributes.name(i)
            for j in 0..<name.count { hash = (hash ^ UInt64(name[j])) &* 0x100_0000_01b3 }
            // Past a byte no name holds, so that name "ab" value "c" differs from name "a" value "bc".
            hash = (hash ^ 0xFF) &* 0x100_0000_01b3
            let value = attributes.value(i)
            for j in 0..<value.count { hash = (hash ^ UInt64(value[j])) &* 0x100_0000_01b3 }
            sum &+= hash
        }
        return sum
    }
}
