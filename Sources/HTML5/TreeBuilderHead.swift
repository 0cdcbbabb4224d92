// The insertion modes before the body (13.2.6.4.1-6): initial (the DOCTYPE and quirks mode), before html, before
// head, in head, in head noscript and after head.

extension TreeBuilder {
    /// "Initial": the DOCTYPE token.
    mutating func initialDoctype(_ doctype: borrowing DoctypeToken) {
        let name = doctype.name ?? []
        let publicID = doctype.publicID ?? []
        let systemID = doctype.systemID ?? []
        flushText()
        sink.appendDoctype(name: name.span, publicID: publicID.span, systemID: systemID.span)
        setQuirksMode(
            Quirks.mode(
                name: name, publicID: doctype.publicID, systemID: doctype.systemID, forceQuirks: doctype.forceQuirks))
        mode = .beforeHTML
    }

    mutating func setQuirksMode(_ mode: QuirksMode) {
        quirksMode = mode
        sink.setQuirksMode(mode)
    }

    /// The html element, appended to the document.
    mutating func insertHTMLRoot(_ attributes: borrowing Attributes) {
        let node = createElement(.html, known: Tag.html.id, attributes: attributes)
        insert(node, at: .append(Self.document))
        stack.push(OpenElement(node: node, name: Tag.html.id, namespace: .html))
    }

    /// Start tags in the initial, before html and before head modes.
    mutating func beforeHeadStartTag(_ tag: borrowing TagToken, in mode: InsertionMode) {
        switch mode {
        case .initial:
            setQuirksMode(.quirks)
            self.mode = .beforeHTML
            beforeHeadStartTag(tag, in: .beforeHTML)
        case .beforeHTML:
            if tag.tag == .html {
                insertHTMLRoot(tag.attributes)
                self.mode = .beforeHead
                return
            }
            insertHTMLRoot(Self.none)
            self.mode = .beforeHead
            beforeHeadStartTag(tag, in: .beforeHead)
        default:
            switch tag.tag {
            case .html:
                inBodyStartTag(tag)
            case .head:
                headElement = insertHTMLElement(tag)
                self.mode = .inHead
            default:
                headElement = insertHTMLElement(.head)
                self.mode = .inHead
                inHeadStartTag(tag)
            }
        }
    }

    /// End tags in the initial, before html and before head modes: head, body, html and br act as anything else,
    /// others are ignored.
    mutating func beforeHeadEndTag(_ tag: borrowing TagToken, in mode: InsertionMode) {
        switch tag.tag {
        case .head, .body, .html, .br: break
        default: return
        }
        switch mode {
        case .initial:
            setQuirksMode(.quirks)
            self.mode = .beforeHTML
            beforeHeadEndTag(tag, in: .beforeHTML)
        case .beforeHTML:
            insertHTMLRoot(Self.none)
            self.mode = .beforeHead
            beforeHeadEndTag(tag, in: .beforeHead)
        default:
            headElement = insertHTMLElement(.head)
            self.mode = .inHead
            inHeadEndTag(tag)
        }
    }

    mutating func inHeadStartTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .html:
            inBodyStartTag(tag)
        case .base, .basefont, .bgsound, .link, .meta:
            insertHTMLElement(tag)
            stack.pop()
        case .title:
            parseText(tag, as: .rcdata)
        case .noscript:
            // Scripting is off: noscript's content is parsed as markup.
            insertHTMLElement(tag)
            mode = .inHeadNoscript
        case .noframes, .style:
            parseText(tag, as: .rawtext)
        case .script:
            parseText(tag, as: .scriptData)
        case .template:
            insertHTMLElement(tag)
            formatting.pushMarker()
            framesetOK = false
            mode = .inTemplate
            templateModes.append(.inTemplate)
        case .head:
            break
        default:
            stack.pop()
            mode = .afterHead
            afterHeadStartTag(tag)
        }
    }

    /// The generic raw text and RCDATA element parsing algorithms, and script's.
    mutating func parseText(_ tag: borrowing TagToken, as state: ContentState) {
        insertHTMLElement(tag)
        contentState = state
        originalMode = mode
        mode = .text
    }

    mutating func inHeadEndTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .head:
            stack.pop()
            mode = .afterHead
        case .body, .html, .br:
            stack.pop()
            mode = .afterHead
            afterHeadEndTag(tag)
        case .template:
            guard stack.topmost(.template) >= 0 else { return }
            generateImpliedEndTags(thoroughly: true)
            popUntil(.template)
            formatting.clearToLastMarker()
            templateModes.removeLast()
            resetInsertionMode()
        default:
            break
        }
    }

    mutating func inHeadNoscriptStartTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .html: inBodyStartTag(tag)
        case .basefont, .bgsound, .link, .meta, .noframes, .style: inHeadStartTag(tag)
        case .head, .noscript: break
        default:
            stack.pop()
            mode = .inHead
            inHeadStartTag(tag)
        }
    }

    mutating func inHeadNoscriptEndTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .noscript:
            stack.pop()
            mode = .inHead
        case .br:
            stack.pop()
            mode = .inHead
            inHeadEndTag(tag)
        default: break
        }
    }

    mutating func afterHeadStartTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .html:
            inBodyStartTag(tag)
        case .body:
            insertHTMLElement(tag)
            framesetOK = false
            mode = .inBody
        case .frameset:
            insertHTMLElement(tag)
            mode = .inFrameset
        case .base, .basefont, .bgsound, .link, .meta, .noframes, .script, .style, .template, .title:
            // Put back in the head, wherever it is now.
            guard let head = headElement else { return }
            stack.push(OpenElement(node: head, name: Tag.head.id, namespace: .html))
            inHeadStartTag(tag)
            if let slot = stack.slot(of: head) { stack.remove(at: slot) }
        case .head:
            break
        default:
            insertHTMLElement(.body)
            mode = .inBody
            inBodyStartTag(tag)
        }
    }

    mutating func afterHeadEndTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .template:
            inHeadEndTag(tag)
        case .body, .html, .br:
            insertHTMLElement(.body)
            mode = .inBody
            inBodyEndTag(tag)
        default:
            break
        }
    }

    /// "Text" mode's end tags: the element whose text this was is done.
    mutating func textEndTag(_ tag: borrowing TagToken) {
        stack.pop()
        mode = originalMode
    }
}
