internal import CLibXML2
import Glibc
import Threads

/// Events as they cross from the parsing thread: flat records pointing into one buffer, and the element and
/// attribute names seen for the first time (a name is sent once and then referred to by its number).
struct HTMLStreamBatch: Sendable {
    /// `start name count (attribute-name value-offset value-length)*`, `end name`, `text offset length`,
    /// `comment offset length`; offsets into `bytes`, names as numbers into the names sent so far.
    var records: [UInt32] = []
    var bytes: [UInt8] = []
    var newNames: [String] = []
    /// Set in the last batch when libxml2 gave up (it ran out of memory).
    var failure: LibXML2Error?
}
