/// Every fuzz target, in the order `make fuzz` runs them.
public enum FuzzTargets {
    public static let all: [any FuzzTarget.Type] = [
        FeedTarget.self,
        FeedDatesTarget.self,
        HTMLTarget.self,
        HTML5Target.self,
        SelectorTarget.self,
        TemplateTarget.self,
        ArgumentsTarget.self,
        StoreTarget.self,
        NDJSONTarget.self,
        RegexChunksTarget.self,
        DecompressTarget.self,
        SVNURLTarget.self,
        URLReferenceTarget.self,
        IgnoreGlobTarget.self,
        ICMPTarget.self,
    ]

    /// The target called `name`.
    public static func named(_ name: String) -> (any FuzzTarget.Type)? {
        all.first { $0.name == name }
    }
}
