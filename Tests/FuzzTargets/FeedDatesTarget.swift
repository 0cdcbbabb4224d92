// Fuzz target `feed-dates`: any bytes as the text of a feed's date element. A date that parses is printed in RFC 3339,
// and that text must parse again to the same time.
@testable import FeedCommands

/// The feed date parser (RFC 822, RFC 3339 and the variants feeds use).
enum FeedDatesTarget: FuzzTarget {
    static let name = "feed-dates"

    static func check(_ input: [UInt8]) throws(FuzzViolation) {
        guard let time = FeedDates.parse(input, 0..<input.count) else { return }
        let printed = Array(time.rfc3339.utf8)
        let again = FeedDates.parse(printed, 0..<printed.count)
        try require(
            again == time.wholeSeconds || again == time,
            "'\(String(decoding: input, as: UTF8.self))' parses to \(time.rfc3339), which parses to "
                + "\(again?.rfc3339 ?? "nothing")")
    }
}
