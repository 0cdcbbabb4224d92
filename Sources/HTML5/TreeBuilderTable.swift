// The table insertion modes (13.2.6.4.9-15): in table, in caption, in column group, in table body, in row and in
// cell; "in table text" is in TreeBuilderModes.

extension TreeBuilder {
    mutating func inTableStartTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .caption:
            clearStack(backTo: [.table, .template])
            formatting.pushMarker()
            insertHTMLElement(tag)
            mode = .inCaption
        case .colgroup:
            clearStack(backTo: [.table, .template])
            insertHTMLElement(tag)
            mode = .inColumnGroup
        case .col:
            clearStack(backTo: [.table, .template])
            insertHTMLElement(.colgroup)
            mode = .inColumnGroup
            inColumnGroupStartTag(tag)
        case .tbody, .tfoot, .thead:
            clearStack(backTo: [.table, .template])
            insertHTMLElement(tag)
            mode = .inTableBody
        case .td, .th, .tr:
            clearStack(backTo: [.table, .template])
            insertHTMLElement(.tbody)
            mode = .inTableBody
            inTableBodyStartTag(tag)
        case .table:
            guard stack.hasInScope(.table, .table) else { return }
            popUntil(.table)
            resetInsertionMode()
            processStartTag(tag, in: mode)
        case .style, .script, .template:
            inHeadStartTag(tag)
        case .input where Self.isHiddenInput(tag):
            insertHTMLElement(tag)
            stack.pop()
        case .form:
            guard stack.topmost(.template) < 0, formElement == nil else { return }
            formElement = insertHTMLElement(tag)
            stack.pop()
        default:
            fosterParenting = true
            inBodyStartTag(tag)
            fosterParenting = false
        }
    }

    mutating func inTableEndTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .table:
            guard stack.hasInScope(.table, .table) else { return }
            popUntil(.table)
            resetInsertionMode()
        case .body, .caption, .col, .colgroup, .html, .tbody, .td, .tfoot, .th, .thead, .tr:
            break
        case .template:
            inHeadEndTag(tag)
        default:
            fosterParenting = true
            inBodyEndTag(tag)
            fosterParenting = false
        }
    }

    mutating func inCaptionStartTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .caption, .col, .colgroup, .tbody, .td, .tfoot, .th, .thead, .tr:
            guard closeCaption() else { return }
            processStartTag(tag, in: mode)
        default:
            inBodyStartTag(tag)
        }
    }

    mutating func inCaptionEndTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .caption:
            _ = closeCaption()
        case .table:
            guard closeCaption() else { return }
            processEndTag(tag, in: mode)
        case .body, .col, .colgroup, .html, .tbody, .td, .tfoot, .th, .thead, .tr:
            break
        default:
            inBodyEndTag(tag)
        }
    }

    /// Closes the caption, back to "in table"; false when there is no caption in table scope.
    private mutating func closeCaption() -> Bool {
        guard stack.hasInScope(.caption, .table) else { return false }
        generateImpliedEndTags()
        popUntil(.caption)
        formatting.clearToLastMarker()
        mode = .inTable
        return true
    }

    mutating func inColumnGroupStartTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .html:
            inBodyStartTag(tag)
        case .col:
            insertHTMLElement(tag)
            stack.pop()
        case .template:
            inHeadStartTag(tag)
        default:
            guard closeColumnGroup() else { return }
            inTableStartTag(tag)
        }
    }

    /// Closes the column group, back to "in table"; false when the current node is no colgroup.
    private mutating func closeColumnGroup() -> Bool {
        guard stack.current.isHTML(.colgroup) else { return false }
        stack.pop()
        mode = .inTable
        return true
    }

    mutating func inColumnGroupEndTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .colgroup:
            _ = closeColumnGroup()
        case .col:
            break
        case .template:
            inHeadEndTag(tag)
        default:
            guard closeColumnGroup() else { return }
            inTableEndTag(tag)
        }
    }

    mutating func inTableBodyStartTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .tr:
            clearStack(backTo: [.tbody, .tfoot, .thead, .template])
            insertHTMLElement(tag)
            mode = .inRow
        case .th, .td:
            clearStack(backTo: [.tbody, .tfoot, .thead, .template])
            insertHTMLElement(.tr)
            mode = .inRow
            inRowStartTag(tag)
        case .caption, .col, .colgroup, .tbody, .tfoot, .thead:
            guard closeTableBody() else { return }
            inTableStartTag(tag)
        default:
            inTableStartTag(tag)
        }
    }

    mutating func inTableBodyEndTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .tbody, .tfoot, .thead:
            guard stack.hasInScope(tag.tag, .table) else { return }
            clearStack(backTo: [.tbody, .tfoot, .thead, .template])
            stack.pop()
            mode = .inTable
        case .table:
            guard closeTableBody() else { return }
            inTableEndTag(tag)
        case .body, .caption, .col, .colgroup, .html, .td, .th, .tr:
            break
        default:
            inTableEndTag(tag)
        }
    }

    /// Closes the table body, back to "in table"; false when there is none in table scope.
    private mutating func closeTableBody() -> Bool {
        guard stack.hasInScope(.tbody, .table) || stack.hasInScope(.thead, .table) || stack.hasInScope(.tfoot, .table)
        else { return false }
        clearStack(backTo: [.tbody, .tfoot, .thead, .template])
        stack.pop()
        mode = .inTable
        return true
    }

    mutating func inRowStartTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .th, .td:
            clearStack(backTo: [.tr, .template])
            insertHTMLElement(tag)
            mode = .inCell
            formatting.pushMarker()
        case .caption, .col, .colgroup, .tbody, .tfoot, .thead, .tr:
            guard closeRow() else { return }
            inTableBodyStartTag(tag)
        default:
            inTableStartTag(tag)
        }
    }

    mutating func inRowEndTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .tr:
            _ = closeRow()
        case .table:
            guard closeRow() else { return }
            inTableBodyEndTag(tag)
        case .tbody, .tfoot, .thead:
            guard stack.hasInScope(tag.tag, .table), closeRow() else { return }
            inTableBodyEndTag(tag)
        case .body, .caption, .col, .colgroup, .html, .td, .th:
            break
        default:
            inTableEndTag(tag)
        }
    }

    /// Closes the row, back to "in table body"; false when there is no tr in table scope.
    private mutating func closeRow() -> Bool {
        guard stack.hasInScope(.tr, .table) else { return false }
        clearStack(backTo: [.tr, .template])
        stack.pop()
        mode = .inTableBody
        return true
    }

    mutating func inCellStartTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .caption, .col, .colgroup, .tbody, .td, .tfoot, .th, .thead, .tr:
            guard stack.hasInScope(.td, .table) || stack.hasInScope(.th, .table) else { return }
            closeCell()
            inRowStartTag(tag)
        default:
            inBodyStartTag(tag)
        }
    }

    mutating func inCellEndTag(_ tag: borrowing TagToken) {
        switch tag.tag {
        case .td, .th:
            guard stack.hasInScope(tag.tag, .table) else { return }
            generateImpliedEndTags()
            popUntil(tag.tag)
            formatting.clearToLastMarker()
            mode = .inRow
        case .body, .caption, .col, .colgroup, .html:
            break
        case .table, .tbody, .tfoot, .thead, .tr:
            guard stack.hasInScope(tag.tag, .table) else { return }
            closeCell()
            inRowEndTag(tag)
        default:
            inBodyEndTag(tag)
        }
    }

    /// "Close the cell".
    private mutating func closeCell() {
        generateImpliedEndTags()
        popUntil(oneOf: [.td, .th])
        formatting.clearToLastMarker()
        mode = .inRow
    }
}
