// What the `line` and `context` records of tb regex have in common: they are one whole line each.
import Toolbox

/// A record that is one whole line: the type and summary are its own, the fields and their values those of
/// `WholeLine`.
protocol WholeLineRecord: Record {
    var line: WholeLine { get }
}

extension WholeLineRecord {
    func encode(to encoder: inout RecordEncoder) { line.encode(to: &encoder) }
}
