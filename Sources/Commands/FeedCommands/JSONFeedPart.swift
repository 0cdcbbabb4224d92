// What JSONFeedScanner hands out as a JSON Feed document arrives.
import Toolbox

/// What the scanner found: a top-level member, an element of the items array, or the end of the object.
enum JSONFeedPart {
    /// A top-level member with its value; nil when the value was longer than the limit (and was skipped).
    case member(String, JSONValue?)
    /// The items array begins (its elements follow as `.item`).
    case itemsBegin
    /// An element of the top-level "items" array, and how many bytes it took.
    case item(JSONValue, bytes: Int)
    /// An element of the items array longer than the limit.
    case itemTooLarge
    /// The top-level object closed.
    case end
}
