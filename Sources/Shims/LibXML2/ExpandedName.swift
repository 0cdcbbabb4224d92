internal import CLibXML2

/// An element's expanded name, compared and hashed by its bytes: the names of a document built node by node are not
/// interned, so equal names need not be equal pointers. Lives only while one parent's children are counted.
struct ExpandedName: Hashable {
    let name: UnsafePointer<xmlChar>?
    let namespace: UnsafePointer<xmlChar>?

    static func == (a: ExpandedName, b: ExpandedName) -> Bool {
        XMLStrings.equal(a.name, b.name) && XMLStrings.equal(a.namespace, b.namespace)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes: UnsafeRawBufferPointer(start: name, count: XMLStrings.length(name)))
    }
}
