/// The namespaces of foreign elements' attributes (13.2.6.1, "adjust foreign attributes"): `xlink:href` is in
/// XLink's, `xml:lang` in XML's, `xmlns` and `xmlns:xlink` in XMLNS's.
public enum AttributeNamespace: UInt8, Sendable {
    case none, xlink, xml, xmlns
}
