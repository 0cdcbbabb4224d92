// How the svn records write the values they share: locks, kinds and times.
import SVN
import Toolbox

extension RecordEncoder {
    /// A lock as an object of owner, comment, created, expires and token (the owner first: a table shows the
    /// first value); null when there is none.
    mutating func lock(_ lock: SVNLock?) {
        guard let lock else { return null() }
        beginObject()
        key("owner")
        string(lock.owner)
        key("comment")
        string(lock.comment)
        key("created")
        time(lock.created)
        key("expires")
        time(lock.expires)
        key("token")
        string(lock.token)
        end()
    }

    /// Seconds since 1970 as a time; null when unknown.
    mutating func time(_ seconds: Int64?) {
        time(seconds.map { Timestamp(seconds: $0) })
    }

    /// "file" or "dir"; null for anything libsvn could not tell.
    mutating func kind(_ kind: SVNNodeKind?) {
        switch kind {
        case .file, .dir, .symlink: string(kind?.rawValue)
        default: null()
        }
    }
}

/// The lock field's description, which the records share.
let lockFieldHelp = "the lock on a file: an object of owner, comment, created, expires and token, or null"
