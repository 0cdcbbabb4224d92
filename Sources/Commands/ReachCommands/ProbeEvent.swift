// What the loop hands a probe: the events of the things it registered with ProbeServices.
import Curl

/// An event for one probe.
enum ProbeEvent {
    /// A descriptor it registered (`ProbeServices.watch`) is ready.
    case ready(token: UInt64)
    /// A message about one of its echoes, which was sent at `sent`; the socket was seen readable at `seen` and read
    /// by `read`.
    case echo(ICMPMessage, sent: Int64, seen: Int64, read: Int64)
    /// Its transfer ended (`error` nil when it succeeded).
    case transferEnded(CurlTransfer, CurlError?)
}
