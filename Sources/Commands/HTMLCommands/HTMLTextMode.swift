import Toolbox

/// What --text prints.
enum HTMLTextMode: String, ArgumentChoice {
    /// Every text node inside, as it is (the DOM's textContent).
    case content
    /// The same with runs of white space collapsed to one space and the ends trimmed.
    case normalized
    /// The text as a browser renders it (innerText): blocks and <br> as line breaks, no script or style.
    case inner

    static var valueName: String { "MODE" }
}
