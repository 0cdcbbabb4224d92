// What tb regex does with a directory SOURCE: --hidden, --no-ignore, --binary, --no-decompress, --glob, --follow,
// -t, -T and --max-depth, checked once.

/// How the files under a directory SOURCE are chosen.
struct WalkSettings: Sendable {
    /// Search hidden files and directories (names starting with `.`) too.
    var hidden = false
    /// Do not read .gitignore and .ignore files.
    var noIgnore = false
    /// Search files with a NUL byte in their first 64 KiB too.
    var binary = false
    /// Search compressed files decompressed (false with --no-decompress: as their bytes, binary as a rule).
    var decompress = true
    /// Follow symbolic links (loops are reported, not followed).
    var follow = false
    /// The --glob rules, relative to the directory searched.
    var globs = IgnoreRules(rules: [])
    /// The -t and -T types.
    var types = FileTypeFilter()
    /// --max-depth: how deep below a directory SOURCE files are searched (0: none of them, 1: its own entries).
    var maxDepth: Int?
}
