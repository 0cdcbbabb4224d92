import Bytes
import HTML5
import LibXML2

/// A path as the steps to each of a node's ancestors: the nodes, and where each one's step ends in the bytes.
struct PathSteps {
    var nodes: [Int] = []
    var ends: [Int] = []
    var bytes: [UInt8] = []
}
