// Which insertion mode's rules a token goes to: one switch per kind of token, so that "reprocess the token in mode X"
// is a call with another mode.

extension TreeBuilder {
    mutating func processCharacters(_ text: Span<UInt8>, in mode: InsertionMode) {
        switch mode {
        case .initial, .beforeHTML, .beforeHead:
            let rest = Self.droppingWhitespace(text)
            guard !rest.isEmpty else { return }
            switch mode {
            case .initial:
                setQuirksMode(.quirks)
                self.mode = .beforeHTML
            case .beforeHTML:
                insertHTMLRoot(Self.none)
                self.mode = .beforeHead
            default:
                headElement = insertHTMLElement(.head)
                self.mode = .inHead
            }
            processCharacters(rest, in: self.mode)
        case .inHead, .inHeadNoscript, .afterHead, .inColumnGroup:
            headCharacters(text, in: mode)
        case .inBody, .inCaption, .inCell, .inTemplate:
            bodyCharacters(text)
        case .text:
            insertCharacters(text)
        case .inTable, .inTableBody, .inRow:
            switch stack.current.namespace == .html ? stack.current.tag : .other {
            case .table, .tbody, .template, .tfoot, .thead, .tr:
                pendingTableText.removeAll(keepingCapacity: true)
                pendingTableTextIsWhitespace = true
                originalMode = self.mode
                self.mode = .inTableText
                processCharacters(text, in: .inTableText)
            default:
                fosterParenting = true
                bodyCharacters(text)
                fosterParenting = false
            }
        case .inTableText:
            if text.count == 1 && text[0] == 0 { return }
            pendingTableText.append(text)
            if pendingTableTextIsWhitespace && !ASCII.isAllWhitespace(text) { pendingTableTextIsWhitespace = false }
        case .afterBody, .afterAfterBody:
            let whitespace = Self.whitespacePrefix(text)
            if whitespace > 0 { bodyCharacters(text.extracting(0..<whitespace)) }
            guard whitespace < text.count else { return }
            self.mode = .inBody
            processCharacters(text.extracting(whitespace..<text.count), in: .inBody)
        case .inFrameset, .afterFrameset, .afterAfterFrameset:
            // Only the whitespace is kept, wherever it is among the other characters.
            var kept: [UInt8] = []
            for i in 0..<text.count where ASCII.isWhitespace(text[i]) { kept.append(text[i]) }
            guard !kept.isEmpty else { return }
            if mode == .afterAfterFrameset {
                bodyCharacters(kept.span)
            } else {
                insertCharacters(kept.span)
            }
        }
    }

    /// Characters in the head, after it, or in a column group: whitespace is inserted, and anything else closes
    /// what is open and is processed again in the mode that follows.
    private mutating func headCharacters(_ text: Span<UInt8>, in mode: InsertionMode) {
        let whitespace = Self.whitespacePrefix(text)
        if whitespace > 0 { insertCharacters(text.extracting(0..<whitespace)) }
        guard whitespace < text.count else { return }
        let rest = text.extracting(whitespace..<text.count)
        switch mode {
        case .inHead, .inHeadNoscript, .afterHead:
            leaveHead(mode)
        default:
            guard stack.current.isHTML(.colgroup) else {
                // (A template's column group.) Each character is a token: the others are ignored, and nothing
                // changes, so the whitespace among them is inserted still, wherever the run of text was cut.
                var kept: [UInt8] = []
                for i in 0..<rest.count where ASCII.isWhitespace(rest[i]) { kept.append(rest[i]) }
                if !kept.isEmpty { insertCharacters(kept.span) }
                return
            }
            stack.pop()
            self.mode = .inTable
        }
        processCharacters(rest, in: self.mode)
    }

    /// "Anything else" in the head's modes, before the token is processed again: the head (or its noscript) is closed,
    /// and after the head the body is implied.
    private mutating func leaveHead(_ mode: InsertionMode) {
        switch mode {
        case .inHead:
            stack.pop()
            self.mode = .afterHead
        case .inHeadNoscript:
            stack.pop()
            self.mode = .inHead
        default:
            insertHTMLElement(.body)
            self.mode = .inBody
        }
    }

    /// "In body" characters: reopened formatting elements first; a U+0000 is dropped.
    mutating func bodyCharacters(_ text: Span<UInt8>) {
        if text.count == 1 && text[0] == 0 { return }
        reconstructFormattingElements()
        insertCharacters(text)
        if framesetOK && !ASCII.isAllWhitespace(text) { framesetOK = false }
    }

    /// How many of `text`'s first bytes are whitespace.
    static func whitespacePrefix(_ text: Span<UInt8>) -> Int {
        var count = 0
        while count < text.count && ASCII.isWhitespace(text[count]) { count += 1 }
        return count
    }

    @_lifetime(copy text)
    static func droppingWhitespace(_ text: Span<UInt8>) -> Span<UInt8> {
        text.extracting(whitespacePrefix(text)..<text.count)
    }

