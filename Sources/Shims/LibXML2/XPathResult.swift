internal import CLibXML2
import Threads

/// The value of an XPath expression.
public enum XPathResult: Sendable {
    /// A node set, in document order, without duplicates (attribute and text nodes included).
    case nodes([HTMLNode])
    case string(String)
    case number(Double)
    case boolean(Bool)
}
