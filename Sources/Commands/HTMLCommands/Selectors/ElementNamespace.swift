/// The namespace of an open element.
public enum ElementNamespace: Sendable, Equatable {
    case html, svg, mathml, other
}
