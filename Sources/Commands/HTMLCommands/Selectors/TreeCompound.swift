// One compound selector (`div.a[href]:first-child`) ready to test HTMLTree elements: its names looked up in the tree
// once (a name the page never uses matches nothing, at no cost), its values as bytes. The tests follow the XPath
// tb compiles for libxml2 exactly, so that both trees give the same records: HTML elements compare names without
// case and know HTML's case-insensitive attribute values; SVG and MathML ones compare exactly.
import HTML5

/// A compound selector's tests, for one tree.
struct TreeCompound {
    /// nil: any element. The number of the lower-cased name (HTML elements) and of the name as written (SVG and
    /// MathML); -1 when the tree has no element so named.
    let type: (html: NameID, foreign: NameID)?
    let conditions: [TreeCondition]

    init(_ compound: CompoundSelector, tree: HTMLTree, add: (ComplexSelector) -> Int) {
        type = compound.typeName.map { name in
            (Self.elementName(asciiLowercase(name), tree), Self.elementName(name, tree))
        }
        conditions = compound.conditions.map { TreeCondition($0.kind, tree: tree, add: add) }
    }

    static func elementName(_ name: String, _ tree: HTMLTree) -> NameID {
        tree.elementNameID(Array(name.utf8).span) ?? -1
    }

    func matches(_ node: Int, _ matcher: TreeMatcher) -> Bool {
        if let type {
            let name = matcher.tree.namespace(node) == .html ? type.html : type.foreign
            guard matcher.tree.nameID(node) == name else { return false }
        }
        for condition in conditions where !condition.matches(node, matcher) { return false }
        return true
    }
}
