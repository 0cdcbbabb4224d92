// Where a JSON document read as a feed stops being JSON.

/// Why a document is not the JSON object a feed is: where and what.
struct JSONFeedSyntaxError: Error {
    let message: String
    let line: Int
    let column: Int
}
