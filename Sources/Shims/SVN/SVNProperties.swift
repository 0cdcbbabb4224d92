// svn proplist and propget: the properties of nodes and of revisions, as libsvn reads them from the repository.
internal import CSVN

/// One property: a name and its value's bytes (svn stores any bytes; svn: properties are UTF-8 text).
public struct SVNProperty: Sendable, Equatable {
    public let name: String
    public let value: [UInt8]
}

/// The properties of one node.
public struct SVNNodeProperties: Sendable {
    /// The node's URL (escaped, as libsvn builds it from the target's URL in the operative revision).
    public let url: String
    /// Sorted by name, byte by byte, as svn prints them.
    public let properties: [SVNProperty]
}

/// The properties of one revision.
public struct SVNRevisionProperties: Sendable {
    /// The revision's number (HEAD or a date resolved).
    public let revision: Int
    /// Sorted by name, byte by byte, as svn prints them; for one property asked for by name, that one or none.
    public let properties: [SVNProperty]
}

extension SVNError {
    /// Whether the property commands found no node at the path: libsvn words it "Unknown node kind" or "does not exist
    /// in revision N" there, rather than "not found" (`isMissingPath`).
    public var isAbsentNode: Bool {
        codes.contains {
            $0 == Int(SVN_ERR_NODE_UNKNOWN_KIND.rawValue) || $0 == Int(SVN_ERR_ENTRY_NOT_FOUND.rawValue)
        }
    }
}

extension SVNClient {
    /// The properties of `url` (the node it names in `peg`) at `revision`, and of what lies below it down to `depth`,
    /// calling `receiver` for each node that has any, as libsvn walks the tree (its order is that of APR's hash
    /// tables). The corresponding C function is `svn_client_proplist4`.
    public func propertyLists(
        _ url: String, peg: SVNRevision, revision: SVNRevision, depth: SVNDepth,
        receiver: (SVNNodeProperties) throws -> Void
    ) throws {
        try withPool { scratch in
            var peg = peg.c
            var revision = revision.c
            try receive(receiver) { baton in
                libsvn.svn_client_proplist4(
                    url, &peg, &revision, depth.c, nil, 0,
                    { baton, path, properties, _, _ in
                        guard let path else { return nil }
                        let item = SVNNodeProperties(
                            url: String(cString: path), properties: sortedProperties(properties))
                        return SVNReceiver<SVNNodeProperties>.from(baton)?.deliver(item) ?? nil
                    }, baton, context, scratch)
            }
        }
    }

    /// The property `name` of `url` (the node it names in `peg`) at `revision` and of what lies below it down to
    /// `depth`, for each node that has it, sorted by URL as svn sorts paths. libsvn answers once, when the
    /// walk is done. The corresponding C function is `svn_client_propget5`.
    public func propertyValues(
        named name: String, of url: String, peg: SVNRevision, revision: SVNRevision, depth: SVNDepth
    ) throws -> [SVNNodeProperties] {
        try withPool { scratch in
            var peg = peg.c
            var revision = revision.c
            var values: OpaquePointer?
            try answered(
                libsvn.svn_client_propget5(
                    &values, nil, name, url, &peg, &revision, nil, depth.c, nil, context, scratch, scratch))
            var found: [SVNNodeProperties] = []
            forEach(values) { key, value in
                found.append(
                    SVNNodeProperties(url: key, properties: [SVNProperty(name: name, value: bytes(of: value))]))
            }
            return found.sorted { pathPrecedes($0.url, $1.url) }
        }
    }

    /// The properties of `revision` (svn:author, svn:date, svn:log and any other) in the repository of `url`. The
    /// corresponding C function is `svn_client_revprop_list`.
    public func revisionProperties(_ url: String, revision: SVNRevision) throws -> SVNRevisionProperties {
        try withPool { scratch in
            var revision = revision.c
            var properties: OpaquePointer?
            var number: svn_revnum_t = CSVN_INVALID_REVNUM
            try answered(libsvn.svn_client_revprop_list(&properties, url, &revision, &number, context, scratch))
            return SVNRevisionProperties(revision: Int(number), properties: sortedProperties(properties))
        }
    }

    /// The property `name` of `revision` in the repository of `url`: none when the revision does not have it. The
    /// corresponding C function is `svn_client_revprop_get`.
    public func revisionProperty(named name: String, of url: String, revision: SVNRevision) throws
        -> SVNRevisionProperties
    {
        try withPool { scratch in
            var revision = revision.c
            var value: UnsafeMutablePointer<svn_string_t>?
            var number: svn_revnum_t = CSVN_INVALID_REVNUM
            try answered(libsvn.svn_client_revprop_get(name, &value, url, &revision, &number, context, scratch))
            let properties = value.map { [SVNProperty(name: name, value: bytes(of: UnsafeRawPointer($0)))] } ?? []
            return SVNRevisionProperties(revision: Int(number), properties: properties)
        }
    }
}

/// The properties of an APR hash of names to `svn_string_t` values, sorted by name byte by byte (svn's
/// `svn_sort_compare_items_lexically`).
private func sortedProperties(_ hash: OpaquePointer?) -> [SVNProperty] {
    var properties: [SVNProperty] = []
    forEach(hash) { name, value in properties.append(SVNProperty(name: name, value: bytes(of: value))) }
    return properties.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
}

/// Calls `body` with each key (a C string) and value of an APR hash. The corresponding C functions are
/// `apr_hash_first`, `apr_hash_this` and `apr_hash_next`.
private func forEach(_ hash: OpaquePointer?, _ body: (String, UnsafeRawPointer?) -> Void) {
    var index = hash.flatMap { libsvn.apr_hash_first(nil, $0) }
    while let current = index {
        var key: UnsafeRawPointer?
        var value: UnsafeMutableRawPointer?
        libsvn.apr_hash_this(current, &key, nil, &value)
        if let key { body(String(cString: key.assumingMemoryBound(to: CChar.self)), UnsafeRawPointer(value)) }
        index = libsvn.apr_hash_next(current)
    }
}

/// The bytes of an `svn_string_t`.
private func bytes(of value: UnsafeRawPointer?) -> [UInt8] {
    guard let value = value?.assumingMemoryBound(to: svn_string_t.self).pointee, let data = value.data else {
        return []
    }
    return Array(UnsafeRawBufferPointer(start: data, count: Int(value.len)))
}