    mutating func processStartTag(_ tag: borrowing TagToken, in mode: InsertionMode) {
        switch mode {
        case .initial, .beforeHTML, .beforeHead: beforeHeadStartTag(tag, in: mode)
        case .inHead: inHeadStartTag(tag)
        case .inHeadNoscript: inHeadNoscriptStartTag(tag)
        case .afterHead: afterHeadStartTag(tag)
        case .inBody: inBodyStartTag(tag)
        case .text: break
        case .inTable: inTableStartTag(tag)
        case .inTableText:
            flushPendingTableText()
            processStartTag(tag, in: self.mode)
        case .inCaption: inCaptionStartTag(tag)
        case .inColumnGroup: inColumnGroupStartTag(tag)
        case .inTableBody: inTableBodyStartTag(tag)
        case .inRow: inRowStartTag(tag)
        case .inCell: inCellStartTag(tag)
        case .inTemplate: inTemplateStartTag(tag)
        case .afterBody, .afterAfterBody:
            if tag.tag != .html { self.mode = .inBody }
            inBodyStartTag(tag)
        case .inFrameset, .afterFrameset, .afterAfterFrameset: framesetStartTag(tag, in: mode)
        }
    }

    mutating func processEndTag(_ tag: borrowing TagToken, in mode: InsertionMode) {
        switch mode {
        case .initial, .beforeHTML, .beforeHead: beforeHeadEndTag(tag, in: mode)
        case .inHead: inHeadEndTag(tag)
        case .inHeadNoscript: inHeadNoscriptEndTag(tag)
        case .afterHead: afterHeadEndTag(tag)
        case .inBody: inBodyEndTag(tag)
        case .text: textEndTag(tag)
        case .inTable: inTableEndTag(tag)
        case .inTableText:
            flushPendingTableText()
            processEndTag(tag, in: self.mode)
        case .inCaption: inCaptionEndTag(tag)
        case .inColumnGroup: inColumnGroupEndTag(tag)
        case .inTableBody: inTableBodyEndTag(tag)
        case .inRow: inRowEndTag(tag)
        case .inCell: inCellEndTag(tag)
        case .inTemplate: if tag.tag == .template { inHeadEndTag(tag) }
        case .afterBody:
            if tag.tag == .html {
                self.mode = .afterAfterBody
            } else {
                self.mode = .inBody
                inBodyEndTag(tag)
            }
        case .afterAfterBody:
            self.mode = .inBody
            inBodyEndTag(tag)
        case .inFrameset:
            guard tag.tag == .frameset, !stack.current.isHTML(.html) else { return }
            stack.pop()
            if !stack.current.isHTML(.frameset) { self.mode = .afterFrameset }
        case .afterFrameset: if tag.tag == .html { self.mode = .afterAfterFrameset }
        case .afterAfterFrameset: break
        }
    }

    mutating func processComment(_ text: Span<UInt8>, in mode: InsertionMode) {
        switch mode {
        case .initial, .beforeHTML, .afterAfterBody, .afterAfterFrameset: insertComment(text, in: Self.document)
        case .afterBody: insertComment(text, in: Int(stack[0].node))
        case .inTableText:
            flushPendingTableText()
            processComment(text, in: self.mode)
        default: insertComment(text)
        }
    }

    mutating func processEndOfFile(in mode: InsertionMode) {
        switch mode {
        case .initial:
            setQuirksMode(.quirks)
            self.mode = .beforeHTML
            processEndOfFile(in: .beforeHTML)
        case .beforeHTML:
            insertHTMLRoot(Self.none)
            self.mode = .beforeHead
            processEndOfFile(in: .beforeHead)
        case .beforeHead:
            headElement = insertHTMLElement(.head)
            self.mode = .inHead
            processEndOfFile(in: .inHead)
        case .inHead, .inHeadNoscript, .afterHead:
            leaveHead(mode)
            processEndOfFile(in: self.mode)
        case .inBody, .inTable, .inCaption, .inColumnGroup, .inTableBody, .inRow, .inCell:
            if !templateModes.isEmpty {
                processEndOfFile(in: .inTemplate)
            } else {
                stopParsing()
            }
        case .inTemplate:
            guard stack.topmost(.template) >= 0 else {
                stopParsing()
                return
            }
            popUntil(.template)
            formatting.clearToLastMarker()
            templateModes.removeLast()
            resetInsertionMode()
            processEndOfFile(in: self.mode)
        case .text:
            stack.pop()
            self.mode = originalMode
            processEndOfFile(in: self.mode)
        case .inTableText:
            flushPendingTableText()
            processEndOfFile(in: self.mode)
        case .afterBody, .inFrameset, .afterFrameset, .afterAfterBody, .afterAfterFrameset:
            stopParsing()
        }
    }

    /// The end of "in table text": the characters it held go where the next token finds them, and that token is
    /// reprocessed in the mode before.
    mutating func flushPendingTableText() {
        let pending = pendingTableText
        if pendingTableTextIsWhitespace {
            insertCharacters(pending.span)
        } else {
            // Like "anything else" in a table: foster parented, as in body.
            fosterParenting = true
            reconstructFormattingElements()
            insertCharacters(pending.span)
            framesetOK = false
            fosterParenting = false
        }
        pendingTableText.removeAll(keepingCapacity: true)
        mode = originalMode
    }
}
