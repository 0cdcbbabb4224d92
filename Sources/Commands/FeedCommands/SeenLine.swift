// The lines after the first of a feed's state file (FeedState): one per key of an item printed.
import Toolbox

/// A line of a state file for one item printed.
struct SeenLine: Record {
    static let schema = RecordSchema(
        type: "seen", summary: "an item printed",
        fields: [
            Field("key", .string, "the item's key"),
            Field("absent", .integer, "how many whole fetches in a row did not have it"),
        ])

    let seen: FeedState.Seen

    func encode(to encoder: inout RecordEncoder) {
        encoder.string(seen.key)
        encoder.integer(seen.absent)
    }
}
