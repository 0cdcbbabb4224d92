// What an ExpatParser tells its delegate, one method per expat callback. Names and text arrive as UTF-8 bytes that
// are valid only during the call: nothing is copied unless the delegate copies it.

/// Receives parser events. All methods have empty defaults, so a delegate implements only what it needs.
public protocol ExpatDelegate: AnyObject {
    /// An element starts. With namespaces, `name` is `local`, or `namespace-URI \u{1} local \u{1} prefix` in a
    /// namespace (see `ExpatName`); without, the name as written. Its attributes can be read from `parser` during
    /// this call.
    func startElement(_ name: Span<UInt8>, parser: ExpatParser)
    func endElement(_ name: Span<UInt8>, parser: ExpatParser)
    /// Text, in pieces: one element's text may come in several calls (and CDATA sections are text too).
    func characters(_ text: Span<UInt8>, parser: ExpatParser)
    func comment(_ text: Span<UInt8>, parser: ExpatParser)
    func processingInstruction(target: Span<UInt8>, data: Span<UInt8>, parser: ExpatParser)
    /// A namespace prefix comes into scope (an empty prefix for the default namespace).
    func startNamespace(prefix: Span<UInt8>, uri: Span<UInt8>, parser: ExpatParser)
    func endNamespace(prefix: Span<UInt8>, parser: ExpatParser)
    /// A reference to an entity that no declaration defines, in text (`&doesnotexist;`), which expat skips instead
    /// of failing because the document has an external DTD (real or foreign) it may have been declared in. `name`
    /// is the entity's name, without `&` and `;`. By default it is reported as that text, `&name;`, kept literally;
    /// a parser on a tape (the default) writes it down as that text and never calls this.
    func skippedEntity(_ name: Span<UInt8>, parser: ExpatParser)
}

extension ExpatDelegate {
    public func startElement(_ name: Span<UInt8>, parser: ExpatParser) {}
    public func endElement(_ name: Span<UInt8>, parser: ExpatParser) {}
    public func characters(_ text: Span<UInt8>, parser: ExpatParser) {}
    public func comment(_ text: Span<UInt8>, parser: ExpatParser) {}
    public func processingInstruction(target: Span<UInt8>, data: Span<UInt8>, parser: ExpatParser) {}
    public func startNamespace(prefix: Span<UInt8>, uri: Span<UInt8>, parser: ExpatParser) {}
    public func endNamespace(prefix: Span<UInt8>, parser: ExpatParser) {}
    public func skippedEntity(_ name: Span<UInt8>, parser: ExpatParser) {
        var text: [UInt8] = [UInt8(ascii: "&")]
        for index in 0..<name.count { text.append(name[index]) }
        text.append(UInt8(ascii: ";"))
        characters(text.span, parser: parser)
    }
}
