// The html5 fuzz target's round trip: the standard's serialization of a tree parses back to the same tree, except for
// the structures listed here, which the standard's serialization is known not to carry.
import Foundation
import TestSupport

@testable import HTML5

enum RoundTrip {
    static let verbose = ProcessInfo.processInfo.environment["TB_FUZZ_VERBOSE"] != nil

    /// Serializes `tree` (the parse of the input) and parses that again, twice. The first re-parse must give `tree`
    /// back unless `tree` holds one of the structures of `exception`; the second must give the first back unless
    /// the first holds one (a tree parsed from a serialization seldom does: serializing then converges at once).
    static func check(_ tree: HTML5TestDOM, _ described: String) throws(FuzzViolation) {
        let once = HTML5TestDOM()
        _ = HTML5Parser.parse(tree.serialized, into: once)
        try compare(tree, once, described, step: "the serialization")
        let twice = HTML5TestDOM()
        _ = HTML5Parser.parse(once.serialized, into: twice)
        try compare(once, twice, described, step: "the serialization of that")
    }

    static func compare(_ tree: HTML5TestDOM, _ reparsed: HTML5TestDOM, _ described: String, step: String)
        throws(FuzzViolation)
    {
        let expected = tree.canonicalAsReparsed
        let got = reparsed.canonical
        guard expected != got else { return }
        if let reason = exception(tree, reparsed) {
            // How often each kind excuses a difference, for whoever weighs the check (TB_FUZZ_VERBOSE=1).
            if verbose { FileHandle.standardError.write(Data("html5 round trip: \(reason)\n".utf8)) }
            return
        }
        let serialization = String(decoding: tree.serialized.prefix(2000), as: UTF8.self).debugDescription
        throw FuzzViolation(
            "\(described): \(step) parses to another tree:\n\(serialization)\n"
                + HTML5Target.difference(expected, got))
    }

    /// Why `tree` cannot come back from its serialization, or nil when it must. Each kind the fuzzer met, with an
    /// input that gives it (comments need none: the text the tokenizer gives a comment never starts with `>` or `->`
    /// nor holds `-->` or `--!>`, so `<!--text-->` always gives it back):
    ///
    /// - quirks: the DOCTYPE's identifiers or its force-quirks flag made the document quirky, the serialization's
    ///   `<!DOCTYPE html>` does not (a missing DOCTYPE, or another name, stays as it was), and a table is in the
    ///   tree, the one thing tree construction does otherwise in quirks mode (a `<table>` start tag closes an open p
    ///   only outside it): `<!DOCTYPE html PUBLIC "html"><p><table>`.
    /// - plaintext: nothing ends a plaintext element, so its end tag and all that the serialization writes after it
    ///   are its text: `<plaintext>a`.
    /// - raw text: a style, script, xmp, iframe, noembed or noframes element whose text, written as it is, does not
    ///   parse back to that text and its end tag: a script cut by the end of the input in a state its end tag does
    ///   not end (`<script><!--<script ` is still "double escaped" at `</script>`).
    /// - foster parenting: an element taken out of a table to before it (what the sink's `insert(_:before:)` does)
    ///   was parsed with the table open, a scope boundary its start tag and its content's stopped at; written
    ///   before the table, it is parsed without: `<a><table><a>` nests an a in an a, which `<a><a>` does not;
    ///   `<p><table></p>` (quirks) a p in a p.
    /// - nested forms: a form in a form (in the same tree, not across a template's contents): the form element
    ///   pointer was cleared by an end tag that closed nothing, and `<form>` in a form is ignored:
    ///   `<form><table></form><form>`.
    /// - nested nobr: a nobr in a nobr with no element between that ends the default scope: a `<nobr>` start tag with
    ///   a nobr in scope runs the adoption agency, whose outer loop stops after 8 rounds, each moving the open nobr
    ///   into the next block; past 8 blocks the old nobr is still the current node, and the new one goes into it
    ///   (html5lib agrees): `<nobr><div><figure><div><figure><figure><div><div><div><nobr>`. Written out, the
    ///   second `<nobr>` closes the first.
    /// - nested a: the same for `<a>`, which runs the adoption agency when an a is in the list of active formatting
    ///   elements (after its last marker) and then takes that a, the original, off the stack: past 8 blocks its last
    ///   copy is still open and holds the new a (html5lib agrees): `<a><div><div><div><div><div><div><div><div><a>`.
    ///   Written out, the inner `<a>` closes the outer one unless an element that pushes a marker (applet, caption,
    ///   marquee, object, td, th, template) is between them.
    static func exception(_ tree: HTML5TestDOM, _ reparsed: HTML5TestDOM) -> String? {
        if (tree.quirksMode == .quirks) != (reparsed.quirksMode == .quirks) && contains(tree, .html, "table") {
            return "quirks"
        }
        if contains(tree, .html, "plaintext") { return "plaintext" }
        if !tree.fosterParented.isEmpty { return "foster parenting" }
        for node in tree.nodes.indices {
            guard case .element(.html, let name, _) = tree.nodes[node].kind else { continue }
            if name == "form" && hasAncestor(tree, node, named: "form") { return "nested forms" }
            if name == "nobr" && hasAncestor(tree, node, named: "nobr", below: scopeBoundaries) { return "nested nobr" }
            if name == "a" && hasAncestor(tree, node, named: "a", below: markerElements) { return "nested a" }
            guard HTML5TestDOM.rawTextElements.contains(name) else { continue }
            let text = tree.children(of: node).flatMap { tree.nodes[$0].data }
            if !rawTextParsesBack(text, in: name) { return "raw text" }
        }
        return nil
    }

