/// An entry's neighbours on each chain.
struct Links {
    var name: Int32 = -1
    var special: Int32 = -1
    var boundary: Int32 = -1
    var html: Int32 = -1
    var listStop: Int32 = -1

    enum Chain: CaseIterable { case name, special, boundary, html, listStop }

    subscript(chain: Chain) -> Int32 {
        get {
            switch chain {
            case .name: name
            case .special: special
            case .boundary: boundary
            case .html: html
            case .listStop: listStop
            }
        }
        set {
            switch chain {
            case .name: name = newValue
            case .special: special = newValue
            case .boundary: boundary = newValue
            case .html: html = newValue
            case .listStop: listStop = newValue
            }
        }
    }
}
