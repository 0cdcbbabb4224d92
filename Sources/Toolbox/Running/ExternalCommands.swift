// Plugins: an executable called tb-NAME on $TB_EXEC_PATH or $PATH is the command `tb NAME`.
import POSIX

/// Finds external commands.
public struct ExternalCommands: Sendable {
    private let environment: Environment

    public init(environment: Environment) {
        self.environment = environment
    }

    /// The directories searched, in order: $TB_EXEC_PATH, then $PATH. Read only when needed: start-up matters.
    public var directories: [String] {
        let paths = [environment["TB_EXEC_PATH"], environment["PATH"]].compactMap { $0 }
        return paths.flatMap { $0.split(separator: ":").map(String.init) }.filter { !$0.isEmpty }
    }

    /// The path of `tb-NAME`, the first one found, or nil.
    public func find(_ name: String) -> String? {
        guard Self.isValidName(name) else { return nil }
        for directory in self.directories {
            let path = directory + "/tb-" + name
            if FileSystem.isExecutableFile(path) { return path }
        }
        return nil
    }

    /// Every external command, by name, with the path that wins.
    public func all() -> [(name: String, path: String)] {
        var found: [String: String] = [:]
        for directory in directories {
            for file in FileSystem.contentsOfDirectory(directory) where file.hasPrefix("tb-") {
                let name = String(file.dropFirst(3))
                let path = directory + "/" + file
                if found[name] == nil, Self.isValidName(name), FileSystem.isExecutableFile(path) {
                    found[name] = path
                }
            }
        }
        return found.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Names made of lowercase letters, digits and dashes, starting with a letter or digit.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: "-") else { return false }
        return name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }

    /// The variables a plugin gets besides tb's own environment: the output format and color tb chose (from
    /// options given before the plugin's name, TB_FORMAT, TB_COLOR and the terminal) and the store directories,
    /// absolute.
    static func environment(for global: ParsedArguments, environment: Environment, interactive: Bool)
        throws(UsageError) -> [String: String]
    {
        var variables: [String: String] = [:]
        // A plugin's view is its table: `human` is newer than the plugins that read TB_FORMAT.
        let format = try OutputSettings.effectiveFormat(global, environment: environment, interactive: interactive)
        variables["TB_FORMAT"] = format == .human ? OutputFormat.table.rawValue : format.rawValue
        let colored = try OutputSettings.usesColor(global, environment: environment, interactive: interactive)
        variables["TB_COLOR"] = colored ? "always" : "never"
        let paths = StorePaths(environment: environment)
        variables["TB_CONFIG_DIR"] = paths.config
        variables["TB_STATE_DIR"] = paths.state
        variables["TB_CACHE_DIR"] = paths.cache
        return variables
    }
}