    /// Whether the tree has an element named `name` in `namespace`.
    static func contains(_ tree: HTML5TestDOM, _ namespace: Namespace, _ name: String) -> Bool {
        tree.nodes.contains { $0.kind.isElement(namespace, name) }
    }

    /// Whether an element named `name` (HTML) encloses `node` in its tree (a template's contents are a tree of
    /// their own), below the nearest enclosing element of `stops`.
    static func hasAncestor(
        _ tree: HTML5TestDOM, _ node: Int, named name: String, below stops: [(namespace: Namespace, name: String)] = []
    ) -> Bool {
        var parent = tree.nodes[node].parent
        while let current = parent {
            let kind = tree.nodes[current].kind
            if kind.isElement(.html, name) { return true }
            if stops.contains(where: { kind.isElement($0.namespace, $0.name) }) { return false }
            parent = tree.nodes[current].parent
        }
        return false
    }

    /// The elements that push a marker on the list of active formatting elements.
    static let markerElements: [(namespace: Namespace, name: String)] =
        ["applet", "caption", "marquee", "object", "td", "th", "template"].map { (.html, $0) }

    /// The elements that end the default scope ("has an element in scope"); tb's parser counts select among them,
    /// its content being parsed in body.
    static let scopeBoundaries: [(namespace: Namespace, name: String)] =
        ["applet", "caption", "html", "table", "td", "th", "marquee", "object", "select", "template"].map {
            (.html, $0)
        }
        + ["mi", "mo", "mn", "ms", "mtext", "annotation-xml"].map { (.mathml, $0) }
        + ["foreignObject", "desc", "title"].map { (.svg, $0) }

    /// Whether `text` written as it is in element `name` (style, script…) and followed by its end tag is read back
    /// as that text and that end tag.
    static func rawTextParsesBack(_ text: [UInt8], in name: String) -> Bool {
        let tokens = HTML5Tokens.of(
            text + Array("</\(name)>".utf8), state: name == "script" ? "Script data state" : "RAWTEXT state",
            lastStartTag: Array(name.utf8), followingContent: false)
        let end = HTML5Token.endTag(name: Array(name.utf8), attributes: [])
        return tokens == (text.isEmpty ? [] : [.characters(text)]) + [end, .endOfFile]
    }
}

extension HTML5TestDOM.Kind {
    func isElement(_ namespace: Namespace, _ name: String) -> Bool {
        guard case .element(namespace, name, _) = self else { return false }
        return true
    }
}
