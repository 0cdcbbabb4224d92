// The text of one batch as the printing side keeps it while it encodes the batch's records (ItemRecord, FeedRecord):
// the records hold ranges of it, and their dates are parsed from it there.
import Toolbox

/// The text and dates of the records of one batch, which the records hold ranges of.
struct BatchText: Sendable {
    let bytes: [UInt8]
    let dates: [Range<Int>]

    init(_ batch: FeedBatch) {
        bytes = batch.text
        dates = batch.dates
    }

    func encode(_ range: Range<Int>?, to encoder: inout RecordEncoder) {
        guard let range else { return encoder.null() }
        encoder.bytes(bytes.span.extracting(range))
    }

    /// The first of the candidates (a range of `dates`) that parses as a date.
    func date(_ candidates: Range<Int>) -> Timestamp? {
        for index in candidates { if let date = FeedDates.parse(bytes, dates[index]) { return date } }
        return nil
    }
}
