// The tree construction stage (13.2.6): receives the tokenizer's tokens and builds the document into a TreeSink, one
// insertion mode at a time. The modes' rules are in the TreeBuilder*.swift files named for them; this file holds the
// state, the dispatcher between HTML and foreign content, and the ways nodes are inserted.

struct TreeBuilder: TokenConsumer {
    let sink: any TreeSink
    var mode = InsertionMode.initial
    /// The mode to return to after text (script, style…) or table text.
    var originalMode = InsertionMode.initial
    var templateModes: [InsertionMode] = []
    var stack = OpenElements()
    var formatting = ActiveFormattingElements()
    var headElement: NodeID?
    var formElement: NodeID?
    var framesetOK = true
    var fosterParenting = false
    var quirksMode = QuirksMode.noQuirks
    /// After `<pre>`, `<listing>` and `<textarea>`, a newline that comes next is dropped.
    var ignoreLineFeed = false
    /// The state the start tag being processed leaves the tokenizer in.
    var contentState: ContentState?
    /// Characters of "in table text", held until the next other token decides where they go.
    var pendingTableText: [UInt8] = []
    var pendingTableTextIsWhitespace = true
    /// The next element's number; 0 is the document.
    var nextID: NodeID = 1
    /// Text to be inserted at `textPlace`: characters arrive in pieces, the sink gets each run once.
    var text: [UInt8] = []
    var textPlace = InsertionPlace.append(0)
    /// The document's input, when the sink keeps it: text the input holds as it is then goes to the sink as a range
    /// of it (`textRange`, while no copied text is pending) rather than copied twice.
    var input: [UInt8]?
    var textRange: Range<Int>?
    /// Where the characters being processed are in the input, while a `characters(_:at:)` call lasts: the rules
    /// insert them whole or in parts, and a part as long as the whole is the whole.
    var charactersRange: Range<Int>?
    /// How much more may be re-created (reopened formatting elements, the adoption agency's copies), in reopenCost's
    /// units: an input can make the standard's algorithm re-create each open formatting element, attributes and
    /// all, at every paragraph, so often that neither memory nor time would be linear in the input. Past it, nothing
    /// more is reopened. (An adoption agency's run, once begun, may overdraw it by its four copies.)
    var reopenBudget: Int
    /// How many elements were re-created.
    var reopened = 0
    /// Whether a limit was reached (this budget, or the list of active formatting elements' length): the tree differs
    /// from a browser's from there on.
    var limitReached = false

    init(sink: any TreeSink, inputLength: Int) {
        self.sink = sink
        reopenBudget = 65_536 + inputLength / 4
    }

    static let document: NodeID = 0

    // MARK: The dispatcher

    /// Whether a token goes to the rules of the insertion mode (HTML content) rather than to those for foreign
    /// content: the tree construction dispatcher.
    private func isHTMLContent(startTag tag: Tag? = nil, isCharacter: Bool = false) -> Bool {
        guard !stack.isEmpty else { return true }
        let node = stack.current
        if node.namespace == .html { return true }
        if node.flags.contains(.mathMLTextIntegrationPoint) {
            if let tag, tag != .mglyph && tag != .malignmark { return true }
            if isCharacter { return true }
        }
        if node.namespace == .mathml && node.tag == .annotationXML && tag == .svg { return true }
        if node.flags.contains(.htmlIntegrationPoint) && (tag != nil || isCharacter) { return true }
        return false
    }

    mutating func characters(_ text: Span<UInt8>, at offset: Int) {
        guard input != nil else { return characters(text) }
        charactersRange = offset..<offset + text.count
        defer { charactersRange = nil }
        characters(text)
    }

    mutating func characters(_ text: Span<UInt8>) {
        guard !text.isEmpty else { return }
        var text = text
        if ignoreLineFeed {
            ignoreLineFeed = false
            if text[0] == 0x0A {
                guard text.count > 1 else { return }
                text = text.extracting(1..<text.count)
                if let range = charactersRange { charactersRange = range.lowerBound + 1..<range.upperBound }
            }
        }
        if isHTMLContent(isCharacter: true) {
            processCharacters(text, in: mode)
        } else {
            foreignCharacters(text)
        }
    }

    mutating func nullCharacter() {
        ignoreLineFeed = false
        if isHTMLContent(isCharacter: true) {
            processCharacters(Self.null.span, in: mode)
        } else {
            let replacement = ASCII.replacement
            insertCharacters(replacement.span)
        }
    }

