// What the main thread of a directory search hands the workers of its pool, in walk order.

/// One job of the pool: a file to search, or a problem or warning of the walk passed on so it is reported in order.
enum FileJob: Sendable {
    case file([UInt8])
    case problem(String)
    case warning(String)
}
