// Where tb keeps its files: the XDG base directories, each overridable with a TB_*_DIR variable.
import POSIX

/// The three directories of tb's store.
public struct StorePaths: Sendable {
    /// Bookmarks: `$TB_CONFIG_DIR`, else `$XDG_CONFIG_HOME/tb`, else `~/.config/tb`.
    public let config: String?
    /// History and feed state: `$TB_STATE_DIR`, else `$XDG_STATE_HOME/tb`, else `~/.local/state/tb`.
    public let state: String?
    /// Caches, safe to delete: `$TB_CACHE_DIR`, else `$XDG_CACHE_HOME/tb`, else `~/.cache/tb`.
    public let cache: String?

    public init(environment: Environment) {
        func choose(_ override: String, _ xdg: String, _ fallback: String) -> String? {
            if let path = environment[override], !path.isEmpty {
                // Plugins get these paths, so a relative one is made absolute.
                return path.hasPrefix("/") ? path : absolute(path, in: (try? FileSystem.currentDirectory()) ?? "/")
            }
            // The XDG spec says relative paths in these variables are invalid and must be ignored.
            if let base = environment[xdg], base.hasPrefix("/") { return base + "/tb" }
            guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
            return home + "/" + fallback + "/tb"
        }
        config = choose("TB_CONFIG_DIR", "XDG_CONFIG_HOME", ".config")
        state = choose("TB_STATE_DIR", "XDG_STATE_HOME", ".local/state")
        cache = choose("TB_CACHE_DIR", "XDG_CACHE_HOME", ".cache")
    }

    /// The config directory, or an error saying how to set one.
    public func configDirectory() throws(ToolError) -> String {
        guard let config else { throw ToolError("cannot find the config directory: set HOME or TB_CONFIG_DIR") }
        return config
    }

    /// The state directory, or an error saying how to set one.
    public func stateDirectory() throws(ToolError) -> String {
        guard let state else { throw ToolError("cannot find the state directory: set HOME or TB_STATE_DIR") }
        return state
    }

    /// The cache directory, or an error saying how to set one.
    public func cacheDirectory() throws(ToolError) -> String {
        guard let cache else { throw ToolError("cannot find the cache directory: set HOME or TB_CACHE_DIR") }
        return cache
    }
}

/// `path` made absolute against `directory`, with `.` and `..` components resolved lexically.
func absolute(_ path: String, in directory: String) -> String {
    let joined = path.hasPrefix("/") ? path : directory + "/" + path
    var parts: [Substring] = []
    for part in joined.split(separator: "/") {
        switch part {
        case ".": continue
        case "..": _ = parts.popLast()
        default: parts.append(part)
        }
    }
    return "/" + parts.joined(separator: "/")
}
