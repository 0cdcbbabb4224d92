// The options every command that prints records accepts, wherever they appear on the command line.

/// The global options; the kernel reads them, commands never do.
public enum GlobalOptions {
    public static let format = Option<OutputFormat>(
        "format",
        help: "how to write records: auto (human on a terminal, NDJSON otherwise), human (the command's own view, "
            + "as regex's ripgrep-style lines, or else its table), ndjson, table or tsv",
        default: .auto)
    public static let json = Flag("json", help: "short for --format ndjson")
    public static let fields = Option<String>(
        "fields", value: "LIST",
        help: "print only these fields, in this order (comma-separated; repeatable)", repeatable: true,
        completion: .fields)
    public static let template = Option<String>(
        "template", value: "TEMPLATE",
        help: "write each record with a template: %(field), %(field.sub), %x09, %n, %%",
        conflicts: [format, json, fields])
    public static let color = Option<ColorMode>(
        "color", help: "color the table or view: auto (on a terminal unless NO_COLOR is set), always or never",
        default: .auto)
    public static let help = Flag("help", short: "h", help: "show help: -h briefly, --help in full")
    public static let version = Flag("version", help: "print the version and exit")

    /// The options that shape output, accepted by every command that prints records.
    public static let output: [OptionSpec] = [format.spec, json.spec, fields.spec, template.spec, color.spec]

    /// Whether `long` names one of the output options.
    static func isOutputOption(_ long: String) -> Bool {
        output.contains { $0.long == long }
    }
}
