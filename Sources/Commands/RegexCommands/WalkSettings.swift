// What tb regex does with a directory SOURCE: --hidden, --no-ignore, --binary, --glob and --follow, checked once.

/// How the files under a directory SOURCE are chosen.
struct WalkSettings: Sendable {
    /// Search hidden files and directories (names starting with `.`) too.
    var hidden = false
    /// Do not read .gitignore and .ignore files.
    var noIgnore = false
    /// Search files with a NUL byte in their first 64 KiB too.
    var binary = false
    /// Follow symbolic links (loops are reported, not followed).
    var follow = false
    /// The --glob rules, relative to the directory searched.
    var globs = IgnoreRules(rules: [])
}
