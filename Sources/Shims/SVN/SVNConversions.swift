// Between the shim's Swift values and libsvn's C ones.
internal import CSVN

extension SVNRevision {
    /// The `svn_opt_revision_t` libsvn takes.
    var c: svn_opt_revision_t {
        var revision = svn_opt_revision_t()
        switch self {
        case .head:
            revision.kind = svn_opt_revision_head
        case .number(let number):
            revision.kind = svn_opt_revision_number
            revision.value.number = svn_revnum_t(number)
        case .date(let microseconds):
            revision.kind = svn_opt_revision_date
            revision.value.date = apr_time_t(microseconds)
        }
        return revision
    }
}

extension SVNDepth {
    var c: svn_depth_t {
        switch self {
        case .empty: svn_depth_empty
        case .files: svn_depth_files
        case .immediates: svn_depth_immediates
        case .infinity: svn_depth_infinity
        }
    }
}

extension SVNNodeKind {
    init(_ kind: svn_node_kind_t) {
        switch kind {
        case svn_node_file: self = .file
        case svn_node_dir: self = .dir
        case svn_node_none: self = .none
        case svn_node_symlink: self = .symlink
        default: self = .unknown
        }
    }
}

extension SVNLock {
    init(_ lock: svn_lock_t) {
        self.init(
            token: String(optionalCString: lock.token), owner: String(optionalCString: lock.owner),
            comment: String(optionalCString: lock.comment), created: seconds(lock.creation_date),
            expires: seconds(lock.expiration_date))
    }
}

extension String {
    /// A C string libsvn may leave NULL. Invalid UTF-8 becomes U+FFFD.
    init?(optionalCString pointer: UnsafePointer<CChar>?) {
        guard let pointer else { return nil }
        self.init(cString: pointer)
    }
}

/// Whole seconds of an `apr_time_t` (microseconds since 1970), rounded down; 0 means "not set" in libsvn's structs.
/// Any value can come: libsvn's parse of a stored svn:date wraps around rather than fail.
func seconds(_ time: apr_time_t) -> Int64? {
    guard time != 0 else { return nil }
    let (quotient, remainder) = Int64(time).quotientAndRemainder(dividingBy: 1_000_000)
    return remainder < 0 ? quotient - 1 : quotient
}

/// A revision number, or nil for `SVN_INVALID_REVNUM`.
func revisionNumber(_ number: svn_revnum_t) -> Int? {
    number < 0 ? nil : Int(number)
}

/// The value of a property libsvn returns as `svn_string_t`, such as a revision's `svn:log`.
func string(_ value: UnsafeRawPointer?) -> String? {
    guard let value = value?.assumingMemoryBound(to: svn_string_t.self).pointee, let data = value.data else {
        return nil
    }
    return String(decoding: UnsafeRawBufferPointer(start: data, count: Int(value.len)), as: UTF8.self)
}
