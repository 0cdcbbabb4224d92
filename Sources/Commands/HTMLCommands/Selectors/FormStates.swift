/// The form-state pseudo-classes after the HTML standard ("Pseudo-classes"), on HTML elements (no namespace).
enum FormStates {
    /// Inside a disabled fieldset, but not inside its first legend child: some ancestor-or-self has the fieldset as
    /// parent and is not that legend.
    static let inDisabledFieldset =
        "ancestor-or-self::*[parent::fieldset[@disabled]][not(self::legend) or preceding-sibling::legend]"
    static let disabled =
        "((self::button or self::input or self::select or self::textarea or self::fieldset)"
        + " and (@disabled or \(inDisabledFieldset)) or self::optgroup and @disabled"
        + " or self::option and (@disabled or parent::optgroup[@disabled]))"
    static let enabled =
        "((self::button or self::input or self::select or self::textarea or self::fieldset or self::optgroup"
        + " or self::option) and not\(disabled))"
    static let checked =
        "(self::input and @checked and (tb:lower(@type)='checkbox' or tb:lower(@type)='radio')"
        + " or self::option and @selected)"
    /// `required` does not apply to these input types.
    static let requiredIgnored = ["hidden", "range", "color", "submit", "reset", "button", "image"]
    static let required =
        "((self::select or self::textarea) and @required or self::input and @required and not("
        + requiredIgnored.map { "tb:lower(@type)='\($0)'" }.joined(separator: " or ") + "))"
    static let optional = "((self::input or self::select or self::textarea) and not\(required))"
}
