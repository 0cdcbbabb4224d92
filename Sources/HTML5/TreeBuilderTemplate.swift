// The template and frameset insertion modes (13.2.6.4.18, 21-23). The standard's select modes are gone: a select's
// content is parsed in body, where option, optgroup, hr, input and select itself look for an open select.

extension TreeBuilder {
    mutating func inTemplateStartTag(_ tag: borrowing TagToken) {
        let next: InsertionMode
        switch tag.tag {
        case .base, .basefont, .bgsound, .link, .meta, .noframes, .script, .style, .template, .title:
            inHeadStartTag(tag)
            return
        case .caption, .colgroup, .tbody, .tfoot, .thead: next = .inTable
        case .col: next = .inColumnGroup
        case .tr: next = .inTableBody
        case .td, .th: next = .inRow
        default: next = .inBody
        }
        templateModes.removeLast()
        templateModes.append(next)
        mode = next
        processStartTag(tag, in: next)
    }

    mutating func framesetStartTag(_ tag: borrowing TagToken, in mode: InsertionMode) {
        switch tag.tag {
        case .html:
            inBodyStartTag(tag)
        case .frameset where mode == .inFrameset:
            insertHTMLElement(tag)
        case .frame where mode == .inFrameset:
            insertHTMLElement(tag)
            stack.pop()
        case .noframes:
            inHeadStartTag(tag)
        default:
            break
        }
    }
}