    static let null: [UInt8] = [0]

    mutating func startTag(_ tag: borrowing TagToken) -> ContentState? {
        ignoreLineFeed = false
        contentState = nil
        if isHTMLContent(startTag: tag.tag) {
            processStartTag(tag, in: mode)
        } else {
            foreignStartTag(tag)
        }
        return contentState
    }

    mutating func endTag(_ tag: borrowing TagToken) {
        ignoreLineFeed = false
        if isHTMLContent() {
            processEndTag(tag, in: mode)
        } else {
            foreignEndTag(tag)
        }
    }

    mutating func comment(_ text: Span<UInt8>) {
        ignoreLineFeed = false
        if isHTMLContent() {
            processComment(text, in: mode)
        } else {
            insertComment(text)
        }
    }

    mutating func doctype(_ doctype: borrowing DoctypeToken) {
        ignoreLineFeed = false
        // In foreign content a DOCTYPE is ignored; in HTML content every mode but the initial one ignores it too.
        if isHTMLContent() && mode == .initial {
            initialDoctype(doctype)
        }
    }

    mutating func endOfFile() {
        processEndOfFile(in: mode)
    }

    var allowsCDATA: Bool {
        !stack.isEmpty && stack.current.namespace != .html
    }

    /// "Stop parsing": every element is closed, and the last text goes to the sink.
    mutating func stopParsing() {
        flushText()
        while !stack.isEmpty { stack.pop() }
    }

    // MARK: Inserting

    /// The appropriate place for inserting a node (13.2.6.1), with `target` (a slot of the stack) as the override
    /// target, or the current node.
    func appropriatePlace(target: Int? = nil) -> InsertionPlace {
        let slot = target ?? stack.top
        let element = stack[slot]
        if fosterParenting && element.namespace == .html {
            switch element.tag {
            case .table, .tbody, .tfoot, .thead, .tr:
                let lastTemplate = stack.topmost(.template)
                let lastTable = stack.topmost(.table)
                if lastTemplate >= 0 && (lastTable < 0 || lastTemplate > lastTable) {
                    return .append(Int(stack[lastTemplate].node) + 1)
                }
                guard lastTable >= 0 else { return .append(Int(stack[0].node)) }
                let table = Int(stack[lastTable].node)
                if sink.hasParent(table) { return .before(table) }
                let previous = stack.below(lastTable) ?? 0
                return .append(contents(of: stack[previous]))
            default: break
            }
        }
        return .append(contents(of: element))
    }

    /// Where the children of an open element go: a template's into its contents.
    func contents(of element: OpenElement) -> NodeID {
        element.isHTML(.template) ? Int(element.node) + 1 : Int(element.node)
    }

    /// Creates an element for a token (13.2.6.1), not yet inserted anywhere.
    mutating func createElement(
        _ namespace: Namespace, name: Span<UInt8>, nameID: NameID, attributes: borrowing Attributes
    ) -> NodeID {
        let id = nextID
        nextID += 1
        sink.createElement(id, namespace: namespace, name: name, nameID: nameID, attributes: attributes)
        if namespace == .html && nameID == Tag.template.id {
            sink.createTemplateContents(nextID, of: id)
            nextID += 1
        }
        stack.reserve(node: nextID)
        return id
    }

    /// Creates an element whose name is one of the Tags (an implied element, a copy of a formatting element).
    mutating func createElement(_ namespace: Namespace, known name: NameID, attributes: borrowing Attributes) -> NodeID
    {
        let bytes = Tag.nameBytes[Int(Tag(name).rawValue)]
        return createElement(namespace, name: bytes.span, nameID: name, attributes: attributes)
    }

    /// Puts `node` at `place`.
    mutating func insert(_ node: NodeID, at place: InsertionPlace) {
        flushText()
        switch place {
        case .append(let parent): sink.append(node, to: parent)
        case .before(let sibling): sink.insert(node, before: sibling)
        }
    }

