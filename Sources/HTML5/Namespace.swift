/// The namespaces of elements.
public enum Namespace: UInt8, Sendable {
    case html, svg, mathml
}
