// Repository URLs as libsvn accepts them, and the other text svn's command line turns into libsvn's values.
internal import CSVN

extension SVN {
    /// `text` as a canonical URL, escaped as svn's command line escapes it: non-ASCII and characters a URL cannot
    /// hold (a space, `"`, `<`…) percent-encoded, `..` and `%00` refused, a trailing `/` and repeated `/` removed. libsvn's
    /// operations abort the whole process on a URL that is not canonical; this makes sure they never see one. The
    /// corresponding C functions are `svn_path_uri_from_iri`, `svn_path_uri_autoescape` and
    /// `svn_uri_canonicalize_safe`.
    public static func canonicalURL(_ text: String) throws(SVNError) -> String {
        try loaded.get()
        let pool = libsvn.svn_pool_create_ex(nil, nil)
        defer { libsvn.apr_pool_destroy(pool) }
        guard libsvn.svn_path_is_url(text) != 0 else {
            throw SVNError(code: -1, chain: ["'\(text)' is not a URL"])
        }
        // Both return their argument itself when there is nothing to escape: it must outlive this line, so it is a
        // copy in the pool, not the temporary C string Swift makes for a call (AddressSanitizer: heap-use-after-free
        // in svn_path_is_backpath_present below).
        let copy = libsvn.apr_pstrdup(pool, text)
        let escaped = libsvn.svn_path_uri_autoescape(libsvn.svn_path_uri_from_iri(copy, pool), pool)
        guard let escaped else { throw SVNError(code: -1, chain: ["'\(text)' is not a URL"]) }
        if libsvn.svn_path_is_backpath_present(escaped) != 0 {
            throw SVNError(code: -1, chain: ["URL '\(text)' contains a '..' element"])
        }
        var canonical: UnsafePointer<CChar>?
        try SVNError.check(libsvn.svn_uri_canonicalize_safe(&canonical, nil, escaped, pool, pool))
        let url = canonical.map { String(cString: $0) } ?? text
        // libsvn decodes a path to a C string: the name would end at %00, and another node be read or replaced.
        if url.contains("%00") { throw SVNError(code: -1, chain: ["URL '\(text)' contains '%00' (a NUL byte)"]) }
        return url
    }

    /// The time a `{DATE}` revision names, in microseconds since 1970, UTC: the forms svn accepts
    /// (`2026-12-01`, `2026-12-01T10:00`, `2026-12-01 10:00 +0100`…), local time unless a zone is given. nil when
    /// svn would not accept it. The corresponding C function is `svn_parse_date`.
    public static func parseDate(_ text: String) throws(SVNError) -> Int64? {
        try loaded.get()
        let pool = libsvn.svn_pool_create_ex(nil, nil)
        defer { libsvn.apr_pool_destroy(pool) }
        var matched: svn_boolean_t = 0
        var time: apr_time_t = 0
        guard let error = libsvn.svn_parse_date(&matched, &time, text, libsvn.apr_time_now(), pool) else {
            return matched != 0 ? Int64(time) : nil
        }
        libsvn.svn_error_clear(error)
        return nil
    }

    /// Whether `text` matches the glob `pattern` (`*`, `?`, `[…]`), as svn log --search matches. The corresponding
    /// C function is `apr_fnmatch`.
    public static func globMatches(_ pattern: String, _ text: String) -> Bool {
        libsvn.apr_fnmatch(pattern, text, 0) == 0
    }
}
