// A visit: one line of history, written after a command fetched or checked a target.

/// One recorded run of a command against one target.
public struct Visit: Record, Sendable, Equatable {
    public var time: Timestamp
    /// The command words: `feed`, `svn log`.
    public var command: String
    /// The URL, path or host, with any user name and password removed.
    public var target: String
    /// Nil when the stored line has none, or one that is not an integer tb can represent: unknown is not success.
    public var exitStatus: Int?
    /// How many records the run printed for this target.
    public var records: Int

    public init(time: Timestamp, command: String, target: String, exitStatus: Int?, records: Int) {
        self.time = time
        self.command = command
        self.target = target
        self.exitStatus = exitStatus
        self.records = records
    }

    public static let schema = RecordSchema(
        type: "visit", summary: "one per recorded run and target, oldest first",
        fields: [
            Field("time", .time, "when the run ended"),
            Field("command", .string, "the command, such as feed or svn log"),
            Field("target", .string, "the URL, path or host, without user name or password"),
            Field("exit_status", .integer, "the exit status of the run for this target, or null when unknown"),
            Field("records", .integer, "how many records it printed"),
        ])

    public func encode(to encoder: inout RecordEncoder) {
        encoder.time(time)
        encoder.string(command)
        encoder.string(target)
        encoder.integer(exitStatus)
        encoder.integer(records)
    }

    init?(json: JSONValue) {
        guard let time = json["time"]?.string.flatMap({ Timestamp(rfc3339: $0) }),
            let command = json["command"]?.string, let target = json["target"]?.string
        else { return nil }
        self.init(
            time: time, command: command, target: target, exitStatus: json["exit_status"]?.integer,
            records: json["records"]?.integer ?? 0)
    }
}