    /// The stack entry of a new element, with its integration-point flags.
    func openElement(
        _ node: NodeID, _ namespace: Namespace, nameID: NameID, attributes: borrowing Attributes
    ) -> OpenElement {
        var flags: OpenElement.Flags = []
        let tag = Tag(nameID)
        switch namespace {
        case .mathml:
            switch tag {
            case .mi, .mo, .mn, .ms, .mtext: flags.insert(.mathMLTextIntegrationPoint)
            case .annotationXML:
                if let encoding = attributes.value(of: Self.encoding),
                    ASCII.equalIgnoringCase(encoding, Self.textHTML.span)
                        || ASCII.equalIgnoringCase(encoding, Self.applicationXHTML.span)
                {
                    flags.insert(.htmlIntegrationPoint)
                }
            default: break
            }
        case .svg:
            if tag == .foreignObject || tag == .desc || tag == .title { flags.insert(.htmlIntegrationPoint) }
        case .html: break
        }
        return OpenElement(node: node, name: nameID, namespace: namespace, flags: flags)
    }

    static let encoding: [UInt8] = Array("encoding".utf8)
    static let textHTML: [UInt8] = Array("text/html".utf8)
    static let applicationXHTML: [UInt8] = Array("application/xhtml+xml".utf8)

    /// "Insert an HTML element" for a start tag.
    @discardableResult
    mutating func insertHTMLElement(_ tag: borrowing TagToken) -> NodeID {
        insertElement(.html, name: tag.name.span, nameID: tag.nameID, attributes: tag.attributes)
    }

    /// "Insert an HTML element" for a start tag the rules imply (`<tbody>`, `<html>`…), with no attributes.
    @discardableResult
    mutating func insertHTMLElement(_ tag: Tag) -> NodeID {
        let name = Tag.nameBytes[Int(tag.rawValue)]
        return insertElement(.html, name: name.span, nameID: tag.id, attributes: Self.none)
    }

    static let none = Attributes()

    /// "Insert a foreign element", and HTML ones: created at the appropriate place and pushed.
    @discardableResult
    mutating func insertElement(
        _ namespace: Namespace, name: Span<UInt8>, nameID: NameID, attributes: borrowing Attributes
    ) -> NodeID {
        let place = appropriatePlace()
        let node = createElement(namespace, name: name, nameID: nameID, attributes: attributes)
        insert(node, at: place)
        stack.push(openElement(node, namespace, nameID: nameID, attributes: attributes))
        return node
    }

    /// "Insert a character": text joins the text before it.
    mutating func insertCharacters(_ characters: Span<UInt8>) {
        let place = appropriatePlace()
        if case .append(let parent) = place, parent == Self.document { return }
        if place != textPlace {
            flushText()
            textPlace = place
        }
        if text.isEmpty, let range = charactersRange, range.count == characters.count {
            // The characters as the input holds them: a range, joined to the pending one it continues.
            if let pending = textRange, pending.upperBound == range.lowerBound {
                textRange = pending.lowerBound..<range.upperBound
                return
            }
            if textRange == nil {
                textRange = range
                return
            }
        }
        if let pending = textRange, let input {
            textRange = nil
            text.append(input.span.extracting(pending))
        }
        text.append(characters)
    }

    /// Hands the text gathered so far to the sink.
    mutating func flushText() {
        if let range = textRange {
            textRange = nil
            switch textPlace {
            case .append(let parent): sink.appendText(inputRange: range, to: parent)
            case .before(let sibling): sink.insertText(inputRange: range, before: sibling)
            }
            return
        }
        guard !text.isEmpty else { return }
        switch textPlace {
        case .append(let parent): sink.appendText(text.span, to: parent)
        case .before(let sibling): sink.insertText(text.span, before: sibling)
        }
        text.removeAll(keepingCapacity: true)
    }

    /// "Insert a comment", at the appropriate place or as the last child of `parent`.
    mutating func insertComment(_ comment: Span<UInt8>, in parent: NodeID? = nil) {
        flushText()
        let target: NodeID
        if let parent {
            target = parent
        } else {
            switch appropriatePlace() {
            case .append(let node): target = node
            case .before:
                // Comments are never foster parented: the in-table modes insert them themselves.
                target = contents(of: stack.current)
            }
        }
        sink.appendComment(comment, to: target)
    }

    // MARK: The stack's common steps

    /// Pops elements until an HTML element `tag` has been popped.
    mutating func popUntil(_ tag: Tag) {
        let slot = stack.topmost(tag)
        if slot >= 0 { stack.pop(through: slot) }
    }

    /// Pops elements until one of `tags` (HTML) has been popped.
    mutating func popUntil(oneOf tags: [Tag]) {
        var slot = -1
        for tag in tags { slot = max(slot, stack.topmost(tag)) }
        if slot >= 0 { stack.pop(through: slot) }
    }

