import Toolbox

/// Which parser builds the tree.
enum HTMLParserChoice: String, ArgumentChoice {
    /// tb's own HTML5 parser (the HTML5 module): the standard's tokenizer and tree construction, as browsers build
    /// the tree, linear in any page.
    case html5
    /// The same parser, by its other name.
    case tb
    /// libxml2's HTML parser: HTML4 rules, faster.
    case libxml2

    static var valueName: String { "NAME" }
}
