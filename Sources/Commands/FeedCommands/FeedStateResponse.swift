// What a feed's state keeps of each response: when, its status, the error, and how long Retry-After makes tb wait.
import Toolbox

extension FeedState {
    /// The longest wait a Retry-After can impose: a server that asks for years does not switch a feed off.
    static let longestWait: Int64 = 7 * 86_400

    /// Notes a response: when, its status, the Retry-After of a 429 or 503 (anything else clears the wait) and the
    /// error, if any.
    mutating func record(_ response: SourceResponse, at now: Timestamp, error: String?) {
        lastFetch = now
        httpStatus = response.status == 0 ? nil : response.status
        nextFetch = nil
        if response.status == 429 || response.status == 503, let until = response.retryAfter, until > now {
            nextFetch = min(until, Timestamp(seconds: now.seconds + Self.longestWait))
        }
        lastError = error
    }
}