    /// "Generate implied end tags", except for `except`.
    mutating func generateImpliedEndTags(except: Tag? = nil, thoroughly: Bool = false) {
        while !stack.isEmpty {
            let current = stack.current
            guard current.namespace == .html, current.tag != except else { return }
            switch current.tag {
            case .dd, .dt, .li, .optgroup, .option, .p, .rb, .rp, .rt, .rtc: stack.pop()
            case .caption, .colgroup, .tbody, .td, .tfoot, .th, .thead, .tr:
                guard thoroughly else { return }
                stack.pop()
            default: return
            }
        }
    }

    /// "Close a p element".
    mutating func closePElement() {
        generateImpliedEndTags(except: .p)
        popUntil(.p)
    }

    /// Closes a p element when one is in button scope (what most block start tags do first).
    mutating func closePElementInButtonScope() {
        if stack.hasInScope(.p, .button) { closePElement() }
    }

    /// "Reset the insertion mode appropriately" (13.2.4.1): the topmost element that decides a mode decides it.
    mutating func resetInsertionMode() {
        var slot = 0
        for tag in Self.modeDeciding { slot = max(slot, stack.topmost(tag)) }
        let element = stack[slot]
        switch element.tag {
        case .td, .th: mode = .inCell
        case .tr: mode = .inRow
        case .tbody, .thead, .tfoot: mode = .inTableBody
        case .caption: mode = .inCaption
        case .colgroup: mode = .inColumnGroup
        case .table: mode = .inTable
        case .template: mode = templateModes.last ?? .inBody
        case .head: mode = .inHead
        case .body: mode = .inBody
        case .frameset: mode = .inFrameset
        default: mode = headElement == nil ? .beforeHead : .afterHead
        }
    }

    static let modeDeciding: [Tag] = [
        .td, .th, .tr, .tbody, .thead, .tfoot, .caption, .colgroup, .table, .template, .head, .body, .frameset,
        .html,
    ]

    /// Pops elements until the current node is one of `tags` (HTML) or html: "clear the stack back to a … context".
    mutating func clearStack(backTo tags: [Tag]) {
        while !stack.isEmpty {
            let current = stack.current
            if current.namespace == .html && (current.tag == .html || tags.contains(current.tag)) { return }
            stack.pop()
        }
    }

    /// What re-creating an element with `attributes` costs of reopenBudget: 1 for the element, 4 for each attribute
    /// (a sink's attribute weighs several elements' worth: a libxml2 attribute is two nodes), 1 for each 16 bytes of
    /// their names and values. (Counting elements alone, a `<b>` with 20 KB of attributes reopened at each of 5,000
    /// paragraphs made 2 GB of a 64 KB page.)
    static func reopenCost(_ attributes: borrowing Attributes) -> Int {
        1 + 4 * attributes.count + attributes.byteCount / 16
    }

    /// Takes the cost of re-creating an element with `attributes` from the budget; false, and the limit reached,
    /// when the budget cannot pay it.
    mutating func spendReopenBudget(on attributes: borrowing Attributes) -> Bool {
        let cost = Self.reopenCost(attributes)
        guard reopenBudget >= cost else {
            limitReached = true
            return false
        }
        reopenBudget -= cost
        reopened += 1
        return true
    }

    /// "Reconstruct the active formatting elements" (13.2.4.3).
    mutating func reconstructFormattingElements() {
        guard let last = formatting.entries.last, !last.isMarker, !stack.contains(last.node) else { return }
        var index = formatting.count - 1
        while index > 0 {
            let previous = formatting[index - 1]
            if previous.isMarker || stack.contains(previous.node) { break }
            index -= 1
        }
        while index < formatting.count {
            let entry = formatting[index]
            guard spendReopenBudget(on: entry.attributes) else { return }
            let name = Tag.nameBytes[Int(Tag(entry.name).rawValue)]
            let node = insertElement(.html, name: name.span, nameID: entry.name, attributes: entry.attributes)
            formatting.replace(at: index, with: node)
            index += 1
        }
    }

    /// Pushes the current node on the list of active formatting elements.
    mutating func pushFormattingElement(_ tag: borrowing TagToken) {
        formatting.push(node: Int(stack.current.node), name: tag.nameID, attributes: tag.attributes)
        if formatting.overflowed { limitReached = true }
    }
}

extension Tag {
    /// Each tag's name, by raw value.
    static let nameBytes: [[UInt8]] = Tag.allCases.map { Array($0.name.utf8) }
}
