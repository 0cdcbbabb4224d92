// The sizes that bound the store's files, and how messages and documentation write them (one place, so the man pages
// cannot say one size while the code keeps another).

/// Limits on the store's files.
public enum StoreLimits {
    /// The longest line read as a record. A longer one is damaged: reported, and copied through when the file is
    /// rewritten, but never held in memory or parsed (a 100 MB line would cost 8 times that as JSON values).
    static let line = 64 << 10
    /// The history is compacted when it grows past this many bytes…
    static let history = 1 << 20
    /// …down to the newest lines that fit in this many.
    static let compactedHistory = 1 << 19

    /// `64 KiB`.
    public static let lineText = "\(line >> 10) KiB"
    /// `1 MiB`.
    public static let historyText = "\(history >> 20) MiB"
}
