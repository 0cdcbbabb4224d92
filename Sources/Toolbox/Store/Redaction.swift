/// Removing secrets from what is written to history.
public enum Redaction {
    /// `scheme://user:password@host/path` becomes `scheme://host/path`; anything else is returned as it is.
    /// A password with an unescaped `/` in it is removed too: better a path cut short than a secret kept.
    public static func removingUserinfo(from target: String) -> String {
        guard let schemeEnd = target.firstRange(of: "://") else { return target }
        let authorityStart = schemeEnd.upperBound
        let rest = target[authorityStart...]
        guard let at = rest.firstIndex(of: "@") else { return target }
        let before = rest[..<at]
        let isUserinfo: Bool
        if let slash = before.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            // host:8080/p@q has a port, not a password, before the slash.
            guard let colon = before[..<slash].firstIndex(of: ":") else { return target }
            let port = before[before.index(after: colon)..<slash]
            isUserinfo = port.isEmpty || !port.allSatisfy { $0.isASCII && $0.isNumber }
        } else {
            isUserinfo = true
        }
        guard isUserinfo else { return target }
        let last =
            rest[..<(rest[at...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)]
            .lastIndex(of: "@") ?? at
        return String(target[..<authorityStart]) + String(target[target.index(after: last)...])
    }
}
