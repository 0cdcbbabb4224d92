import Toolbox

/// Which HTML fills the html field.
enum HTMLPart: Sendable {
    case outer, inner
}
