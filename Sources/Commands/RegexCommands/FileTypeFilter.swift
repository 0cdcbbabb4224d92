// What the file types a tb regex run selects (-t) and leaves out (-T) say about one file found in a directory, as
// ripgrep decides it.
import Toolbox

/// The -t and -T types of one run, their globs compiled.
struct FileTypeFilter: Sendable {
    private var selected: [IgnoreGlob] = []
    private var excluded: [IgnoreGlob] = []

    /// No -t and no -T.
    init() {}

    /// The types named by -t (`select`) and -T (`exclude`); `all` stands for every type. An unknown name is a usage
    /// error that suggests a known one.
    init(select: [String], exclude: [String]) throws(UsageError) {
        selected = try Self.globs(of: select)
        excluded = try Self.globs(of: exclude)
    }

    /// What the types say about a file called `name` (directories are never filtered by type): ripgrep applies every
    /// -T after every -t, so a -T type that matches leaves the file out whatever -t says; else a -t type that matches
    /// selects it (a hidden name too, as rg); else, once a -t was given, it is left out.
    func verdict(_ name: [UInt8]) -> IgnoreVerdict? {
        if excluded.contains(where: { $0.matches(name) }) { return .ignore }
        if selected.contains(where: { $0.matches(name) }) { return .include }
        return selected.isEmpty ? nil : .ignore
    }

    private static func globs(of names: [String]) throws(UsageError) -> [IgnoreGlob] {
        var globs: [IgnoreGlob] = []
        for name in names {
            let types = name == "all" ? FileTypeTable.types : FileTypeTable.types.filter { $0.name == name }
            guard !types.isEmpty else {
                let suggestion = Suggestion.didYouMean(name, among: FileType.names)
                throw UsageError(
                    "unknown file type '\(name)'"
                        + (suggestion.isEmpty ? " (tb regex --type-list lists them)" : suggestion))
            }
            for glob in types.flatMap(\.globs) {
                // The table's globs are ripgrep's, checked by a test: each compiles.
                if let compiled = try? IgnoreGlob(Array(glob.utf8)) { globs.append(compiled) }
            }
        }
        return globs
    }
}
