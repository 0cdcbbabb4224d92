// The "in body" insertion mode (13.2.6.4.7): the rules for the tags of a page's content.

extension TreeBuilder {
    /// The "in body" start tags of the document's structure and its blocks; the rest go on to
    /// `inBodyInlineStartTag`.
    mutating func inBodyStartTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .html:
            guard stack.topmost(.template) < 0 else { return }
            sink.addMissingAttributes(tag.attributes, to: Int(stack[0].node))
        case .base, .basefont, .bgsound, .link, .meta, .noframes, .script, .style, .template, .title:
            inHeadStartTag(tag)
        case .body:
            guard let second = stack.secondSlot, stack[second].isHTML(.body), stack.topmost(.template) < 0 else {
                return
            }
            framesetOK = false
            sink.addMissingAttributes(tag.attributes, to: Int(stack[second].node))
        case .frameset:
            guard framesetOK, let second = stack.secondSlot, stack[second].isHTML(.body) else { return }
            flushText()
            sink.remove(Int(stack[second].node))
            stack.pop(through: second)
            insertHTMLElement(tag)
            mode = .inFrameset
        case .address, .article, .aside, .blockquote, .center, .details, .dialog, .dir, .div, .dl, .fieldset,
            .figcaption, .figure, .footer, .header, .hgroup, .main, .menu, .nav, .ol, .p, .search, .section, .summary,
            .ul:
            closePElementInButtonScope()
            insertHTMLElement(tag)
        case .h1, .h2, .h3, .h4, .h5, .h6:
            closePElementInButtonScope()
            switch stack.current.namespace == .html ? stack.current.tag : .other {
            case .h1, .h2, .h3, .h4, .h5, .h6: stack.pop()
            default: break
            }
            insertHTMLElement(tag)
        case .pre, .listing:
            closePElementInButtonScope()
            insertHTMLElement(tag)
            ignoreLineFeed = true
            framesetOK = false
        case .form:
            let inTemplate = stack.topmost(.template) >= 0
            guard formElement == nil || inTemplate else { return }
            closePElementInButtonScope()
            let node = insertHTMLElement(tag)
            if !inTemplate { formElement = node }
        case .li, .dd, .dt:
            framesetOK = false
            // The nearest of li (dd, dt) or another special element other than address, div and p decides: an open
            // li is closed, anything else stops the search.
            closeListItem(tag.tag)
            closePElementInButtonScope()
            insertHTMLElement(tag)
        case .plaintext:
            closePElementInButtonScope()
            insertHTMLElement(tag)
            contentState = .plaintext
        case .button:
            if stack.hasInScope(.button) {
                generateImpliedEndTags()
                popUntil(.button)
            }
            reconstructFormattingElements()
            insertHTMLElement(tag)
            framesetOK = false
        default:
            inBodyInlineStartTag(tag)
        }
    }

    /// More "in body" start tags: formatting elements, tables, void elements and inputs.
    private mutating func inBodyInlineStartTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .a:
            if let index = formatting.lastIndex(named: Tag.a.id) {
                let node = formatting[index].node
                if adoptionAgency(Tag.a.id) { anyOtherEndTag(Tag.a.id) }
                if let index = formatting.index(of: node) { formatting.remove(at: index) }
                if let slot = stack.slot(of: node) { stack.remove(at: slot) }
            }
            reconstructFormattingElements()
            insertHTMLElement(tag)
            pushFormattingElement(tag)
        case .b, .big, .code, .em, .font, .i, .s, .small, .strike, .strong, .tt, .u:
            reconstructFormattingElements()
            insertHTMLElement(tag)
            pushFormattingElement(tag)
        case .nobr:
            reconstructFormattingElements()
            if stack.hasInScope(.nobr) {
                if adoptionAgency(Tag.nobr.id) { anyOtherEndTag(Tag.nobr.id) }
                reconstructFormattingElements()
            }
            insertHTMLElement(tag)
            pushFormattingElement(tag)
        case .applet, .marquee, .object:
            reconstructFormattingElements()
            insertHTMLElement(tag)
            formatting.pushMarker()
            framesetOK = false
        case .table:
            if quirksMode != .quirks { closePElementInButtonScope() }
            insertHTMLElement(tag)
            framesetOK = false
            mode = .inTable
        case .area, .br, .embed, .img, .keygen, .wbr:
            reconstructFormattingElements()
            insertHTMLElement(tag)
            stack.pop()
            framesetOK = false
        case .input:
            // An input closes a select it is in.
            if stack.hasInScope(.select) { popUntil(.select) }
            reconstructFormattingElements()
            insertHTMLElement(tag)
            stack.pop()
            if !Self.isHiddenInput(tag) { framesetOK = false }
        case .param, .source, .track:
            insertHTMLElement(tag)
            stack.pop()
        case .hr:
            closePElementInButtonScope()
            if stack.hasInScope(.select) { generateImpliedEndTags() }
            insertHTMLElement(tag)
            stack.pop()
            framesetOK = false
        default:
            inBodyOtherStartTag(tag)
        }
    }

    /// The last "in body" start tags: `<image>`, the elements of raw and escapable text, select and its options,
    /// ruby, foreign content, table parts out of place, and any other tag.
    private mutating func inBodyOtherStartTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .image:
            // "Don't ask": an <image> is an <img>.
            var renamed = TagToken()
            renamed.name = Tag.nameBytes[Int(Tag.img.rawValue)]
            renamed.nameID = Tag.img.id
            renamed.selfClosing = tag.selfClosing
            renamed.attributes = tag.attributes
            inBodyStartTag(renamed)
        case .textarea:
            insertHTMLElement(tag)
            ignoreLineFeed = true
            contentState = .rcdata
            originalMode = mode
            framesetOK = false
            mode = .text
        case .xmp:
            closePElementInButtonScope()
            reconstructFormattingElements()
            framesetOK = false
            parseText(tag, as: .rawtext)
        case .iframe:
            framesetOK = false
            parseText(tag, as: .rawtext)
        case .noembed:
            parseText(tag, as: .rawtext)
        case .select:
            // A select in a select closes it.
            if stack.hasInScope(.select) {
                popUntil(.select)
                return
            }
            reconstructFormattingElements()
            insertHTMLElement(tag)
            framesetOK = false
        case .option, .optgroup:
            if stack.hasInScope(.select) {
                generateImpliedEndTags(except: tag.tag == .option ? .optgroup : nil)
            } else if stack.current.isHTML(.option) {
                stack.pop()
            }
            reconstructFormattingElements()
            insertHTMLElement(tag)
        case .rb, .rtc:
            if stack.hasInScope(.ruby) { generateImpliedEndTags() }
            insertHTMLElement(tag)
        case .rp, .rt:
            if stack.hasInScope(.ruby) { generateImpliedEndTags(except: .rtc) }
            insertHTMLElement(tag)
        case .math:
            reconstructFormattingElements()
            insertForeignElement(tag, in: .mathml)
        case .svg:
            reconstructFormattingElements()
            insertForeignElement(tag, in: .svg)
        case .caption, .col, .colgroup, .frame, .head, .tbody, .td, .tfoot, .th, .thead, .tr:
            break
        default:
            reconstructFormattingElements()
            insertHTMLElement(tag)
        }
    }

    /// What `<li>`, `<dd>` and `<dt>` do before they open: close the item of the same kind they are in.
    private mutating func closeListItem(_ tag: Tag) {
        // li, dd and dt are special themselves: the topmost special element other than address, div and p is the
        // first one the standard's walk down the stack stops at.
        let slot = stack.topmostSpecialButAddressDivP
        guard slot >= 0 else { return }
        let element = stack[slot]
        guard element.namespace == .html else { return }
        let closes: Bool
        switch tag {
        case .li: closes = element.tag == .li
        default: closes = element.tag == .dd || element.tag == .dt
        }
        guard closes else { return }
        generateImpliedEndTags(except: element.tag)
        stack.pop(through: slot)
    }

    /// Whether an `<input>` is of type hidden, which leaves the frameset-ok flag alone and is not foster parented.
    static func isHiddenInput(_ tag: borrowing TagToken) -> Bool {
        guard let type = tag.attributes.value(of: Self.type) else { return false }
        return ASCII.equalIgnoringCase(type, Self.hidden.span)
    }

    static let type: [UInt8] = Array("type".utf8)
    static let hidden: [UInt8] = Array("hidden".utf8)

    mutating func inBodyEndTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .template:
            inHeadEndTag(tag)
        case .body:
            guard stack.hasInScope(.body) else { return }
            mode = .afterBody
        case .html:
            guard stack.hasInScope(.body) else { return }
            mode = .afterBody
            processEndTag(tag, in: .afterBody)
        case .address, .article, .aside, .blockquote, .button, .center, .details, .dialog, .dir, .div, .dl,
            .fieldset, .figcaption, .figure, .footer, .header, .hgroup, .listing, .main, .menu, .nav, .ol, .pre,
            .search, .section, .select, .summary, .ul:
            guard stack.hasInScope(tag.tag) else { return }
            generateImpliedEndTags()
            popUntil(tag.tag)
        case .form:
            if stack.topmost(.template) < 0 {
                let node = formElement
                formElement = nil
                guard let node, stack.hasInScope(node: node) else { return }
                generateImpliedEndTags()
                if let slot = stack.slot(of: node) { stack.remove(at: slot) }
            } else {
                guard stack.hasInScope(.form) else { return }
                generateImpliedEndTags()
                popUntil(.form)
            }
        case .p:
            if !stack.hasInScope(.p, .button) { insertHTMLElement(.p) }
            closePElement()
        case .li:
            guard stack.hasInScope(.li, .listItem) else { return }
            generateImpliedEndTags(except: .li)
            popUntil(.li)
        case .dd, .dt:
            guard stack.hasInScope(tag.tag) else { return }
            generateImpliedEndTags(except: tag.tag)
            popUntil(tag.tag)
        case .h1, .h2, .h3, .h4, .h5, .h6:
            let headings: [Tag] = [.h1, .h2, .h3, .h4, .h5, .h6]
            guard headings.contains(where: { stack.hasInScope($0) }) else { return }
            generateImpliedEndTags()
            popUntil(oneOf: headings)
        case .a, .b, .big, .code, .em, .font, .i, .nobr, .s, .small, .strike, .strong, .tt, .u:
            if adoptionAgency(tag.nameID) { anyOtherEndTag(tag.nameID) }
        case .applet, .marquee, .object:
            guard stack.hasInScope(tag.tag) else { return }
            generateImpliedEndTags()
            popUntil(tag.tag)
            formatting.clearToLastMarker()
        case .br:
            // `</br>` is a `<br>`.
            var br = TagToken()
            br.name = Tag.nameBytes[Int(Tag.br.rawValue)]
            br.nameID = Tag.br.id
            inBodyStartTag(br)
        default:
            anyOtherEndTag(tag.nameID)
        }
    }

    /// "Any other end tag" in body: closes the nearest open element of that name, unless a special element is
    /// nearer.
    mutating func anyOtherEndTag(_ name: NameID) {
        let slot = stack.topmost(name)
        guard slot >= 0, slot >= stack.topmostSpecial else { return }
        // Implied end tags close the elements that may be left open, but not one of this name (</option>).
        generateImpliedEndTags(except: Tag(name))
        stack.pop(through: slot)
    }
}
