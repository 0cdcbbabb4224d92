internal import CLibXML2

/// The namespaces of the tree every parser builds (see the plan of tb html), and tb's own for its functions.
public enum XPathNamespace {
    /// The namespace of the tb: functions.
    public static let tb = "urn:x-tb:xpath"
    /// SVG elements' namespace, prefix `svg`.
    public static let svg = "http://www.w3.org/2000/svg"
    /// MathML elements' namespace, prefix `math`.
    public static let mathml = "http://www.w3.org/1998/Math/MathML"
    /// The namespace of `xlink:href` and the other XLink attributes, prefix `xlink`.
    public static let xlink = "http://www.w3.org/1999/xlink"
    /// The prefixes registered in every evaluation.
    static let prefixes = [("svg", svg), ("math", mathml), ("xlink", xlink), ("tb", tb)]
}
