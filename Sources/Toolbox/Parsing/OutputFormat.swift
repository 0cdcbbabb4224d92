/// How records are written.
public enum OutputFormat: String, ArgumentChoice {
    /// `human` on a terminal, NDJSON otherwise.
    case auto
    /// The command's view for people (tb regex prints as ripgrep does), or its table when it has none.
    case human
    case ndjson
    case table
    case tsv

    public static var valueName: String { "FORMAT" }
}
