// :checked, :disabled, :enabled, :required and :optional on an HTMLTree, after the HTML standard ("Pseudo-classes")
// and exactly as FormStates words them in XPath for libxml2's tree: on HTML elements only.
import HTML5

/// The names the form states look at, numbered in one tree (-1 when it has none).
struct FormNames {
    let button, input, select, textarea, fieldset, optgroup, option, legend: NameID
    let disabled, checked, selected, required, type: NameID

    init(_ tree: HTMLTree) {
        func element(_ name: String) -> NameID { tree.elementNameID(Array(name.utf8).span) ?? -1 }
        func attribute(_ name: String) -> NameID { tree.attributeNameID(Array(name.utf8).span) ?? -1 }
        (button, input, select, textarea) = (
            element("button"), element("input"), element("select"), element("textarea")
        )
        (fieldset, optgroup, option, legend) = (
            element("fieldset"), element("optgroup"), element("option"), element("legend")
        )
        (disabled, checked, selected) = (attribute("disabled"), attribute("checked"), attribute("selected"))
        (required, type) = (attribute("required"), attribute("type"))
    }
}

/// Decides the form states of one tree's elements.
struct FormStateTest {
    let tree: HTMLTree
    let names: FormNames

    func matches(_ node: Int, _ state: TreeCondition.FormState) -> Bool {
        switch state {
        case .disabled: return disabled(node)
        case .enabled:
            return isOne(
                node,
                [
                    names.button, names.input, names.select, names.textarea, names.fieldset,
                    names.optgroup, names.option,
                ]) && !disabled(node)
        case .checked:
            return isElement(node, names.input) && has(node, names.checked)
                && (typeIs(node, "checkbox") || typeIs(node, "radio"))
                || isElement(node, names.option) && has(node, names.selected)
        case .required: return required(node)
        case .optional: return isOne(node, [names.input, names.select, names.textarea]) && !required(node)
        }
    }

    private func disabled(_ node: Int) -> Bool {
        if isOne(node, [names.button, names.input, names.select, names.textarea, names.fieldset]) {
            return has(node, names.disabled) || inDisabledFieldset(node)
        }
        if isElement(node, names.optgroup) { return has(node, names.disabled) }
        if isElement(node, names.option) {
            if has(node, names.disabled) { return true }
            guard let parent = tree.parent(node) else { return false }
            return isElement(parent, names.optgroup) && has(parent, names.disabled)
        }
        return false
    }

    /// Some ancestor-or-self has a disabled fieldset as parent and is not its first legend.
    private func inDisabledFieldset(_ node: Int) -> Bool {
        var current = node
        while let parent = tree.parent(current), tree.kind(parent) == .element {
            if isElement(parent, names.fieldset) && has(parent, names.disabled)
                && (!isElement(current, names.legend) || hasEarlierLegend(current))
            {
                return true
            }
            current = parent
        }
        return false
    }

    private func hasEarlierLegend(_ node: Int) -> Bool {
        var sibling = tree.previousSibling(node)
        while let current = sibling {
            if tree.kind(current) == .element && isElement(current, names.legend) { return true }
            sibling = tree.previousSibling(current)
        }
        return false
    }

    private func required(_ node: Int) -> Bool {
        if isOne(node, [names.select, names.textarea]) { return has(node, names.required) }
        guard isElement(node, names.input), has(node, names.required) else { return false }
        return !FormStates.requiredIgnored.contains { typeIs(node, $0) }
    }

    private func isElement(_ node: Int, _ name: NameID) -> Bool {
        tree.kind(node) == .element && tree.namespace(node) == .html && tree.nameID(node) == name
    }

    private func isOne(_ node: Int, _ names: [NameID]) -> Bool { names.contains { isElement(node, $0) } }

    private func has(_ node: Int, _ attribute: NameID) -> Bool { plainAttribute(node, attribute) != nil }

    private func plainAttribute(_ node: Int, _ attribute: NameID) -> Int? {
        guard let index = tree.attributeIndex(node, attribute), tree.attributeNamespace(node, index) == .none else {
            return nil
        }
        return index
    }

    /// The type attribute, lower-cased, is `value`.
    private func typeIs(_ node: Int, _ value: String) -> Bool {
        guard let index = plainAttribute(node, names.type) else { return false }
        let have = tree.attributeValue(node, index)
        let want = Array(value.utf8)
        return have.count == want.count && TreeAttributeTest.equal(have, 0, want, true)
    }
}
