/// Where a node goes: at the end of a parent's children, or before a node (in that node's parent).
enum InsertionPlace: Equatable {
    case append(NodeID)
    case before(NodeID)
}
