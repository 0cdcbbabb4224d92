import HTML5

/// An attribute test: `[name op value]`, for HTML elements and for foreign ones.
struct TreeAttributeTest {
    /// The attribute name's number in the tree, -1 when no attribute has that name.
    let name: NameID
    let op: AttributeOperator
    let value: [UInt8]
    let caseless: Bool

    init(name: String, _ selector: AttributeSelector, caseless: Bool, tree: HTMLTree) {
        self.name = tree.attributeNameID(Array(name.utf8).span) ?? -1
        op = selector.op
        self.caseless = caseless
        value = Array((caseless ? asciiLowercase(selector.value) : selector.value).utf8)
    }

    func matches(_ node: Int, _ tree: HTMLTree) -> Bool {
        // Only attributes in no namespace (xmlns ones are plain attributes in libxml2's tree too): [href] is not
        // xlink:href.
        guard let index = tree.attributeIndex(node, name),
            tree.attributeNamespace(node, index) == .none || tree.attributeNamespace(node, index) == .xmlns
        else { return false }
        let have = tree.attributeValue(node, index)
        switch op {
        case .exists: return true
        case .equals: return have.count == value.count && Self.equal(have, 0, value, caseless)
        case .includes: return TreeCondition.containsWord(have, value, caseless: caseless)
        case .dashMatch:
            guard have.count >= value.count, Self.equal(have, 0, value, caseless) else { return false }
            return have.count == value.count || have[value.count] == UInt8(ascii: "-")
        case .prefix: return !value.isEmpty && have.count >= value.count && Self.equal(have, 0, value, caseless)
        case .suffix:
            return !value.isEmpty && have.count >= value.count
                && Self.equal(have, have.count - value.count, value, caseless)
        case .substring:
            guard !value.isEmpty, have.count >= value.count else { return false }
            for start in 0...(have.count - value.count) where Self.equal(have, start, value, caseless) { return true }
            return false
        }
    }

    /// `have[start...]` begins with `want` (lower-cased already when caseless).
    static func equal(_ have: Span<UInt8>, _ start: Int, _ want: [UInt8], _ caseless: Bool) -> Bool {
        for i in 0..<want.count {
            var byte = have[start + i]
            if caseless && byte >= 65 && byte <= 90 { byte += 32 }
            if byte != want[i] { return false }
        }
        return true
    }
}
