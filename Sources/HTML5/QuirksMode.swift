/// The document's mode, which a few CSS rules depend on; the DOCTYPE decides it.
public enum QuirksMode: Sendable {
    case noQuirks, limitedQuirks, quirks
}
