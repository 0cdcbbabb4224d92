import LibXML2

/// innerText built from a walk or a stream of events: elements entered and left, text met.
struct InnerText {
    /// What the walk meets, in order.
    enum Piece {
        case text(String)
        case breaks(Int)
        case tab
    }

    private var pieces: [Piece] = []
    /// How many elements entered keep their white space (pre, textarea), and how many hide what is inside.
    private var preformatted = 0
    private var hidden = 0

    /// Enters an element; false when what is inside is not rendered (a tree walk skips it; a stream goes on
    /// calling, and its text is dropped until the element is left).
    mutating func enter(_ name: String, isRoot: Bool = false) -> Bool {
        let name = name.lowercased()
        if hidden > 0 || (TextRendering.hidden.contains(name) && !isRoot) {
            hidden += 1
            return false
        }
        if name == "br" {
            pieces.append(.text("\n"))
            hidden += 1
            return false
        }
        if TextRendering.blocks.contains(name) { pieces.append(.breaks(1)) }
        if name == "p" { pieces.append(.breaks(2)) }
        if TextRendering.preformatted.contains(name) { preformatted += 1 }
        return true
    }

    /// Leaves an element entered (whatever `enter` said).
    mutating func leave(_ name: String) {
        if hidden > 0 {
            hidden -= 1
            return
        }
        let name = name.lowercased()
        if TextRendering.preformatted.contains(name) { preformatted -= 1 }
        if TextRendering.blocks.contains(name) { pieces.append(.breaks(1)) }
        if name == "p" { pieces.append(.breaks(2)) }
        if name == "td" || name == "th" { pieces.append(.tab) }
    }

    mutating func text(_ text: String) {
        guard hidden == 0 else { return }
        pieces.append(.text(preformatted > 0 ? text : TextRendering.collapse(text)))
    }

    var result: String { TextRendering.joined(pieces) }
}
